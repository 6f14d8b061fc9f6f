// The rules for players' SSH keys that live in SQL, written once for both stores (see StoreSQL):
// a fingerprint belongs to one player (its primary key); erasing a player deletes their keys, so
// the key is free to start a new player.

extension StoreSQL {
    /// The player holding a key. 1: fingerprint.
    public static func playerByKey(_ d: Dialect, columns: String) -> String {
        "SELECT \(columns) FROM players p JOIN player_keys k ON k.player = p.id WHERE k.fingerprint = \(d.parameter(1))"
    }

    /// A player's keys, oldest first. 1: player.
    public static func playerKeys(_ d: Dialect) -> String {
        "SELECT fingerprint, key_type, label, added_at FROM player_keys WHERE player = \(d.parameter(1)) ORDER BY added_at, fingerprint"
    }

    /// `key_count`: how many keys a player holds. 1: player.
    public static func keyCount(_ d: Dialect) -> String {
        "SELECT CAST(COUNT(*) AS BIGINT) AS key_count FROM player_keys WHERE player = \(d.parameter(1))"
    }

    /// Adds a key unless it belongs to someone already; returns its fingerprint when added.
    /// 1: fingerprint, 2: player, 3: type, 4: label, 5: added at.
    public static func addKey(_ d: Dialect) -> String {
        """
        INSERT INTO player_keys (fingerprint, player, key_type, label, added_at)
        VALUES (\(d.parameter(1)), \(d.parameter(2)), \(d.parameter(3)), \(d.parameter(4)), \(d.parameter(5)))
        ON CONFLICT (fingerprint) DO NOTHING RETURNING fingerprint
        """
    }

    /// Removes one of a player's keys; returns its fingerprint when removed. 1: fingerprint, 2: player.
    public static func removeKey(_ d: Dialect) -> String {
        "DELETE FROM player_keys WHERE fingerprint = \(d.parameter(1)) AND player = \(d.parameter(2)) RETURNING fingerprint"
    }

    /// Part of erasure: the player's keys. 1: player.
    public static func eraseKeys(_ d: Dialect) -> String {
        "DELETE FROM player_keys WHERE player = \(d.parameter(1))"
    }
}
