// The leagues' SQL, written once for both stores (see StoreExecutor).
// - `league_groups`: one row a group: its week (the Monday, days since 1970), its tier
//   (`LeagueTier.level`), how many seats were taken (placement fills a group to 30, then opens
//   another), and when its week's close claimed it (null until then).
// - `week_points.grp`: the group a player's week placed them in (null until placed);
//   `final_rank` and `moved` (−1, 0, 1), written by the close.
// - `player_tiers`: each player's tier and the week from which it holds (no row: the lowest).
// Every statement names the columns LeagueStore reads.

enum LeagueSQL {
    typealias Dialect = StoreSQL.Dialect

    /// (tier, week) of a player: their tier, and the first week it holds for. 1: player.
    static func tier(_ d: Dialect) -> String {
        "SELECT tier, week FROM player_tiers WHERE player = \(d.parameter(1))"
    }

    /// (points, grp, crew) of a player's week. 1: week, 2: player.
    static func seat(_ d: Dialect) -> String {
        "SELECT points, grp, crew FROM week_points WHERE week = \(d.parameter(1)) AND player = \(d.parameter(2))"
    }

    /// A seat in the newest group of a week's tier, if it has one free: `id`, or no row. Two
    /// placements at once on PostgreSQL: the second waits on the first's row and checks the count
    /// again. 1: week, 2: tier, 3: seats in a group.
    static func takeSeat(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            UPDATE league_groups SET members = members + 1
            WHERE id = (SELECT max(id) FROM league_groups WHERE week = \(p(1)) AND tier = \(p(2))) AND members < \(p(3)) AND closed_at IS NULL
            RETURNING id
            """
    }

    /// A new group with its first seat taken: `id`. 1: week, 2: tier.
    static func openGroup(_ d: Dialect) -> String {
        "INSERT INTO league_groups (week, tier, members) VALUES (\(d.parameter(1)), \(d.parameter(2)), 1) RETURNING id"
    }

    /// Seats a player's week in a group. 1: week, 2: player, 3: group.
    static func sit(_ d: Dialect) -> String {
        let p = d.parameter
        return "UPDATE week_points SET grp = \(p(3)) WHERE week = \(p(1)) AND player = \(p(2)) AND grp IS NULL"
    }

    /// `player`s with points in a week and no group yet, after a player. 1: week, 2: after, 3: limit.
    static func unseated(_ d: Dialect) -> String {
        let p = d.parameter
        return "SELECT player FROM week_points WHERE week = \(p(1)) AND grp IS NULL AND player > \(p(2)) ORDER BY player LIMIT \(p(3))"
    }

    /// Claims up to `limit` of a week's open groups for its close: (id, tier) of each claimed. A
    /// group another server claimed first is skipped (on PostgreSQL after waiting for its
    /// transaction). 1: week, 2: at, 3: limit.
    static func claimGroups(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            UPDATE league_groups SET closed_at = \(p(2))
            WHERE id IN (SELECT id FROM league_groups WHERE week = \(p(1)) AND closed_at IS NULL ORDER BY id LIMIT \(p(3))) AND closed_at IS NULL
            RETURNING id, tier
            """
    }

    /// `id` of one of a week's groups not yet closed, if any. 1: week.
    static func openGroups(_ d: Dialect) -> String {
        "SELECT id FROM league_groups WHERE week = \(d.parameter(1)) AND closed_at IS NULL LIMIT 1"
    }

    /// (grp, player, points, at) of every player seated in groups `from`…`to` of a week. 1: week,
    /// 2: from, 3: to.
    static func seated(_ d: Dialect) -> String {
        let p = d.parameter
        return "SELECT grp, player, points, at FROM week_points WHERE grp >= \(p(2)) AND grp <= \(p(3)) AND week = \(p(1))"
    }

    /// A player's place at the close. 1: week, 2: player, 3: final rank, 4: moved.
    static func result(_ d: Dialect) -> String {
        let p = d.parameter
        return "UPDATE week_points SET final_rank = \(p(3)), moved = \(p(4)) WHERE week = \(p(1)) AND player = \(p(2))"
    }

    /// A player's tier from a week on. 1: player, 2: tier, 3: week.
    static func keepTier(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            INSERT INTO player_tiers (player, tier, week) VALUES (\(p(1)), \(p(2)), \(p(3)))
            ON CONFLICT (player) DO UPDATE SET tier = excluded.tier, week = excluded.week
            """
    }

    /// (player, tier, points) of players whose tier was to hold for a week or before, after a
    /// player: `points` null for one who earned none that week. 1: week, 2: after, 3: limit.
    static func heldTiers(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            SELECT t.player, t.tier, w.points FROM player_tiers t LEFT JOIN week_points w ON w.week = \(p(1)) AND w.player = t.player
            WHERE t.week <= \(p(1)) AND t.player > \(p(2)) ORDER BY t.player LIMIT \(p(3))
            """
    }

    /// Moves an idle player down a tier from the next week: `tier` (the new one), or no row when
    /// another close did it first. 1: week, 2: player.
    static func demoteIdle(_ d: Dialect) -> String {
        let p = d.parameter
        return "UPDATE player_tiers SET tier = tier - 1, week = \(p(1)) + 7 WHERE player = \(p(2)) AND week <= \(p(1)) AND tier > 0 RETURNING tier"
    }

    /// Carries a tier on to the next week (a player of the lowest tier idle, or one with points
    /// the close found no group for). 1: week, 2: player.
    static func carryTier(_ d: Dialect) -> String {
        let p = d.parameter
        return "UPDATE player_tiers SET week = \(p(1)) + 7 WHERE player = \(p(2)) AND week <= \(p(1))"
    }

    /// Forgets an idle player of the lowest tier (no row is the lowest). 1: week, 2: player.
    static func forgetTier(_ d: Dialect) -> String {
        let p = d.parameter
        return "DELETE FROM player_tiers WHERE player = \(p(2)) AND week <= \(p(1)) AND tier = 0"
    }

    /// (week, tier, members, closed_at) of a group. 1: id.
    static func group(_ d: Dialect) -> String {
        "SELECT week, tier, members, closed_at FROM league_groups WHERE id = \(d.parameter(1))"
    }

    /// (player, public_id, name, points, at, final_rank, moved) of a group's players (erased
    /// players are gone from it: their weeks are). 1: group.
    static func table(_ d: Dialect) -> String {
        """
        SELECT w.player, p.public_id, p.name, w.points, w.at, w.final_rank, w.moved FROM week_points w JOIN players p ON p.id = w.player
        WHERE w.grp = \(d.parameter(1))
        """
    }

    static func eraseTier(_ d: Dialect) -> String { "DELETE FROM player_tiers WHERE player = \(d.parameter(1))" }
}
