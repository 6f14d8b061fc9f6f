// Players of the games this server hosts over SSH: a key is its player. The SSH server signs a
// connection in (`hostedSignIn`), which makes the key's player on its first visit when the SSH
// user name is a free, valid name; the game it starts then talks to the HTTP API with the pass it
// was given, and may register (binding the key) or add and remove keys.
import Crypto
import Foundation
import GameState
import ScoresAPI

/// How the SSH server found a connecting key.
public struct HostedSignIn: Sendable, Equatable {
    /// The key's player; nil when the key belongs to no one yet (the game asks for a name).
    public var player: PlayerRecord?
    /// The pass the hosted game shows the API (sealed; see HostedPass).
    public var pass: String
    /// True when this connection made the player.
    public var created: Bool
    /// The SSH user name when it would make a valid name, for the game's Register dialog.
    public var suggestedName: String?
    /// The SSH user name when the key already belongs to a player of another name: the game
    /// says it was not used (the key, not the name typed, is the player).
    public var ignoredName: String? = nil
}

extension LeaderboardService {
    static let passKeyName = "hosted-pass-key"

    /// User names that say "let me in", not who the player is (`ssh play@host`, or a client's
    /// local login name on a shared box): they never become a player's name.
    public static let genericUserNames: Set<String> = [
        "play", "plume", "watch", "guest", "player", "game", "anonymous", "root", "admin", "administrator", "user", "ubuntu", "debian", "pi", "ec2-user",
    ]

    /// The player a key belongs to, making one named `userName` when the key is new and the name
    /// is valid, not generic and free; and a pass for the connection's game, good for `lifetime`.
    public func hostedSignIn(key: SSHPublicKey, userName: String, client: String, lifetime: Duration) async throws -> HostedSignIn {
        let expires = now + Int64(lifetime / .milliseconds(1))
        let name = (try? PlayerName.validate(userName)).flatMap { Self.genericUserNames.contains($0.lowercased()) ? nil : $0 }
        var player = try await store.player(keyFingerprint: key.fingerprint)
        var created = false
        if player == nil, let name {
            // A first avatar, so the new player is not a blank on the boards: a look drawn from the
            // key's fingerprint (the same key always gets the same one); the profile changes it.
            var rng = SplitMix64(seed: Self.seed(of: key.fingerprint))
            let avatar = ShareCode.encode(.look(catalog.randomLook(using: &rng)))
            var new = NewPlayer(publicID: Secrets.newPlayerID(), name: name, nameKey: PlayerName.key(name), email: nil, updatesOptIn: false,
                                avatarCode: avatar, tokenHash: Secrets.hash(token: Secrets.newToken()), createdAt: now)
            new.key = PlayerKey(fingerprint: key.fingerprint, type: key.type, label: "", addedAt: now)
            do {
                player = try await store.createPlayer(new)
                created = true
            } catch let error as LeaderboardError where error.code == .keyTaken {
                // The same key connected twice at once: the other connection made the player.
                player = try await store.player(keyFingerprint: key.fingerprint)
            } catch let error as LeaderboardError where error.code == .nameTaken {
                player = nil
            }
        }
        if let found = player, found.isErased { player = nil }
        let pass = HostedPass(fingerprint: key.fingerprint, keyType: key.type, player: player?.publicID, client: client, expires: expires)
        let ignored = player.flatMap { found in name.flatMap { PlayerName.key($0) == found.name.map(PlayerName.key) ? nil : $0 } }
        return HostedSignIn(player: player, pass: pass.sealed(with: try await passKey()), created: created,
                            suggestedName: player == nil ? name : nil, ignoredName: created ? nil : ignored)
    }

    /// A stable seed from a key's fingerprint (FNV-1a over its text).
    static func seed(of fingerprint: String) -> UInt64 { FNV1a.hash(fingerprint) }

    /// What the player allows of others, and how they play (defaults where they never said).
    public func settings(_ player: PlayerRecord) async throws -> PlayerSettings {
        let play = try await store.playSettings(player.number)
        return PlayerSettings(watchable: try await store.watchable(player.number), palette: play.palette ?? "standard",
                              screenReader: play.screenReader ?? false, reduceMotion: play.reduceMotion ?? false)
    }

    /// How the player plays, as a hosted game starts with it: only what they said (nil elsewhere).
    public func playSettings(_ player: PlayerRecord) async throws -> PlayerSettings {
        let play = try await store.playSettings(player.number)
        return PlayerSettings(watchable: true, palette: play.palette, screenReader: play.screenReader, reduceMotion: play.reduceMotion)
    }

    /// Keeps the player's settings (a field left out stays as it was); every host applies a
    /// refusal to be watched within a moment.
    public func changeSettings(_ player: PlayerRecord, _ settings: PlayerSettings) async throws -> PlayerSettings {
        if let palette = settings.palette, !PlayerSettings.palettes.contains(palette) {
            throw LeaderboardError.invalid(.wrongType, "\"palette\" must be one of \(PlayerSettings.palettes.joined(separator: ", "))")
        }
        try await store.setWatchable(player.number, settings.watchable)
        if settings.palette != nil || settings.screenReader != nil || settings.reduceMotion != nil {
            let kept = try await store.playSettings(player.number)
            try await store.setPlaySettings(player.number, palette: settings.palette ?? kept.palette,
                                            screenReader: settings.screenReader ?? kept.screenReader,
                                            reduceMotion: settings.reduceMotion ?? kept.reduceMotion)
        }
        return try await self.settings(player)
    }

    /// What a host shows another host on one database to relay a game to its watchers: a MAC of
    /// the game's owner under the servers' shared pass key (hex).
    public func relaySignature(owner: String) async throws -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(("relay\u{0}" + owner).utf8), using: try await passKey())
        return code.map { String(format: "%02x", $0) }.joined()
    }

    /// A pass this server (or another on the same database) sealed, not yet expired; nil otherwise.
    public func openPass(_ text: String) async throws -> HostedPass? {
        guard text.hasPrefix(HostedPass.prefix) else { return nil }
        return HostedPass.open(text, key: try await passKey(), now: now)
    }

    /// The player a pass signs in: the key must still be theirs (a removed key signs no one in).
    func authenticate(pass text: String) async throws -> PlayerRecord {
        guard let pass = try await openPass(text) else {
            throw LeaderboardError(.unauthorized, .invalidToken, "this game's sign-in has expired — reconnect to go on playing")
        }
        guard let publicID = pass.player, let player = try await store.player(keyFingerprint: pass.fingerprint),
              player.publicID == publicID, !player.isErased else {
            throw LeaderboardError(.unauthorized, .invalidToken, "the key this game was started with no longer signs anyone in — reconnect")
        }
        return player
    }

    /// Registers the player of a hosted game whose key belongs to no one yet; the key becomes theirs.
    public func register(_ request: RegisterRequest, pass: HostedPass) async throws -> Registered {
        guard pass.player == nil else {
            throw LeaderboardError(.conflict, .keyTaken, "this key already signs a player in — reconnect to play as them")
        }
        let key = PlayerKey(fingerprint: pass.fingerprint, type: pass.keyType, label: "", addedAt: now)
        return try await register(request, key: key)
    }

    // MARK: Keys

    public func keys(of player: PlayerRecord) async throws -> [KeyInfo] {
        try await store.keys(player: player.number).map(Self.info)
    }

    /// Adds the key in an OpenSSH public key line to the player's keys.
    public func addKey(_ player: PlayerRecord, line: String) async throws -> KeyInfo {
        let parsed = try SSHPublicKey.parse(line)
        let key = PlayerKey(fingerprint: parsed.fingerprint, type: parsed.type, label: parsed.comment, addedAt: now)
        try await store.addKey(key, player: player.number, limit: LeaderboardLimits.keysPerPlayer)
        return Self.info(key)
    }

    /// Removes one of the player's keys; never `inUse`, the key the asking game connected with.
    public func removeKey(_ player: PlayerRecord, fingerprint: String, inUse: String?) async throws {
        guard fingerprint != inUse else {
            throw LeaderboardError(.conflict, .keyInUse, "that is the key you are connected with — remove it from another session")
        }
        guard try await store.removeKey(fingerprint: fingerprint, player: player.number) else {
            throw LeaderboardError(.notFound, .noSuchKey, "you have no key with that fingerprint")
        }
    }

    static func info(_ key: PlayerKey) -> KeyInfo {
        KeyInfo(fingerprint: key.fingerprint, type: key.type, label: key.label, addedAt: Timestamp.iso(milliseconds: key.addedAt))
    }

    /// The key passes are sealed with: one per database, made by the first process to need it.
    func passKey() async throws -> SymmetricKey {
        if let key = passKey.withLock({ $0 }) { return key }
        let proposed = SymmetricKey(size: .bits256).withUnsafeBytes { Base64URL.encode(Array($0)) }
        let stored = try await store.secret(named: Self.passKeyName, proposed: proposed)
        guard let bytes = try? Base64URL.decode(stored.utf8), bytes.count == 32 else {
            throw LeaderboardError(.unavailable, .storageUnavailable, "the hosted games' pass key in the database is damaged", retryAfter: 60)
        }
        let key = SymmetricKey(data: bytes)
        passKey.withLock { $0 = key }
        return key
    }
}
