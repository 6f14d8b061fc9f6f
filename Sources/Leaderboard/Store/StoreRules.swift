// The leaderboard's write rules, written once for both stores as plans (StoreExecutor): keeping
// the best record (and with a style record, the player's days; with a day's look or Lab swarm, the
// week's points), donating, registering a unique name, and erasing. Each store runs a plan inside
// one transaction; the statements are BoardsSQL's and PlayersSQL's (and DaysSQL's, WeekSQL's). A
// feature's own rules extend StoreRules in its folder (a profile's changes, Runway's entries,
// votes and deals, Hosting's keys, the week's points).
import ScoresAPI

public struct StoreRules: Sendable {
    let d: StoreSQL.Dialect

    public init(_ dialect: StoreSQL.Dialect) { d = dialect }

    /// A result replaces the player's best only when it beats it (RankKey's order); the change is
    /// logged, and whether the record was hidden stays as it was.
    public func submit(_ record: ScoreRecord) -> StorePlan<SubmitOutcome> {
        .lock(record.player) {
            // A day's look or Lab swarm counts toward the week (`countWeek`) before the best is kept.
            guard BoardID(record.board).kind == .swarm else { return try countWeek(record) { keepBest(record) } }
            // A swarm is its player's own: a code another player holds on any swarm board (a
            // classic challenge's or a Lab brief's) is a copy.
            return .step(.lockCode(record.code)) { _ in
                .run(StoreStatement(StoreSQL.swarmCodeHeldByOther(d), record.code, record.player)) { rows in
                    guard rows.isEmpty else { throw LeaderboardError.codeTaken }
                    return try countWeek(record) { keepBest(record) }
                }
            }
        }
    }

    private func keepBest(_ record: ScoreRecord) -> StorePlan<SubmitOutcome> {
        .run(StoreStatement(StoreSQL.bestOf(d), record.board, record.player)) { rows in
            let previous = try rows.first.map(Self.record)
            if let previous, !previous.key.isBeaten(byScore: record.score, detail: record.detail) {
                return .done(SubmitOutcome(previous: previous, best: previous, improved: false))
            }
            let best = ScoreRecord(board: record.board, player: record.player, score: record.score, detail: record.detail,
                                   code: record.code, at: record.at, hidden: previous?.hidden ?? false)
            return .run(StoreStatement(StoreSQL.keepBest(d), record.board, record.player, record.score, record.detail, record.code, record.at)) { _ in
                .log([record.board], player: record.player, at: record.at) {
                    try countDay(record, previous: previous) { .done(SubmitOutcome(previous: previous, best: best, improved: true)) }
                }
            }
        }
    }

    /// A style record keeps the player's days: a first record on a day counts the day (and the
    /// streak, with news at a milestone); a better one moves the day's score between bands.
    private func countDay<Outcome>(_ record: ScoreRecord, previous: ScoreRecord?,
                                   _ then: @escaping @Sendable () throws -> StorePlan<Outcome>) throws -> StorePlan<Outcome> {
        guard case .style(let day) = BoardID(record.board) else { return try then() }
        let band = ScoreBands.band(of: record.score)
        if let previous {
            let old = ScoreBands.band(of: previous.score)
            guard old != band else { return try then() }
            return .run(StoreStatement(StoreSQL.countBand(d), record.player, old, -1)) { _ in
                .run(StoreStatement(StoreSQL.countBand(d), record.player, band, 1)) { _ in try then() }
            }
        }
        return .run(StoreStatement(StoreSQL.playedDay(d), record.player, day)) { rows in
            let streak = try rows.first.map { try $0.int("streak") }
            return .run(StoreStatement(StoreSQL.countBand(d), record.player, band, 1)) { _ in
                guard let streak else { return try then() }
                // The streak's banner tiers, then its milestone's news.
                return try BannerRules(d).award(record.player, .streak, reached: streak, at: record.at) {
                    guard News.isMilestone(streak) else { return try then() }
                    return .run(News.streakReached(player: record.player, day: day, streak: streak).statement(d, at: record.at)) { _ in try then() }
                }
            }
        }
    }

    /// Points move only when the player has them to give; the contributors record becomes the
    /// player's total given.
    public func donate(player: Int64, cause: String, points: Int64, at: Int64) -> StorePlan<DonationOutcome> {
        let contributors = Board.contributors.id
        return .lock(player) {
            .run(StoreStatement(StoreSQL.points(d), player, contributors)) { rows in
                let earned = try rows.first?.integer("earned") ?? 0, given = try rows.first?.integer("given") ?? 0
                guard points <= earned - given else { throw LeaderboardError.notEnoughPoints(available: earned - given) }
                return .run(StoreStatement(StoreSQL.addDonation(d), player, cause, points, at)) { _ in
                    .run(StoreStatement(StoreSQL.setContribution(d), contributors, player, given + points, at)) { _ in
                        .log([contributors], player: player, at: at) {
                            .run(StoreStatement(StoreSQL.causeTotal(d), cause)) { total in
                                .done(DonationOutcome(given: given + points, available: earned - given - points,
                                                      causeTotal: try total.first?.integer("total") ?? 0))
                            }
                        }
                    }
                }
            }
        }
    }

    /// Names are unique ignoring case: the insert does nothing when the name is taken. A player
    /// made with an SSH key gets it in the same transaction, so a key never starts two players.
    public func register(_ new: NewPlayer) -> StorePlan<PlayerRecord> {
        .run(StoreStatement(StoreSQL.addPlayer(d), new.publicID, new.name, new.nameKey, new.email, new.updatesOptIn, new.avatarCode,
                            new.tokenHash, new.createdAt)) { rows in
            guard let number = try rows.first?.integer("id") else { throw LeaderboardError.nameTaken }
            let player = PlayerRecord(number: number, publicID: new.publicID, name: new.name, email: new.email, updatesOptIn: new.updatesOptIn,
                                      avatarCode: new.avatarCode, createdAt: new.createdAt, banned: false)
            guard let key = new.key else { return .done(player) }
            return giveKey(key, to: number) { .done(player) }
        }
    }

    /// `Erasure.steps` in order; the boards whose records went, and the player's own line, are
    /// logged as changes.
    public func erase(_ player: Int64, at: Int64) -> StorePlan<Void> {
        .lock(player) { erasing(from: 0, player, at: at, boards: []) }
    }

    private func erasing(from index: Int, _ player: Int64, at: Int64, boards: [String]) -> StorePlan<Void> {
        guard index < Erasure.steps.count else { return .log(boards + [""], player: player, at: at) { .done(()) } }
        let step = Erasure.steps[index]
        let statement = step.keepingBoard.map { StoreStatement(step.sql(d), player, $0) } ?? StoreStatement(step.sql(d), player)
        return .run(statement) { rows in
            erasing(from: index + 1, player, at: at, boards: step.returnsBoards ? boards + (try rows.map { try $0.text("board") }) : boards)
        }
    }

    /// A row of `StoreSQL.recordColumns`.
    static func record(_ row: StoreRow) throws -> ScoreRecord {
        ScoreRecord(board: try row.text("board"), player: try row.integer("player"), score: try row.integer("score"), detail: try row.real("detail"),
                    code: try row.text("code"), at: try row.integer("at"), hidden: try row.flag("hidden"))
    }
}
