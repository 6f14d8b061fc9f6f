// Every limit the leaderboard service enforces, in one place, with the reason for each. Those the
// API states on the wire (a page's rows, a code's length…) are ScoresAPI's `WireLimits`, read here.
import ScoresAPI

public enum LeaderboardLimits {
    /// Player names: 1–24 characters (grapheme clusters) after Unicode NFC — short enough for a
    /// leaderboard column, long enough for most real names.
    public static let nameCharacters = 1...24
    /// E-mail addresses (RFC 5321's path limit).
    public static let maxEmailBytes = 254
    /// Rows in one page of a board, and the page a client gets when it names no limit.
    public static let pageRows = WireLimits.pageRows
    public static let defaultPageRows = WireLimits.defaultPageRows
    /// Rows either side of a player in an around-me read.
    public static let aroundRadius = WireLimits.aroundRadius
    public static let defaultAroundRadius = WireLimits.defaultAroundRadius
    /// Earlier days whose style and people's boards the board list gives a game, besides today's.
    public static let earlierDays = WireLimits.earlierDays
    /// Days in one page of a player's record.
    public static let recordDays = WireLimits.recordDays
    public static let defaultRecordDays = WireLimits.defaultRecordDays
    /// News items in one read.
    public static let newsPage = 50
    /// How far back a closing pass looks for days (and runways) not yet closed: a server down for
    /// longer leaves those days without news rather than sending a week of it at once.
    public static let closingLookbackDays = 7
    /// Weeks back the closing pass looks for a league week not yet closed.
    public static let closingLookbackWeeks = 4
    /// How long a look at a league waits for a week's close it started (the close goes on).
    public static let closeWaitSeconds: Int64 = 2
    /// League groups a transaction of the week's close closes (30 players each at most).
    public static let closingGroups = 50
    /// How often a server looks for days and runways to close.
    public static let closingIntervalSeconds = 20
    /// News items written in one transaction by a closing pass.
    public static let closingBatch = 1_000
    /// Players one player may follow: a large circle of friends and a class or two, small
    /// enough that a board among them is read from the rank index at once.
    public static let follows = WireLimits.follows
    /// Share codes longer than this are not codes Plume writes.
    public static let maxCodeBytes = WireLimits.maxCodeBytes
    /// The most points one donation can move: far above anything a player can earn in a year,
    /// low enough that sums never approach Int64 overflow.
    public static let maxDonationPoints = 1_000_000_000
    /// Verified results kept in memory, by (challenge, code). A result is ~100 bytes.
    public static let verificationCacheEntries = 50_000
    /// Swarm verifications waiting for a simulation slot before new ones are refused (503).
    public static let verificationQueue = 32
    /// Random bytes in a token (256 bits) and in a public player id (128 bits).
    public static let tokenBytes = 32
    public static let playerIDBytes = 16
    /// SSH keys one player may hold (for the games this server hosts).
    public static let keysPerPlayer = 16
    /// Style boards are readable back to this day (the leaderboard's first season).
    public static let firstStyleDay = "2026-01-01"
    /// Changes kept in the change log for other processes to read; older ones are pruned (a
    /// process that falls further behind finds the gap and rebuilds its index from the records).
    public static let changeLogRetentionSeconds = 3_600
    /// A process whose index was last known current longer ago than this reports itself not
    /// ready (/readyz 503) until it catches up, so a load balancer sends players elsewhere.
    public static let followerLagBoundSeconds = 30.0
    /// Skips a voter has on one day's runway: enough to pass over a pair that can't be judged,
    /// too few to wait for one look (the rigging simulation gives puppets this many).
    public static let runwaySkipsPerDay = 5
    /// Points voting on one day's runway can earn (a point a vote).
    public static let runwayPointsPerDay = 50
    /// The background refit's pace: at most once in this long, so that a busy day's fit (a
    /// quarter of a second at a million votes) never takes more than a share of a core.
    public static let runwayRefitInterval = Duration.milliseconds(750)
    /// While votes flow, how often the people's board takes every moved score and vote count
    /// when more than `runwayRewritesAtOnce` changed since the last write (fewer go at once).
    public static let runwayRewriteInterval = Duration.seconds(5)
    public static let runwayRewritesAtOnce = 256
    /// How long the votes must have stopped before the people's board is fitted from nothing.
    public static let runwaySettleAfter = Duration.seconds(1)
    /// Judgements read from the store in one batch by the runway's fit.
    public static let runwayReadBatch = 20_000
    /// Players whose records one statement reads, each a bound value: a board among friends
    /// (`follows` and the player) in one, far below either database's limit on bound values
    /// (SQLite 32 766, PostgreSQL 65 535).
    public static let playersPerRead = 1_000
}
