// What a browser sees: every board's top 50 with each look or swarm drawn, a day's runway (the
// people's choice beside the style board), a player's page (their record of days with its
// calendar, CalendarPicture.swift), the page behind a shared link (for someone without Plume),
// look SVGs, the swarm show's moving picture (SwarmShowPictures.swift), and the seed game's
// TopScores.xml feed. Pages are Mustache templates
// (Templates.swift); outside text is stripped of control characters and escaped.
import Foundation
import GameState
import HTTPTypes
import Hummingbird
import Leaderboard
import Synchronization
import ScoresAPI

package struct PageRoutes {
    let service: LeaderboardService
    let baseURL: String
    let swarmPictures = SwarmPictureCache()
    let swarmAnimations = SwarmAnimationCache()

    /// The picture of a swarm link: its state after the challenges' 400 steps from seed 1.
    static let pictureSteps = 400, pictureSeed: UInt64 = 1

    func register(on router: Router<AppContext>) {
        router.get("b/:board", use: boardPage)
        router.get("runway/:day", use: runwayPage)
        router.get("p/:player", use: playerPage)
        router.get("league/:group", use: leaguePage)
        router.get("crew/:crew", use: crewPage)
        router.get("l/:code", use: linkPage)
        router.get("v1/looks/:file", use: lookSVG)
        router.get("v1/runway/:day/swarms.gif") { try await swarmShowGIF($0, context: $1, still: false) }
        router.get("v1/runway/:day/swarms-still.gif") { try await swarmShowGIF($0, context: $1, still: true) }
        router.get("TopScores.xml", use: topScoresXML)
    }

    package static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Reply.bytes(Array(text.utf8), status: status, type: "text/html; charset=utf-8",
                    extra: [.contentSecurityPolicy: HTML.contentSecurityPolicy, HTTPField.Name("X-Content-Type-Options")!: "nosniff"])
    }

    package static func problemPage(_ title: String, _ message: String, status: HTTPResponse.Status) -> Response {
        html(Templates.render("problem", ["title": title, "message": SafeText.strip(message)]), status: status)
    }

    @Sendable func linkPage(_ request: Request, context: AppContext) async throws -> Response {
        let code = try context.parameters.text("code")
        let state: SharedState
        do { state = try ShareCode.decode(code) } catch {
            return Self.problemPage("This link doesn't open", "The Plume link is damaged: \(error.description).", status: .notFound)
        }
        let link = ShareCode.link(state)
        let picture: String, title: String, what: String
        switch state {
        case .look(let look):
            picture = Pictures.lookSVG(look, in: service.catalog)
            title = "A Plume look"
            let names = look.garments.compactMap { service.catalog.garment(id: $0.id)?.name }
            what = names.isEmpty ? "A model, ready to dress." : "Wearing " + names.joined(separator: ", ") + "."
        case .swarm(let recipe):
            picture = try await swarmPicture(recipe, code: code)
            title = "A Plume swarm"
            what = "\(recipe.ingredients.count) species, \(recipe.totalPopulation) agents (Sayama's Swarm Chemistry), after \(Self.pictureSteps) steps."
        }
        let page: [String: Any] = ["title": title, "picture": picture, "what": what, "link": link]
        return Self.html(Templates.render("link", page))
    }

    func swarmPicture(_ recipe: SwarmRecipe, code: String) async throws -> String {
        if let cached = swarmPictures.get(code) { return cached }
        let state = try await service.verifier.finalState(of: recipe, steps: Self.pictureSteps, seed: Self.pictureSeed)
        let svg = Pictures.swarmSVG(state)
        swarmPictures.set(code, svg)
        return svg
    }

    @Sendable func playerPage(_ request: Request, context: AppContext) async throws -> Response {
        let profile: PublicProfile
        do { profile = try await service.publicProfile(playerID: try context.parameters.text("player")) } catch let error as LeaderboardError where error.kind == .notFound {
            return Self.problemPage("No such player", "There is no Plume player at this address.", status: .notFound)
        }
        var avatar = ""
        if let code = profile.avatarLook, case .look(let look)? = try? ShareCode.decode(code) {
            avatar = Pictures.lookSVG(look, in: service.catalog)
        }
        let bests: [[String: Any]] = profile.bests.map { best in
            let title = (try? service.board(best.boardID)).map { service.info($0).title } ?? best.boardID
            let kind = best.code.isEmpty ? nil : (try? ShareCode.decode(best.code))?.kind
            var row: [String: Any] = ["boardID": best.boardID, "title": title, "rank": best.rank.map { "#\($0)" } ?? "–", "score": best.score]
            if let kind { (row["code"], row["link"]) = (best.code, "plume://\(kind.route)/\(best.code)") }
            return row
        }
        var page: [String: Any] = ["name": SafeText.strip(profile.name), "avatar": avatar, "pointsEarned": profile.pointsEarned,
                                   "pointsGiven": profile.pointsGiven, "since": String(profile.since.prefix(10)),
                                   "hasBests": !bests.isEmpty, "bests": bests]
        // The player's own link: pasted in the game, it offers to follow them.
        let followLink = "plume://player/" + profile.playerID
        (page["followLink"], page["followQR"]) = (followLink, Pictures.qrSVG(followLink) ?? "")
        if let followers = profile.followers, followers > 0 { page["followers"] = followers }
        let record = try await service.record(playerID: profile.playerID, limit: CalendarPicture.days, cursor: nil)
        page["days"] = Self.days(record)
        let banners = Self.banners(record)
        (page["banners"], page["hasBanners"]) = (banners, !banners.isEmpty)
        return Self.html(Templates.render("player", page))
    }

    /// The record of days as the player template shows it, like the game's profile: the counts,
    /// the calendar, and how many days scored in each band (bars as long as the band's share of
    /// the fullest band).
    static func days(_ record: PlayerDays) -> [String: Any] {
        let fullest = max(1, record.bands.max() ?? 0)
        let bands: [[String: Any]] = (0..<ScoreBands.count).reversed().map { band in
            let count = band < record.bands.count ? record.bands[band] : 0
            // A band with days in it shows at least a sliver, so one day among hundreds is seen.
            let percent = count == 0 ? 0 : max(2, count * 100 / fullest)
            return ["label": ScoreBands.label(band), "count": count, "percent": percent, "colour": CalendarPicture.colour(band: band)]
        }
        return ["daysPlayed": record.daysPlayed, "oneDay": record.daysPlayed == 1, "streak": record.streak, "bestStreak": record.bestStreak,
                "lastPlayed": record.lastPlayed ?? "", "calendar": CalendarPicture.svg(record) ?? "", "bands": bands,
                "hasDays": record.daysPlayed > 0]
    }

    // MARK: Boards and the runway

    @Sendable func boardPage(_ request: Request, context: AppContext) async throws -> Response {
        let id = try context.parameters.text("board")
        guard let board = try? service.board(id) else {
            return Self.problemPage("No such board", "There is no Plume board called \(SafeText.quoted(id)).", status: .notFound)
        }
        let info = service.info(board)
        var page = try await section(board, limit: 50)
        page["title"] = info.title
        page["brief"] = info.brief
        page["status"] = Self.status(of: info)
        if let picture = HistogramPicture.svg(try await service.histogram(boardID: board.id, player: nil)) { page["histogram"] = picture }
        if case .lab = board.kind {
            // A Lab brief's board also ranks by cost: how many ingredients and agents the bests took.
            var costs: [[String: Any]] = []
            for (of, heading) in [(HistogramOf.ingredients, "Ingredients the bests took"), (.agents, "Agents the bests took")] {
                if let svg = HistogramPicture.svg(try await service.histogram(boardID: board.id, of: Spelled(of), player: nil)) {
                    costs.append(["heading": heading, "svg": svg])
                }
            }
            page["costs"] = costs
        }
        return Self.html(Templates.render("board", page))
    }

    @Sendable func runwayPage(_ request: Request, context: AppContext) async throws -> Response {
        let text = try context.parameters.text("day")
        let day: RunwayDay
        do { day = try await service.runwayDay(text, player: nil) } catch let error as LeaderboardError where error.kind != .unavailable {
            return Self.problemPage("No runway on that day", error.message, status: .notFound)
        }
        let status = day.votingOpen ? "Voting is open until \(day.votingClosesAt.prefix(16).replacingOccurrences(of: "T", with: " ")) UTC."
            : "Voting has closed: the people's choice is final."
        var page: [String: Any] = [
            "day": day.day, "theme": day.theme, "brief": day.brief, "entries": day.entries, "oneEntry": day.entries == 1,
            "votes": day.votes, "oneVote": day.votes == 1, "status": status,
            "peoples": try await section(try service.board(day.boardID), limit: 50),
            "style": try await section(try service.board(day.styleBoardID), limit: 50),
        ]
        if let swarms = try await swarmShowCard(text) { page["swarms"] = swarms }
        return Self.html(Templates.render("runway", page))
    }

    /// The day's swarm show on its runway page (from the Lab's first day): its brief and counts,
    /// the moving picture of two of its swarms once it has two, its people's board and the Lab
    /// board. While it takes votes the picture's caption names no one (a voter may be dealt them).
    func swarmShowCard(_ text: String) async throws -> [String: Any]? {
        guard let show = try? await service.runwayDay(text, show: .swarm, player: nil) else { return nil }
        var card: [String: Any] = [
            "day": show.day, "theme": show.theme, "brief": show.brief, "entries": show.entries, "oneEntry": show.entries == 1,
            "votes": show.votes, "oneVote": show.votes == 1,
            "status": show.votingOpen ? "Voting is open until \(show.votingClosesAt.prefix(16).replacingOccurrences(of: "T", with: " ")) UTC."
                : "Voting has closed: the people's choice of swarms is final.",
            "peoples": try await section(try service.board(show.boardID), limit: 50),
            "lab": try await section(try service.board(show.entryBoardID ?? show.boardID), limit: 50),
        ]
        if let pair = try? await service.swarmShowPicturePair(day: text),
           case .swarm(let left)? = try? ShareCode.decode(pair.left), case .swarm(let right)? = try? ShareCode.decode(pair.right) {
            let what = { (recipe: SwarmRecipe) in "\(recipe.ingredients.count) species, \(recipe.totalPopulation) agents" }
            let words = "Two swarms of the show running from the same start: \(what(left)) on the left, \(what(right)) on the right"
            card["picture"] = [
                "alt": words + ".",
                "caption": pair.final ? words + ": the people's first and second." : words + ", as a voter may be dealt them; whose they are shows once voting closes.",
            ]
        }
        return card
    }

    /// A board's top rows as the `rows` template draws them.
    func section(_ board: Board, limit: Int) async throws -> [String: Any] {
        let info = service.info(board)
        let rows = try await service.top(boardID: board.id, limit: limit, cursor: nil).rows
        var drawn = Self.items(rows)
        for (index, row) in rows.enumerated() {
            if case .swarm(let recipe)? = try? ShareCode.decode(row.code) { drawn[index]["swarmSVG"] = try? await swarmPicture(recipe, code: row.code) }
        }
        let kind = info.kind.word
        let empty = switch kind {
        case .people?: board.id.hasPrefix("swarmshow-") ? "No swarms in this show yet." : "No looks on this runway yet."
        case .contributors?: "Nobody has given points yet."
        case .crew?: "No crew has week points yet."
        default: "No scores yet."
        }
        return ["id": board.id, "rows": drawn, "hasRows": !drawn.isEmpty, "countsVotes": kind == .people,
                "scoreName": kind == .people ? "People's score" : kind == .contributors ? "Points given" : kind == .crew ? "Week points" : "Score",
                "who": kind == .crew ? "Crew" : "Player", "empty": empty]
    }

    /// The rows as the `rows` template prints them (a swarm's picture is added by `section`): tied
    /// records share the first one's rank, as a sports table prints them ("2=", "2=", then 4).
    static func items(_ rows: [BoardRow]) -> [[String: Any]] {
        var items: [[String: Any]] = []
        for (row, rank) in zip(rows, SharedRanks.shown(of: rows)) {
            var item: [String: Any] = ["rank": rank, "tied": row.tied, "name": SafeText.strip(row.name), "playerID": row.playerID,
                                       "named": !row.playerID.isEmpty, "score": row.score, "votes": Int(row.detail), "code": row.code]
            if let crew = row.crewID { item["crewID"] = crew }
            if case .look? = try? ShareCode.decode(row.code) { item["isLook"] = true }
            items.append(item)
        }
        return items
    }

    static func status(of info: BoardInfo) -> String {
        let closes = info.closesAt.map { String($0.prefix(16)).replacingOccurrences(of: "T", with: " ") + " UTC" }
        switch (info.open, closes) {
        case (true, let closes?): return "Open until \(closes)."
        case (false, let closes?): return "Closed at \(closes): final."
        default: return "Always open."
        }
    }

    @Sendable func lookSVG(_ request: Request, context: AppContext) async throws -> Response {
        let file = try context.parameters.text("file")
        guard file.hasSuffix(".svg") else { throw APIError(.notFound, .notFound, "look pictures are at /v1/looks/{code}.svg") }
        let state: SharedState
        do { state = try ShareCode.decode(file.dropLast(4)) } catch {
            throw APIError(.notFound, .invalidCode, "the share code can't be read: \(error.description)")
        }
        guard case .look(let look) = state else { throw APIError(.notFound, .wrongKind, "that code is a swarm, not a look") }
        return Reply.bytes(Array(Pictures.lookSVG(look, in: service.catalog).utf8), type: "image/svg+xml",
                           extra: [.cacheControl: "public, max-age=86400", .contentSecurityPolicy: HTML.contentSecurityPolicy])
    }

    /// The seed game's feed: `<customers><customer><name/><image/><points/></customer>…`, the top
    /// 50 contributors; `<image>` is the avatar's SVG address.
    @Sendable func topScoresXML(_ request: Request, context: AppContext) async throws -> Response {
        let page = try await service.top(boardID: Board.contributors.id, limit: 50, cursor: nil)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<customers>\n"
        for row in page.rows {
            let image = row.avatarLook.map { "\(baseURL)/v1/looks/\($0).svg" } ?? ""
            xml += "  <customer><name>\(HTML.escape(row.name))</name><image>\(HTML.escape(image))</image><points>\(row.score)</points></customer>\n"
        }
        xml += "</customers>\n"
        return Reply.bytes(Array(xml.utf8), type: "application/xml; charset=utf-8")
    }
}

/// Drawn swarm pictures by code (each costs a simulation).
final class SwarmPictureCache: Sendable {
    private let cache = Mutex(GenerationalCache<String, String>(capacity: 2_000))

    func get(_ code: String) -> String? { cache.withLock { $0[code] } }
    func set(_ code: String, _ svg: String) { cache.withLock { $0[code] = svg } }
}
