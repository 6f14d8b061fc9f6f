// The leaderboard's rules that live in SQL, written once for both stores. SQLite and PostgreSQL
// run the same text: booleans are tested with NOT (SQLite keeps them as 0 and 1), sums are CAST
// to BIGINT, and only two things are spelled per dialect — a bound parameter (`?1` or `$1`) and
// the byte-order collation boards are listed in. Every board id is a bound parameter.
//
// The rules themselves:
// - the rank order is RankKey's `<`: higher score, then higher detail, then earlier, then the
//   lower player number, so no two records share a rank;
// - a record is on its board unless it is hidden or its player is banned;
// - points earned are the sum of a player's visible bests on every board but contributors and
//   the people's boards, and the points runway votes earned;
// - erasing a player deletes their records except the contributors record (their gifts stay,
//   as "a former player") and clears everything that identifies them (Erasure lists the steps);
// - a better result replaces a player's best on a board (the caller has compared them), and a
//   donation sets the contributors record to the player's total given.

public enum StoreSQL {
    public enum Dialect: Sendable {
        case sqlite, postgres

        /// The n-th bound parameter (1-based).
        public func parameter(_ n: Int) -> String {
            switch self {
            case .sqlite: "?\(n)"
            case .postgres: "$\(n)"
            }
        }

        /// Text compared byte by byte, whatever the database's locale.
        var byteOrder: String {
            switch self {
            case .sqlite: "COLLATE BINARY"
            case .postgres: "COLLATE \"C\""
            }
        }
    }

    /// RankKey's order, over `records r`.
    public static let rankOrder = "r.score DESC, r.detail DESC, r.at, r.player"

    /// Whether a record shows on its board, over `records r JOIN players p`.
    public static let visible = "NOT r.hidden AND NOT p.banned"

    static let recordsWithPlayers = "records r JOIN players p ON p.id = r.player"

    /// A player's columns, as `PlayerRecord(row:)` reads them.
    static let playerColumns = "id, public_id, name, email, updates_opt_in, avatar_code, created_at, banned"

    /// (board, score, detail, at, player) of every visible record, by board, in rank order.
    public static func rankedKeys(_ d: Dialect) -> String {
        "SELECT r.board, r.score, r.detail, r.at, r.player FROM \(recordsWithPlayers) WHERE \(visible) ORDER BY r.board \(d.byteOrder), \(rankOrder)"
    }

    /// (score, detail, at, player) of one board's visible records in rank order. 1: board.
    public static func orderedKeys(_ d: Dialect) -> String {
        "SELECT r.score, r.detail, r.at, r.player FROM \(recordsWithPlayers) WHERE r.board = \(d.parameter(1)) AND \(visible) ORDER BY \(rankOrder)"
    }

    /// A player's visible bests, by board. 1: player.
    public static func bests(_ d: Dialect, columns: String) -> String {
        "SELECT \(columns) FROM \(recordsWithPlayers) WHERE r.player = \(d.parameter(1)) AND \(visible) ORDER BY r.board \(d.byteOrder)"
    }

    /// `earned`: points a player has earned: visible bests on every board but contributors and the
    /// people's boards (whose scores move with every vote), and a point for each counted runway
    /// vote. 1: player, 2: the contributors board's id.
    public static func pointsEarned(_ d: Dialect) -> String {
        """
        SELECT CAST(COALESCE((SELECT SUM(score) FROM records WHERE player = \(d.parameter(1)) AND board <> \(d.parameter(2))
        AND board NOT LIKE 'people-%' AND NOT hidden), 0) + COALESCE((SELECT SUM(points) FROM runway_votes WHERE voter = \(d.parameter(1))), 0) AS BIGINT)
        AS earned
        """
    }

    /// `given`: points a player has given. 1: player.
    public static func pointsGiven(_ d: Dialect) -> String {
        "SELECT CAST(COALESCE(SUM(points), 0) AS BIGINT) AS given FROM donations WHERE player = \(d.parameter(1))"
    }

    /// `total`: points a cause has been given in all. 1: cause.
    public static func causeTotal(_ d: Dialect) -> String {
        "SELECT CAST(COALESCE(SUM(points), 0) AS BIGINT) AS total FROM donations WHERE cause = \(d.parameter(1))"
    }

    /// (cause, points, donors) for every cause given to.
    public static let causeTotals = "SELECT cause, CAST(SUM(points) AS BIGINT), CAST(COUNT(DISTINCT player) AS BIGINT) FROM donations GROUP BY cause"

    /// Deletes an erased player's records but the contributors record; returns their boards (`board`).
    /// 1: player, 2: the contributors board's id.
    public static func eraseRecords(_ d: Dialect) -> String {
        "DELETE FROM records WHERE player = \(d.parameter(1)) AND board <> \(d.parameter(2)) RETURNING board"
    }

    /// Clears everything that identifies an erased player. 1: player.
    public static func eraseIdentity(_ d: Dialect) -> String {
        """
        UPDATE players SET name = NULL, name_key = NULL, email = NULL, updates_opt_in = false, avatar_code = NULL,
        token_hash = NULL WHERE id = \(d.parameter(1))
        """
    }

    /// A player's best on a board: (`board`, `player`, `score`, `detail`, `code`, `at`, `hidden`).
    /// 1: board, 2: player.
    public static func bestOf(_ d: Dialect) -> String {
        "SELECT board, player, score, detail, code, at, hidden FROM records WHERE board = \(d.parameter(1)) AND player = \(d.parameter(2))"
    }

    /// Adds a player unless the name is taken (ignoring case: name_key is unique); returns the
    /// new player's number (`id`) when added. 1: public id, 2: name, 3: name key, 4: e-mail,
    /// 5: updates opt-in, 6: avatar, 7: token hash, 8: created at.
    public static func addPlayer(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            INSERT INTO players (public_id, name, name_key, email, updates_opt_in, avatar_code, token_hash, created_at)
            VALUES (\(p(1)), \(p(2)), \(p(3)), \(p(4)), \(p(5)), \(p(6)), \(p(7)), \(p(8)))
            ON CONFLICT (name_key) DO NOTHING RETURNING id
            """
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

    /// (id, board, player, score, detail, at, visible) of the change log after an id, with each
    /// record's visible key now (nulls when it left its board). 1: after id, 2: limit.
    public static func changes(_ d: Dialect) -> String {
        """
        SELECT c.id, c.board, c.player, r.score, r.detail, r.at, (NOT r.hidden AND NOT p.banned) AS visible
        FROM changes c LEFT JOIN records r ON r.board = c.board AND r.player = c.player
        LEFT JOIN players p ON p.id = c.player WHERE c.id > \(d.parameter(1)) ORDER BY c.id LIMIT \(d.parameter(2))
        """
    }

    /// The newest and the oldest id the change log keeps (0 when it is empty).
    public static let changeLogEnds = "SELECT CAST(COALESCE(MAX(id), 0) AS BIGINT), CAST(COALESCE(MIN(id), 0) AS BIGINT) FROM changes"

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

    /// (name, e-mail) of players who asked for updates and can get them.
    public static let updatesList = """
        SELECT name, email FROM players WHERE updates_opt_in AND email IS NOT NULL AND name IS NOT NULL AND NOT banned ORDER BY id
        """
}
