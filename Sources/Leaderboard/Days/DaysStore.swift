// What the leaderboard keeps of each player's days and news, read and written once for both
// stores through their executor (DaysSQL holds the SQL; rows are read by column name). The totals and bands are kept as
// records arrive (StoreRules.submit); news is written by the closing passes and by submissions
// that reach a streak milestone, each item once per (player, kind, day, subject) however many
// servers write it.
import ScoresAPI

/// A player's days in total, as kept.
public struct DayTotals: Sendable, Equatable {
    public var daysPlayed: Int
    /// The streak as it stood on `lastDay`: it still counts while `lastDay` is today or yesterday.
    public var streak: Int
    public var bestStreak: Int
    public var lastDay: Int

    public init(daysPlayed: Int, streak: Int, bestStreak: Int, lastDay: Int) {
        (self.daysPlayed, self.streak, self.bestStreak, self.lastDay) = (daysPlayed, streak, bestStreak, lastDay)
    }

    /// The streak on `today`: a whole day missed (the last day played before yesterday) ends it.
    public func streak(today: Int) -> Int { lastDay >= today - 1 ? streak : 0 }
}

/// A news item before the store numbers it.
public struct NewsDraft: Sendable, Equatable {
    public var player: Int64
    /// As kept: a kind a newer server wrote reaches the player as it was written.
    public var kind: Spelled<NewsKind>
    public var day: Int
    public var text: String
    public var rank: Int?
    public var total: Int?
    public var score: Int64?
    public var votes: Int?
    public var streak: Int?
    /// What the item is about when it is not the player's own day (another player, a board): a
    /// player hears of each such thing once a day.
    public var about: String

    public init(player: Int64, kind: Spelled<NewsKind>, day: Int, text: String, rank: Int? = nil, total: Int? = nil, score: Int64? = nil,
                votes: Int? = nil, streak: Int? = nil, about: String = "") {
        (self.player, self.kind, self.day, self.text, self.about) = (player, kind, day, text, about)
        (self.rank, self.total, self.score, self.votes, self.streak) = (rank, total, score, votes, streak)
    }

    public init(player: Int64, kind: NewsKind, day: Int, text: String, rank: Int? = nil, total: Int? = nil, score: Int64? = nil,
                votes: Int? = nil, streak: Int? = nil, about: String = "") {
        self.init(player: player, kind: Spelled(kind), day: day, text: text, rank: rank, total: total, score: score, votes: votes,
                  streak: streak, about: about)
    }

    func statement(_ d: StoreSQL.Dialect, at: Int64) -> StoreStatement {
        StoreStatement(StoreSQL.addNews(d), player, kind.rawValue, day, at, text, rank, total, score, votes, streak, about)
    }
}

/// A news item as kept.
public struct StoredNews: Sendable, Equatable {
    public var id: Int64
    public var at: Int64
    public var draft: NewsDraft
}

/// A closing pass: a day's style board closed, a day's runway, or its swarm show.
public enum Closing: String, Sendable, Hashable {
    case day, runway
    case swarmShow = "swarmshow"
    /// A week's leagues (its day: the week's Monday).
    case week
}

extension StoreExecutor {
    public func dayTotals(player: Int64) async throws -> DayTotals? {
        try await read(StoreStatement(StoreSQL.playerDays(dialect), player)).first.map { row in
            DayTotals(daysPlayed: try row.int("days_played"), streak: try row.int("streak"), bestStreak: try row.int("best_streak"),
                      lastDay: try row.int("last_day"))
        }
    }

    /// How many days scored in each of `ScoreBands`.
    public func scoreBands(player: Int64) async throws -> [Int] {
        var bands = Array(repeating: 0, count: ScoreBands.count)
        for row in try await read(StoreStatement(StoreSQL.scoreBands(dialect), player)) {
            let band = try row.int("band")
            if bands.indices.contains(band) { bands[band] = try row.int("days") }
        }
        return bands
    }

    /// (board, score) of the player's style records on boards before `before` (a board id),
    /// newest first.
    public func playedBoards(player: Int64, before: String, limit: Int) async throws -> [(board: String, score: Int64)] {
        try await read(StoreStatement(StoreSQL.playedBoards(dialect), player, before, limit)).map { row in
            (try row.text("board"), try row.integer("score"))
        }
    }

    /// The streaks of at least `length` days whose last day was `lastDay`.
    public func streaksEnding(lastDay: Int, atLeast length: Int) async throws -> [(player: Int64, streak: Int)] {
        try await read(StoreStatement(StoreSQL.streaksEnding(dialect), lastDay, length)).map { row in
            (try row.integer("player"), try row.int("streak"))
        }
    }

    /// Adds items in one transaction; an item the player already has (same kind and day) is
    /// left as it is.
    public func addNews(_ drafts: [NewsDraft], at: Int64) async throws {
        guard !drafts.isEmpty else { return }
        let d = dialect
        try await perform(StorePlan.each(drafts.map { $0.statement(d, at: at) }))
    }

    public func news(player: Int64, after: Int64, limit: Int) async throws -> [StoredNews] {
        try await read(StoreStatement(StoreSQL.news(dialect), player, after, limit)).map { row in
            let draft = NewsDraft(player: player, kind: Spelled(rawValue: try row.text("kind")), day: try row.int("day"), text: try row.text("text"),
                                  rank: try row.optionalInt("rank"), total: try row.optionalInt("total"), score: try row.optionalInteger("score"),
                                  votes: try row.optionalInt("votes"), streak: try row.optionalInt("streak"))
            return StoredNews(id: try row.integer("id"), at: try row.integer("at"), draft: draft)
        }
    }

    /// Forgets news older than `before` (milliseconds).
    public func pruneNews(before: Int64) async throws {
        try await perform(StorePlan.each([StoreStatement(StoreSQL.pruneNews(dialect), before)]))
    }

    /// The closing passes done for days from `day` on.
    public func closings(since day: Int) async throws -> Set<ClosedDay> {
        var done = Set<ClosedDay>()
        for row in try await read(StoreStatement(StoreSQL.closings(dialect), day)) {
            if let closing = Closing(rawValue: try row.text("kind")) { done.insert(ClosedDay(closing: closing, day: try row.int("day"))) }
        }
        return done
    }

    public func markClosed(_ closing: Closing, day: Int, at: Int64) async throws {
        try await perform(StorePlan.each([StoreStatement(StoreSQL.closed(dialect), closing.rawValue, day, at)]))
    }
}

/// A closing pass done for a day.
public struct ClosedDay: Sendable, Hashable {
    public var closing: Closing
    public var day: Int

    public init(closing: Closing, day: Int) { (self.closing, self.day) = (closing, day) }
}
