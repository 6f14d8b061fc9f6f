// TEMPORARY (removed when the bench target lands).
import GRDB

extension SQLiteStore {
    public func seedForBenchmark(board: String, count: Int, _ make: @Sendable (Int) -> (NewPlayer, ScoreRecord)) async throws {
        try await pool.write { db in
            let insertPlayer = try db.makeStatement(sql: """
                INSERT INTO players (public_id, name, name_key, email, updates_opt_in, avatar_code, token_hash, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let insertRecord = try db.makeStatement(sql: "INSERT INTO records (board, player, score, detail, code, at, hidden) VALUES (?, ?, ?, ?, ?, ?, 0)")
            for i in 0..<count {
                let (new, record) = make(i)
                try insertPlayer.execute(arguments: [new.publicID, new.name, new.nameKey, new.email, new.updatesOptIn, new.avatarCode,
                                                     new.tokenHash, new.createdAt])
                try insertRecord.execute(arguments: [board, db.lastInsertedRowID, record.score, record.detail, record.code, record.at])
            }
        }
        _ = try await pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }
}
