// The PostgreSQL store: records (a player's best per board), the rank order, points and causes.
import Foundation
import Leaderboard
import Logging
import PostgresNIO

extension PostgresStore {
    public func submit(_ record: ScoreRecord) async throws -> SubmitOutcome {
        try await perform(StoreRules(dialect).submit(record))
    }

    public func record(board: String, player: Int64) async throws -> ScoreRecord? {
        try await rows("SELECT \(unescaped: PostgresSchema.recordColumns) FROM records r WHERE r.board = \(board) AND r.player = \(player)",
                       as: PostgresSchema.RecordRow.self).first.map(PostgresSchema.record)
    }

    public func records(board: String, players: [Int64]) async throws -> [Int64: RecordWithPlayer] {
        guard !players.isEmpty else { return [:] }
        let found = try await rows("""
            SELECT \(unescaped: PostgresSchema.recordColumns), p.public_id, p.name, p.avatar_code FROM records r JOIN players p ON p.id = r.player
            WHERE r.board = \(board) AND r.player = ANY(\(players))
            """, as: (String, Int64, Int64, Double, String, Int64, Bool, String, String?, String?).self)
        var out: [Int64: RecordWithPlayer] = [:]
        for row in found {
            let record = PostgresSchema.record((row.0, row.1, row.2, row.3, row.4, row.5, row.6))
            out[record.player] = RecordWithPlayer(record: record, publicID: row.7, name: row.8, avatarCode: row.9)
        }
        return out
    }

    public func bests(player: Int64) async throws -> [ScoreRecord] {
        try await rows(.rule(StoreSQL.bests(.postgres, columns: PostgresSchema.recordColumns), player), as: PostgresSchema.RecordRow.self).map(PostgresSchema.record)
    }

    public func setHidden(board: String, player: Int64, _ hidden: Bool, at: Int64) async throws -> Bool {
        let logger = logger
        return try await transaction { c in
            try await Self.lock(c, player: player, logger)
            let changed = try await Self.values(c, """
                UPDATE records SET hidden = \(hidden) WHERE board = \(board) AND player = \(player) RETURNING player
                """, logger, as: Int64.self)
            guard !changed.isEmpty else { return false }
            try await Self.logChanges(c, boards: [board], player: player, at: at, logger)
            return true
        }
    }

    public func rankedKeys() async throws -> [String: [RankKey]] {
        let logger = logger
        return try await run { c in
            var out: [String: [RankKey]] = [:]
            var board = "", keys: [RankKey] = []
            let rows = try await c.query(.rule(StoreSQL.rankedKeys(.postgres)), logger: logger)
            for try await (rowBoard, score, detail, at, player) in rows.decode((String, Int64, Double, Int64, Int64).self) {
                if rowBoard != board {
                    if !keys.isEmpty { out[board] = keys }
                    board = rowBoard
                    keys = []
                }
                keys.append(RankKey(score: score, detail: detail, at: at, player: player))
            }
            if !keys.isEmpty { out[board] = keys }
            return out
        }
    }

    public func orderedKeys(board: String) async throws -> [RankKey] {
        try await rows(.rule(StoreSQL.orderedKeys(.postgres), board), as: (Int64, Double, Int64, Int64).self).map { RankKey(score: $0.0, detail: $0.1, at: $0.2, player: $0.3) }
    }

    // MARK: Points and causes

    public func points(player: Int64) async throws -> (earned: Int64, given: Int64) {
        let logger = logger
        let both = try await run { c in try await Self.points(c, player: player, logger) }
        return (both.0, both.1)
    }

    private static func points(_ c: PostgresConnection, player: Int64, _ logger: Logger) async throws -> (Int64, Int64) {
        let earned = try await values(c, .rule(StoreSQL.pointsEarned(.postgres), player, Board.contributors.id), logger, as: Int64.self).first ?? 0
        let given = try await values(c, .rule(StoreSQL.pointsGiven(.postgres), player), logger, as: Int64.self).first ?? 0
        return (earned, given)
    }

    public func donate(player: Int64, cause: String, points: Int64, at: Int64) async throws -> DonationOutcome {
        try await perform(StoreRules(dialect).donate(player: player, cause: cause, points: points, at: at))
    }

    public func causeTotals() async throws -> [CauseTotal] {
        try await rows(.rule(StoreSQL.causeTotals), as: (String, Int64, Int64).self).map { CauseTotal(cause: $0.0, points: $0.1, donors: $0.2) }
    }
}
