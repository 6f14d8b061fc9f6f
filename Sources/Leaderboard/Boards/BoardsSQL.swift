// The boards' SQL, written once for both stores (see StoreSQL): a player's best on each board,
// the rank order the index is rebuilt in, the change log every process's index follows, and
// points and the causes they are given to. BoardsStore reads and writes with it; each statement
// says the columns it returns, by the names they are read by.
//
// The rules:
// - points earned are the sum of a player's visible bests on every board but contributors and
//   the people's boards, and the points runway votes earned;
// - erasing a player deletes their records except the contributors record (their gifts stay,
//   as "a former player"); each migration declares its tables' steps, which Erasure gathers;
// - a better result replaces a player's best on a board (the caller has compared them), and a
//   donation sets the contributors record to the player's total given.

extension StoreSQL {
    /// A record's columns over `records r`, as `StoreRules.record` reads them.
    static let recordColumns = "r.board, r.player, r.score, r.detail, r.code, r.at, r.hidden"

    /// (`board`, `score`, `detail`, `at`, `player`) of every visible record, by board, in rank order.
    public static func rankedKeys(_ d: Dialect) -> String {
        "SELECT r.board, r.score, r.detail, r.at, r.player FROM \(recordsWithPlayers) WHERE \(visible) ORDER BY r.board \(d.byteOrder), \(rankOrder)"
    }

    /// (`score`, `detail`, `at`, `player`) of one board's visible records in rank order. 1: board.
    public static func orderedKeys(_ d: Dialect) -> String {
        "SELECT r.score, r.detail, r.at, r.player FROM \(recordsWithPlayers) WHERE r.board = \(d.parameter(1)) AND \(visible) ORDER BY \(rankOrder)"
    }

    /// A player's visible bests (`recordColumns`), by board. 1: player.
    public static func bests(_ d: Dialect) -> String {
        "SELECT \(recordColumns) FROM \(recordsWithPlayers) WHERE r.player = \(d.parameter(1)) AND \(visible) ORDER BY r.board \(d.byteOrder)"
    }

    /// (`taken`) one row when a swarm's code is another player's: a record on any swarm board, or
    /// a swarm ever entered in a swarm show, replaced since or not (a copy earns nothing, and a
    /// voter dealt a swarm can't take it as theirs); looks are few and collide honestly, and are
    /// not asked. Both parts read by the code's index. 1: code, 2: player.
    static func swarmCodeHeldByOther(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            SELECT 1 AS taken FROM records r WHERE r.code = \(p(1)) AND r.player <> \(p(2)) AND (r.board LIKE 'swarm-%' OR r.board LIKE 'lab-%')
            UNION ALL SELECT 1 AS taken FROM swarm_show_codes s WHERE s.code = \(p(1)) AND s.player <> \(p(2))
            LIMIT 1
            """
    }

    /// A player's best on a board (`recordColumns`). 1: board, 2: player.
    public static func bestOf(_ d: Dialect) -> String {
        "SELECT \(recordColumns) FROM records r WHERE r.board = \(d.parameter(1)) AND r.player = \(d.parameter(2))"
    }

    /// Some players' bests on a board with their public faces: `recordColumns`, `public_id`,
    /// `name` and `avatar_code`. 1: board, 2 to `count` + 1: the players.
    static func recordsWithFaces(_ d: Dialect, count: Int) -> String {
        """
        SELECT \(recordColumns), p.public_id, p.name, p.avatar_code FROM \(recordsWithPlayers)
        WHERE r.board = \(d.parameter(1)) AND r.player IN (\(d.parameters(from: 2, count: count)))
        """
    }

    /// Hides or shows a player's record; returns `player` when there was one.
    /// 1: hidden, 2: board, 3: player.
    static func hideRecord(_ d: Dialect) -> String {
        "UPDATE records SET hidden = \(d.parameter(1)) WHERE board = \(d.parameter(2)) AND player = \(d.parameter(3)) RETURNING player"
    }

    /// `earned` and `given`: the points a player has earned — visible bests on every board but
    /// contributors and the people's boards of looks and swarms (whose scores move with every vote), and a point for
    /// each counted runway vote — and the points they have given. One statement, so that both
    /// are read from one snapshot. 1: player, 2: the contributors board's id.
    public static func points(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            SELECT CAST(COALESCE((SELECT SUM(score) FROM records WHERE player = \(p(1)) AND board <> \(p(2))
            AND board NOT LIKE 'people-%' AND board NOT LIKE 'swarmshow-%' AND NOT hidden), 0) + COALESCE((SELECT SUM(points) FROM runway_votes WHERE voter = \(p(1))), 0) AS BIGINT)
            AS earned, CAST(COALESCE((SELECT SUM(points) FROM donations WHERE player = \(p(1))), 0) AS BIGINT) AS given
            """
    }

    /// `total`: points a cause has been given in all. 1: cause.
    public static func causeTotal(_ d: Dialect) -> String {
        "SELECT CAST(COALESCE(SUM(points), 0) AS BIGINT) AS total FROM donations WHERE cause = \(d.parameter(1))"
    }

    /// (`cause`, `points`, `donors`) for every cause given to.
    public static let causeTotals = """
        SELECT cause, CAST(SUM(points) AS BIGINT) AS points, CAST(COUNT(DISTINCT player) AS BIGINT) AS donors FROM donations GROUP BY cause
        """

    /// Deletes an erased player's records but the contributors record; returns their boards (`board`).
    /// 1: player, 2: the contributors board's id.
    public static func eraseRecords(_ d: Dialect) -> String {
        "DELETE FROM records WHERE player = \(d.parameter(1)) AND board <> \(d.parameter(2)) RETURNING board"
    }

    /// Records a gift. 1: player, 2: cause, 3: points, 4: at.
    public static func addDonation(_ d: Dialect) -> String {
        "INSERT INTO donations (player, cause, points, at) VALUES (\(d.parameter(1)), \(d.parameter(2)), \(d.parameter(3)), \(d.parameter(4)))"
    }

    /// Writes a player's new best on a board, keeping whether it was hidden.
    /// 1: board, 2: player, 3: score, 4: detail, 5: code, 6: at.
    public static func keepBest(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            INSERT INTO records (board, player, score, detail, code, at, hidden) VALUES (\(p(1)), \(p(2)), \(p(3)), \(p(4)), \(p(5)), \(p(6)), false)
            ON CONFLICT (board, player) DO UPDATE SET score = excluded.score, detail = excluded.detail,
            code = excluded.code, at = excluded.at
            """
    }

    /// Sets a player's contributors record to their total given. 1: the contributors board's
    /// id, 2: player, 3: total given, 4: at.
    public static func setContribution(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            INSERT INTO records (board, player, score, detail, code, at, hidden) VALUES (\(p(1)), \(p(2)), \(p(3)), 0, '', \(p(4)), false)
            ON CONFLICT (board, player) DO UPDATE SET score = excluded.score, at = excluded.at
            """
    }

    /// (`id`, `board`, `player`, `score`, `detail`, `at`, `visible`) of the change log after an id,
    /// with each record's visible key now (nulls when it left its board). A crews' board's change
    /// names a crew and reads its `crew_scores` row (no record is on such a board). 1: after id,
    /// 2: limit.
    public static func changes(_ d: Dialect) -> String {
        """
        SELECT c.id, c.board, c.player, COALESCE(r.score, s.score) AS score, COALESCE(r.detail, s.detail) AS detail, COALESCE(r.at, s.at) AS at,
        CASE WHEN s.crew IS NOT NULL THEN true ELSE (NOT r.hidden AND NOT p.banned) END AS visible
        FROM changes c LEFT JOIN records r ON r.board = c.board AND r.player = c.player
        LEFT JOIN crew_scores s ON s.board = c.board AND s.crew = c.player
        LEFT JOIN players p ON p.id = c.player WHERE c.id > \(d.parameter(1)) ORDER BY c.id LIMIT \(d.parameter(2))
        """
    }

    /// `newest` and `oldest`: the ids the change log keeps at its ends (0 when it is empty).
    public static let changeLogEnds = "SELECT CAST(COALESCE(MAX(id), 0) AS BIGINT) AS newest, CAST(COALESCE(MIN(id), 0) AS BIGINT) AS oldest FROM changes"

    /// Appends to the change log. 1: board, 2: player, 3: at (seconds).
    public static func logChange(_ d: Dialect) -> String {
        "INSERT INTO changes (board, player, at) VALUES (\(d.parameter(1)), \(d.parameter(2)), \(d.parameter(3)))"
    }

    /// Forgets change-log entries older than a time (seconds), but never the newest: the log's
    /// newest id must stay readable, or a reader that missed the pruned entries could not tell.
    /// 1: before.
    public static func pruneChanges(_ d: Dialect) -> String {
        "DELETE FROM changes WHERE at < \(d.parameter(1)) AND id < (SELECT MAX(id) FROM changes)"
    }
}
