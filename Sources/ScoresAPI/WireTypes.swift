// The leaderboard's JSON, shared by the server and the game's client. Keys are snake_case;
// times are RFC 3339 strings; e-mail appears only in the player's own profile.

public struct RegisterRequest: Codable, Sendable, Equatable {
    public var name: String
    public var email: String?
    public var updatesOptIn: Bool?
    public var avatarLook: String?

    public init(name: String, email: String? = nil, updatesOptIn: Bool? = nil, avatarLook: String? = nil) {
        (self.name, self.email, self.updatesOptIn, self.avatarLook) = (name, email, updatesOptIn, avatarLook)
    }

    enum CodingKeys: String, CodingKey {
        case name, email, updatesOptIn = "updates_opt_in", avatarLook = "avatar_look"
    }
}

public struct Registered: Codable, Sendable, Equatable {
    public var playerID: String
    public var name: String
    public var token: String

    public init(playerID: String, name: String, token: String) {
        self.playerID = playerID
        self.name = name
        self.token = token
    }

    enum CodingKeys: String, CodingKey { case playerID = "player_id", name, token }
}

/// PATCH /v1/players/me: absent keys are left alone; `null` clears e-mail or avatar.
public struct ProfileUpdate: Codable, Sendable, Equatable {
    public var name: String?
    public var email: String??
    public var updatesOptIn: Bool?
    public var avatarLook: String??

    public init(name: String? = nil, email: String?? = nil, updatesOptIn: Bool? = nil, avatarLook: String?? = nil) {
        (self.name, self.email, self.updatesOptIn, self.avatarLook) = (name, email, updatesOptIn, avatarLook)
    }

    enum CodingKeys: String, CodingKey {
        case name, email, updatesOptIn = "updates_opt_in", avatarLook = "avatar_look"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        updatesOptIn = try container.decodeIfPresent(Bool.self, forKey: .updatesOptIn)
        email = try Self.clearable(container, .email)
        avatarLook = try Self.clearable(container, .avatarLook)
    }

    /// Absent: nil (leave alone); `null`: `.some(nil)` (clear); a string: that string.
    private static func clearable(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> String?? {
        guard container.contains(key) else { return nil }
        return .some(try container.decodeNil(forKey: key) ? nil : container.decode(String.self, forKey: key))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(updatesOptIn, forKey: .updatesOptIn)
        if let email { try container.encode(email, forKey: .email) }
        if let avatarLook { try container.encode(avatarLook, forKey: .avatarLook) }
    }
}

public struct OwnProfile: Codable, Sendable, Equatable {
    public var playerID: String
    public var name: String
    public var email: String?
    public var updatesOptIn: Bool
    public var avatarLook: String?
    public var createdAt: String
    public var pointsEarned: Int64
    public var pointsGiven: Int64
    public var pointsAvailable: Int64

    public init(playerID: String, name: String, email: String? = nil, updatesOptIn: Bool, avatarLook: String? = nil, createdAt: String, pointsEarned: Int64, pointsGiven: Int64, pointsAvailable: Int64) {
        self.playerID = playerID
        self.name = name
        self.email = email
        self.updatesOptIn = updatesOptIn
        self.avatarLook = avatarLook
        self.createdAt = createdAt
        self.pointsEarned = pointsEarned
        self.pointsGiven = pointsGiven
        self.pointsAvailable = pointsAvailable
    }

    enum CodingKeys: String, CodingKey {
        case playerID = "player_id", name, email, updatesOptIn = "updates_opt_in", avatarLook = "avatar_look"
        case createdAt = "created_at", pointsEarned = "points_earned", pointsGiven = "points_given", pointsAvailable = "points_available"
    }
}

public struct SubmitRequest: Codable, Sendable, Equatable {
    public var boardID: String
    public var code: String

    public init(boardID: String, code: String) { (self.boardID, self.code) = (boardID, code) }

    enum CodingKeys: String, CodingKey { case boardID = "board_id", code }
}

public struct BestSummary: Codable, Sendable, Equatable {
    public var score: Int64
    public var detail: Double
    public var at: String
    public var code: String

    public init(score: Int64, detail: Double, at: String, code: String) {
        self.score = score
        self.detail = detail
        self.at = at
        self.code = code
    }
}

public struct SubmissionResult: Codable, Sendable, Equatable {
    public var boardID: String
    public var score: Int64
    public var detail: Double
    /// The player's rank on the board after this submission (their best's rank).
    public var rank: Int?
    /// Players on the board after this submission.
    public var players: Int?
    /// The whole per cent of the board's other players ranked below the player's best.
    public var percentile: Int?
    public var tied: Bool
    public var personalBest: Bool
    public var previousBest: BestSummary?
    /// The player's best on the board now.
    public var best: BestSummary
    /// Other boards the same submission counted for (a swarm's weekly board, and back).
    public var also: [SubmissionResult]?

    public init(boardID: String, score: Int64, detail: Double, rank: Int? = nil, players: Int? = nil, percentile: Int? = nil, tied: Bool, personalBest: Bool, previousBest: BestSummary? = nil, best: BestSummary, also: [SubmissionResult]? = nil) {
        self.boardID = boardID
        self.score = score
        self.detail = detail
        self.rank = rank
        self.players = players
        self.percentile = percentile
        self.tied = tied
        self.personalBest = personalBest
        self.previousBest = previousBest
        self.best = best
        self.also = also
    }

    enum CodingKeys: String, CodingKey {
        case boardID = "board_id", score, detail, rank, players, percentile, tied, personalBest = "personal_best"
        case previousBest = "previous_best", best, also
    }
}

public struct BoardInfo: Codable, Sendable, Equatable {
    public var id: String
    /// What the board ranks: style, swarm, contributors or people (see `BoardID`); a newer
    /// server's kind is kept as it came.
    public var kind: Spelled<BoardKind>
    /// "day", "week" or "all-time".
    public var period: Spelled<BoardPeriod>
    public var title: String
    public var brief: String
    public var open: Bool
    public var opensAt: String?
    public var closesAt: String?
    public var records: Int
    /// A classic swarm challenge's season (1, 2, …); nil on other boards. Season 1 scored one
    /// seed's last frame and is closed; later seasons score by `SwarmRules`.
    public var season: Int?

    /// The id read: what the board is (`.unknown` for a newer server's board).
    public var boardID: BoardID { BoardID(id) }
    /// The UTC day a style or people's board is of.
    public var day: Int? { boardID.day }

    public init(id: String, kind: BoardKind, period: BoardPeriod, title: String, brief: String, open: Bool, opensAt: String? = nil, closesAt: String? = nil, records: Int, season: Int? = nil) {
        self.id = id
        self.kind = Spelled(kind)
        self.period = Spelled(period)
        self.title = title
        self.brief = brief
        self.open = open
        self.opensAt = opensAt
        self.closesAt = closesAt
        self.records = records
        self.season = season
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, period, title, brief, open, opensAt = "opens_at", closesAt = "closes_at", records, season
    }
}

public struct BoardList: Codable, Sendable, Equatable {
    public var boards: [BoardInfo]

    public init(boards: [BoardInfo]) {
        self.boards = boards
    }
}

public struct BoardRow: Codable, Sendable, Equatable {
    public var rank: Int
    public var playerID: String
    public var name: String
    public var score: Int64
    public var detail: Double
    public var at: String
    /// The share code that earned the score: anyone can import the look or swarm.
    public var code: String
    public var avatarLook: String?
    /// Whether another record on the board has the same score (ranks still differ).
    public var tied: Bool
    /// In a board among the players someone follows: the rank within that group (1 is the best
    /// of them); absent elsewhere.
    public var groupRank: Int?
    /// On a crews' board, the crew's id (`player_id` is empty there).
    public var crewID: String?

    public init(rank: Int, playerID: String, name: String, score: Int64, detail: Double, at: String, code: String, avatarLook: String? = nil, tied: Bool,
                groupRank: Int? = nil, crewID: String? = nil) {
        self.groupRank = groupRank
        self.crewID = crewID
        self.rank = rank
        self.playerID = playerID
        self.name = name
        self.score = score
        self.detail = detail
        self.at = at
        self.code = code
        self.avatarLook = avatarLook
        self.tied = tied
    }

    enum CodingKeys: String, CodingKey {
        case rank, playerID = "player_id", name, score, detail, at, code, avatarLook = "avatar_look", tied, groupRank = "group_rank"
        case crewID = "crew_id"
    }
}

public struct BoardPage: Codable, Sendable, Equatable {
    public var board: BoardInfo
    public var rows: [BoardRow]
    /// Pass as `cursor` for the next page; absent on the last page.
    public var nextCursor: String?

    public init(board: BoardInfo, rows: [BoardRow], nextCursor: String? = nil) {
        self.board = board
        self.rows = rows
        self.nextCursor = nextCursor
    }

    enum CodingKeys: String, CodingKey { case board, rows, nextCursor = "next_cursor" }
}

public struct Standing: Codable, Sendable, Equatable {
    public var board: BoardInfo
    public var row: BoardRow

    public init(board: BoardInfo, row: BoardRow) {
        self.board = board
        self.row = row
    }
}

public struct ProfileBest: Codable, Sendable, Equatable {
    public var boardID: String
    public var rank: Int?
    public var score: Int64
    public var detail: Double
    public var at: String
    public var code: String

    public init(boardID: String, rank: Int? = nil, score: Int64, detail: Double, at: String, code: String) {
        self.boardID = boardID
        self.rank = rank
        self.score = score
        self.detail = detail
        self.at = at
        self.code = code
    }

    enum CodingKeys: String, CodingKey { case boardID = "board_id", rank, score, detail, at, code }
}

public struct PublicProfile: Codable, Sendable, Equatable {
    public var playerID: String
    public var name: String
    public var avatarLook: String?
    public var since: String
    public var bests: [ProfileBest]
    public var pointsEarned: Int64
    public var pointsGiven: Int64
    /// How many players follow this one (who they are is theirs to know).
    public var followers: Int?

    public init(playerID: String, name: String, avatarLook: String? = nil, since: String, bests: [ProfileBest], pointsEarned: Int64, pointsGiven: Int64,
                followers: Int? = nil) {
        self.followers = followers
        self.playerID = playerID
        self.name = name
        self.avatarLook = avatarLook
        self.since = since
        self.bests = bests
        self.pointsEarned = pointsEarned
        self.pointsGiven = pointsGiven
    }

    enum CodingKeys: String, CodingKey {
        case playerID = "player_id", name, avatarLook = "avatar_look", since, bests
        case pointsEarned = "points_earned", pointsGiven = "points_given", followers
    }
}

public struct DonationRequest: Codable, Sendable, Equatable {
    public var causeID: String
    public var points: Int64

    public init(causeID: String, points: Int64) { (self.causeID, self.points) = (causeID, points) }

    enum CodingKeys: String, CodingKey { case causeID = "cause_id", points }
}

public struct DonationResult: Codable, Sendable, Equatable {
    public var causeID: String
    public var points: Int64
    public var pointsGiven: Int64
    public var pointsAvailable: Int64
    public var causeTotal: Int64

    public init(causeID: String, points: Int64, pointsGiven: Int64, pointsAvailable: Int64, causeTotal: Int64) {
        self.causeID = causeID
        self.points = points
        self.pointsGiven = pointsGiven
        self.pointsAvailable = pointsAvailable
        self.causeTotal = causeTotal
    }

    enum CodingKeys: String, CodingKey {
        case causeID = "cause_id", points, pointsGiven = "points_given", pointsAvailable = "points_available", causeTotal = "cause_total"
    }
}

public struct CauseInfo: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var description: String
    public var totalPoints: Int64
    public var donors: Int64

    public init(id: String, name: String, description: String, totalPoints: Int64, donors: Int64) {
        self.id = id
        self.name = name
        self.description = description
        self.totalPoints = totalPoints
        self.donors = donors
    }

    enum CodingKeys: String, CodingKey { case id, name, description, totalPoints = "total_points", donors }
}

public struct CauseList: Codable, Sendable, Equatable {
    public var causes: [CauseInfo]

    public init(causes: [CauseInfo]) {
        self.causes = causes
    }
}

/// Every refusal's body: `{"error":{"code":"…","message":"…"}}`.
public struct ErrorReply: Codable, Sendable, Equatable {
    public struct Body: Codable, Sendable, Equatable {
        /// One of `ErrorCode`'s, or a newer server's code, kept as it came.
        public var code: Spelled<ErrorCode>
        /// Plain words for a person.
        public var message: String

        public init(code: Spelled<ErrorCode>, message: String) { (self.code, self.message) = (code, message) }
    }

    public var error: Body

    public init(code: Spelled<ErrorCode>, message: String) { error = Body(code: code, message: message) }

    public init(code: ErrorCode, message: String) { self.init(code: Spelled(code), message: message) }
}
