// Players: registration, sign-in by token, profile changes, erasure, and public profiles.
import GameState
import ScoresAPI

extension LeaderboardService {
    public func register(_ request: RegisterRequest) async throws -> Registered {
        try await register(request, key: nil)
    }

    /// Registers a player, holding `key` when given (a hosted game's player).
    func register(_ request: RegisterRequest, key: PlayerKey?) async throws -> Registered {
        let name = try PlayerName.validate(request.name)
        let email = try request.email.flatMap { $0.isEmpty ? nil : $0 }.map { email throws(LeaderboardError) in try PlayerName.validateEmail(email) }
        let avatar = try request.avatarLook.map { code throws(LeaderboardError) in try validAvatar(code) }
        let token = Secrets.newToken()
        // The opt-in means nothing without an address (the same rule as updateProfile's).
        var new = NewPlayer(
            publicID: Secrets.newPlayerID(), name: name, nameKey: PlayerName.key(name), email: email,
            updatesOptIn: (request.updatesOptIn ?? false) && email != nil, avatarCode: avatar,
            tokenHash: Secrets.hash(token: token), createdAt: now)
        new.key = key
        let player = try await store.createPlayer(new)
        return Registered(playerID: player.publicID, name: name, token: token)
    }

    /// The player a bearer token belongs to.
    public func authenticate(token: String) async throws -> PlayerRecord {
        if token.hasPrefix(HostedPass.prefix) { return try await authenticate(pass: token) }
        guard !token.isEmpty, token.utf8.count <= 128 else { throw LeaderboardError.badToken }
        guard let player = try await store.player(tokenHash: Secrets.hash(token: token)), !player.isErased else {
            throw LeaderboardError.badToken
        }
        return player
    }

    public func ownProfile(_ player: PlayerRecord) async throws -> OwnProfile {
        let (earned, given) = try await store.points(player: player.number)
        return OwnProfile(playerID: player.publicID, name: player.name ?? "", email: player.email, updatesOptIn: player.updatesOptIn,
                          avatarLook: player.avatarCode, createdAt: Timestamp.iso(milliseconds: player.createdAt),
                          pointsEarned: earned, pointsGiven: given, pointsAvailable: earned - given)
    }

    public func updateProfile(_ player: PlayerRecord, _ update: ProfileUpdate) async throws -> OwnProfile {
        var changes = PlayerChanges()
        if let raw = update.name {
            let name = try PlayerName.validate(raw)
            changes.name = (name, PlayerName.key(name))
        }
        if let email = update.email {
            changes.email = .some(try email.flatMap { $0.isEmpty ? nil : $0 }.map { email throws(LeaderboardError) in try PlayerName.validateEmail(email) })
        }
        if let avatar = update.avatarLook {
            changes.avatarCode = .some(try avatar.map { code throws(LeaderboardError) in try validAvatar(code) })
        }
        changes.updatesOptIn = update.updatesOptIn
        // The opt-in means nothing without an address: it is off whenever the player has none.
        let emailAfter = changes.email ?? player.email
        if emailAfter == nil { changes.updatesOptIn = false }
        let updated = try await store.updatePlayer(player.number, changes, at: now)
        try await catchUp()
        return try await ownProfile(updated)
    }

    /// Erases name, e-mail, avatar, token and records; contributions stay, as "a former player".
    public func erase(_ player: PlayerRecord) async throws {
        try await store.erasePlayer(player.number, at: now)
        runwayEntriesChanged()
        // The crews their weeks counted for, without them.
        try await recountCrews()
    }

    /// A player's public face; `viewer` (the signed-in player asking) sees their own profile whole
    /// while the Runway keeps others from seeing their looks.
    public func publicProfile(playerID: String, viewer: PlayerRecord? = nil) async throws -> PublicProfile {
        let player = try await visiblePlayer(playerID)
        let bests = try await store.bests(player: player.number)
        let (earned, given) = try await store.points(player: player.number)
        let rows = bests.map { best in
            ProfileBest(boardID: best.board, rank: index.existing(best.board)?.entry(player: player.number)?.rank, score: best.score,
                        detail: best.detail, at: Timestamp.iso(milliseconds: best.at), code: best.code)
        }
        let profile = PublicProfile(playerID: player.publicID, name: player.name ?? Self.formerPlayer, avatarLook: player.avatarCode,
                                    since: Timestamp.iso(milliseconds: player.createdAt), bests: rows, pointsEarned: earned, pointsGiven: given,
                                    followers: try await store.followerCount(player.number))
        return viewer?.number == player.number ? profile : anonymised(profile)
    }

    /// A player others may look at: not erased, not banned.
    func visiblePlayer(_ playerID: String) async throws -> PlayerRecord {
        guard Secrets.isPlayerID(playerID), let player = try await store.player(publicID: playerID), !player.isErased, !player.banned else {
            throw LeaderboardError.noSuchPlayer
        }
        return player
    }

    /// An avatar is a look share code that decodes and can be worn; it is kept in the code's
    /// one spelling.
    func validAvatar(_ raw: String) throws(LeaderboardError) -> String {
        let code = try Verifier.bareCode(raw)
        let state: SharedState
        do { state = try ShareCode.decode(code) } catch {
            throw .invalid(.invalidAvatar, "the avatar look can't be read: \(error.description)")
        }
        guard case .look(let look) = state else { throw .invalid(.invalidAvatar, "an avatar must be a look, not a swarm") }
        let broken = look.brokenRules(in: catalog)
        guard broken.isEmpty else {
            throw .invalid(.invalidAvatar, "the avatar look can't be worn: " + broken.map(\.description).joined(separator: "; "))
        }
        // Kept as the runway keeps its looks, so an avatar that is a look on the runway is known
        // as one (Runway/Anonymity).
        return ShareCode.encode(state)
    }

    static let formerPlayer = "a former player"

    // MARK: Operator commands

    public func findPlayer(_ idOrName: String) async throws -> PlayerRecord? {
        if Secrets.isPlayerID(idOrName), let player = try await store.player(publicID: idOrName) { return player }
        return try await store.player(name: idOrName)
    }

    public func setBanned(_ player: PlayerRecord, _ banned: Bool) async throws {
        try await store.setBanned(player.number, banned, at: now)
        runwayEntriesChanged()
        try await recountCrews()
    }

    public func hide(board: String, player: PlayerRecord, _ hidden: Bool = true) async throws -> Bool {
        try await store.setHidden(board: board, player: player.number, hidden, at: now)
    }
}
