// The boards' records, the change log and points, read and written once for both stores through
// their executor (BoardsSQL holds the SQL; rows are read by column name). Every write that moves
// a record appends to the change log in its transaction; each process applies the log to its rank
// index, so indexes in different processes stay exact. The write rules themselves (keeping the
// best, donating) are StoreRules'.

extension StoreExecutor {
    /// Keeps the better of the stored best and this result.
    public func submit(_ record: ScoreRecord) async throws -> SubmitOutcome {
        try await perform(StoreRules(dialect).submit(record))
    }

    public func record(board: String, player: Int64) async throws -> ScoreRecord? {
        try await read(StoreStatement(StoreSQL.bestOf(dialect), board, player)).first.map(StoreRules.record)
    }

    /// The records of `players` on a board with their players' public faces, by player: a page's
    /// rows. Read `LeaderboardLimits.playersPerRead` players at a time (one bound value each).
    public func records(board: String, players: [Int64]) async throws -> [Int64: RecordWithPlayer] {
        var out: [Int64: RecordWithPlayer] = [:]
        out.reserveCapacity(players.count)
        var start = 0
        while start < players.count {
            let group = players[start..<min(players.count, start + LeaderboardLimits.playersPerRead)]
            var statement = StoreStatement(StoreSQL.recordsWithFaces(dialect, count: group.count), board)
            statement.binds += group.map(\.storeValue)
            for row in try await read(statement) {
                let record = try StoreRules.record(row)
                out[record.player] = RecordWithPlayer(record: record, publicID: try row.text("public_id"), name: try row.optionalText("name"),
                                                      avatarCode: try row.optionalText("avatar_code"))
            }
            start += group.count
        }
        return out
    }

    /// A player's visible bests on every board.
    public func bests(player: Int64) async throws -> [ScoreRecord] {
        try await read(StoreStatement(StoreSQL.bests(dialect), player)).map(StoreRules.record)
    }

    /// Hides or shows a record; false when the player has none on that board.
    public func setHidden(board: String, player: Int64, _ hidden: Bool, at: Int64) async throws -> Bool {
        let d = dialect
        return try await perform(.lock(player) {
            .run(StoreStatement(StoreSQL.hideRecord(d), hidden, board, player)) { rows in
                guard !rows.isEmpty else { return .done(false) }
                return .log([board], player: player, at: at) { .done(true) }
            }
        })
    }

    /// Every visible record's key, by board, in rank order (the index rebuild): folded as the rows
    /// come, a million of them never held at once.
    public func rankedKeys() async throws -> [String: [RankKey]] {
        let records = try await scan(StoreStatement(StoreSQL.rankedKeys(dialect)), into: RankedKeys()) { keys, row in
            keys.append(RankKey(score: try row.integer("score"), detail: try row.real("detail"), at: try row.integer("at"),
                                player: try row.integer("player")), on: try row.text("board"))
        }
        // The crews' boards: their rows are crews (a crew's number is the index's player).
        return try await rankedCrewKeys(into: records).boards
    }

    /// The store's ordering of one board, for tests that check the index against it.
    public func orderedKeys(board: String) async throws -> [RankKey] {
        try await read(StoreStatement(StoreSQL.orderedKeys(dialect), board)).map { row in
            RankKey(score: try row.integer("score"), detail: try row.real("detail"), at: try row.integer("at"), player: try row.integer("player"))
        }
    }

    /// The newest and oldest ids the change log keeps: a reader whose last id is older than
    /// `oldest - 1` has missed pruned entries.
    public func changeLog() async throws -> ChangeLogEnds {
        let row = try await read(StoreStatement(StoreSQL.changeLogEnds)).first
        return ChangeLogEnds(newest: try row?.integer("newest") ?? 0, oldest: try row?.integer("oldest") ?? 0)
    }

    public func changes(after id: Int64, limit: Int) async throws -> [IndexChange] {
        try await read(StoreStatement(StoreSQL.changes(dialect), id, limit)).map { row in
            let player = try row.integer("player")
            var key: RankKey?
            // Null when the record is gone (or its player); false when it is hidden or banned.
            if try !row.isNull("visible"), try row.flag("visible") {
                key = RankKey(score: try row.integer("score"), detail: try row.real("detail"), at: try row.integer("at"), player: player)
            }
            return IndexChange(id: try row.integer("id"), board: try row.text("board"), player: player, key: key)
        }
    }

    public func pruneChanges(before: Int64) async throws {
        try await perform(StorePlan.each([StoreStatement(StoreSQL.pruneChanges(dialect), before)]))
    }

    /// (earned, given): earned sums the player's visible bests on every board but contributors
    /// (and the people's boards) and the points their runway votes earned.
    public func points(player: Int64) async throws -> (earned: Int64, given: Int64) {
        let row = try await read(StoreStatement(StoreSQL.points(dialect), player, Board.contributors.id)).first
        return (try row?.integer("earned") ?? 0, try row?.integer("given") ?? 0)
    }

    /// Moves points to a cause if the player has them; throws `not_enough_points` otherwise.
    public func donate(player: Int64, cause: String, points: Int64, at: Int64) async throws -> DonationOutcome {
        try await perform(StoreRules(dialect).donate(player: player, cause: cause, points: points, at: at))
    }

    public func causeTotals() async throws -> [CauseTotal] {
        try await read(StoreStatement(StoreSQL.causeTotals)).map { row in
            CauseTotal(cause: try row.text("cause"), points: try row.integer("points"), donors: try row.integer("donors"))
        }
    }
}

/// The rank index's rebuild as it reads: the keys of the board being read, and the boards before it.
struct RankedKeys: Sendable {
    private var done: [String: [RankKey]] = [:]
    private var board = ""
    private var keys: [RankKey] = []

    /// Rows come by board, each board's in rank order.
    mutating func append(_ key: RankKey, on board: String) {
        if board != self.board {
            if !keys.isEmpty { done[self.board] = keys }
            self.board = board
            keys = []
        }
        keys.append(key)
    }

    var boards: [String: [RankKey]] {
        var all = done
        if !keys.isEmpty { all[board] = keys }
        return all
    }
}
