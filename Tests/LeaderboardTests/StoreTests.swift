// What only a shared database brings: one player's racing submissions, processes woken by
// LISTEN/NOTIFY, a database that stops answering, and --database values that can't be used.
import Foundation
import GameState
import Synchronization
import Testing
@testable import Leaderboard
import ScoresAPI
import LeaderboardPostgres
import PlumeTestSupport

@Suite struct StoreTests {
    /// Twenty submissions from one player at once: the stored best is the best of them, whatever
    /// order they commit in, and the log leaves the index equal to the store.
    @Test(arguments: StoreKind.allCases)
    func racingSubmissionsFromOnePlayerKeepTheBest(_ kind: StoreKind) async throws {
        let store = try Fixtures.store(kind)
        let service = try await Fixtures.service(store: store)
        let registered = try await service.register(RegisterRequest(name: "Racer"))
        let racer = try await service.authenticate(token: registered.token)
        let looks = Array(Fixtures.singleGarmentLooks.prefix(20))
        let scores = try await withThrowingTaskGroup(of: Int64.self) { group in
            for look in looks {
                group.addTask { try await service.submit(racer, SubmitRequest(boardID: "style-2026-11-22", code: look)).score }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let stored = try #require(try await store.record(board: "style-2026-11-22", player: racer.number))
        #expect(stored.score == scores.max())
        try await service.catchUp()
        #expect(service.index.board("style-2026-11-22").allKeys == (try await store.orderedKeys(board: "style-2026-11-22")))
    }

    /// A process that polls only once an hour still ranks another's write at once, because the
    /// write's NOTIFY wakes it. (The wait allows 60 s only because other tests in the suite can
    /// hold both cooperative threads for half a minute; without NOTIFY it would take the hour.)
    @Test func postgresNotifiesOtherProcessesOfEveryChange() async throws {
        let database = try Fixtures.newDatabase(.postgres)
        let writer = try await Fixtures.service(store: try StoreKind.open(database))
        let reader = try await Fixtures.service(store: try StoreKind.open(database))
        let signals = try #require(reader.store.changeSignals())
        // The stream says once that its LISTEN is in place; it is relayed to the reader, and the
        // write waits for that state (not for a time).
        let listening = Mutex(false)
        let (relay, relayed) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let relaying = Task {
            for await _ in signals {
                listening.withLock { $0 = true }
                relayed.yield()
            }
        }
        let following = Task { await reader.follow(every: .seconds(3600), wake: relay) }
        defer { following.cancel(); relaying.cancel() }
        let connecting = ContinuousClock.now
        while !listening.withLock({ $0 }) {
            try #require(ContinuousClock.now - connecting < .seconds(60), "the LISTEN connection never came up")
            try await Task.sleep(for: .milliseconds(10))
        }
        let registered = try await writer.register(RegisterRequest(name: "Ada"))
        let ada = try await writer.authenticate(token: registered.token)
        _ = try await writer.submit(ada, SubmitRequest(boardID: "style-2026-11-22", code: Fixtures.singleGarmentLooks[3]))
        let started = ContinuousClock.now
        while reader.index.board("style-2026-11-22").entry(player: ada.number) == nil, ContinuousClock.now - started < .seconds(60) {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(reader.index.board("style-2026-11-22").entry(player: ada.number)?.rank == 1)
    }

    /// A PostgreSQL that isn't there, and one that accepts connections but never answers: every
    /// call fails within its deadline with words, never a hang.
    @Test(arguments: ["refused", "silent"])
    func aDatabaseThatDoesNotAnswerIsAnErrorInWordsNotAHang(_ how: String) async throws {
        let listener = how == "silent" ? TestPostgres.silentListener() : (TestPostgres.freePort(), -1)
        defer { if listener.1 >= 0 { close(listener.1) } }
        let store = try PostgresStore(url: "postgres://plume@127.0.0.1:\(listener.0)/nowhere?sslmode=disable", deadline: .seconds(2))
        for _ in 0..<2 {
            let started = ContinuousClock.now
            do {
                try await store.ping()
                Issue.record("ping should fail")
            } catch let error as LeaderboardError {
                #expect(error.code == .storageUnavailable)
                #expect(error.kind == .unavailable && error.retryAfterSeconds != nil)
            }
            // The deadline is 2 s. The bound only tells an answer from a hang (the pool retries a
            // dead server forever): in the full suite, other tests keep both cooperative threads
            // busy for half a minute at a time (the importer fuzz test runs 30 s), and a timer
            // can fire that late; alone, this answers in 2 s.
            #expect(ContinuousClock.now - started < .seconds(120))
        }
    }

    @Test(arguments: [
        ("postgres://", "host"),
        ("postgres://db.example.org/scores", "user"),
        ("postgres://plume@db.example.org", "database"),
        ("postgres://plume@db.example.org/scores?sslmode=sometimes", "sslmode"),
        ("postgres://plume@db.example.org/scores?timeout=3", "timeout"),
    ])
    func unusableURLsAreExplained(url: String, word: String) {
        #expect(throws: PostgresStoreError.self) { try PostgresLocation(url: url) }
        do {
            _ = try StoreKind.open(url)
        } catch {
            #expect("\(error)".contains(word), "\(error)")
        }
    }

    @Test func urlsAreReadLikeLibpqReadsThem() throws {
        let location = try PostgresLocation(url: "postgresql://pl%40me:s%3Acret@db.example.org:6543/scores?sslmode=verify-full")
        #expect(location.user == "pl@me" && location.password == "s:cret")
        #expect(location.host == "db.example.org" && location.port == 6543 && location.database == "scores")
        #expect(location.tls == .verifyFull)
        #expect(!location.description.contains("s:cret"))
        #expect(try PostgresLocation(url: "postgres://me@localhost/db").tls == .prefer)
    }
}
