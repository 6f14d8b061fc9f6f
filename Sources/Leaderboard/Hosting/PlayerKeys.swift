// SSH keys that sign a player in to the games this server hosts (`plume-server --ssh-port`).
// A key belongs to one player at most; a player may hold several (`LeaderboardLimits.keysPerPlayer`).
// The key itself is never kept, only its fingerprint (OpenSSH's SHA256 form) and type: a key
// proves itself to the SSH server, which looks the player up by fingerprint. Read and written once
// for both stores through their executor (KeysSQL holds the SQL).

public struct PlayerKey: Hashable, Sendable {
    /// "SHA256:" and the unpadded base64 of the SHA-256 of the key's wire form, as `ssh-keygen -l` prints.
    public var fingerprint: String
    /// "ssh-ed25519", "ecdsa-sha2-nistp256", …
    public var type: String
    /// The key's comment when it was added by hand (plain text, at most 64 characters), else "".
    public var label: String
    /// Milliseconds since 1970.
    public var addedAt: Int64

    public init(fingerprint: String, type: String, label: String, addedAt: Int64) {
        (self.fingerprint, self.type, self.label, self.addedAt) = (fingerprint, type, label, addedAt)
    }
}

extension StoreExecutor {
    /// The player a key belongs to.
    public func player(keyFingerprint: String) async throws -> PlayerRecord? {
        try await read(StoreStatement(StoreSQL.playerByKey(dialect, columns: StoreSQL.playerColumns), keyFingerprint)).first.map(PlayerRecord.init(row:))
    }

    /// A player's keys, oldest first.
    public func keys(player: Int64) async throws -> [PlayerKey] {
        try await read(StoreStatement(StoreSQL.playerKeys(dialect), player)).map { row in
            PlayerKey(fingerprint: try row.text("fingerprint"), type: try row.text("key_type"), label: try row.text("label"),
                      addedAt: try row.integer("added_at"))
        }
    }

    /// Gives `key` to `player`; throws `key_taken` when the key already belongs to a player, and
    /// `too_many_keys` when the player holds `limit` already (the count and the insert are one
    /// transaction under the player's lock, so two servers adding keys at once respect the cap).
    public func addKey(_ key: PlayerKey, player: Int64, limit: Int) async throws {
        try await perform(StoreRules(dialect).addKey(key, player: player, limit: limit))
    }

    /// Takes a key from its player; false when the player holds no such key.
    public func removeKey(fingerprint: String, player: Int64) async throws -> Bool {
        try await perform(.run(StoreStatement(StoreSQL.removeKey(dialect), fingerprint, player)) { rows in .done(!rows.isEmpty) })
    }
}

extension StoreRules {
    /// A player holds at most `limit` keys, and a key belongs to one player.
    public func addKey(_ key: PlayerKey, player: Int64, limit: Int) -> StorePlan<Void> {
        .lock(player) {
            .run(StoreStatement(StoreSQL.keyCount(d), player)) { rows in
                guard try rows.first?.integer("key_count") ?? 0 < Int64(limit) else { throw LeaderboardError.tooManyKeys(limit) }
                return giveKey(key, to: player) { .done(()) }
            }
        }
    }

    /// Shared with registration: a player made with a key gets it in the same transaction.
    func giveKey<Outcome>(_ key: PlayerKey, to player: Int64, _ then: @escaping @Sendable () throws -> StorePlan<Outcome>) -> StorePlan<Outcome> {
        .run(StoreStatement(StoreSQL.addKey(d), key.fingerprint, player, key.type, key.label, key.addedAt)) { rows in
            guard !rows.isEmpty else { throw LeaderboardError.keyTaken }
            return try then()
        }
    }
}
