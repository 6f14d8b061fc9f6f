// Crews, as JSON, and their rules, one copy for the server and the game: a crew of at most six
// whose week score is the sum of its best four members' week points, with a roster that freezes
// from Thursday 00:00 UTC to the week's end.
import PlumeCalendar

public enum CrewRules {
    public static let maxMembers = 6
    /// Members whose week points make the crew's score.
    public static let counted = 4
    /// The weekday (Monday 0) from which the roster is frozen until the week ends.
    public static let freezesOn = 3

    /// Whether a join or leave on `day` counts from the next week.
    public static func frozen(onDay day: Int) -> Bool { UTCDay.weekday(day) >= freezesOn }
}

/// POST /v1/crews.
public struct CrewRequest: Codable, Sendable, Equatable {
    public var name: String
    public init(name: String) { self.name = name }
}

/// POST /v1/crews/{crew}/invites.
public struct CrewInviteRequest: Codable, Sendable, Equatable {
    public var playerID: String
    public init(playerID: String) { self.playerID = playerID }
    enum CodingKeys: String, CodingKey { case playerID = "player_id" }
}

/// An invitation sent.
public struct CrewInvite: Codable, Sendable, Equatable {
    public var crewID: String
    public var playerID: String
    public init(crewID: String, playerID: String) { (self.crewID, self.playerID) = (crewID, playerID) }
    enum CodingKeys: String, CodingKey { case crewID = "crew_id", playerID = "player_id" }
}

/// One member of a crew this week: their week points and whether they are among the best four
/// that make the crew's score.
public struct CrewMember: Codable, Sendable, Equatable {
    public var playerID: String
    public var name: String
    public var points: Int
    public var counted: Bool
    /// "from next week" for a join during the freeze; "leaving when the week ends" for a leave then.
    public var note: String?

    public init(playerID: String, name: String, points: Int, counted: Bool, note: String? = nil) {
        (self.playerID, self.name, self.points, self.counted, self.note) = (playerID, name, points, counted, note)
    }

    enum CodingKeys: String, CodingKey { case playerID = "player_id", name, points, counted, note }
}

/// A crew and its week (GET /v1/crews/{crew}, and the answer to creating, joining and leaving).
public struct Crew: Codable, Sendable, Equatable {
    public var crewID: String
    public var name: String
    /// This week, YYYY-Www.
    public var week: String
    public var board: String
    /// The sum of the best four members' week points this week.
    public var score: Int
    /// On this week's crews' board; absent before the crew has points.
    public var rank: Int?
    public var crews: Int
    public var frozen: Bool
    public var members: [CrewMember]
    /// What a change did, in words (when it counts from).
    public var words: String?

    public init(crewID: String, name: String, week: String, board: String, score: Int, rank: Int?, crews: Int, frozen: Bool,
                members: [CrewMember], words: String? = nil) {
        (self.crewID, self.name, self.week, self.board, self.score, self.rank) = (crewID, name, week, board, score, rank)
        (self.crews, self.frozen, self.members, self.words) = (crews, frozen, members, words)
    }

    enum CodingKeys: String, CodingKey { case crewID = "crew_id", name, week, board, score, rank, crews, frozen, members, words }
}
