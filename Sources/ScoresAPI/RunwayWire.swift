// The Runway's JSON: entering a look, a dealt pair, a vote and a day's state. Keys are
// snake_case; times are RFC 3339 strings; days are YYYY-MM-DD (UTC).

/// Which show of the Runway: the day's looks, or the swarm show of the day's Lab swarms. Both are
/// one mechanism (entries, dealt pairs, tickets, votes, a people's board), kept apart by this word.
public enum RunwayShow: String, CaseIterable, WireVocabulary {
    case look = "look"
    case swarm = "swarm"
}

/// A voter's answer to a dealt pair.
public enum RunwayChoice: String, CaseIterable, WireVocabulary {
    case left = "left"
    case right = "right"
    case tie = "tie"
    case skip = "skip"
}

/// PUT /v1/runway/{day}/entry.
public struct RunwayEntryRequest: Codable, Sendable, Equatable {
    public var code: String

    public init(code: String) { self.code = code }
}

/// PUT /v1/runway/{day}/entry's answer. The show, the board the entry was scored on and the score
/// are absent from a server older than the swarm show (which took looks only, and sent the look's
/// score as `style_score`, still sent for looks).
public struct RunwayEntered: Codable, Sendable, Equatable {
    public var day: String
    public var show: Spelled<RunwayShow>?
    public var code: String
    /// The board the entry was scored on: the day's style board (a look) or Lab board (a swarm).
    public var boardID: String?
    /// The entry's score there (the show's minimum or more).
    public var score: Int?
    /// A look's score on the day's theme.
    public var styleScore: Int?
    /// Whether this entry replaced an earlier one in its show (which lost its votes).
    public var replaced: Bool
    public var enteredAt: String

    public init(day: String, show: RunwayShow = .look, code: String, boardID: String? = nil, score: Int, replaced: Bool, enteredAt: String) {
        (self.day, self.show, self.code, self.boardID, self.score) = (day, Spelled(show), code, boardID, score)
        (self.styleScore, self.replaced, self.enteredAt) = (show == .look ? score : nil, replaced, enteredAt)
    }

    /// The entry's score, from either field.
    public var enteredScore: Int? { score ?? styleScore }

    enum CodingKeys: String, CodingKey {
        case day, show, code, boardID = "board_id", score, styleScore = "style_score", replaced, enteredAt = "entered_at"
    }
}

/// A voter's standing on one day's runway.
public struct RunwayTally: Codable, Sendable, Equatable {
    /// Votes cast (skips are not votes).
    public var votes: Int
    public var skipsLeft: Int
    /// Points earned by voting on this day's runway, and how many more it can earn.
    public var points: Int
    public var pointsLeft: Int

    public init(votes: Int, skipsLeft: Int, points: Int, pointsLeft: Int) {
        (self.votes, self.skipsLeft, self.points, self.pointsLeft) = (votes, skipsLeft, points, pointsLeft)
    }

    enum CodingKeys: String, CodingKey { case votes, skipsLeft = "skips_left", points, pointsLeft = "points_left" }
}

/// Two looks (share codes) and the ticket to vote on them with.
public struct RunwayDealtPair: Codable, Sendable, Equatable {
    /// Opaque and single-use; bound to this voter and day.
    public var ticket: String
    public var left: String
    public var right: String

    public init(ticket: String, left: String, right: String) { (self.ticket, self.left, self.right) = (ticket, left, right) }
}

/// GET /v1/runway/{day}/pair: the pair to judge now, and the one after it, dealt together so a
/// game can show the next pair the moment a vote is cast. Both stay the same until answered.
///
/// `show` says which show dealt it; a server older than the swarm show sends none (and deals
/// looks whatever was asked). A swarm pair carries `seed`: the start both swarms run from, as
/// decimal text (seeds pass 2^53).
public struct RunwayPairDealt: Codable, Sendable, Equatable {
    public var day: String
    public var show: Spelled<RunwayShow>?
    public var seed: String?
    public var ticket: String
    public var left: String
    public var right: String
    public var next: RunwayDealtPair?
    public var tally: RunwayTally

    public init(day: String, show: RunwayShow = .look, seed: UInt64? = nil, ticket: String, left: String, right: String,
                next: RunwayDealtPair?, tally: RunwayTally) {
        (self.day, self.show, self.seed) = (day, Spelled(show), seed.map(String.init))
        (self.ticket, self.left, self.right, self.next, self.tally) = (ticket, left, right, next, tally)
    }

    enum CodingKeys: String, CodingKey { case day, show, seed, ticket, left, right, next, tally }

    public var pair: RunwayDealtPair { RunwayDealtPair(ticket: ticket, left: left, right: right) }
}

/// POST /v1/runway/votes.
public struct RunwayVoteRequest: Codable, Sendable, Equatable {
    public var ticket: String
    /// As the client spelled it: the server refuses a choice it does not know (`invalid_choice`).
    public var choice: Spelled<RunwayChoice>

    public init(ticket: String, choice: Spelled<RunwayChoice>) { (self.ticket, self.choice) = (ticket, choice) }

    public init(ticket: String, choice: RunwayChoice) { self.init(ticket: ticket, choice: Spelled(choice)) }
}

/// Whose look it was: never told while the look's runway takes votes.
public struct RunwayOwner: Codable, Sendable, Equatable {
    public var playerID: String
    public var name: String

    public init(playerID: String, name: String) { (self.playerID, self.name) = (playerID, name) }

    enum CodingKeys: String, CodingKey { case playerID = "player_id", name }
}

public struct RunwayVoteRecorded: Codable, Sendable, Equatable {
    public var day: String
    /// Which show the vote was in (absent from a server older than the swarm show).
    public var show: Spelled<RunwayShow>?
    public var choice: Spelled<RunwayChoice>
    /// Points this vote earned (1, or 0 past the day's limit or for a skip).
    public var pointsEarned: Int
    public var tally: RunwayTally
    /// Whose the two looks were: absent while the runway takes votes (its owners stay hidden until
    /// voting closes), so a client never counts on them.
    public var left: RunwayOwner?
    public var right: RunwayOwner?

    public init(day: String, show: RunwayShow = .look, choice: RunwayChoice, pointsEarned: Int, tally: RunwayTally,
                left: RunwayOwner? = nil, right: RunwayOwner? = nil) {
        (self.day, self.show, self.choice, self.pointsEarned) = (day, Spelled(show), Spelled(choice), pointsEarned)
        (self.tally, self.left, self.right) = (tally, left, right)
    }

    enum CodingKeys: String, CodingKey { case day, show, choice, pointsEarned = "points_earned", tally, left, right }
}

/// The player's own entry on a day's runway.
public struct RunwayOwnEntry: Codable, Sendable, Equatable {
    public var code: String
    public var enteredAt: String
    /// round(1000 × P(the look beats the average entry)), ± one standard deviation.
    public var peopleScore: Int
    /// nil once the day is past and its fit is no longer held.
    public var plusMinus: Int?
    /// Rank on the people's board (nil until the board has counted the entry).
    public var rank: Int?
    /// Votes the look has been in.
    public var votes: Int

    public init(code: String, enteredAt: String, peopleScore: Int, plusMinus: Int?, rank: Int?, votes: Int) {
        (self.code, self.enteredAt, self.peopleScore, self.plusMinus, self.rank, self.votes) = (code, enteredAt, peopleScore, plusMinus, rank, votes)
    }

    enum CodingKeys: String, CodingKey {
        case code, enteredAt = "entered_at", peopleScore = "people_score", plusMinus = "plus_minus", rank, votes
    }
}

public struct RunwayYou: Codable, Sendable, Equatable {
    public var entry: RunwayOwnEntry?
    public var tally: RunwayTally

    public init(entry: RunwayOwnEntry?, tally: RunwayTally) { (self.entry, self.tally) = (entry, tally) }
}

/// GET /v1/runway/{day}: one show of the day (the looks unless `?show=swarm`). For the swarm show
/// the theme and brief are the day's Lab brief's, the people's board is `swarmshow-YYYY-MM-DD` and
/// the entry board the Lab board.
public struct RunwayDay: Codable, Sendable, Equatable {
    public var day: String
    /// Absent from a server older than the swarm show (whose day is the looks').
    public var show: Spelled<RunwayShow>?
    public var theme: String
    public var brief: String
    /// The people's board (`people-YYYY-MM-DD` or `swarmshow-YYYY-MM-DD`) and the day's style board.
    public var boardID: String
    public var styleBoardID: String
    /// The board entries are scored on: the style board, or the Lab board for swarms.
    public var entryBoardID: String?
    public var entries: Int
    public var votes: Int
    public var entriesOpen: Bool
    public var entriesCloseAt: String
    public var votingOpen: Bool
    public var votingClosesAt: String
    /// Whether voting has closed and the people's board is final.
    public var final: Bool
    /// With a token: the player's entry and votes.
    public var you: RunwayYou?

    public init(day: String, show: RunwayShow = .look, theme: String, brief: String, boardID: String, styleBoardID: String,
                entryBoardID: String? = nil, entries: Int, votes: Int,
                entriesOpen: Bool, entriesCloseAt: String, votingOpen: Bool, votingClosesAt: String, final: Bool, you: RunwayYou?) {
        (self.day, self.show, self.theme, self.brief, self.boardID, self.styleBoardID) = (day, Spelled(show), theme, brief, boardID, styleBoardID)
        self.entryBoardID = entryBoardID ?? styleBoardID
        (self.entries, self.votes, self.entriesOpen, self.entriesCloseAt) = (entries, votes, entriesOpen, entriesCloseAt)
        (self.votingOpen, self.votingClosesAt, self.final, self.you) = (votingOpen, votingClosesAt, final, you)
    }

    enum CodingKeys: String, CodingKey {
        case day, show, theme, brief, boardID = "board_id", styleBoardID = "style_board_id", entryBoardID = "entry_board_id", entries, votes
        case entriesOpen = "entries_open", entriesCloseAt = "entries_close_at", votingOpen = "voting_open"
        case votingClosesAt = "voting_closes_at", final, you
    }
}
