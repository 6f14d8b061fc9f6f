// Crews' SQL, written once for both stores (see StoreExecutor).
// - `crews`: one row a crew: its public id, name and the name's comparison key (unique).
// - `crew_members`: a player's crew (one at a time): the week (its Monday) from which their week
//   counts for it (a join during the freeze counts from the next), and the week after which they
//   leave (a leave during the freeze), null otherwise.
// - `crew_invites`: who a crew invited (a join needs one; joining uses it up).
// - `week_points.crew`: the crew a player's week counts for, set with their first points of the
//   week (or when they join before the freeze), so a player counts for one crew a week.
// - `crew_scores`: each crew's score on a week's crews' board (its best members' week points),
//   read into the rank index like records are.
// - `crew_dirty`: crews whose week points rose since their score was last counted.
// Every statement names the columns CrewStore reads.

enum CrewSQL {
    typealias Dialect = StoreSQL.Dialect

    /// Whether a membership holds in a week: it counts from then, and has not ended before it.
    /// 1…: the week's parameter.
    static func holds(_ week: String) -> String { "counts_from <= \(week) AND (leaves_after IS NULL OR leaves_after >= \(week))" }

    /// Founds a crew: `id`. 1: public id, 2: name, 3: name key, 4: at.
    static func found(_ d: Dialect) -> String {
        let p = d.parameter
        return "INSERT INTO crews (public_id, name, name_key, created_at) VALUES (\(p(1)), \(p(2)), \(p(3)), \(p(4))) ON CONFLICT DO NOTHING RETURNING id"
    }

    /// (id, public_id, name) of a crew by its public id. 1: public id.
    static func crew(_ d: Dialect) -> String { "SELECT id, public_id, name FROM crews WHERE public_id = \(d.parameter(1))" }

    /// (id, public_id, name) of crews by number. 1…: numbers.
    static func crews(_ d: Dialect, count: Int) -> String {
        "SELECT id, public_id, name FROM crews WHERE id IN (\(d.parameters(from: 1, count: count)))"
    }

    /// (crew, counts_from, leaves_after) of a player's membership. 1: player.
    static func membership(_ d: Dialect) -> String {
        "SELECT crew, counts_from, leaves_after FROM crew_members WHERE player = \(d.parameter(1))"
    }

    /// `members`: a crew's members in a week (those whose membership has not ended before it,
    /// joins during the freeze included). 1: crew, 2: week.
    static func memberCount(_ d: Dialect) -> String {
        let p = d.parameter
        return "SELECT count(*) AS members FROM crew_members WHERE crew = \(p(1)) AND (leaves_after IS NULL OR leaves_after >= \(p(2)))"
    }

    /// (player, public_id, name, banned, crew, counts_from, leaves_after, points, counts_for) of a crew's
    /// members, with their points in a week and the crew that week counts for. 1: crew, 2: week.
    static func roster(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            SELECT m.player, p.public_id, p.name, p.banned, m.crew, m.counts_from, m.leaves_after, w.points, w.crew AS counts_for FROM crew_members m JOIN players p ON p.id = m.player
            LEFT JOIN week_points w ON w.week = \(p(2)) AND w.player = m.player
            WHERE m.crew = \(p(1)) AND (m.leaves_after IS NULL OR m.leaves_after >= \(p(2)))
            """
    }

    /// (player, public_id, name, points) of players whose week counts for a crew (members who
    /// left it since included). 1: crew, 2: week.
    static func counted(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            SELECT w.player, p.public_id, p.name, w.points FROM week_points w JOIN players p ON p.id = w.player
            WHERE w.week = \(p(2)) AND w.crew = \(p(1)) AND NOT p.banned
            """
    }

    /// Makes a player a member. 1: player, 2: crew, 3: counts from, 4: at.
    static func join(_ d: Dialect) -> String {
        let p = d.parameter
        return "INSERT INTO crew_members (player, crew, counts_from, joined_at) VALUES (\(p(1)), \(p(2)), \(p(3)), \(p(4)))"
    }

    /// Ends a membership now. 1: player.
    static func remove(_ d: Dialect) -> String { "DELETE FROM crew_members WHERE player = \(d.parameter(1))" }

    /// Ends a membership with a week. 1: player, 2: week.
    static func leaveAfter(_ d: Dialect) -> String {
        "UPDATE crew_members SET leaves_after = \(d.parameter(2)) WHERE player = \(d.parameter(1))"
    }

    /// Invites a player. 1: crew, 2: player, 3: at.
    static func invite(_ d: Dialect) -> String {
        let p = d.parameter
        return "INSERT INTO crew_invites (crew, player, at) VALUES (\(p(1)), \(p(2)), \(p(3))) ON CONFLICT (crew, player) DO NOTHING"
    }

    /// `player` when the crew invited them; uses the invitation up. 1: crew, 2: player.
    static func takeInvite(_ d: Dialect) -> String {
        "DELETE FROM crew_invites WHERE crew = \(d.parameter(1)) AND player = \(d.parameter(2)) RETURNING player"
    }

    /// Counts a player's week for a crew, unless it counts for one already: `crew` when it now
    /// does. 1: week, 2: player, 3: crew.
    static func pin(_ d: Dialect) -> String {
        let p = d.parameter
        return "UPDATE week_points SET crew = \(p(3)) WHERE week = \(p(1)) AND player = \(p(2)) AND crew IS NULL RETURNING crew"
    }

    /// Stops a player's week counting for a crew. 1: week, 2: player, 3: crew.
    static func unpin(_ d: Dialect) -> String {
        let p = d.parameter
        return "UPDATE week_points SET crew = NULL WHERE week = \(p(1)) AND player = \(p(2)) AND crew = \(p(3)) RETURNING player"
    }

    /// The crew a player's week counts for. 1: week, 2: player.
    static func pinned(_ d: Dialect) -> String {
        "SELECT crew FROM week_points WHERE week = \(d.parameter(1)) AND player = \(d.parameter(2))"
    }

    /// Marks a crew's score to be counted again. 1: week, 2: crew.
    static func dirty(_ d: Dialect) -> String {
        "INSERT INTO crew_dirty (week, crew) VALUES (\(d.parameter(1)), \(d.parameter(2))) ON CONFLICT (week, crew) DO NOTHING"
    }

    /// Marks every crew a player's weeks count for (erasure, before their weeks go). 1: player.
    static func dirtyPlayersCrews(_ d: Dialect) -> String {
        """
        INSERT INTO crew_dirty (week, crew) SELECT week, crew FROM week_points WHERE player = \(d.parameter(1)) AND crew IS NOT NULL
        ON CONFLICT (week, crew) DO NOTHING
        """
    }

    /// (week, crew) of up to `limit` crews to count again. 1: limit.
    static func dirtyCrews(_ d: Dialect) -> String { "SELECT week, crew FROM crew_dirty ORDER BY week, crew LIMIT \(d.parameter(1))" }

    static func clean(_ d: Dialect) -> String { "DELETE FROM crew_dirty WHERE week = \(d.parameter(1)) AND crew = \(d.parameter(2))" }

    /// `score` and `at` of a crew's week: the sum of its best `CrewRules.counted` players' points
    /// (banned players left out), and when the last of them last rose. 1: week, 2: crew, 3: counted.
    static func bestOf(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            SELECT CAST(COALESCE(SUM(t.points), 0) AS BIGINT) AS score, CAST(COALESCE(MAX(t.at), 0) AS BIGINT) AS at FROM (
            SELECT w.points, w.at FROM week_points w JOIN players p ON p.id = w.player
            WHERE w.week = \(p(1)) AND w.crew = \(p(2)) AND NOT p.banned ORDER BY w.points DESC, w.at, w.player LIMIT \(p(3))) t
            """
    }

    /// `score` of a crew on a board. 1: board, 2: crew.
    static func score(_ d: Dialect) -> String { "SELECT score FROM crew_scores WHERE board = \(d.parameter(1)) AND crew = \(d.parameter(2))" }

    /// Keeps a crew's score on a board. 1: board, 2: crew, 3: score, 4: at.
    static func keepScore(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            INSERT INTO crew_scores (board, crew, score, detail, at) VALUES (\(p(1)), \(p(2)), \(p(3)), 0, \(p(4)))
            ON CONFLICT (board, crew) DO UPDATE SET score = excluded.score, at = excluded.at
            """
    }

    static func dropScore(_ d: Dialect) -> String { "DELETE FROM crew_scores WHERE board = \(d.parameter(1)) AND crew = \(d.parameter(2))" }

    /// (board, score, detail, at, player) of every crew score, by board, in rank order (the crew's
    /// number is the index's player).
    static func rankedKeys(_ d: Dialect) -> String {
        "SELECT board, score, detail, at, crew AS player FROM crew_scores ORDER BY board \(d.byteOrder), score DESC, detail DESC, at, crew"
    }

    /// Memberships that ended with a week before this one. 1: this week.
    static func pruneLeavers(_ d: Dialect) -> String { "DELETE FROM crew_members WHERE leaves_after < \(d.parameter(1))" }

    /// (id, public_id, name) of a page of crews by number. 1: limit, 2: offset.
    static func list(_ d: Dialect) -> String { "SELECT id, public_id, name FROM crews ORDER BY id LIMIT \(d.parameter(1)) OFFSET \(d.parameter(2))" }

    /// `id` of the crew with a name's comparison key. 1: key.
    static func named(_ d: Dialect) -> String { "SELECT id FROM crews WHERE name_key = \(d.parameter(1))" }

    /// Renames a crew. 1: crew, 2: name, 3: key.
    static func rename(_ d: Dialect) -> String {
        "UPDATE crews SET name = \(d.parameter(2)), name_key = \(d.parameter(3)) WHERE id = \(d.parameter(1))"
    }

    static func eraseMember(_ d: Dialect) -> String { "DELETE FROM crew_members WHERE player = \(d.parameter(1))" }
    static func eraseInvites(_ d: Dialect) -> String { "DELETE FROM crew_invites WHERE player = \(d.parameter(1))" }
}
