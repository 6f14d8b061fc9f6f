// Week points' SQL, written once for both stores (see StoreExecutor).
// - `week_days`: one row a player and UTC day they earned anything, the day's parts as points
//   (`WeekDayParts`: style 0–40, lab 0–30, votes a count up to 10, place 0–10). A part only rises.
// - `week_points`: one row a player and ISO week (`week`: its Monday, days since 1970) with
//   anything: the week's points (the sum of its days' `WeekDayParts.points`), how many days earned
//   some, and when the total last rose (milliseconds; the earlier ranks first within equal points).
// - `week_looks`: who sent each look first on each day (a later sender's is a copy for the week;
//   records keep only a player's best, so they can't tell).
// Every statement names the columns WeekStore reads.

enum WeekSQL {
    typealias Dialect = StoreSQL.Dialect

    /// (style, lab, votes, place) of a player's day. 1: player, 2: day.
    static func day(_ d: Dialect) -> String {
        "SELECT style, lab, votes, place FROM week_days WHERE player = \(d.parameter(1)) AND day = \(d.parameter(2))"
    }

    /// Writes a day's parts (already merged with what was there). 1: player, 2: day, 3–6: style,
    /// lab, votes, place.
    static func keepDay(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            INSERT INTO week_days (player, day, style, lab, votes, place) VALUES (\(p(1)), \(p(2)), \(p(3)), \(p(4)), \(p(5)), \(p(6)))
            ON CONFLICT (player, day) DO UPDATE SET style = excluded.style, lab = excluded.lab, votes = excluded.votes, place = excluded.place
            """
    }

    /// Adds to a player's week: `crew`, the crew the week counts for (CrewSQL; set with the
    /// week's first points from the player's membership then). 1: week, 2: player, 3: points
    /// added, 4: days added (0 or 1), 5: at.
    static func addToWeek(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            INSERT INTO week_points (week, player, points, days, at, crew) VALUES (\(p(1)), \(p(2)), \(p(3)), \(p(4)), \(p(5)),
            (SELECT crew FROM crew_members WHERE player = \(p(2)) AND \(CrewSQL.holds(p(1)))))
            ON CONFLICT (week, player) DO UPDATE SET points = week_points.points + excluded.points,
            days = week_points.days + excluded.days, at = excluded.at
            RETURNING crew
            """
    }

    /// (points, days, at) of a player's week. 1: week, 2: player.
    static func week(_ d: Dialect) -> String {
        "SELECT points, days, at FROM week_points WHERE week = \(d.parameter(1)) AND player = \(d.parameter(2))"
    }

    /// (day, style, lab, votes, place) of a player's days from one day to another, inclusive.
    /// 1: player, 2: first day, 3: last day.
    static func days(_ d: Dialect) -> String {
        let p = d.parameter
        return "SELECT day, style, lab, votes, place FROM week_days WHERE player = \(p(1)) AND day >= \(p(2)) AND day <= \(p(3)) ORDER BY day"
    }

    /// `player`: who sent this look first on this day, if anyone has. 1: day, 2: code.
    static func firstSender(_ d: Dialect) -> String {
        "SELECT player FROM week_looks WHERE day = \(d.parameter(1)) AND code = \(d.parameter(2))"
    }

    /// Makes this player the look's first sender on this day; `player` when they now are, no row
    /// when someone was (a second sender at the same moment waits on the first's key, then finds
    /// it taken). 1: day, 2: code, 3: player.
    static func claimLook(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            INSERT INTO week_looks (day, code, player) VALUES (\(p(1)), \(p(2)), \(p(3)))
            ON CONFLICT (day, code) DO NOTHING RETURNING player
            """
    }

    static func eraseDays(_ d: Dialect) -> String { "DELETE FROM week_days WHERE player = \(d.parameter(1))" }
    static func eraseWeeks(_ d: Dialect) -> String { "DELETE FROM week_points WHERE player = \(d.parameter(1))" }
    static func eraseLooks(_ d: Dialect) -> String { "DELETE FROM week_looks WHERE player = \(d.parameter(1))" }
}
