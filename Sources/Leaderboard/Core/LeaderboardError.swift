// Why a leaderboard request was refused, in words a player can be shown. Each case has a stable
// machine code and a kind that the HTTP layer maps to a status; none of them is a server fault.
import GameState
import ScoresAPI

public struct LeaderboardError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case invalid, unauthorized, forbidden, notFound, conflict, closed, busy, unavailable
    }

    public let kind: Kind
    /// Stable, machine-readable (`name_taken`, `board_closed`, …).
    public let code: ErrorCode
    /// Plain words for a person.
    public let message: String
    /// For `.busy` and `.unavailable`: when to try again.
    public let retryAfterSeconds: Int?

    public init(_ kind: Kind, _ code: ErrorCode, _ message: String, retryAfter: Int? = nil) {
        (self.kind, self.code, self.message, self.retryAfterSeconds) = (kind, code, message, retryAfter)
    }

    public var description: String { message }

    static func invalid(_ code: ErrorCode, _ message: String) -> Self { Self(.invalid, code, message) }

    public static let noSuchPlayer = Self(.notFound, .playerNotFound, "there is no player with that id")
    static let badToken = Self(.unauthorized, .invalidToken,
                               "the sign-in token is not valid (the player may have been erased, or the server reset) — register again")
    static let banned = Self(.forbidden, .playerBanned, "this player is banned from the leaderboard")
    static let starting = Self(.unavailable, .starting, "the leaderboard is still loading its rankings — try again in a moment",
                               retryAfter: 1)
    public static let keyTaken = Self(.conflict, .keyTaken,
                                      "that key already signs in another player — each key belongs to one player")
    public static func tooManyKeys(_ limit: Int) -> Self {
        Self(.conflict, .tooManyKeys, "a player may hold \(limit) keys — remove one first")
    }
    public static let nameTaken = Self(.conflict, .nameTaken, "that name is taken (names are unique, ignoring case) — choose another")
    static let crewNameTaken = Self(.conflict, .nameTaken, "a crew already has that name (crew names are unique, ignoring case) — choose another")
    static let inACrew = Self(.conflict, .inACrew, "you are in a crew already: leave it first (a player is in one crew at a time)")
    static let leavingCrew = Self(.conflict, .inACrew, "you leave your crew when this week ends: found or join another from next week")
    static let notInvited = Self(.forbidden, .notInvited, "that crew has not invited you: ask a member to invite you first")
    static let crewFull = Self(.conflict, .crewFull, "that crew is full: a crew has at most \(CrewRules.maxMembers) members")
    static let notInCrew = Self(.conflict, .notInCrew, "you are not in that crew")
    static let noSuchCrew = Self(.notFound, .crewNotFound, "there is no crew with that id")
    public static func notEnoughPoints(available: Int64) -> Self {
        Self(.conflict, .notEnoughPoints, "you have \(available) point\(available == 1 ? "" : "s") available to give")
    }
    public static func tooManyFollows(_ limit: Int) -> Self {
        Self(.conflict, .tooManyFollows, "you follow \(limit) players, the most one player may — stop following someone first")
    }
    public static let cantFollowYourself = Self(.invalid, .cantFollowYourself, "you can't follow yourself — your own rows are on every view already")
    /// Copies earn nothing: a swarm on the boards is its player's own (the owner is never named).
    public static let codeTaken = Self(.conflict, .codeTaken,
                                       "that swarm is on the boards already as another player's — copies earn nothing; change it and make it your own")
    public static let lookTaken = Self(.conflict, .lookTaken,
                                       "that look is on today's runway already, entered by another player — enter a look of your own")
    public static let ticketUsed = Self(.conflict, .ticketUsed,
                                        "that pair has been answered already, or a look in it was replaced — ask for the next pair")
    public static func skipLimit(_ skips: Int) -> Self {
        Self(.conflict, .skipLimit, "you have used all \(skips) skips on this runway — pick a side, or call it even")
    }
    /// The database answered with something a rule can't read (a schema that isn't ours).
    public static func storageFailed(_ what: String) -> Self {
        Self(.unavailable, .storageUnavailable, "the score database gave an answer the server can't read (\(what))", retryAfter: 60)
    }
    static func noSuchBoard(_ id: String) -> Self {
        Self(.notFound, .boardNotFound, "there is no board called \(SafeText.quoted(id))")
    }

}
