// The week's points, kept as play arrives (WeekSQL says what each table holds): each player's
// days, as the four parts of a day's points; each player's total for each ISO week; and who sent
// each day's looks first.

extension Migration {
    /// v10. A day's parts (style, Lab, counted votes, a people's place) and a week's total, each
    /// raised in the transaction of the play that earns it; a day's looks by who sent each first.
    static let weekPoints = Migration("v10: week points: a player's days and weeks", erasing: [
        ErasureStep("week_days", WeekSQL.eraseDays),
        ErasureStep("week_points", WeekSQL.eraseWeeks),
        ErasureStep("week_looks", WeekSQL.eraseLooks),
    ]) { d in
        let integer = d == .sqlite ? "INTEGER" : "BIGINT"
        // SQLite: keyed by the key, not by a rowid.
        let withoutRowID = d == .sqlite ? " WITHOUT ROWID" : ""
        return [
            """
            CREATE TABLE week_days (
                player \(integer) NOT NULL REFERENCES players(id),
                day INTEGER NOT NULL,
                style INTEGER NOT NULL,
                lab INTEGER NOT NULL,
                votes INTEGER NOT NULL,
                place INTEGER NOT NULL,
                PRIMARY KEY (player, day)
            )\(withoutRowID)
            """,
            """
            CREATE TABLE week_points (
                week INTEGER NOT NULL,
                player \(integer) NOT NULL REFERENCES players(id),
                points INTEGER NOT NULL,
                days INTEGER NOT NULL,
                at \(integer) NOT NULL,
                PRIMARY KEY (week, player)
            )\(withoutRowID)
            """,
            // A player's weeks; and erasure.
            "CREATE INDEX week_points_player ON week_points (player, week)",
            """
            CREATE TABLE week_looks (
                day INTEGER NOT NULL,
                code TEXT NOT NULL,
                player \(integer) NOT NULL REFERENCES players(id),
                PRIMARY KEY (day, code)
            )\(withoutRowID)
            """,
            "CREATE INDEX week_looks_player ON week_looks (player)",
        ]
    }
}
