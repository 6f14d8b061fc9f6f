// The session's side of a day that carries over, against a backend held in memory: the record
// and the news reach the game without control characters, news is never answered twice (the
// newest item shown is kept per place and player in a 0600 file, across restarts), and pages of
// news are followed to the end.
import Foundation
import ScoresAPI
import ScoresClient
import Synchronization
import Testing

/// A backend that knows only the record of days and the news; everything else is refused.
final class DaysBackend: ScoresBackend {
    struct State {
        var news: [NewsItem] = []
        var record: PlayerDays?
        /// The `after` of every news request, in order.
        var asked: [Int64] = []
        var pageSize = 50
    }

    let state = Mutex(State())
    let key: String
    var place: String { "days.example" }
    var isLocal: Bool { false }

    init(key: String = "https://days.example") { self.key = key }

    static let refusal = ScoresFailure(.refused, "not in this test")

    /// Answers by the call's operation name: the news, the record and an empty board list.
    func answer<Request: WireValue, Reply: WireValue>(_ call: APICall<Request, Reply>, _ input: CallInput<Request>,
                                                      token: String?, etag: String?) async throws(ScoresFailure) -> Fetched<Reply> {
        let reply: any Sendable
        switch call.declaration.name {
        case APICalls.news.declaration.name:
            let after = input.value(of: .after).flatMap { Int64($0) } ?? 0
            let page: NewsPage = state.withLock { state in
                state.asked.append(after)
                let newer = state.news.filter { $0.id > after }
                return NewsPage(items: Array(newer.prefix(state.pageSize)), more: newer.count > state.pageSize)
            }
            reply = page
        case APICalls.record.declaration.name:
            guard let record = state.withLock({ $0.record }) else { throw ScoresFailure(.refused, code: .playerNotFound, "no such player") }
            reply = record
        case APICalls.boards.declaration.name:
            reply = BoardList(boards: [])
        default:
            throw Self.refusal
        }
        guard let typed = reply as? Reply else { throw Self.refusal }
        return .fresh(typed, etag: nil)
    }
}

@Suite struct DaysSessionTests {
    static let ada = Credential(playerID: "p_ada", name: "Ada", token: "t_ada")

    static func item(_ id: Int64, _ text: String = "A day closed.") -> NewsItem {
        NewsItem(id: id, at: "2024-10-04T00:00:05.000Z", kind: .dayClosed, day: "2024-10-03", text: text)
    }

    /// A session for Ada on `backend`, kept under `home` (a second call is the game restarted).
    func signedIn(_ backend: DaysBackend, home: URL) throws -> ScoresSession {
        let session = try session(backend, home: home)
        try session.credentials.save(Self.ada, for: backend.key)
        return session
    }

    func news(_ events: [ScoresEvent]) throws -> NewsPage {
        try first(events) { if case .news(let page) = $0 { page } else { nil } }
    }

    @Test func newsIsAnsweredOnceAcrossRestartsAndTheMarkIsAPrivateFile() async throws {
        let home = try temporaryDirectory(), backend = DaysBackend()
        backend.state.withLock { $0.news = [Self.item(1), Self.item(2, "Your streak reached 7\u{1B}[2J days.\u{202E}")] }
        var session = try signedIn(backend, home: home)
        let page = try news(await session.perform(.news(after: 0)))
        #expect(page.items.map(\.id) == [1, 2] && !page.more)
        #expect(page.items[1].text == "Your streak reached 7[2J days.", "control and bidi characters are stripped")
        // The game restarts: it knows nothing, and asks after 0; only what came since is answered.
        backend.state.withLock { $0.news.append(Self.item(3)) }
        session = try signedIn(backend, home: home)
        #expect(try news(await session.perform(.news(after: 0))).items.map(\.id) == [3])
        #expect(try news(await session.perform(.news(after: 0))).items.isEmpty)
        #expect(backend.state.withLock { $0.asked } == [0, 2, 3])
        let mode = try FileManager.default.attributesOfItem(atPath: session.newsMarks.url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600 && session.newsMarks.url.deletingLastPathComponent().lastPathComponent == "config")
    }

    @Test func theMarkIsPerPlaceAndPlayer() async throws {
        let home = try temporaryDirectory(), here = DaysBackend(), there = DaysBackend(key: "https://elsewhere.example")
        for backend in [here, there] { backend.state.withLock { $0.news = [Self.item(1), Self.item(2)] } }
        let onHere = try signedIn(here, home: home), onThere = try signedIn(there, home: home)
        _ = await onHere.perform(.news(after: 0))
        #expect(try news(await onThere.perform(.news(after: 0))).items.map(\.id) == [1, 2], "another server's news")
        let marks = NewsMarks(directory: home.appendingPathComponent("config"))
        #expect(marks.seen(server: here.key, player: Self.ada.playerID) == 2 && marks.seen(server: here.key, player: "p_bea") == 0)
        // An older id never moves the mark back.
        try marks.markSeen(1, server: here.key, player: Self.ada.playerID)
        #expect(marks.seen(server: here.key, player: Self.ada.playerID) == 2)
    }

    @Test func pagesOfNewsAreFollowedAndWhatIsLeftComesNextTime() async throws {
        let home = try temporaryDirectory(), backend = DaysBackend()
        backend.state.withLock { state in
            state.news = (1...12).map { Self.item(Int64($0)) }
            state.pageSize = 2
        }
        let session = try signedIn(backend, home: home)
        let first = try news(await session.perform(.news(after: 0)))
        #expect(first.items.map(\.id) == Array(1...Int64(2 * ScoresSession.newsPages)) && first.more)
        let rest = try news(await session.perform(.news(after: 0)))
        #expect(rest.items.map(\.id) == [11, 12] && !rest.more)
    }

    @Test func theRecordIsTheSignedInPlayersAndCleaned() async throws {
        let home = try temporaryDirectory(), backend = DaysBackend()
        let days = PlayerDays(playerID: "p_ada", daysPlayed: 1, streak: 1, bestStreak: 1, lastPlayed: "2024-10-04\u{7}", today: "2024-10-04\u{1B}",
                              bands: Array(repeating: 0, count: ScoreBands.count),
                              days: [RecordDay(day: "2024-10-04\u{202E}", score: 812, rank: 2, entries: 40, peopleRank: nil, peopleEntries: nil)],
                              nextCursor: nil)
        backend.state.withLock { $0.record = days }
        // Not signed in: said in words, nothing asked.
        let stranger = try session(backend, home: try temporaryDirectory())
        let refusal = try first(await stranger.perform(.record)) { if case .failed(.record, let failure) = $0 { failure } else { nil } }
        #expect(refusal.code == .notRegistered)
        let session = try signedIn(backend, home: home)
        let record = try first(await session.perform(.record)) { if case .record(let record) = $0 { record } else { nil } }
        #expect(record.today == "2024-10-04" && record.lastPlayed == "2024-10-04" && record.days[0].day == "2024-10-04")
    }
}
