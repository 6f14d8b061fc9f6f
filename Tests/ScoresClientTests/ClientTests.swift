// The game's scores client, one suite run twice: against a real plume-server application
// listening on a loopback port in this process (over URLSession), and against the local board
// (the service in-process on a SQLite file). Then the outbox across a server that stops and
// comes back, and replies no well-behaved server sends.
import Challenges
import Foundation
import GameState
import Hummingbird
import Leaderboard
import LeaderboardServer
import Logging
import PlumeTestSupport
import ScoresAPI
import ScoresClient
import Testing

enum Place: String, CaseIterable, Sendable { case server, local }

/// A plume-server application on a free loopback port, running until `stop()`.
final class LiveServer: Sendable {
    let port: Int
    let database: String
    private let task: Task<Void, any Error>

    init(port: Int = TestPostgres.freePort(), database: String? = nil) async throws {
        self.port = port
        let database = try database ?? StoreKind.sqlite.newDatabase()
        self.database = database
        var configuration = ServerConfiguration()
        configuration.port = port
        configuration.database = database
        configuration.requestsPerMinute = 0
        configuration.submissionsPerMinute = 0
        configuration.registrationsPerHour = 0
        var logger = Logger(label: "plume-server-client-test")
        logger.logLevel = .warning
        let app = try await buildApplication(configuration, store: try StoreKind.open(configuration.database), logger: logger, metrics: ServerMetrics())
        task = Task { try await app.run() }
        let backend = RemoteBackend(base: url, deadline: .seconds(2))
        let started = ContinuousClock.now
        while true {
            if (try? await backend.boards()) != nil { break }
            guard ContinuousClock.now - started < .seconds(60) else { throw ServerDidNotStart() }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    struct ServerDidNotStart: Error {}

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    func stop() async {
        task.cancel()
        _ = await task.result
    }
}

func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("plume-client-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func session(_ backend: any ScoresBackend, home: URL) throws -> ScoresSession {
    ScoresSession(backend: backend, configDirectory: home.appendingPathComponent("config"),
                  dataDirectory: home.appendingPathComponent("data"))
}

/// The first event of the kind `pick` extracts, or a test failure naming what came instead.
func first<Value>(_ events: [ScoresEvent], _ pick: (ScoresEvent) -> Value?, sourceLocation: SourceLocation = #_sourceLocation) throws -> Value {
    guard let value = events.lazy.compactMap(pick).first else {
        Issue.record("expected another event, got \(events)", sourceLocation: sourceLocation)
        throw Missing()
    }
    return value
}

struct Missing: Error {}

/// The first failure among `events`.
func refusal(_ events: [ScoresEvent], sourceLocation: SourceLocation = #_sourceLocation) throws -> ScoresFailure {
    try first(events, { if case .failed(_, let failure) = $0 { failure } else { nil } }, sourceLocation: sourceLocation)
}

@Suite(.serialized) struct ClientTests {
    func withBackend(_ place: Place, _ body: (ScoresSession, URL) async throws -> Void) async throws {
        let home = try temporaryDirectory()
        switch place {
        case .local:
            let backend = try await LocalBackend.open(directory: home.appendingPathComponent("data"))
            try await body(try session(backend, home: home), home)
        case .server:
            let server = try await LiveServer()
            do {
                try await body(try session(RemoteBackend(base: server.url), home: home), home)
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }
    }

    @Test(arguments: Place.allCases)
    func aPlayersJourney(_ place: Place) async throws {
        try await withBackend(place) { session, home in
            // Before registering: who am I, the boards (today, the challenges, earlier days).
            var events = await session.perform(.start)
            let identity = try first(events) { if case .identity(let place, let isLocal, let player, let outbox) = $0 { (place, isLocal, player, outbox) } else { nil } }
            #expect(identity.1 == (place == .local))
            #expect(identity.0 == (place == .local ? "Local board" : "127.0.0.1:" + (session.backend as! RemoteBackend).base.port!.description))
            #expect(identity.2 == nil && identity.3 == 0)
            let boards = try first(events) { if case .boards(let list) = $0 { list } else { nil } }
            let today = Fixtures.styleBoard()
            #expect(boards.first?.id == today)
            // This season's challenges open; season 1's closed, read for ever, titled as such.
            #expect(boards.contains { $0.id == Fixtures.swarmBoard() && $0.open && $0.season == SwarmSeasons.latest })
            #expect(boards.contains { $0.id == "swarm-huddle" && !$0.open && $0.title == "Huddle — season 1" })
            #expect(!boards.contains { $0.kind.word == .contributors })
            #expect(boards.filter { $0.kind.word == .style && !$0.open }.count == LeaderboardLimits.earlierDays)
            // The people's boards: today's and yesterday's from the server, earlier days' closed, each once.
            let peoples = boards.filter { $0.kind.word == .people && $0.id.hasPrefix("people-") }.map(\.id)
            #expect(peoples.count == LeaderboardLimits.earlierDays + 1 && Set(peoples).count == peoples.count, "\(peoples)")

            // Submitting before registering says so, and keeps nothing.
            events = await session.perform(.submit(board: today, code: Fixtures.outfit()))
            let refusal = try first(events) { if case .failed(_, let failure) = $0 { failure } else { nil } }
            #expect(refusal.code == .notRegistered)

            // Register: the token is kept, readable by the owner only.
            events = await session.perform(.register(RegisterRequest(name: "Ada", avatarLook: Fixtures.outfit())))
            let me = try first(events) { if case .registered(let identity) = $0 { identity } else { nil } }
            #expect(me.name == "Ada")
            let file = home.appendingPathComponent("config/credentials.json")
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            #expect(session.credential?.playerID == me.playerID)

            // The same name again is refused in the leaderboard's words.
            let other = try ScoresClientTests.session(session.backend, home: try temporaryDirectory())
            events = await other.perform(.register(RegisterRequest(name: "ada")))
            let taken = try first(events) { if case .failed(_, let failure) = $0 { failure } else { nil } }
            #expect(taken.kind == .refused && taken.code == .nameTaken)
            #expect(taken.message.contains("taken"))
            events = await other.perform(.register(RegisterRequest(name: "Bea")))
            _ = try first(events) { if case .registered(let identity) = $0 { identity } else { nil } }

            // Submit a look and a swarm; the official score, rank and personal best come back.
            events = await session.perform(.submit(board: today, code: Fixtures.outfit()))
            let look = try first(events) { if case .submitted(let result) = $0 { result } else { nil } }
            #expect(look.boardID == today && look.rank == 1 && look.personalBest && look.score > 0)
            events = await other.perform(.submit(board: today, code: Fixtures.look()))
            let worse = try first(events) { if case .submitted(let result) = $0 { result } else { nil } }
            #expect(worse.score < look.score && worse.rank == 2)
            events = await session.perform(.submit(board: today, code: Fixtures.look()))
            let notBetter = try first(events) { if case .submitted(let result) = $0 { result } else { nil } }
            #expect(!notBetter.personalBest && notBetter.best.score == look.score)
            events = await session.perform(.submit(board: Fixtures.swarmBoard(), code: Fixtures.swarm()))
            let swarm = try first(events) { if case .submitted(let result) = $0 { result } else { nil } }
            #expect(swarm.personalBest && swarm.also?.first?.boardID == Fixtures.swarmBoard(week: true))

            // Read back: top, then unchanged (a 304 on the server; the same ETag locally).
            events = await session.perform(.top(board: today))
            let top = try first(events) { $0.answer(to: APICalls.top) }
            #expect(top.value.rows.map(\.name) == ["Ada", "Bea"] && !top.unchanged)
            #expect(top.value.rows[0].avatarLook == Fixtures.outfit())
            events = await session.perform(.top(board: today))
            let again = try first(events) { $0.answer(to: APICalls.top) }
            #expect(again.unchanged && again.value == top.value)
            events = await other.perform(.submit(board: today, code: Fixtures.outfit()))
            events = await session.perform(.top(board: today))
            let changed = try first(events) { $0.answer(to: APICalls.top) }
            #expect(!changed.unchanged && changed.value.rows[1].score == look.score)

            // Around me and my bests.
            events = await session.perform(.around(board: today))
            let around = try first(events) { $0.answer(to: APICalls.aroundMe) }
            #expect(around.value.rows.contains { $0.playerID == me.playerID })
            events = await session.perform(.myBests)
            let bests = try first(events) { if case .myBests(let own, let answer) = $0 { (own, answer) } else { nil } }
            #expect(Set(bests.1.value.bests.map(\.boardID)).isSuperset(of: [today, Fixtures.swarmBoard(), Fixtures.swarmBoard(week: true)]))
            #expect(bests.0.pointsAvailable == bests.0.pointsEarned && bests.0.pointsEarned > 0)

            // Donate: too many points is refused; some points move, and contributors change.
            let cause = try first(await session.perform(.causes)) { $0.reply(to: APICalls.causes)?.causes.first }
            events = await session.perform(.donate(cause: cause.id, points: bests.0.pointsAvailable + 1))
            let tooMany = try first(events) { if case .failed(_, let failure) = $0 { failure } else { nil } }
            #expect(tooMany.code == .notEnoughPoints)
            events = await session.perform(.donate(cause: cause.id, points: 5))
            let gift = try first(events) { $0.reply(to: APICalls.donate) }
            #expect(gift.pointsAvailable == bests.0.pointsAvailable - 5 && gift.causeTotal == cause.totalPoints + 5)
            events = await session.perform(.contributors)
            let givers = try first(events) { $0.reply(to: APICalls.contributors)?.rows }
            #expect(givers.first?.name == "Ada" && givers.first?.score == 5)

            // A profile change is kept in the credentials too.
            events = await session.perform(.updateProfile(ProfileUpdate(name: "Ada L")))
            _ = try first(events) { if case .profileUpdated(let profile) = $0 { profile } else { nil } }
            #expect(session.credential?.name == "Ada L")

            // 401: the token is no longer known. It is forgotten, the player is told, and
            // registering again works; nothing else is lost.
            try session.credentials.save(Credential(playerID: me.playerID, name: "Ada L", token: "plm_revoked"), for: session.backend.key)
            events = await session.perform(.myBests)
            let gone = try first(events) { if case .signedOut(let name, let failure) = $0 { (name, failure) } else { nil } }
            #expect(gone.0 == "Ada L" && gone.1.kind == .unauthorized)
            #expect(session.credential == nil)
            events = await session.perform(.register(RegisterRequest(name: "Ada again")))
            _ = try first(events) { if case .registered(let identity) = $0 { identity } else { nil } }
            #expect(session.credential?.name == "Ada again")
        }
    }

    @Test func theOutboxWaitsForTheServerAndDrains() async throws {
        let home = try temporaryDirectory()
        var server = try await LiveServer()
        let port = server.port, database = server.database
        let session = try session(RemoteBackend(base: server.url, deadline: .seconds(2)), home: home)
        _ = try first(await session.perform(.register(RegisterRequest(name: "Cy")))) { if case .registered(let identity) = $0 { identity } else { nil } }
        await server.stop()

        // Server down: reads fail in words, the submission waits in the outbox.
        var events = await session.perform(.top(board: Fixtures.styleBoard()))
        let offline = try first(events) { if case .failed(_, let failure) = $0 { failure } else { nil } }
        #expect(offline.kind == .offline)
        events = await session.perform(.submit(board: Fixtures.styleBoard(), code: Fixtures.outfit()))
        let queued = try first(events) { if case .queued(_, let count, let because) = $0 { (count, because) } else { nil } }
        #expect(queued.0 == 1 && queued.1.kind == .offline)
        // A submission for a day that has closed since it was queued.
        try session.outbox.add(QueuedSubmission(server: session.backend.key, boardID: Fixtures.styleBoard(daysAgo: 1), code: Fixtures.outfit(), queuedAt: 0))
        #expect(session.outbox.count(for: session.backend.key) == 2)

        // Back on the same port and database: the next answer drains the outbox.
        server = try await LiveServer(port: port, database: database)
        events = await session.perform(.start)
        let drained = try first(events) { if case .drained(let sent, let dropped, let waiting) = $0 { (sent, dropped, waiting) } else { nil } }
        #expect(drained.0.map(\.boardID) == [Fixtures.styleBoard()])
        #expect(drained.1.count == 1 && drained.1[0].reason.contains("closed"))
        #expect(drained.2 == 0 && session.outbox.items().isEmpty)
        let top = try first(await session.perform(.top(board: Fixtures.styleBoard()))) { $0.answer(to: APICalls.top)?.value }
        #expect(top.rows.map(\.name) == ["Cy"])
        await server.stop()
    }

    @Test func theLocalBoardNeverQueues() async throws {
        let home = try temporaryDirectory()
        let session = try session(try await LocalBackend.open(directory: home.appendingPathComponent("data")), home: home)
        _ = await session.perform(.register(RegisterRequest(name: "Di")))
        let events = await session.perform(.submit(board: Fixtures.styleBoard(daysAgo: 1), code: Fixtures.outfit()))
        let refusal = try first(events) { if case .failed(_, let failure) = $0 { failure } else { nil } }
        #expect(refusal.code == .boardClosed)
        #expect(session.outbox.items().isEmpty)
    }
}
