// The change follower is never silently wrong: a process cut off from the database past the
// change log's retention notices the pruned gap and rebuilds its index from the records; an
// outage is reported once and its end once; its lag is readable throughout. On both stores.
import Foundation
import GameState
import Synchronization
import Testing
@testable import Leaderboard
import LeaderboardPostgres
import PlumeTestSupport
import ScoresAPI
import PlumeCalendar

@Suite struct FollowerTests {
    static let board = "style-2026-11-22"

    func player(_ service: LeaderboardService, _ name: String) async throws -> PlayerRecord {
        try await service.authenticate(token: try await service.register(RegisterRequest(name: name)).token)
    }

    /// Single-garment looks, each scoring differently on the day's theme, lowest first.
    static let looks: [String] = {
        let theme = Fixtures.book.theme(forDay: UTCDay.days(year: 2026, month: 11, day: 22))
        return Fixtures.catalog.garments.map { garment -> (Int, String) in
            let look = Look(background: 1, model: 1, garments: [WornGarment(id: garment.id, colour: 0)])
            return (theme.score(look, in: Fixtures.catalog).total, ShareCode.encode(.look(look)))
        }.sorted { $0.0 < $1.0 }.reduce(into: [(Int, String)]()) { kept, next in
            if kept.last?.0 != next.0 { kept.append(next) }
        }.map(\.1)
    }()

    /// Submits a look: 0 is the day's worst single garment, -1 its best.
    func submit(_ service: LeaderboardService, _ player: PlayerRecord, look: Int) async throws {
        let code = look >= 0 ? Self.looks[look] : Self.looks[Self.looks.count + look]
        _ = try await service.submit(player, SubmitRequest(boardID: Self.board, code: code))
    }

    /// Two services on one new database sharing a clock: a writer, and a reader whose line to
    /// the database the test can cut.
    func twoProcesses(_ kind: StoreKind) async throws -> (TestClock, LeaderboardService, CutOffStore, LeaderboardService) {
        let database = try Fixtures.newDatabase(kind)
        let clock = TestClock((2026, 11, 22), hour: 1)
        let writer = try await Fixtures.service(clock: clock, store: try StoreKind.open(database))
        let line = CutOffStore(try StoreKind.open(database))
        return (clock, writer, line, try await Fixtures.service(clock: clock, store: line))
    }

    func ranks(_ service: LeaderboardService) -> [Int64] { service.index.board(Self.board).allKeys.map(\.player) }

    @Test(arguments: StoreKind.allCases) func aProcessCutOffPastTheRetentionRebuildsAndRanksCorrectly(_ kind: StoreKind) async throws {
        let (clock, writer, line, reader) = try await twoProcesses(kind)
        let events = Events()
        reader.followerState.report.withLock { $0 = events.add }

        let ada = try await player(writer, "Ada"), bea = try await player(writer, "Bea")
        try await submit(writer, ada, look: 0)
        try await submit(writer, bea, look: -2)
        try await reader.catchUp()
        #expect(ranks(reader) == (try await writer.store.orderedKeys(board: Self.board)).map(\.player))
        let before = ranks(reader)
        let appliedBefore = reader.followerStatus.applied

        // The reader loses the database; every read fails, but the outage is reported once.
        line.cut(true)
        for _ in 0..<3 { await #expect(throws: (any Error).self) { try await reader.catchUp() } }
        #expect(events.all.count == 1)
        guard case .failing? = events.all.first else { Issue.record("expected a failing event, got \(events.all)"); return }
        #expect(reader.followerStatus.failingSince != nil && reader.followerStatus.failures == 3)

        // Meanwhile Ada takes the lead; Cy submits two hours later, and the log is pruned: Ada's
        // entry is older than the retention, Cy's is the newest.
        try await submit(writer, ada, look: -1)
        clock.advance(seconds: 2 * 3600)
        #expect(reader.followerStatus.lagSeconds(now: clock.now) >= 2 * 3600)
        let cy = try await player(writer, "Cy")
        try await submit(writer, cy, look: 1)
        try await writer.pruneChangeLog()
        let ends = try await writer.store.changeLog()
        #expect(ends.oldest > reader.followerStatus.applied + 1, "the gap is real: \(ends), applied \(reader.followerStatus.applied)")
        let truth = (try await writer.store.orderedKeys(board: Self.board)).map(\.player)
        #expect(before == [bea.number, ada.number] && truth.first == ada.number, "Ada's pruned improvement moved her to the top")

        // Back: the reader sees the gap, rebuilds, and ranks exactly as the store does.
        line.cut(false)
        try await reader.catchUp()
        #expect(ranks(reader) == truth)
        #expect(reader.index.board(Self.board).allKeys == (try await writer.store.orderedKeys(board: Self.board)))
        #expect(reader.followerStatus.rebuilds == 1 && reader.followerStatus.failingSince == nil)
        #expect(reader.followerStatus.lagSeconds(now: clock.now) == 0 && reader.followerStatus.changesBehind == 0)
        let told = events.all
        #expect(told.count == 3)
        if told.count == 3 {
            guard case .rebuilt(let lastRead, let oldestKept, _) = told[1] else { Issue.record("expected a rebuild, got \(told[1])"); return }
            #expect(lastRead == appliedBefore && oldestKept == ends.oldest)
            guard case .recovered(let seconds) = told[2] else { Issue.record("expected a recovery, got \(told[2])"); return }
            #expect(seconds >= 2 * 3600)
        }
    }

    @Test(arguments: StoreKind.allCases) func aShortOutageCatchesUpFromTheLogWithoutARebuild(_ kind: StoreKind) async throws {
        let (clock, writer, line, reader) = try await twoProcesses(kind)
        let ada = try await player(writer, "Ada"), bea = try await player(writer, "Bea")
        try await submit(writer, ada, look: 0)
        line.cut(true)
        await #expect(throws: (any Error).self) { try await reader.catchUp() }
        try await submit(writer, bea, look: -1)
        clock.advance(seconds: 600)
        try await writer.pruneChangeLog()
        line.cut(false)
        try await reader.catchUp()
        #expect(reader.index.board(Self.board).allKeys == (try await writer.store.orderedKeys(board: Self.board)))
        #expect(reader.followerStatus.rebuilds == 0 && reader.followerStatus.failures == 1)
    }

    @Test(arguments: StoreKind.allCases) func pruningKeepsTheNewestEntry(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 22), hour: 1)
        let service = try await Fixtures.service(kind, clock: clock)
        let ada = try await player(service, "Ada")
        try await submit(service, ada, look: 0)
        try await submit(service, ada, look: -1)
        let ends = try await service.store.changeLog()
        #expect(ends.newest > 0 && ends.oldest < ends.newest)
        clock.advance(seconds: 3 * 3600)
        try await service.pruneChangeLog()
        #expect(try await service.store.changeLog() == ChangeLogEnds(newest: ends.newest, oldest: ends.newest))
    }
}

/// Every event the follower told, in order.
final class Events: Sendable {
    private let list = Mutex<[FollowerEvent]>([])
    var all: [FollowerEvent] { list.withLock { $0 } }
    @Sendable func add(_ event: FollowerEvent) { list.withLock { $0.append(event) } }
}

/// A real store behind a line the test can cut: while cut, every call fails as a lost database
/// does (`storage_unavailable`); otherwise each call goes through unchanged. Everything the store
/// reads and writes is written once on the executor, so it goes through `perform`, `read` and
/// `scan`; what is left is the store's own.
final class CutOffStore: LeaderboardStore {
    let store: any LeaderboardStore
    private let isCut = Mutex(false)

    init(_ store: any LeaderboardStore) { self.store = store }

    func cut(_ cut: Bool) { isCut.withLock { $0 = cut } }

    private func line() throws {
        if isCut.withLock({ $0 }) { throw LeaderboardError(.unavailable, .storageUnavailable, "the database is unreachable (cut by the test)") }
    }

    var label: String { "cut-off " + store.label }
    var dialect: StoreSQL.Dialect { store.dialect }
    func perform<Outcome: Sendable>(_ plan: StorePlan<Outcome>) async throws -> Outcome { try line(); return try await store.perform(plan) }
    func performGrouped<Outcome: Sendable>(_ plan: StorePlan<Outcome>) async throws -> Outcome {
        try line(); return try await store.performGrouped(plan)
    }
    func read(_ statement: StoreStatement) async throws -> [StoreRow] { try line(); return try await store.read(statement) }
    func scan<State: Sendable>(_ statement: StoreStatement, into state: State,
                               _ fold: @escaping @Sendable (inout State, StoreRow) throws -> Void) async throws -> State {
        try line(); return try await store.scan(statement, into: state, fold)
    }
    func migrate() async throws { try line(); try await store.migrate() }
    func ping() async throws { try line(); try await store.ping() }
    func writePeoplesChoice(_ records: [ScoreRecord], at: Int64) async throws { try line(); try await store.writePeoplesChoice(records, at: at) }
}

@Suite struct ChangeLogEndsTests {
    @Test func aReaderContinuesOnlyWhenNothingItHasNotReadIsGone() {
        #expect(ChangeLogEnds(newest: 0, oldest: 0).continues(from: 0))
        #expect(ChangeLogEnds(newest: 10, oldest: 1).continues(from: 4))
        #expect(ChangeLogEnds(newest: 10, oldest: 5).continues(from: 4))
        #expect(ChangeLogEnds(newest: 10, oldest: 10).continues(from: 10))
        #expect(!ChangeLogEnds(newest: 10, oldest: 6).continues(from: 4), "entry 5 was pruned unread")
        #expect(!ChangeLogEnds(newest: 10, oldest: 10).continues(from: 4), "only the newest was kept")
        #expect(!ChangeLogEnds(newest: 3, oldest: 1).continues(from: 8), "the log went backwards: a restored database")
    }
}

@Suite struct FollowerPassTests {
    @Test func concurrentCallersSharePassesThatNeverOverlap() async throws {
        let follower = ChangeFollower()
        final class Counts: Sendable { let value = Mutex<(running: Int, most: Int, passes: Int)>((0, 0, 0)) }
        let counts = Counts()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    try await follower.pass {
                        counts.value.withLock { $0.running += 1; $0.most = max($0.most, $0.running); $0.passes += 1 }
                        try await Task.sleep(for: .milliseconds(20))
                        counts.value.withLock { $0.running -= 1 }
                    }
                }
            }
            try await group.waitForAll()
        }
        let (_, most, passes) = counts.value.withLock { $0 }
        #expect(most == 1, "passes never overlap")
        #expect(passes >= 2 && passes <= 8, "callers that arrive during a pass share the next one: \(passes) passes for 16 callers")
        // A pass that fails fails for every caller that shared it, and the next caller starts afresh.
        struct Broken: Error {}
        await #expect(throws: Broken.self) { try await follower.pass { throw Broken() } }
        try await follower.pass {}
    }
}
