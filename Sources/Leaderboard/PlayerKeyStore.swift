// SSH keys that sign a player in to the games this server hosts (`plume-server --ssh-port`).
// A key belongs to one player at most; a player may hold several (`LeaderboardLimits.keysPerPlayer`).
// The key itself is never kept, only its fingerprint (OpenSSH's SHA256 form) and type: a key
// proves itself to the SSH server, which looks the player up by fingerprint.

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

public protocol PlayerKeyStore: Sendable {
    /// The player a key belongs to.
    func player(keyFingerprint: String) async throws -> PlayerRecord?
    /// A player's keys, oldest first.
    func keys(player: Int64) async throws -> [PlayerKey]
    /// Gives `key` to `player`; throws `key_taken` when the key already belongs to a player, and
    /// `too_many_keys` when the player holds `limit` already.
    func addKey(_ key: PlayerKey, player: Int64, limit: Int) async throws
    /// Takes a key from its player; false when the player holds no such key.
    func removeKey(fingerprint: String, player: Int64) async throws -> Bool
}
