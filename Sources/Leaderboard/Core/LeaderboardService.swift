// The leaderboard service: one object that the server's routes, the game's offline board and
// the admin commands all call. It owns the rank index and keeps it exact by following the
// store's change log; everything it returns is a wire type, ready to encode.
import Crypto
import Challenges
import Foundation
import PlumeCalendar
import GameState
import Synchronization
import ScoresAPI

public final class LeaderboardService: Sendable {
    public let store: any LeaderboardStore
    public let catalog: Catalog
    public let book: ChallengeBook
    public let causes: [Cause]
    public let verifier: Verifier
    public let index = RankIndex()
    /// Milliseconds since 1970; tests move it to open and close boards.
    let clock: @Sendable () -> Int64
    let pages = PageCache()
    let follower = ChangeFollower()
    let followerState = FollowerState()
    let runway = RunwayDesk()
    /// Closing passes (news of closed days and runways) run one at a time.
    let closer = ChangeFollower()
    /// The key hosted games' passes are sealed with (one per database), once read.
    let passKey = Mutex<SymmetricKey?>(nil)
    /// How long change-log entries are kept for other processes to read.
    let changeLogRetentionSeconds: Int
    let readiness = Mutex<(ready: Bool, loadSeconds: Double?)>((false, nil))
    /// The latest league week known to be closed (a close is never undone): later asks read no row.
    let closedWeek = Mutex<Int>(Int.min)

    public init(store: any LeaderboardStore, catalog: Catalog, book: ChallengeBook, causes: [Cause],
                simulationSlots: Int = 2, verificationQueue: Int = LeaderboardLimits.verificationQueue,
                changeLogRetentionSeconds: Int = LeaderboardLimits.changeLogRetentionSeconds,
                clock: @escaping @Sendable () -> Int64 = { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }) {
        self.store = store
        self.catalog = catalog
        self.book = book
        self.causes = causes
        self.clock = clock
        self.changeLogRetentionSeconds = changeLogRetentionSeconds
        verifier = Verifier(catalog: catalog, book: book, simulationSlots: simulationSlots, queueLimit: verificationQueue)
    }

    public var now: Int64 { clock() }

    /// Whether the rank index has been built (reads before then are refused with "starting").
    public var isReady: Bool { readiness.withLock { $0.ready } }

    /// Seconds the last index build took.
    public var indexLoadSeconds: Double? { readiness.withLock { $0.loadSeconds } }

    /// Builds the rank index from the store, then applies whatever changed meanwhile.
    public func loadIndex() async throws {
        try await rebuildIndex()
        readiness.withLock { $0 = (true, followerState.status.withLock { $0.loadSeconds }) }
    }

    func requireReady() throws(LeaderboardError) {
        guard isReady else { throw .starting }
    }

    // MARK: Boards

    public func board(_ id: String) throws(LeaderboardError) -> Board {
        guard let board = Board.parse(id, book: book, now: now / 1000) else { throw .noSuchBoard(id) }
        return board
    }

    /// The boards open now; with `earlier`, every board a game lists (`Board.listed`: earlier
    /// days' style and people's boards too).
    public func boards(earlier: Bool = false) -> BoardList {
        BoardList(boards: (earlier ? Board.listed(book: book, now: now / 1000) : Board.current(book: book, now: now / 1000)).map(info))
    }

    public func info(_ board: Board) -> BoardInfo {
        let records = index.existing(board.id)?.count ?? 0
        let interval = board.openInterval
        let open = board.isOpen(at: now / 1000)
        let opens = interval.map { Timestamp.iso(milliseconds: $0.lowerBound * 1000) }
        let closes = interval.map { Timestamp.iso(milliseconds: $0.upperBound * 1000) }
        // A day board of an earlier day is titled with its date; today's by its theme alone.
        let today = UTCDay.containing(seconds: now / 1000)
        let dated = { (day: Int) in day < today ? " — " + UTCDay.string(day) : "" }
        switch board.kind {
        case .style(let day):
            let theme = book.theme(forDay: day)
            return BoardInfo(id: board.id, kind: .style, period: .day, title: "Style: \(theme.name)" + dated(day), brief: theme.brief,
                             open: open, opensAt: opens, closesAt: closes, records: records)
        case .swarm(let id, let week, let season):
            let challenge = book.swarmChallenge(id: id)
            let name = (challenge?.name ?? id) + " — season \(season)"
            let rules = season == 1 ? " Season 1 scored one run's last frame."
                : " Scored over \(SwarmRules.seeds) runs of this board's own seeds, each read over its last \(SwarmRules.window) of \(SwarmRules.steps) steps; at least \(SwarmRules.minimumAgents) agents."
            return BoardInfo(id: board.id, kind: .swarm, period: week == nil ? .allTime : .week,
                             title: week.map { "\(name), week \($0.week), \($0.year)" } ?? name, brief: (challenge?.brief ?? "") + rules,
                             open: open, opensAt: opens, closesAt: closes, records: records, season: season)
        case .lab(let day):
            let brief = book.labBrief(forDay: day)
            let goals = brief.goals.map(\.words).joined(separator: " and ")
            return BoardInfo(id: board.id, kind: .swarm, period: .day, title: "Lab: \(brief.name)" + dated(day),
                             brief: brief.words + " Goals: \(goals); a run scores 1000 × the geometric mean of the two. Ties go to fewer ingredients, then fewer agents.",
                             open: open, opensAt: opens, closesAt: closes, records: records)
        case .people(let day):
            let theme = book.theme(forDay: day)
            return BoardInfo(id: board.id, kind: .people, period: .day, title: "People's choice: \(theme.name)" + dated(day),
                             brief: "Looks from the runway of \(UTCDay.string(day)), ranked by players' votes.",
                             open: open, opensAt: opens, closesAt: closes, records: records)
        case .swarmShow(let day):
            let brief = book.labBrief(forDay: day)
            return BoardInfo(id: board.id, kind: .people, period: .day, title: "Swarm show: \(brief.name)" + dated(day),
                             brief: "Swarms from the swarm show of \(UTCDay.string(day)) (the day's Lab brief), ranked by players' votes.",
                             open: open, opensAt: opens, closesAt: closes, records: records)
        case .crews(let week):
            return BoardInfo(id: board.id, kind: .crew, period: .week, title: "Crews, week \(week.week), \(week.year)",
                             brief: "Each crew's score is the sum of its best \(CrewRules.counted) members' week points in \(week).",
                             open: open, opensAt: opens, closesAt: closes, records: records)
        case .contributors:
            return BoardInfo(id: board.id, kind: .contributors, period: .allTime, title: "Highest contributors",
                             brief: "Points players have given to causes.", open: true, opensAt: nil, closesAt: nil, records: records)
        }
    }
}
