// Shared fixtures: a real database per test — a SQLite file in a fresh temporary directory, or
// a fresh database on the real PostgreSQL the tests start — the bundled content, and a clock the
// test can move.
import Challenges
import Foundation
import GameState
import Leaderboard
import ScoresAPI
import LeaderboardPostgres
import PlumeTestSupport
import Testing
import Synchronization
import PlumeCalendar

final class TestClock: Sendable {
    private let ms = Mutex<Int64>(0)

    init(_ iso: (year: Int, month: Int, day: Int), hour: Int = 12) {
        ms.withLock { $0 = Int64(UTCDay.days(year: iso.year, month: iso.month, day: iso.day)) * 86_400_000 + Int64(hour) * 3_600_000 }
    }

    var now: Int64 { ms.withLock { $0 } }
    func advance(seconds: Int64) { ms.withLock { $0 += seconds * 1000 } }
}

extension StoreKind: CustomTestStringConvertible {
    public var testDescription: String { rawValue }
}

enum Fixtures {
    static let catalog = try! Catalog.bundled.get()
    static let book = try! ChallengeBook.bundled.get()
    static let causes = try! Causes.bundled.get()


    /// A new, empty database of this kind: a SQLite file path or a postgres:// URL.
    static func newDatabase(_ kind: StoreKind) throws -> String {
        try kind.newDatabase()
    }

    /// A store on a new, empty database (opened the way the server opens one).
    static func store(_ kind: StoreKind = .sqlite) throws -> any LeaderboardStore {
        try StoreKind.open(newDatabase(kind))
    }

    /// A migrated service on a new database, index loaded.
    static func service(_ kind: StoreKind = .sqlite, clock: TestClock = TestClock((2026, 11, 22)),
                        store: (any LeaderboardStore)? = nil) async throws -> LeaderboardService {
        let store = try store ?? self.store(kind)
        try await store.migrate()
        let service = LeaderboardService(store: store, catalog: catalog, book: book, causes: causes, simulationSlots: 2, clock: { clock.now })
        try await service.loadIndex()
        return service
    }

    /// A wearable look with `count` garments (first colour each), and its code.
    static func lookCode(background: Int = 1, model: Int = 1, garments: [Int] = []) -> String {
        ShareCode.encode(.look(Look(background: background, model: model, garments: garments.map { WornGarment(id: $0, colour: 0) })))
    }

    static func swarmCode(population: Int = 120, radius: Double = 60, c3: Double = 20) -> String {
        let genome = Genome(clampingHundredths: [Int(radius * 100), 500, 1000, 50, 50, Int(c3 * 100), 10, 50])
        return ShareCode.encode(.swarm(SwarmRecipe([Ingredient(population: population, genome: genome)])))
    }

    /// Every wearable look of one garment per catalog garment (for many distinct look scores).
    static var singleGarmentLooks: [String] {
        catalog.garments.map { lookCode(garments: [$0.id]) }
    }
}

/// The refusal a call ends with (nil when it succeeds, or fails with anything else).
func refusal(_ body: () async throws -> Void) async -> LeaderboardError? {
    do {
        try await body()
        return nil
    } catch {
        return error as? LeaderboardError
    }
}

extension Array where Element == NewsItem {
    /// The items of days, runways and friends: without the week's (a league's close, a banner),
    /// which a test whose clock crosses a Monday also finds.
    var ofDays: [NewsItem] { filter { item in ![NewsKind.leagueClosed, .leagueIdle, .banner].contains(item.kind.word) } }
}

extension LeaderboardService {
    /// A new player, signed in.
    func registered(_ name: String) async throws -> PlayerRecord {
        try await authenticate(token: try await register(RegisterRequest(name: name)).token)
    }

    /// The day's look (the `pick`th of the fixtures' distinct scores, wrapping) by `player`, a
    /// second after the play before: equal week totals rank by who reached theirs first.
    func playALook(_ player: PlayerRecord, _ clock: TestClock, pick: Int) async throws {
        clock.advance(seconds: 1)
        let day = UTCDay.containing(milliseconds: clock.now), looks = DaysTests.looks(day: day)
        _ = try await submit(player, SubmitRequest(boardID: "style-" + UTCDay.string(day), code: looks[pick % looks.count].code))
    }

    /// `count` players, each with a look of their own on the day's runway ("Model 0", …).
    func runwayModels(_ count: Int, day: String) async throws -> [PlayerRecord] {
        var models: [PlayerRecord] = []
        for n in 0..<count {
            let model = try await registered("Model \(n)")
            _ = try await enterRunway(model, day: day, RunwayEntryRequest(code: RunwayServiceTests.looks[n]))
            models.append(model)
        }
        return models
    }
}
