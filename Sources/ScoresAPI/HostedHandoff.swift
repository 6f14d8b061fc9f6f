// What plume-server hands a game it hosts over SSH, as JSON on the game's descriptor 3: this
// server's API on loopback and its public address, the pass that signs the player in (sealed,
// expiring, never written to a file), who the player is, and the keys' fingerprints. Written
// by HostedGames, read by `plume hosted`.

public struct HostedHandoff: Codable, Sendable, Equatable {
    /// Where the game reaches the API (loopback).
    public var api: String
    /// The server's address as players see it (links to its pages).
    public var web: String?
    public var pass: String
    /// The key's player; nil while the key belongs to no one (the game asks for a name).
    public var playerID: String?
    public var name: String?
    /// The SSH user name when it would make a valid name, for the Register dialog.
    public var suggestedName: String?
    public var keyFingerprint: String
    public var hostFingerprint: String
    /// True when this connection made the player.
    public var created: Bool
    /// The SSH user name, when the key's player has another name: not used, and the game says so.
    public var ignoredName: String?
    /// How the player plays, as they last told the server (only what they said): the game starts
    /// with it where the SSH client's variables say nothing.
    public var settings: PlayerSettings?

    public init(api: String, web: String?, pass: String, playerID: String?, name: String?, suggestedName: String?,
                keyFingerprint: String, hostFingerprint: String, created: Bool, ignoredName: String? = nil, settings: PlayerSettings? = nil) {
        (self.ignoredName, self.settings) = (ignoredName, settings)
        (self.api, self.web, self.pass, self.playerID, self.name) = (api, web, pass, playerID, name)
        (self.suggestedName, self.keyFingerprint, self.hostFingerprint, self.created) = (suggestedName, keyFingerprint, hostFingerprint, created)
    }

    enum CodingKeys: String, CodingKey {
        case api, web, pass, playerID = "player_id", name, suggestedName = "suggested_name", keyFingerprint = "key_fingerprint"
        case hostFingerprint = "host_fingerprint", created, ignoredName = "ignored_name", settings
    }
}
