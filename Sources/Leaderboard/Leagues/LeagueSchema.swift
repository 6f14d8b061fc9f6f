// The leagues' tables (LeagueSQL says what each holds): groups, a player's week's seat and result,
// and each player's tier.

extension Migration {
    /// v11. League groups of at most 30 a week and tier, a week's seat in one and its result, and
    /// each player's tier.
    static let leagues = Migration("v11: league groups, seats and tiers", erasing: [
        ErasureStep("player_tiers", LeagueSQL.eraseTier),
    ], untouched: [
        "league_groups": "a week's groups: their tier, seat count and close, no player (a player's seat is on their week_points row, erased with it)",
    ]) { d in
        let id = d == .sqlite ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "BIGSERIAL PRIMARY KEY"
        let integer = d == .sqlite ? "INTEGER" : "BIGINT"
        let withoutRowID = d == .sqlite ? " WITHOUT ROWID" : ""
        return [
            """
            CREATE TABLE league_groups (
                id \(id),
                week INTEGER NOT NULL,
                tier INTEGER NOT NULL,
                members INTEGER NOT NULL,
                closed_at \(integer)
            )
            """,
            // The newest group of a week's tier (placement); a week's open groups (its close).
            "CREATE INDEX league_groups_tier ON league_groups (week, tier, id)",
            "CREATE INDEX league_groups_open ON league_groups (week, closed_at, id)",
            "ALTER TABLE week_points ADD COLUMN grp \(integer)",
            "ALTER TABLE week_points ADD COLUMN final_rank INTEGER",
            "ALTER TABLE week_points ADD COLUMN moved INTEGER",
            // A group's table; a week's players not yet seated.
            "CREATE INDEX week_points_group ON week_points (grp)",
            "CREATE INDEX week_points_unseated ON week_points (week, grp, player)",
            """
            CREATE TABLE player_tiers (
                player \(integer) NOT NULL PRIMARY KEY REFERENCES players(id),
                tier INTEGER NOT NULL,
                week INTEGER NOT NULL
            )\(withoutRowID)
            """,
            // The tiers the week's close looks at: those held for it.
            "CREATE INDEX player_tiers_week ON player_tiers (week, player)",
        ]
    }
}
