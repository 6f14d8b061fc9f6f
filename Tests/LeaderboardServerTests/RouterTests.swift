// The server's HTTP layer in process: the application `plume-server` runs, built by the same
// `buildApplication`, asked through its own responder (InProcessClient.swift) — every route and every
// refusal, on a real SQLite file and on a real PostgreSQL.
import Challenges
import Foundation
import GameState
import Hummingbird
import HTTPTypes
import HostedGames
import HostingRoutes
import Leaderboard
import ScoresAPI
import LeaderboardServer
import Logging
import PlumeTestSupport
import ServerBench
import Testing
import PlumeCalendar

@Suite struct RouterTests {
    // MARK: Harness

    /// Runs `body` against a fresh server on a new database of `kind`, once its index is ready;
    /// with `hosting`, one that also hosts the game over SSH, assembled as plume-server does it.
    func withServer(_ kind: StoreKind, _ configure: (inout ServerConfiguration) -> Void = { _ in }, hosting: HostingConfiguration? = nil,
                    _ body: @escaping @Sendable (Client) async throws -> Void) async throws {
        var configuration = ServerConfiguration()
        configuration.database = try kind.newDatabase()
        configuration.requestsPerMinute = 0
        configuration.submissionsPerMinute = 0
        configuration.registrationsPerHour = 0
        configure(&configuration)
        var logger = Logger(label: "plume-server-test")
        logger.logLevel = .warning
        let app = try await buildApplication(configuration, store: try StoreKind.open(configuration.database), logger: logger,
                                             metrics: ServerMetrics(), features: hosting.map { [HostingFeature.maker($0)] } ?? [])
        try await app.withInProcessClient { client in
            let client = Client(send: { try await client.execute($0, $1, headers: $2, body: $3) })
            let started = ContinuousClock.now
            while try await client.call(.get, "/readyz").status != .ok {
                guard ContinuousClock.now - started < .seconds(10) else { throw Timeout() }
                try await Task.sleep(for: .milliseconds(20))
            }
            try await body(client)
        }
    }

    struct Timeout: Error {}

    struct Reply: Sendable {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let text: String
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:] }
        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
        var errorMessage: String { (json["error"] as? [String: Any])?["message"] as? String ?? "" }
    }

    struct Client: Sendable {
        let send: @Sendable (HTTPRequest.Method, String, HTTPFields, ByteBuffer?) async throws -> InProcessReply

        func call(_ method: HTTPRequest.Method, _ path: String, json: String? = nil, token: String? = nil,
                  headers extra: HTTPFields = [:]) async throws -> Reply {
            var headers = extra
            if json != nil { headers[.contentType] = "application/json" }
            if let token { headers[.authorization] = "Bearer \(token)" }
            let reply = try await send(method, path, headers, json.map { ByteBuffer(string: $0) })
            return Reply(status: reply.status, headers: reply.headers, text: reply.text)
        }

        func register(_ name: String) async throws -> (id: String, token: String) {
            let reply = try await call(.post, "/v1/players", json: #"{"name":"\#(name)"}"#)
            #expect(reply.status == .created, "\(reply.text)")
            return (reply.json["player_id"] as? String ?? "", reply.json["token"] as? String ?? "")
        }
    }

    static func look(_ garments: [Int] = []) -> String {
        ShareCode.encode(.look(Look(background: 1, model: 1, garments: garments.map { WornGarment(id: $0, colour: 0) })))
    }

    /// A wearable two-garment look: the catalog's first top and first bottom.
    static func outfit() -> String {
        let catalog = try! Catalog.bundled.get()
        return look([catalog.garments(in: .top)[0].id, catalog.garments(in: .bottom)[0].id])
    }

    static func swarm(population: Int = 100) -> String {
        let genome = Genome(clampingHundredths: [6000, 500, 1000, 50, 50, 2000, 10, 50])
        return ShareCode.encode(.swarm(SwarmRecipe([Ingredient(population: population, genome: genome)])))
    }

    /// A swarm that keeps the scoring's minimums (100 agents, each species a fifth) but breaks the
    /// rule of today's Lab brief, whichever it is.
    static func offBrief() throws -> String {
        let day = UTCDay.containing(seconds: Int64(Date().timeIntervalSince1970))
        let brief = try ChallengeBook.bundled.get().labBrief(forDay: day)
        let genome = Genome(clampingHundredths: [6000, 500, 1000, 50, 50, 2000, 10, 50])
        func equal(_ species: Int, agents: Int = 150) -> SwarmRecipe {
            SwarmRecipe((0..<species).map { _ in Ingredient(population: agents / species, genome: genome) })
        }
        let recipe: SwarmRecipe = switch brief.constraints.last {
        case .maxIngredients(let n)?: equal(n + 1)
        case .exactSpecies(let n)?: equal(n == 2 ? 3 : 2)
        case .maxAgents(let n)?: equal(2, agents: n + 50)
        case .parameterAtMost(let parameter, let hundredths)?:
            SwarmRecipe((0..<2).map { _ in
                var broken = genome
                broken.set(parameter, hundredths: hundredths + 100)
                return Ingredient(population: 75, genome: broken)
            })
        case nil: equal(2)
        }
        return ShareCode.encode(.swarm(recipe))
    }

    static func today() -> String {
        BoardID.style(day: UTCDay.containing(seconds: Int64(Date().timeIntervalSince1970))).text
    }

    /// The ids of a /v1/boards reply, in order.
    static func boardIDs(_ reply: Reply) throws -> [String] {
        try #require((reply.json["boards"] as? [[String: Any]])?.compactMap { $0["id"] as? String })
    }

    // MARK: Every route, the way a player and a browser use them

    @Test(arguments: StoreKind.allCases)
    func everyRouteAnswersAPlayersJourney(_ kind: StoreKind) async throws {
        try await withServer(kind) { client in
            let board = Self.today()
            let ada = try await client.register("Ada")
            let bea = try await client.register("Bea")

            var reply = try await client.call(.get, "/v1/boards")
            #expect(reply.status == .ok && reply.text.contains(board) && reply.text.contains("contributors"))
            // A game asks for earlier days too, titled with their dates; other words change nothing.
            let open = try Self.boardIDs(reply)
            reply = try await client.call(.get, "/v1/boards?include=earlier")
            let listed = try Self.boardIDs(reply)
            #expect(reply.status == .ok && Array(listed.prefix(open.count - 1)) == Array(open.dropLast()) && listed.last == "contributors")
            // … and each challenge's season 1, closed and read for ever, the earlier days' Lab briefs
            // and last week's crews.
            let labDays = min(LeaderboardLimits.earlierDays, UTCDay.parse(board.dropFirst(6))! - LabRules.firstDay)
            #expect(listed.count == open.count + 2 * LeaderboardLimits.earlierDays - 1 + 6 + labDays + 1)
            let lastWeek = ISOWeek(day: UTCDay.parse(board.dropFirst(6))! - 7)
            #expect(listed.contains("crews-\(lastWeek)") && open.contains("crews-\(ISOWeek(day: lastWeek.firstDay + 7))"))
            #expect(open.contains("lab-" + board.dropFirst(6)))
            #expect(listed.contains("swarm-huddle") && open.contains(Fixtures.swarmBoard()) && !open.contains("swarm-huddle"))
            let titles = try #require((reply.json["boards"] as? [[String: Any]])?.compactMap { $0["title"] as? String })
            let yesterday = UTCDay.string(UTCDay.parse(board.dropFirst(6))! - 1)
            #expect(titles.contains { $0.hasPrefix("Style: ") && $0.hasSuffix(" — " + yesterday) } && titles.first?.contains(" — ") == false)
            for other in ["nonsense", "earlier,nonsense", ""] {
                reply = try await client.call(.get, "/v1/boards?include=" + other)
                let ids = try Self.boardIDs(reply)
                #expect(reply.status == .ok && ids == (other.contains("earlier") ? listed : open), "\(other)")
            }

            reply = try await client.call(.patch, "/v1/players/me", json: #"{"email":"ada@example.org","updates_opt_in":true,"avatar_look":"\#(Self.look([1]))"}"#, token: ada.token)
            #expect(reply.status == .ok && reply.json["email"] as? String == "ada@example.org")
            reply = try await client.call(.get, "/v1/players/me", token: ada.token)
            #expect(reply.status == .ok && reply.json["updates_opt_in"] as? Bool == true)

            // A client's own "score" is ignored: the server recomputes it from the code.
            reply = try await client.call(.post, "/v1/scores", json: #"{"board_id":"\#(board)","code":"\#(Self.outfit())","score":999999}"#, token: ada.token)
            #expect(reply.status == .ok, "\(reply.text)")
            let adaScore = reply.json["score"] as? Int ?? -1
            #expect(adaScore >= 0 && adaScore != 999_999 && reply.json["personal_best"] as? Bool == true)
            reply = try await client.call(.post, "/v1/scores", json: #"{"board_id":"\#(board)","code":"\#(Self.look())"}"#, token: bea.token)
            #expect(reply.status == .ok)
            reply = try await client.call(.post, "/v1/scores", json: #"{"board_id":"\#(Fixtures.swarmBoard())","code":"\#(Self.swarm())"}"#, token: bea.token)
            #expect(reply.status == .ok, "\(reply.text)")

            reply = try await client.call(.get, "/v1/boards/\(board)/top?limit=1")
            #expect(reply.status == .ok && reply.headers[.eTag] != nil)
            let rows = reply.json["rows"] as? [[String: Any]] ?? []
            #expect(rows.count == 1 && rows.first?["rank"] as? Int == 1)
            let cursor = try #require(reply.json["next_cursor"] as? String)
            let next = try await client.call(.get, "/v1/boards/\(board)/top?limit=1&cursor=\(cursor)")
            #expect((next.json["rows"] as? [[String: Any]])?.first?["rank"] as? Int == 2)
            let unchanged = try await client.call(.get, "/v1/boards/\(board)/top?limit=1", headers: [.ifNoneMatch: reply.headers[.eTag] ?? ""])
            #expect(unchanged.status == .notModified && unchanged.text.isEmpty)

            // The histogram: two players, each best counted once; with a token, where yours stands.
            reply = try await client.call(.get, "/v1/boards/\(board)/histogram")
            let buckets = try #require(reply.json["buckets"] as? [[String: Any]])
            #expect(reply.status == .ok && reply.json["total"] as? Int == 2 && reply.json["you"] == nil && reply.json["of"] as? String == "score")
            #expect(buckets.count == 11 && buckets.compactMap { $0["count"] as? Int }.reduce(0, +) == 2)
            let spread = try await client.call(.get, "/v1/boards/\(board)/histogram", headers: [.ifNoneMatch: reply.headers[.eTag] ?? ""])
            #expect(spread.status == .notModified)
            reply = try await client.call(.get, "/v1/boards/\(board)/histogram?of=score", token: ada.token)
            let you = try #require(reply.json["you"] as? [String: Any])
            #expect(you["rank"] as? Int == 1 && you["percentile"] as? Int == 100 && you["score"] as? Int == adaScore)
            // The board's page draws it: a column a band, each titled with its count.
            reply = try await client.call(.get, "/b/\(board)")
            #expect(reply.text.contains("class=\"histogram\"") && reply.text.contains("How the bests of 2 players spread"))
            #expect(reply.text.components(separatedBy: "<rect ").count - 1 == 11)

            reply = try await client.call(.get, "/v1/boards/\(board)/around/me?radius=1", token: bea.token)
            #expect(reply.status == .ok && (reply.json["rows"] as? [[String: Any]])?.count == 2)
            reply = try await client.call(.get, "/v1/boards/\(board)/around/\(ada.id)?radius=5")
            #expect(reply.status == .ok)
            reply = try await client.call(.get, "/v1/boards/\(board)/players/\(bea.id)")
            #expect(reply.status == .ok && (reply.json["row"] as? [String: Any])?["rank"] as? Int == 2)

            reply = try await client.call(.get, "/v1/players/\(ada.id)")
            #expect(reply.status == .ok && !reply.text.contains("ada@example.org"))
            reply = try await client.call(.post, "/v1/donations", json: #"{"cause_id":"trees","points":1}"#, token: ada.token)
            #expect(reply.status == .ok || (adaScore == 0 && reply.status == .conflict), "\(reply.text)")
            reply = try await client.call(.get, "/v1/causes")
            #expect(reply.status == .ok && reply.text.contains("trees"))
            reply = try await client.call(.get, "/v1/contributors/top")
            #expect(reply.status == .ok)
            reply = try await client.call(.get, "/TopScores.xml")
            #expect(reply.status == .ok && reply.text.hasPrefix("<?xml") && reply.text.contains("<customers>"))

            for path in ["/p/\(ada.id)", "/l/\(Self.look([1]))", "/l/\(Self.swarm())", "/"] {
                reply = try await client.call(.get, path)
                #expect(reply.status == .ok && reply.text.contains("<svg") || path == "/", "\(path)")
                // default-src 'none' with no script-src: no script may run on any page.
                let policy = reply.headers[.contentSecurityPolicy] ?? ""
                #expect(policy.contains("default-src 'none'") && !policy.contains("script-src"), "\(path): \(policy)")
            }
            reply = try await client.call(.get, "/v1/looks/\(Self.look([1])).svg")
            #expect(reply.status == .ok && reply.headers[.contentType]?.hasPrefix("image/svg+xml") == true)
            reply = try await client.call(.get, "/healthz")
            #expect(reply.status == .ok)
            reply = try await client.call(.get, "/metrics")
            #expect(reply.status == .ok && reply.text.contains("plume_rank_index_records"))
            reply = try await client.call(.get, "/v1/openapi.json")
            #expect(reply.status == .ok && reply.json["openapi"] as? String == "3.1.0")

            reply = try await client.call(.delete, "/v1/players/me", token: bea.token)
            #expect(reply.status == .noContent)
            reply = try await client.call(.get, "/v1/players/me", token: bea.token)
            #expect(reply.status == .unauthorized)
        }
    }

    /// The runway over HTTP: four players enter, one votes; the pair comes with the next, the
    /// vote names the looks' owners, and the people's board is a board like any other.
    @Test(arguments: StoreKind.allCases)
    func theRunwayAnswersAVotersJourney(_ kind: StoreKind) async throws {
        try await withServer(kind) { client in
            let day = String(Self.today().dropFirst(6))
            let theme = try ChallengeBook.bundled.get().theme(forDay: UTCDay.parse(day[...])!)
            let looks = RunwayLooks.codes(count: 5, theme: theme, catalog: try Catalog.bundled.get())
            var players: [(id: String, token: String)] = []
            for (n, look) in looks.prefix(4).enumerated() {
                let player = try await client.register("Model \(n)")
                let reply = try await client.call(.put, "/v1/runway/\(day)/entry", json: #"{"code":"\#(look)"}"#, token: player.token)
                #expect(reply.status == .ok && reply.json["replaced"] as? Bool == false && (reply.json["style_score"] as? Int ?? 0) >= RunwayEntry.minimumScore(theme.rules), "\(reply.text)")
                players.append(player)
            }
            var reply = try await client.call(.get, "/v1/runway/\(day)/pair", token: players[0].token)
            #expect(reply.status == .ok, "\(reply.text)")
            let ticket = reply.json["ticket"] as? String ?? ""
            let next = reply.json["next"] as? [String: Any]
            #expect(ticket.hasPrefix("rt1.") && next?["ticket"] is String && reply.json["left"] as? String != looks[0])
            reply = try await client.call(.post, "/v1/runway/votes", json: #"{"ticket":"\#(ticket)","choice":"left"}"#, token: players[0].token)
            #expect(reply.status == .ok && reply.json["points_earned"] as? Int == 1, "\(reply.text)")
            // Whose looks they were is not said while the runway takes votes.
            #expect(reply.json["left"] == nil && reply.json["right"] == nil, "\(reply.text)")
            reply = try await client.call(.post, "/v1/runway/votes", json: #"{"ticket":"\#(ticket)","choice":"left"}"#, token: players[0].token)
            #expect(reply.status.code == 409 && reply.errorCode == "ticket_used")
            reply = try await client.call(.get, "/v1/runway/\(day)", token: players[0].token)
            let you = reply.json["you"] as? [String: Any]
            #expect(reply.json["entries"] as? Int == 4 && reply.json["votes"] as? Int == 1 && reply.json["board_id"] as? String == "people-\(day)")
            #expect((you?["tally"] as? [String: Any])?["votes"] as? Int == 1 && (you?["entry"] as? [String: Any])?["code"] as? String == looks[0])
            reply = try await client.call(.get, "/v1/runway/\(day)")
            #expect(reply.status == .ok && reply.json["you"] == nil)
            reply = try await client.call(.get, "/v1/boards")
            #expect(reply.text.contains("\"people-\(day)\""))
            // The background refit counts the vote on the board within moments.
            let started = ContinuousClock.now
            repeat {
                reply = try await client.call(.get, "/v1/boards/people-\(day)/top")
                let rows = reply.json["rows"] as? [[String: Any]] ?? []
                if rows.count == 4, rows.compactMap({ $0["detail"] as? Double }).reduce(0, +) == 2 { break }
                try await Task.sleep(for: .milliseconds(50))
            } while ContinuousClock.now - started < .seconds(20)
            let rows = reply.json["rows"] as? [[String: Any]] ?? []
            #expect(rows.count == 4 && rows.compactMap { $0["detail"] as? Double }.reduce(0, +) == 2, "\(reply.text.prefix(300))")
            #expect(rows.first?["score"] as? Int ?? 0 > 500)

            // The web: the people's board and the day's runway; while voting is open the board
            // ranks looks under no name and draws none; no scripts.
            let sly = try await client.register("<i>Sly</i> & Co")
            reply = try await client.call(.put, "/v1/runway/\(day)/entry", json: #"{"code":"\#(looks[0])"}"#, token: sly.token)
            #expect(reply.status.code == 409 && reply.errorCode == "look_taken" && !reply.text.contains("Model"), "a copy of Model 0's look")
            reply = try await client.call(.put, "/v1/runway/\(day)/entry", json: #"{"code":"\#(looks[4])"}"#, token: sly.token)
            #expect(reply.status == .ok)
            // A new look is on the board once the background fit has counted it.
            let entered = ContinuousClock.now
            repeat {
                reply = try await client.call(.get, "/b/people-\(day)")
                if reply.text.components(separatedBy: "a look on the runway").count - 1 == 5 { break }
                try await Task.sleep(for: .milliseconds(50))
            } while ContinuousClock.now - entered < .seconds(20)
            #expect(reply.status == .ok && reply.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
            #expect(reply.text.contains("People's choice: \(theme.name.replacingOccurrences(of: "'", with: "&#39;"))") || reply.text.contains("People"))
            #expect(reply.text.components(separatedBy: "a look on the runway").count - 1 == 5, "\(reply.text.prefix(400))")
            #expect(!reply.text.contains("class=\"thumb\" src=\"/v1/looks/") && !reply.text.contains("Sly") && !reply.text.contains("Model"))
            #expect(!reply.text.lowercased().contains("<script"))
            reply = try await client.call(.get, "/runway/\(day)")
            #expect(reply.status == .ok && reply.text.contains("The people's choice") && reply.text.contains("The style board"), "\(reply.text)")
            #expect(reply.text.contains("href=\"/b/people-\(day)\"") && reply.text.contains("href=\"/b/style-\(day)\""))
            reply = try await client.call(.get, "/")
            #expect(reply.text.contains("href=\"/runway/\(day)\"") && reply.text.contains("href=\"/b/people-\(day)\""))
            // The operator sees the runway's state on /metrics.
            reply = try await client.call(.get, "/metrics")
            let metrics = reply.text.split(separator: "\n").filter { $0.hasPrefix("plume_runway_") }
            #expect(metrics.contains { $0.hasPrefix("plume_runway_entries{day=\"\(day)\",show=\"look\"} 5") }, "\(metrics)")
            #expect(metrics.contains { $0.hasPrefix("plume_runway_votes{day=\"\(day)\",show=\"look\"} 1") }, "\(metrics)")
            #expect(metrics.contains { $0.hasPrefix("plume_runway_votes_unfitted{day=\"\(day)\",show=\"look\"} 0") }, "\(metrics)")
            reply = try await client.call(.get, "/b/no-such-board")
            #expect(reply.status == .notFound && reply.text.contains("<html"))
            reply = try await client.call(.get, "/runway/1999-01-01")
            #expect(reply.status == .notFound && reply.text.contains("<html"))
        }
    }

    // MARK: Every refusal

    static let refusals: [(method: HTTPRequest.Method, path: String, body: String?, token: String?, status: Int, code: String)] = [
        (.post, "/v1/players", "{not json", nil, 400, "malformed_json"),
        (.post, "/v1/players", "[1,2]", nil, 400, "not_an_object"),
        (.post, "/v1/players", "", nil, 400, "empty_body"),
        (.post, "/v1/players", #"{"name":12}"#, nil, 422, "wrong_type"),
        (.post, "/v1/players", #"{"nom":"x"}"#, nil, 422, "missing_field"),
        (.post, "/v1/players", "{\"name\":\"a\u{202E}b\"}", nil, 422, "invalid_name"),
        (.post, "/v1/players", #"{"name":"Ada"}"#, nil, 409, "name_taken"),
        (.post, "/v1/players", #"{"name":"x","email":"not-an-address"}"#, nil, 422, "invalid_email"),
        (.post, "/v1/players", "{\"name\":\"" + String(repeating: "x", count: 20_000) + "\"}", nil, 413, "body_too_large"),
        (.post, "/v1/scores", #"{"board_id":"HUDDLE","code":"1x"}"#, nil, 401, "missing_token"),
        (.post, "/v1/scores", #"{"board_id":"HUDDLE","code":"1x"}"#, "plm_bogus", 401, "invalid_token"),
        (.post, "/v1/scores", #"{"board_id":"HUDDLE","code":"1x"}"#, "ADA", 422, "invalid_code"),
        (.post, "/v1/scores", #"{"board_id":"style-2026-01-01","code":"LOOK"}"#, "ADA", 409, "board_closed"),
        (.post, "/v1/scores", #"{"board_id":"HUDDLE","code":"LOOK"}"#, "ADA", 422, "wrong_kind"),
        // Season 1's boards are read for ever and closed; season 2 refuses a swarm too small to judge.
        (.post, "/v1/scores", #"{"board_id":"swarm-huddle","code":"SWARM"}"#, "ADA", 409, "board_closed"),
        (.post, "/v1/scores", #"{"board_id":"HUDDLE","code":"TINY"}"#, "ADA", 422, "swarm_too_small"),
        (.post, "/v1/scores", #"{"board_id":"contributors","code":"LOOK"}"#, "ADA", 422, "board_takes_donations"),
        (.post, "/v1/scores", #"{"board_id":"nope","code":"LOOK"}"#, "ADA", 404, "board_not_found"),
        (.post, "/v1/scores", #"{"code":"LOOK"}"#, "ADA", 422, "missing_field"),
        (.post, "/v1/donations", #"{"cause_id":"trees","points":0}"#, "ADA", 422, "invalid_points"),
        (.post, "/v1/donations", #"{"cause_id":"trees","points":-5}"#, "ADA", 422, "invalid_points"),
        (.post, "/v1/donations", #"{"cause_id":"trees","points":1.5}"#, "ADA", 422, "wrong_type"),
        (.post, "/v1/donations", #"{"cause_id":"trees","points":1e30}"#, "ADA", 422, "wrong_type"),
        (.post, "/v1/donations", #"{"cause_id":"trees","points":"5"}"#, "ADA", 422, "wrong_type"),
        (.post, "/v1/players", #"{"name":"Opt","updates_opt_in":1}"#, nil, 422, "wrong_type"),
        (.post, "/v1/players", #"{"name":null}"#, nil, 422, "missing_field"),
        (.patch, "/v1/players/me", #"{"email":7}"#, "ADA", 422, "wrong_type"),
        (.post, "/v1/donations", #"{"cause_id":"trees","points":1000000}"#, "ADA", 409, "not_enough_points"),
        (.post, "/v1/donations", #"{"cause_id":"moon","points":1}"#, "ADA", 404, "cause_not_found"),
        (.patch, "/v1/players/me", #"{"avatar_look":"SWARM"}"#, "ADA", 422, "invalid_avatar"),
        (.get, "/v1/players/me", nil, "plm_bogus", 401, "invalid_token"),
        (.get, "/v1/players/me", nil, nil, 401, "missing_token"),
        (.get, "/v1/boards/nope/top", nil, nil, 404, "board_not_found"),
        (.get, "/v1/boards/swarm-huddle/top?limit=0", nil, nil, 400, "invalid_limit"),
        (.get, "/v1/boards/swarm-huddle/top?limit=101", nil, nil, 400, "invalid_limit"),
        (.get, "/v1/boards/swarm-huddle/top?limit=99999999999999999999", nil, nil, 400, "invalid_limit"),
        (.get, "/v1/boards/swarm-huddle/top?cursor=AAAA", nil, nil, 422, "invalid_cursor"),
        (.get, "/v1/boards/swarm-huddle/histogram?of=nonsense", nil, nil, 400, "invalid_histogram"),
        (.get, "/v1/boards/swarm-huddle/histogram?of=agents", nil, nil, 422, "invalid_histogram"),
        (.get, "/v1/boards/nope/histogram", nil, nil, 404, "board_not_found"),
        (.get, "/v1/boards/swarm-huddle/histogram", nil, "plm_bogus", 401, "invalid_token"),
        (.get, "/v1/boards/swarm-huddle/around/me", nil, nil, 401, "missing_token"),
        (.get, "/v1/boards/swarm-huddle/around/me?radius=-1", nil, "ADA", 400, "invalid_radius"),
        (.get, "/v1/boards/swarm-huddle/around/AAAAAAAAAAAAAAAAAAAAAA", nil, nil, 404, "player_not_found"),
        (.get, "/v1/boards/swarm-huddle/players/AAAAAAAAAAAAAAAAAAAAAA", nil, nil, 404, "player_not_found"),
        (.get, "/v1/players/..%2F..%2Fetc%2Fpasswd", nil, nil, 404, "player_not_found"),
        (.get, "/v1/boards/..%2Fcontributors/top", nil, nil, 404, "board_not_found"),
        (.get, "/p/nobody", nil, nil, 404, "player_not_found"),
        (.get, "/l/not-a-code", nil, nil, 404, "invalid_code"),
        (.get, "/no/such/route", nil, nil, 404, "not_found"),
        (.post, "/v1/scores", #"{"board_id":"people-TODAY","code":"LOOK"}"#, "ADA", 422, "board_takes_votes"),
        (.put, "/v1/runway/TODAY/entry", #"{"code":"LOOK"}"#, nil, 401, "missing_token"),
        (.put, "/v1/runway/TODAY/entry", #"{"code":"LOOK"}"#, "ADA", 422, "below_runway_minimum"),
        (.put, "/v1/runway/TODAY/entry", #"{"code":"OFFBRIEF"}"#, "ADA", 422, "swarm_breaks_brief"),
        (.get, "/v1/runway/TODAY/pair?show=sideways", nil, "ADA", 400, "invalid_show"),
        (.get, "/v1/runway/TODAY?show=both", "", nil, 400, "invalid_show"),
        (.put, "/v1/runway/TODAY/entry", #"{"code":"plume://garbage"}"#, "ADA", 422, "invalid_code"),
        (.put, "/v1/runway/TODAY/entry", #"{"cod":"x"}"#, "ADA", 422, "missing_field"),
        (.put, "/v1/runway/2026-01-01/entry", #"{"code":"LOOK"}"#, "ADA", 409, "runway_closed"),
        (.put, "/v1/runway/3000-01-01/entry", #"{"code":"LOOK"}"#, "ADA", 404, "invalid_day"),
        (.put, "/v1/runway/yesterday/entry", #"{"code":"LOOK"}"#, "ADA", 422, "invalid_day"),
        (.get, "/v1/runway/TODAY/pair", nil, nil, 401, "missing_token"),
        (.get, "/v1/runway/TODAY/pair", nil, "ADA", 404, "no_pair_left"),
        (.get, "/v1/runway/2026-01-01/pair", nil, "ADA", 409, "runway_closed"),
        (.post, "/v1/runway/votes", #"{"ticket":"rt1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA","choice":"left"}"#, "ADA", 422, "invalid_ticket"),
        (.post, "/v1/runway/votes", #"{"ticket":"x","choice":"both"}"#, "ADA", 422, "invalid_choice"),
        (.post, "/v1/runway/votes", #"{"ticket":"x"}"#, "ADA", 422, "missing_field"),
        (.post, "/v1/runway/votes", #"{"ticket":5,"choice":"left"}"#, "ADA", 422, "wrong_type"),
        (.post, "/v1/runway/votes", #"{"ticket":"x","choice":"left"}"#, nil, 401, "missing_token"),
        (.get, "/v1/runway/2025-12-31", nil, nil, 404, "invalid_day"),
        (.get, "/v1/runway/TODAY", nil, "plm_bogus", 401, "invalid_token"),
        (.get, "/v1/players/me/keys", nil, nil, 401, "missing_token"),
        (.get, "/v1/players/me/keys", nil, "hp1.forged", 401, "invalid_token"),
        (.post, "/v1/players/me/keys", #"{"public_key":"ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC ada@old"}"#, "ADA", 422, "invalid_key"),
        (.post, "/v1/players/me/keys", #"{"public_key":"hello"}"#, "ADA", 422, "invalid_key"),
        (.post, "/v1/players/me/keys", #"{"key":"x"}"#, "ADA", 422, "missing_field"),
        (.delete, "/v1/players/me/keys", nil, "ADA", 400, "missing_field"),
        (.delete, "/v1/players/me/keys?fingerprint=SHA256:nothing", nil, "ADA", 404, "no_such_key"),
    ]

    @Test(arguments: StoreKind.allCases)
    func everyRefusalIsA4xxInPlainWords(_ kind: StoreKind) async throws {
        try await withServer(kind) { client in
            let ada = try await client.register("Ada")
            for refusal in Self.refusals {
                let body = try refusal.body?.replacingOccurrences(of: "OFFBRIEF", with: Self.offBrief())
                    .replacingOccurrences(of: "LOOK", with: Self.look())
                    .replacingOccurrences(of: "SWARM", with: Self.swarm())
                    .replacingOccurrences(of: "TINY", with: Self.swarm(population: 40))
                    .replacingOccurrences(of: "HUDDLE", with: Fixtures.swarmBoard())
                    .replacingOccurrences(of: "TODAY", with: String(Self.today().dropFirst(6)))
                let token = refusal.token == "ADA" ? ada.token : refusal.token
                let path = refusal.path.replacingOccurrences(of: "TODAY", with: String(Self.today().dropFirst(6)))
                let reply = try await client.call(refusal.method, path, json: body, token: token)
                let where_ = "\(refusal.method) \(refusal.path) \(refusal.body?.prefix(60) ?? "")"
                #expect(reply.status.code == refusal.status, "\(where_): \(reply.text.prefix(200))")
                if refusal.path.hasPrefix("/p/") || refusal.path.hasPrefix("/l/") {
                    #expect(reply.text.contains("<html"), "\(where_): pages refuse in HTML")
                } else {
                    #expect(reply.errorCode == refusal.code, "\(where_): \(reply.text.prefix(200))")
                    #expect(reply.errorMessage.count > 10 && !reply.errorMessage.contains("Error("), "\(where_)")
                }
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func keysAreAddedListedAndRemovedOverHTTP(_ kind: StoreKind) async throws {
        try await withServer(kind) { client in
            let ada = try await client.register("Ada")
            #expect(try await client.call(.get, "/v1/players/me/keys", token: ada.token).json["keys"] as? [Any] != nil)
            let line = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGTImWWe1Fes+x2EPF36/7hNVH5iKNPCE8egYI/KOgfT ada@laptop"
            let added = try await client.call(.post, "/v1/players/me/keys", json: #"{"public_key":"\#(line)"}"#, token: ada.token)
            #expect(added.status == .created, "\(added.text)")
            let fingerprint = try #require(added.json["fingerprint"] as? String)
            #expect(fingerprint.hasPrefix("SHA256:") && added.json["label"] as? String == "ada@laptop")
            let listed = try await client.call(.get, "/v1/players/me/keys", token: ada.token).json["keys"] as? [[String: Any]]
            #expect(listed?.map { $0["fingerprint"] as? String } == [fingerprint])
            let bo = try await client.register("Bo")
            let taken = try await client.call(.post, "/v1/players/me/keys", json: #"{"public_key":"\#(line)"}"#, token: bo.token)
            #expect(taken.status == .conflict && taken.errorCode == "key_taken")
            let query = fingerprint.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? fingerprint
            #expect(try await client.call(.delete, "/v1/players/me/keys?fingerprint=\(query)", token: ada.token).status == .noContent)
            #expect((try await client.call(.get, "/v1/players/me/keys", token: ada.token).json["keys"] as? [Any])?.isEmpty == true)
            // A pass header from anywhere but this host is ignored: the registration is an ordinary one.
            let forged = try await client.call(.post, "/v1/players", json: #"{"name":"Cy"}"#, headers: [HTTPField.Name("Plume-Pass")!: "hp1.forged"])
            #expect(forged.status == .created)
        }
    }

    @Test func aServerHostingTheGameShowsItsKeyAndForgetsAnErasedPlayersSaves() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plume-hosting-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var hosting = HostingConfiguration()
        hosting.port = 0
        hosting.hostKeyPath = folder.appendingPathComponent("host-key").path
        hosting.homes = folder.appendingPathComponent("homes").path
        hosting.plumePath = "/bin/true"
        try await withServer(.sqlite, hosting: hosting) { client in
            let key = try String(contentsOf: folder.appendingPathComponent("host-key"), encoding: .utf8)
            #expect(key.hasPrefix("-----BEGIN OPENSSH PRIVATE KEY-----"), "the key file is OpenSSH's own format")
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("host-key").path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            let home = try await client.call(.get, "/")
            #expect(home.text.contains("Play here, nothing to install") && home.text.contains("SHA256:"))
            let metrics = try await client.call(.get, "/metrics")
            #expect(metrics.text.contains("plume_ssh_games_limit 64") && metrics.text.contains(#"plume_ssh_refused{reason="exec"} 0"#))
            let ada = try await client.register("Ada")
            let saves = folder.appendingPathComponent("homes/\(ada.id)/data/plume")
            try FileManager.default.createDirectory(at: saves, withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: saves.appendingPathComponent("save.json"))
            let bo = try await client.register("Bo")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("homes/\(bo.id)"), withIntermediateDirectories: true)
            #expect(try await client.call(.delete, "/v1/players/me", token: ada.token).status == .noContent)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("homes/\(ada.id)").path))
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("homes/\(bo.id)").path))
        }
    }

    // MARK: Limits and refusals that need their own set-up

    @Test func rateLimitsAnswer429WithRetryAfter() async throws {
        try await withServer(.sqlite, { $0.registrationsPerHour = 2; $0.submissionsPerMinute = 2 }) { client in
            let ada = try await client.register("Ada")
            _ = try await client.register("Bea")
            let refused = try await client.call(.post, "/v1/players", json: #"{"name":"Cy"}"#)
            #expect(refused.status == .tooManyRequests && refused.errorCode == "rate_limited")
            #expect(Int(refused.headers[.retryAfter] ?? "") ?? 0 >= 1)
            let body = #"{"board_id":"\#(Self.today())","code":"\#(Self.look())"}"#
            for _ in 0..<2 { #expect(try await client.call(.post, "/v1/scores", json: body, token: ada.token).status == .ok) }
            let third = try await client.call(.post, "/v1/scores", json: body, token: ada.token)
            #expect(third.status == .tooManyRequests && third.headers[.retryAfter] != nil)
        }
    }

    @Test func aFullVerificationQueueIs503WithRetryAfterNotAHang() async throws {
        try await withServer(.sqlite, { $0.simulationSlots = 1; $0.verificationQueue = 0 }) { client in
            let players = try await (0..<4).asyncMap { try await client.register("p\($0)") }
            let replies = try await withThrowingTaskGroup(of: Reply.self) { group in
                for (number, player) in players.enumerated() {
                    let body = #"{"board_id":"\#(Fixtures.swarmBoard())","code":"\#(Self.swarm(population: 200 + number))"}"#
                    group.addTask { try await client.call(.post, "/v1/scores", json: body, token: player.token) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(replies.allSatisfy { $0.status == .ok || $0.status == .serviceUnavailable })
            let busy = replies.filter { $0.status == .serviceUnavailable }
            #expect(!busy.isEmpty && busy.allSatisfy { $0.headers[.retryAfter] != nil && $0.errorCode == "verifier_busy" })
        }
    }

    @Test func browsersFromAllowedOriginsAreAnsweredWithCORS() async throws {
        try await withServer(.sqlite, { $0.allowedOrigins = ["https://plume.example"] }) { client in
            let reply = try await client.call(.options, "/v1/boards", headers: [.origin: "https://plume.example", .accessControlRequestMethod: "GET"])
            #expect(reply.headers[.accessControlAllowOrigin] == "https://plume.example")
        }
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var out: [T] = []
        for element in self { out.append(try await transform(element)) }
        return out
    }
}
