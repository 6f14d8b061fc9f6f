// The leaderboard's closed vocabularies, typed once for the server, the client and the game: the
// machine codes of refusals, board kinds and board periods. Each is spelled on the wire as it
// always was; a value a newer server sends that this build does not know decodes to `.unknown`,
// never to a failure, so an old game keeps working against a new server.

/// A closed set of wire strings with a catch-all for values from a newer peer.
public protocol WireVocabulary: RawRepresentable<String>, Codable, Hashable, Sendable, CustomStringConvertible {
    /// Every value this build knows, in the order they are documented.
    static var known: [Self] { get }
    static func unknown(_ raw: String) -> Self
}

extension WireVocabulary {
    public init(wire raw: String) { self = Self.known.first { $0.rawValue == raw } ?? .unknown(raw) }

    public init(from decoder: any Decoder) throws { self.init(wire: try decoder.singleValueContainer().decode(String.self)) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}

/// Why the leaderboard refused a request: the `code` of `{"error":{"code":…,"message":…}}`.
public enum ErrorCode: WireVocabulary {
    // The request itself
    case emptyBody, malformedJSON, notAnObject, missingField, wrongType, bodyTooLarge, notFound, methodNotAllowed
    // Players and sign-in
    case missingToken, invalidToken, notRegistered, playerNotFound, playerBanned, nameTaken, invalidName, invalidEmail, invalidAvatar
    // Boards and submissions
    case boardNotFound, boardClosed, boardTakesDonations, boardTakesVotes, noRecord, invalidCode, wrongKind, lookNotWearable, swarmTooLarge
    case invalidLimit, invalidRadius, invalidCursor
    // Causes
    case causeNotFound, invalidPoints, notEnoughPoints
    // The Runway
    case invalidDay, runwayClosed, belowRunwayMinimum, lookTaken, invalidTicket, ticketUsed, invalidChoice, noPairLeft, skipLimit
    // SSH keys (the hosted game)
    case invalidKey, keyTaken, tooManyKeys, keyInUse, noSuchKey
    // Following
    case tooManyFollows, cantFollowYourself
    // Watching games
    case notPlaying, notWatchable, watchersFull, originNotAllowed, invalidRelay
    // The server's state
    case rateLimited, verifierBusy, overloaded, starting, storageUnavailable, cancelled
    case unknown(String)

    public static let known: [ErrorCode] = [
        .emptyBody, .malformedJSON, .notAnObject, .missingField, .wrongType, .bodyTooLarge, .notFound, .methodNotAllowed,
        .missingToken, .invalidToken, .notRegistered, .playerNotFound, .playerBanned, .nameTaken, .invalidName, .invalidEmail, .invalidAvatar,
        .boardNotFound, .boardClosed, .boardTakesDonations, .boardTakesVotes, .noRecord, .invalidCode, .wrongKind, .lookNotWearable, .swarmTooLarge,
        .invalidLimit, .invalidRadius, .invalidCursor,
        .causeNotFound, .invalidPoints, .notEnoughPoints,
        .invalidDay, .runwayClosed, .belowRunwayMinimum, .lookTaken, .invalidTicket, .ticketUsed, .invalidChoice, .noPairLeft, .skipLimit,
        .invalidKey, .keyTaken, .tooManyKeys, .keyInUse, .noSuchKey,
        .tooManyFollows, .cantFollowYourself,
        .notPlaying, .notWatchable, .watchersFull, .originNotAllowed, .invalidRelay,
        .rateLimited, .verifierBusy, .overloaded, .starting, .storageUnavailable, .cancelled,
    ]

    public init(rawValue: String) { self.init(wire: rawValue) }

    public var rawValue: String {
        switch self {
        case .emptyBody: "empty_body"
        case .malformedJSON: "malformed_json"
        case .notAnObject: "not_an_object"
        case .missingField: "missing_field"
        case .wrongType: "wrong_type"
        case .bodyTooLarge: "body_too_large"
        case .notFound: "not_found"
        case .methodNotAllowed: "method_not_allowed"
        case .missingToken: "missing_token"
        case .invalidToken: "invalid_token"
        case .notRegistered: "not_registered"
        case .playerNotFound: "player_not_found"
        case .playerBanned: "player_banned"
        case .nameTaken: "name_taken"
        case .invalidName: "invalid_name"
        case .invalidEmail: "invalid_email"
        case .invalidAvatar: "invalid_avatar"
        case .boardNotFound: "board_not_found"
        case .boardClosed: "board_closed"
        case .boardTakesDonations: "board_takes_donations"
        case .boardTakesVotes: "board_takes_votes"
        case .noRecord: "no_record"
        case .invalidCode: "invalid_code"
        case .wrongKind: "wrong_kind"
        case .lookNotWearable: "look_not_wearable"
        case .swarmTooLarge: "swarm_too_large"
        case .invalidLimit: "invalid_limit"
        case .invalidRadius: "invalid_radius"
        case .invalidCursor: "invalid_cursor"
        case .causeNotFound: "cause_not_found"
        case .invalidPoints: "invalid_points"
        case .notEnoughPoints: "not_enough_points"
        case .invalidDay: "invalid_day"
        case .runwayClosed: "runway_closed"
        case .belowRunwayMinimum: "below_runway_minimum"
        case .lookTaken: "look_taken"
        case .invalidTicket: "invalid_ticket"
        case .ticketUsed: "ticket_used"
        case .invalidChoice: "invalid_choice"
        case .noPairLeft: "no_pair_left"
        case .skipLimit: "skip_limit"
        case .tooManyFollows: "too_many_follows"
        case .cantFollowYourself: "cant_follow_yourself"
        case .notPlaying: "not_playing"
        case .notWatchable: "not_watchable"
        case .watchersFull: "watchers_full"
        case .originNotAllowed: "origin_not_allowed"
        case .invalidRelay: "invalid_relay"
        case .invalidKey: "invalid_key"
        case .keyTaken: "key_taken"
        case .tooManyKeys: "too_many_keys"
        case .keyInUse: "key_in_use"
        case .noSuchKey: "no_such_key"
        case .rateLimited: "rate_limited"
        case .verifierBusy: "verifier_busy"
        case .overloaded: "overloaded"
        case .starting: "starting"
        case .storageUnavailable: "storage_unavailable"
        case .cancelled: "cancelled"
        case .unknown(let raw): raw
        }
    }
}

/// What a board ranks.
public enum BoardKind: WireVocabulary {
    /// Looks, scored against the day's theme.
    case style
    /// Swarms, scored by a challenge's measure.
    case swarm
    /// Points players have given to causes.
    case contributors
    /// The Runway's people's choice: looks ranked by players' votes.
    case people
    case unknown(String)

    public static let known: [BoardKind] = [.style, .swarm, .contributors, .people]

    public init(rawValue: String) { self.init(wire: rawValue) }

    public var rawValue: String {
        switch self {
        case .style: "style"
        case .swarm: "swarm"
        case .contributors: "contributors"
        case .people: "people"
        case .unknown(let raw): raw
        }
    }
}

/// How long a board takes submissions.
public enum BoardPeriod: WireVocabulary {
    case day, week, allTime
    case unknown(String)

    public static let known: [BoardPeriod] = [.day, .week, .allTime]

    public init(rawValue: String) { self.init(wire: rawValue) }

    public var rawValue: String {
        switch self {
        case .day: "day"
        case .week: "week"
        case .allTime: "all-time"
        case .unknown(let raw): raw
        }
    }
}
