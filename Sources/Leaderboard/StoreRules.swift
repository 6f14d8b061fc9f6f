// The leaderboard's write rules, written once for both stores as plans (StoreExecutor): keeping
// the best record, donating, registering a unique name, adding a key under the cap, and erasing.
// Each store runs a plan inside one transaction; the statements are StoreSQL's.

public struct StoreRules: Sendable {
    let d: StoreSQL.Dialect

    public init(_ dialect: StoreSQL.Dialect) { d = dialect }

    /// A result replaces the player's best only when it beats it (RankKey's order); the change is
    /// logged, and whether the record was hidden stays as it was.
    public func submit(_ record: ScoreRecord) -> StorePlan<SubmitOutcome> {
        .lock(record.player) {
            .run(StoreStatement(StoreSQL.bestOf(d), record.board, record.player)) { rows in
                let previous = try rows.first.map(Self.record)
                if let previous, !previous.key.isBeaten(byScore: record.score, detail: record.detail) {
                    return .done(SubmitOutcome(previous: previous, best: previous, improved: false))
                }
                let best = ScoreRecord(board: record.board, player: record.player, score: record.score, detail: record.detail,
                                       code: record.code, at: record.at, hidden: previous?.hidden ?? false)
                return .run(StoreStatement(StoreSQL.keepBest(d), record.board, record.player, record.score, record.detail, record.code, record.at)) { _ in
                    .log([record.board], player: record.player, at: record.at) { .done(SubmitOutcome(previous: previous, best: best, improved: true)) }
                }
            }
        }
    }

    /// Points move only when the player has them to give; the contributors record becomes the
    /// player's total given.
    public func donate(player: Int64, cause: String, points: Int64, at: Int64) -> StorePlan<DonationOutcome> {
        let contributors = Board.contributors.id
        return .lock(player) {
            .run(StoreStatement(StoreSQL.pointsEarned(d), player, contributors)) { earnedRows in
                .run(StoreStatement(StoreSQL.pointsGiven(d), player)) { givenRows in
                    let earned = try earnedRows.first?.integer(0) ?? 0, given = try givenRows.first?.integer(0) ?? 0
                    guard points <= earned - given else { throw LeaderboardError.notEnoughPoints(available: earned - given) }
                    return .run(StoreStatement(StoreSQL.addDonation(d), player, cause, points, at)) { _ in
                        .run(StoreStatement(StoreSQL.setContribution(d), contributors, player, given + points, at)) { _ in
                            .log([contributors], player: player, at: at) {
                                .run(StoreStatement(StoreSQL.causeTotal(d), cause)) { total in
                                    .done(DonationOutcome(given: given + points, available: earned - given - points,
                                                          causeTotal: try total.first?.integer(0) ?? 0))
                                }
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
            guard let number = try rows.first?.integer(0) else { throw LeaderboardError.nameTaken }
            let player = PlayerRecord(number: number, publicID: new.publicID, name: new.name, email: new.email, updatesOptIn: new.updatesOptIn,
                                      avatarCode: new.avatarCode, createdAt: new.createdAt, banned: false)
            guard let key = new.key else { return .done(player) }
            return giveKey(key, to: number) { .done(player) }
        }
    }

    /// A player holds at most `limit` keys, and a key belongs to one player.
    public func addKey(_ key: PlayerKey, player: Int64, limit: Int) -> StorePlan<Void> {
        .lock(player) {
            .run(StoreStatement(StoreSQL.keyCount(d), player)) { rows in
                guard try rows.first?.integer(0) ?? 0 < Int64(limit) else { throw LeaderboardError.tooManyKeys(limit) }
                return giveKey(key, to: player) { .done(()) }
            }
        }
    }

    private func giveKey<Outcome>(_ key: PlayerKey, to player: Int64, _ then: @escaping @Sendable () throws -> StorePlan<Outcome>) -> StorePlan<Outcome> {
        .run(StoreStatement(StoreSQL.addKey(d), key.fingerprint, player, key.type, key.label, key.addedAt)) { rows in
            guard !rows.isEmpty else { throw LeaderboardError.keyTaken }
            return try then()
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
            erasing(from: index + 1, player, at: at, boards: step.returnsBoards ? boards + (try rows.map { try $0.text(0) }) : boards)
        }
    }

    /// A row of `bestOf`.
    static func record(_ row: StoreRow) throws -> ScoreRecord {
        ScoreRecord(board: try row.text(0), player: try row.integer(1), score: try row.integer(2), detail: try row.real(3),
                    code: try row.text(4), at: try row.integer(5), hidden: try row.flag(6))
    }
}
