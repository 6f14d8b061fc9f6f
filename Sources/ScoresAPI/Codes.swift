// The leaderboard's closed vocabularies, typed once for the server, the client and the game: the
// machine codes of refusals, board kinds and board periods (news kinds and runway choices live
// beside the wire types that carry them). Each vocabulary is a String-backed enum, and each word
// is one line: its case and its spelling on the wire. Nothing else lists the words: decoding,
// encoding, the list of every word (`allCases`) and its tests follow from the cases.
//
// What comes from outside this build (a reply, a request, a row a newer server wrote) is read as
// `Spelled<Word>`: a word a newer peer sends that this build does not know is kept as it came,
// never a failure, so an old game keeps working against a new server.

/// A closed set of wire strings: a String-backed enum whose cases are its words, each spelled as
/// its raw value.
public protocol WireVocabulary: RawRepresentable<String>, CaseIterable, Codable, Hashable, Sendable, CustomStringConvertible {}

extension WireVocabulary {
    public var description: String { rawValue }
}

/// A word of `Word` as a peer spelled it: one this build knows, or one from a newer peer, kept as
/// it came. Two are equal when they are spelled the same.
public struct Spelled<Word: WireVocabulary>: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Any spelling: a word this build may not know, or (on the server) a code outside the list,
    /// such as `http_416` for a status the router answers by itself.
    public init(rawValue: String) { self.rawValue = rawValue }

    public init(_ word: Word) { rawValue = word.rawValue }

    /// The word, when this build knows it.
    public var word: Word? { Word(rawValue: rawValue) }

    /// Never fails: any string is a spelling.
    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}

/// Why the leaderboard refused a request: the `code` of `{"error":{"code":…,"message":…}}`.
public enum ErrorCode: String, CaseIterable, WireVocabulary {
    // The request itself
    case emptyBody = "empty_body"
    case malformedJSON = "malformed_json"
    case notAnObject = "not_an_object"
    case missingField = "missing_field"
    case wrongType = "wrong_type"
    case bodyTooLarge = "body_too_large"
    case notFound = "not_found"
    case methodNotAllowed = "method_not_allowed"
    // Players and sign-in
    case missingToken = "missing_token"
    case invalidToken = "invalid_token"
    case notRegistered = "not_registered"
    case playerNotFound = "player_not_found"
    case playerBanned = "player_banned"
    case nameTaken = "name_taken"
    case invalidName = "invalid_name"
    case invalidEmail = "invalid_email"
    case invalidAvatar = "invalid_avatar"
    // Boards and submissions
    case boardNotFound = "board_not_found"
    case boardClosed = "board_closed"
    case boardTakesDonations = "board_takes_donations"
    case boardTakesVotes = "board_takes_votes"
    case noRecord = "no_record"
    case invalidCode = "invalid_code"
    case wrongKind = "wrong_kind"
    case lookNotWearable = "look_not_wearable"
    case swarmTooLarge = "swarm_too_large"
    case swarmTooSmall = "swarm_too_small"
    case swarmBreaksBrief = "swarm_breaks_brief"
    case invalidLimit = "invalid_limit"
    case invalidRadius = "invalid_radius"
    case invalidCursor = "invalid_cursor"
    case invalidHistogram = "invalid_histogram"
    // Causes
    case causeNotFound = "cause_not_found"
    case invalidPoints = "invalid_points"
    case notEnoughPoints = "not_enough_points"
    // The Runway
    case invalidDay = "invalid_day"
    case runwayClosed = "runway_closed"
    case belowRunwayMinimum = "below_runway_minimum"
    case lookTaken = "look_taken"
    case codeTaken = "code_taken"
    case invalidTicket = "invalid_ticket"
    case ticketUsed = "ticket_used"
    case invalidChoice = "invalid_choice"
    case noPairLeft = "no_pair_left"
    case skipLimit = "skip_limit"
    case invalidShow = "invalid_show"
    // Leagues
    case invalidWeek = "invalid_week"
    case groupNotFound = "group_not_found"
    // Crews
    case crewNotFound = "crew_not_found"
    case crewFull = "crew_full"
    case notInvited = "not_invited"
    case inACrew = "in_a_crew"
    case notInCrew = "not_in_crew"
    // SSH keys (the hosted game)
    case invalidKey = "invalid_key"
    case keyTaken = "key_taken"
    case tooManyKeys = "too_many_keys"
    case keyInUse = "key_in_use"
    case noSuchKey = "no_such_key"
    // Following
    case tooManyFollows = "too_many_follows"
    case cantFollowYourself = "cant_follow_yourself"
    // Watching games
    case notPlaying = "not_playing"
    case notWatchable = "not_watchable"
    case watchersFull = "watchers_full"
    case originNotAllowed = "origin_not_allowed"
    case invalidRelay = "invalid_relay"
    // The server's state
    case rateLimited = "rate_limited"
    case verifierBusy = "verifier_busy"
    case overloaded = "overloaded"
    case starting = "starting"
    case storageUnavailable = "storage_unavailable"
    case cancelled = "cancelled"
}

/// What a board ranks.
public enum BoardKind: String, CaseIterable, WireVocabulary {
    /// Looks, scored against the day's theme.
    case style = "style"
    /// Swarms, scored by a challenge's measure.
    case swarm = "swarm"
    /// Points players have given to causes.
    case contributors = "contributors"
    /// The Runway's people's choice: looks ranked by players' votes.
    case people = "people"
    /// Crews, ranked by the week points of their best members.
    case crew = "crew"
}

/// How long a board takes submissions.
public enum BoardPeriod: String, CaseIterable, WireVocabulary {
    case day = "day"
    case week = "week"
    case allTime = "all-time"
}
