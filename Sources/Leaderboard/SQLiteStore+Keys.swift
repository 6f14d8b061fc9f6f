// The SQLite store's SSH keys (StoreSQL+Keys holds the rules).
import GRDB

extension SQLiteStore {
    public func player(keyFingerprint: String) async throws -> PlayerRecord? {
        try await pool.read { db in
            try Row.fetchOne(db.cachedStatement(sql: StoreSQL.playerByKey(.sqlite, columns: SQLiteSchema.playerColumns)),
                             arguments: [keyFingerprint]).map(SQLiteSchema.player)
        }
    }

    public func keys(player: Int64) async throws -> [PlayerKey] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: StoreSQL.playerKeys(.sqlite), arguments: [player]).map {
                PlayerKey(fingerprint: $0[0], type: $0[1], label: $0[2], addedAt: $0[3])
            }
        }
    }

    public func addKey(_ key: PlayerKey, player: Int64, limit: Int) async throws {
        try await perform(StoreRules(dialect).addKey(key, player: player, limit: limit))
    }

    public func removeKey(fingerprint: String, player: Int64) async throws -> Bool {
        try await pool.write { db in
            try String.fetchOne(db, sql: StoreSQL.removeKey(.sqlite), arguments: [fingerprint, player]) != nil
        }
    }
}
