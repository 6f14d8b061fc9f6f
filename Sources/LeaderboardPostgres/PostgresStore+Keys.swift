// The PostgreSQL store's SSH keys (StoreSQL+Keys holds the rules). Adding a key holds the
// player's lock, so two servers adding keys for one player at once respect the cap.
import Leaderboard
import Logging
import PostgresNIO

extension PostgresStore {
    public func player(keyFingerprint: String) async throws -> PlayerRecord? {
        try await rows(.rule(StoreSQL.playerByKey(.postgres, columns: PostgresSchema.playerColumns), keyFingerprint),
                       as: PostgresSchema.PlayerRow.self).first.map(PostgresSchema.player)
    }

    public func keys(player: Int64) async throws -> [PlayerKey] {
        try await rows(.rule(StoreSQL.playerKeys(.postgres), player), as: (String, String, String, Int64).self).map {
            PlayerKey(fingerprint: $0.0, type: $0.1, label: $0.2, addedAt: $0.3)
        }
    }

    public func addKey(_ key: PlayerKey, player: Int64, limit: Int) async throws {
        try await perform(StoreRules(dialect).addKey(key, player: player, limit: limit))
    }

    public func removeKey(fingerprint: String, player: Int64) async throws -> Bool {
        try await !values(.rule(StoreSQL.removeKey(.postgres), fingerprint, player), as: String.self).isEmpty
    }
}
