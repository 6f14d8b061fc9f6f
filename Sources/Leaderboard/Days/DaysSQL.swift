// The SQL of the day that carries over, for both stores: each player's days played and streak
// (player_days, one row, kept as style records arrive), their day scores by band (score_bands),
// their news (one row per player, kind and day: written once however many servers write it), and
// which days' closing passes are done (closings). Days are UTC day numbers (days since 1970).

extension StoreSQL {
    /// The UTC day number of a style board's `board` column (`style-YYYY-MM-DD`).
    static func dayOfBoard(_ d: Dialect) -> String {
        switch d {
        case .sqlite: "CAST(julianday(substr(board, 7)) - 2440587.5 AS INTEGER)"
        case .postgres: "(CAST(substr(board, 7) AS DATE) - DATE '1970-01-01')"
        }
    }

    /// The larger of two numbers.
    static func greater(_ d: Dialect, _ a: String, _ b: String) -> String {
        d == .sqlite ? "MAX(\(a), \(b))" : "GREATEST(\(a), \(b))"
    }

    /// A player's first record on a day's style board: one more day played, the streak one longer
    /// when they played the day before (else it starts again at 1), and the best streak kept.
    /// Only a day after the last one counts, so a repeat is nothing. Returns the streak when it
    /// counted. 1: player, 2: day.
    static func playedDay(_ d: Dialect) -> String {
        let p = d.parameter
        let streak = "CASE WHEN player_days.last_day = \(p(2)) - 1 THEN player_days.streak + 1 ELSE 1 END"
        return """
            INSERT INTO player_days (player, days_played, streak, best_streak, last_day) VALUES (\(p(1)), 1, 1, 1, \(p(2)))
            ON CONFLICT (player) DO UPDATE SET days_played = player_days.days_played + 1, streak = \(streak),
            best_streak = \(greater(d, "player_days.best_streak", streak)), last_day = \(p(2))
            WHERE player_days.last_day < \(p(2)) RETURNING streak
            """
    }

    /// Moves a player's count in a score band. 1: player, 2: band, 3: change (+1 or −1).
    static func countBand(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            INSERT INTO score_bands (player, band, days) VALUES (\(p(1)), \(p(2)), \(p(3)))
            ON CONFLICT (player, band) DO UPDATE SET days = score_bands.days + excluded.days
            """
    }

    /// (days_played, streak, best_streak, last_day) of a player. 1: player.
    static func playerDays(_ d: Dialect) -> String {
        "SELECT days_played, streak, best_streak, last_day FROM player_days WHERE player = \(d.parameter(1))"
    }

    /// (band, days) of a player's bands. 1: player.
    static func scoreBands(_ d: Dialect) -> String {
        "SELECT band, days FROM score_bands WHERE player = \(d.parameter(1)) AND days > 0"
    }

    /// (board, score) of a player's style records before a board id, newest first: the records
    /// index (player, board) read backwards, never the player's whole history. (Every style id
    /// has one shape, so any collation orders them by day.)
    /// 1: player, 2: before (a board id; "style-9" for the newest), 3: limit.
    static func playedBoards(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            SELECT board, score FROM records WHERE player = \(p(1)) AND board > 'style-' AND board < \(p(2)) AND board LIKE 'style-%'
            ORDER BY board DESC LIMIT \(p(3))
            """
    }

    /// (player, streak) of the streaks that end when a day goes unplayed: last played the day
    /// before, at least two days long. 1: the day before the missed one, 2: the shortest streak.
    static func streaksEnding(_ d: Dialect) -> String {
        "SELECT player, streak FROM player_days WHERE last_day = \(d.parameter(1)) AND streak >= \(d.parameter(2))"
    }

    /// Adds a news item unless the player has one of that kind for that day about the same thing
    /// (`about`: empty for the player's own days; what another player's item concerns).
    /// 1: player, 2: kind, 3: day, 4: at, 5: text, 6: rank, 7: total, 8: score, 9: votes, 10: streak, 11: about.
    static func addNews(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            INSERT INTO news (player, kind, day, at, text, rank, total, score, votes, streak, about)
            VALUES (\(p(1)), \(p(2)), \(p(3)), \(p(4)), \(p(5)), \(p(6)), \(p(7)), \(p(8)), \(p(9)), \(p(10)), \(p(11)))
            ON CONFLICT (player, kind, day, about) DO NOTHING
            """
    }

    /// (id, kind, day, at, text, rank, total, score, votes, streak) of a player's news after an
    /// id, oldest first. 1: player, 2: after, 3: limit.
    static func news(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            SELECT id, kind, day, at, text, rank, total, score, votes, streak FROM news
            WHERE player = \(p(1)) AND id > \(p(2)) ORDER BY id LIMIT \(p(3))
            """
    }

    /// Forgets news older than a time (milliseconds). 1: before.
    static func pruneNews(_ d: Dialect) -> String { "DELETE FROM news WHERE at < \(d.parameter(1))" }

    /// (kind, day) of the closing passes done since a day. 1: day.
    static func closings(_ d: Dialect) -> String { "SELECT kind, day FROM closings WHERE day >= \(d.parameter(1))" }

    /// Marks a closing pass done. 1: kind, 2: day, 3: at.
    static func closed(_ d: Dialect) -> String {
        "INSERT INTO closings (kind, day, at) VALUES (\(d.parameter(1)), \(d.parameter(2)), \(d.parameter(3))) ON CONFLICT (kind, day) DO NOTHING"
    }

    static func eraseDays(_ d: Dialect) -> String { "DELETE FROM player_days WHERE player = \(d.parameter(1))" }
    static func eraseBands(_ d: Dialect) -> String { "DELETE FROM score_bands WHERE player = \(d.parameter(1))" }
    static func eraseNews(_ d: Dialect) -> String { "DELETE FROM news WHERE player = \(d.parameter(1))" }
}
