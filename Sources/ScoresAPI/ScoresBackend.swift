// One protocol for wherever the scores live: a plume-server over HTTP, or the same leaderboard
// service in-process over a SQLite file (the local board). The game cannot tell them apart.

/// Why a scores request did not get an answer the game can use, in words for a player.
public struct ScoresFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// Nothing answered: refused, unreachable, no such host.
        case offline
        /// An answer took longer than the client waits (5 s); the request was abandoned.
        case timedOut
        /// A TLS handshake or certificate problem.
        case tls
        /// 429: too many requests; `retryAfter` says when to try again.
        case rateLimited
        /// 503 or any other server-side fault.
        case unavailable
        /// 401: the token is not (or no longer) valid.
        case unauthorized
        /// A definite "no" from the leaderboard (name taken, board closed, not enough points…).
        case refused
        /// A reply that isn't the JSON the game expects, or is larger than it reads.
        case malformed
    }

    public var kind: Kind
    /// The leaderboard's machine code for a refusal (`name_taken`, `board_closed`…), when it sent
    /// one this build knows (the game acts on those; for any other it shows the message).
    public var code: ErrorCode?
    public var message: String
    public var retryAfter: Int?

    public init(_ kind: Kind, code: ErrorCode? = nil, _ message: String, retryAfter: Int? = nil) {
        (self.kind, self.code, self.message, self.retryAfter) = (kind, code, message, retryAfter)
    }

    public var description: String { message }

    /// Whether trying the same request later may work: a submission that fails this way waits
    /// in the outbox. A refusal is final; so is a reply the game cannot read.
    public var isTransient: Bool {
        switch kind {
        case .offline, .timedOut, .tls, .rateLimited, .unavailable, .unauthorized: true
        case .refused, .malformed: false
        }
    }
}

/// A read that may be answered "unchanged since the copy you hold" (HTTP 304).
public enum Fetched<Value: Sendable & Equatable>: Sendable, Equatable {
    case fresh(Value, etag: String?)
    case unchanged
}

/// Who the player is on one leaderboard (the token itself stays with the client).
public struct Identity: Codable, Sendable, Equatable {
    public var playerID: String
    public var name: String

    public init(playerID: String, name: String) { (self.playerID, self.name) = (playerID, name) }

    enum CodingKeys: String, CodingKey { case playerID = "player_id", name }
}

public protocol ScoresBackend: Sendable {
    /// What the screen says it shows: "Local board", or the server's host.
    var place: String { get }
    /// The key credentials and the outbox are kept under: "local", or the server's URL.
    var key: String { get }
    var isLocal: Bool { get }

    func boards() async throws(ScoresFailure) -> BoardList
    func board(_ id: String) async throws(ScoresFailure) -> BoardInfo
    func top(board: String, limit: Int, etag: String?) async throws(ScoresFailure) -> Fetched<BoardPage>
    func aroundMe(board: String, token: String, radius: Int, etag: String?) async throws(ScoresFailure) -> Fetched<BoardPage>
    func contributors(limit: Int, etag: String?) async throws(ScoresFailure) -> Fetched<BoardPage>
    func causes() async throws(ScoresFailure) -> CauseList
    func register(_ request: RegisterRequest) async throws(ScoresFailure) -> Registered
    func profile(token: String) async throws(ScoresFailure) -> OwnProfile
    func updateProfile(token: String, _ update: ProfileUpdate) async throws(ScoresFailure) -> OwnProfile
    /// A player's public profile; with that player's own token, it also shows their codes on
    /// boards the Runway keeps anonymous while it takes votes.
    func publicProfile(playerID: String, token: String?, etag: String?) async throws(ScoresFailure) -> Fetched<PublicProfile>
    /// A player's record of days (public): days played, streaks, score bands and the days
    /// themselves, newest first (`cursor`: the page before's `nextCursor`).
    func record(playerID: String, limit: Int, cursor: String?) async throws(ScoresFailure) -> PlayerDays
    /// What happened to the player after news item `after` (0: everything kept), oldest first.
    func news(token: String, after: Int64) async throws(ScoresFailure) -> NewsPage
    /// The player's SSH keys, for the game a server hosts over SSH.
    func keys(token: String) async throws(ScoresFailure) -> KeyList
    func addKey(token: String, line: String) async throws(ScoresFailure) -> KeyInfo
    func removeKey(token: String, fingerprint: String) async throws(ScoresFailure)
    // Following: one way and private; a board among the players followed is an ordinary page
    // whose rows carry `groupRank`.
    /// A player by their exact name, case ignored.
    func findPlayer(name: String) async throws(ScoresFailure) -> Identity
    /// The players the player follows, oldest follow first, with how each did today.
    func following(token: String) async throws(ScoresFailure) -> FollowingList
    /// Following twice is harmless; following oneself, no one or past the cap is refused in words.
    func follow(token: String, playerID: String) async throws(ScoresFailure) -> FollowedPlayer
    /// Stopping a follow that never was is nothing.
    func unfollow(token: String, playerID: String) async throws(ScoresFailure)
    /// The player and everyone they follow with a record on `board`, in board order.
    func boardAmongFollowed(board: String, token: String, etag: String?) async throws(ScoresFailure) -> Fetched<BoardPage>

    /// What the player allows of others: whether their games over SSH may be watched live. A
    /// change answers with the settings as they then are.
    func settings(token: String) async throws(ScoresFailure) -> PlayerSettings
    func changeSettings(token: String, _ settings: PlayerSettings) async throws(ScoresFailure) -> PlayerSettings

    func submit(token: String, _ request: SubmitRequest) async throws(ScoresFailure) -> SubmissionResult
    func donate(token: String, _ request: DonationRequest) async throws(ScoresFailure) -> DonationResult

    // The Runway (days are YYYY-MM-DD, UTC).
    /// A day's runway; with a token, the player's entry and votes too.
    func runwayDay(_ day: String, token: String?) async throws(ScoresFailure) -> RunwayDay
    func enterRunway(token: String, day: String, _ request: RunwayEntryRequest) async throws(ScoresFailure) -> RunwayEntered
    func runwayPair(token: String, day: String) async throws(ScoresFailure) -> RunwayPairDealt
    func runwayVote(token: String, _ request: RunwayVoteRequest) async throws(ScoresFailure) -> RunwayVoteRecorded
}
