// The limits the API states on the wire — a page's rows, a read's radius, a code's length — written
// once here, where the calls' declarations (and so the OpenAPI document) read them; the service
// enforces the same values (`LeaderboardLimits` reads them from here).

public enum WireLimits {
    /// Rows in one page of a board.
    public static let pageRows = 1...100
    /// The page a client gets when it names no limit (the seed's "top 50").
    public static let defaultPageRows = 50
    /// Rows either side of a player in an around read.
    public static let aroundRadius = 0...25
    public static let defaultAroundRadius = 5
    /// Days in one page of a player's record: up to a year and a week, so a game draws a year's
    /// calendar from one read.
    public static let recordDays = 1...371
    public static let defaultRecordDays = 30
    /// Earlier days whose style and people's boards the board list gives a game, besides today's.
    public static let earlierDays = 6
    /// Players one player may follow.
    public static let follows = 500
    /// Share codes longer than this are not codes Plume writes (16 ingredients is 255 characters).
    public static let maxCodeBytes = 512
    /// A runway ticket is never longer.
    public static let maxTicketBytes = 160
    /// One line of an OpenSSH .pub file is never longer.
    public static let maxKeyLineBytes = 2048
    /// The lowest score any day's rules let a look onto the runway with (500 under the v1 rules,
    /// 400 under v2 and v3: `RunwayEntry.minimumScore`, which a test holds to this).
    public static let leastRunwayMinimum = 400
    /// A people's score: round(1000 × P(the look beats the average entry)).
    public static let peopleScores = 0...1000
}
