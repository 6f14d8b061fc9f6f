// The day that carries over, as JSON: a player's record of days (GET /v1/players/{id}/record)
// and their news (GET /v1/players/me/news). Days are YYYY-MM-DD (UTC, the server's); times are
// RFC 3339 strings; keys are snake_case.

/// One day a player played: their best on that day's style board, and where it stands.
public struct RecordDay: Codable, Sendable, Equatable {
    public var day: String
    public var score: Int64
    /// The rank on the day's style board: final once the board has closed (nil if the record was
    /// taken off the board).
    public var rank: Int?
    /// Records on that style board.
    public var entries: Int
    /// The rank of the player's look on that day's people's board (nil when not on the runway),
    /// and how many looks that board ranks.
    public var peopleRank: Int?
    public var peopleEntries: Int?

    public init(day: String, score: Int64, rank: Int?, entries: Int, peopleRank: Int?, peopleEntries: Int?) {
        (self.day, self.score, self.rank, self.entries, self.peopleRank, self.peopleEntries) = (day, score, rank, entries, peopleRank, peopleEntries)
    }

    enum CodingKeys: String, CodingKey {
        case day, score, rank, entries, peopleRank = "people_rank", peopleEntries = "people_entries"
    }
}

/// GET /v1/players/{id}/record: days played, the streak, and the days themselves, newest first,
/// a page at a time.
public struct PlayerDays: Codable, Sendable, Equatable {
    public var playerID: String
    public var daysPlayed: Int
    /// Consecutive days played up to today, or up to yesterday while today is still open.
    public var streak: Int
    public var bestStreak: Int
    public var lastPlayed: String?
    /// The server's day now (draw calendars from this, never from the device's clock).
    public var today: String
    /// How many days scored in each band of 100 (0–99, 100–199, …, 900–999, 1000): `ScoreBands`.
    public var bands: [Int]
    public var days: [RecordDay]
    /// Pass as `cursor` for the next (older) page; absent on the last page.
    public var nextCursor: String?
    /// Every banner tier earned, oldest first (absent from a server before banners).
    public var banners: [Banner]?

    public init(playerID: String, daysPlayed: Int, streak: Int, bestStreak: Int, lastPlayed: String?, today: String, bands: [Int],
                days: [RecordDay], nextCursor: String?, banners: [Banner]? = nil) {
        (self.playerID, self.daysPlayed, self.streak, self.bestStreak, self.lastPlayed) = (playerID, daysPlayed, streak, bestStreak, lastPlayed)
        (self.today, self.bands, self.days, self.nextCursor, self.banners) = (today, bands, days, nextCursor, banners)
    }

    enum CodingKeys: String, CodingKey {
        case playerID = "player_id", daysPlayed = "days_played", streak, bestStreak = "best_streak", lastPlayed = "last_played"
        case today, bands, days, nextCursor = "next_cursor", banners
    }
}

/// The bands a day's style score falls in: 0–99, 100–199, …, 900–999, and 1000 (a perfect day).
public enum ScoreBands {
    public static let count = 11

    public static func band(of score: Int64) -> Int { Int(max(0, min(Int64(count - 1), score / 100))) }

    /// "0–99", …, "900–999", "1000".
    public static func label(_ band: Int) -> String { band == count - 1 ? "\(band * 100)" : "\(band * 100)–\(band * 100 + 99)" }
}

/// What a news item tells of.
public enum NewsKind: String, CaseIterable, WireVocabulary {
    /// A day's style board closed: the player's final rank of how many.
    case dayClosed = "day_closed"
    /// A day's runway closed: the player's people's rank and the votes their look was in.
    case runwayClosed = "runway_closed"
    /// The player's streak reached a milestone (3, 7, 14, 30, 50, 100, 200, 365 days…).
    case streak = "streak"
    /// The player's streak ended: a whole day went by unplayed.
    case streakBroken = "streak_broken"
    /// A player they follow passed their score on a board.
    case friendPassed = "friend_passed"
    /// A runway closed with the look of a player they follow on it.
    case friendRunway = "friend_runway"
    /// A day's swarm show closed: the player's people's rank and the votes their swarm was in.
    case swarmShowClosed = "swarm_show_closed"
    /// A week closed: the player's rank in their league group and the tier it took them to.
    case leagueClosed = "league_closed"
    /// A week closed without points from the player: down a tier.
    case leagueIdle = "league_idle"
    /// The player earned a banner's tier.
    case banner = "banner"
}

/// One thing that happened to the player, written once by the server in plain words.
public struct NewsItem: Codable, Sendable, Equatable {
    /// Increasing: a client remembers the newest it has shown and asks for what comes after.
    public var id: Int64
    public var at: String
    /// A kind from a newer server is kept as it came (a game shows the text of any kind).
    public var kind: Spelled<NewsKind>
    public var day: String
    public var text: String
    /// The facts behind the text, where the kind has them.
    public var rank: Int?
    public var of: Int?
    public var score: Int64?
    public var votes: Int?
    public var streak: Int?

    public init(id: Int64, at: String, kind: Spelled<NewsKind>, day: String, text: String, rank: Int? = nil, of: Int? = nil,
                score: Int64? = nil, votes: Int? = nil, streak: Int? = nil) {
        (self.id, self.at, self.kind, self.day, self.text) = (id, at, kind, day, text)
        (self.rank, self.of, self.score, self.votes, self.streak) = (rank, of, score, votes, streak)
    }

    public init(id: Int64, at: String, kind: NewsKind, day: String, text: String, rank: Int? = nil, of: Int? = nil, score: Int64? = nil,
                votes: Int? = nil, streak: Int? = nil) {
        self.init(id: id, at: at, kind: Spelled(kind), day: day, text: text, rank: rank, of: of, score: score, votes: votes, streak: streak)
    }
}

/// GET /v1/players/me/news?after=ID: the items after ID, oldest first, a page at a time.
public struct NewsPage: Codable, Sendable, Equatable {
    public var items: [NewsItem]
    /// Whether more items follow the last one here (ask again with its id).
    public var more: Bool

    public init(items: [NewsItem], more: Bool) { (self.items, self.more) = (items, more) }
}
