// The tables of the day that carries over (DaysSQL says what each holds): player_days,
// score_bands, news and closings; with the indexes a player's days are read from and one copy of
// a look per runway day.

extension Migration {
    /// v5. Days played and streaks kept as records arrive, news, closing passes, a player's days
    /// read from an index, and one copy of a look per runway day.
    static let days = Migration("v5: days played, score bands, news, closings; one copy of a look per runway day", erasing: [
        ErasureStep("player_days", StoreSQL.eraseDays),
        ErasureStep("score_bands", StoreSQL.eraseBands),
        ErasureStep("news", StoreSQL.eraseNews),
    ], untouched: [
        "closings": "which days' closing passes are done: days only, no player",
    ]) { d in
        let id = d == .sqlite ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "BIGSERIAL PRIMARY KEY"
        let integer = d == .sqlite ? "INTEGER" : "BIGINT"
        // SQLite: keyed by the player, not by a rowid (which an INTEGER PRIMARY KEY would become).
        let withoutRowID = d == .sqlite ? " WITHOUT ROWID" : ""
        return [
            """
            CREATE TABLE player_days (
                player \(integer) NOT NULL REFERENCES players(id),
                days_played INTEGER NOT NULL,
                streak INTEGER NOT NULL,
                best_streak INTEGER NOT NULL,
                last_day INTEGER NOT NULL,
                PRIMARY KEY (player)
            )\(withoutRowID)
            """,
            // The closing pass finds the streaks a missed day ends.
            "CREATE INDEX player_days_last ON player_days (last_day, streak)",
            """
            CREATE TABLE score_bands (
                player \(integer) NOT NULL REFERENCES players(id),
                band INTEGER NOT NULL,
                days INTEGER NOT NULL,
                PRIMARY KEY (player, band)
            )\(withoutRowID)
            """,
            """
            CREATE TABLE news (
                id \(id),
                player \(integer) NOT NULL REFERENCES players(id),
                kind TEXT NOT NULL,
                day INTEGER NOT NULL,
                about TEXT NOT NULL,
                at \(integer) NOT NULL,
                text TEXT NOT NULL,
                rank INTEGER,
                total INTEGER,
                score \(integer),
                votes INTEGER,
                streak INTEGER,
                UNIQUE (player, kind, day, about)
            )
            """,
            "CREATE INDEX news_player ON news (player, id)",
            "CREATE INDEX news_at ON news (at)",
            """
            CREATE TABLE closings (
                kind TEXT NOT NULL,
                day INTEGER NOT NULL,
                at \(integer) NOT NULL,
                PRIMARY KEY (kind, day)
            )
            """,
            // A player's days are read newest first from here, never by scanning their records.
            "DROP INDEX records_player",
            "CREATE INDEX records_player ON records (player, board)",
            // One copy of a look per runway day: a later copy of an earlier entry leaves.
            """
            DELETE FROM runway_entries WHERE EXISTS (SELECT 1 FROM runway_entries f WHERE f.day = runway_entries.day
            AND f.code = runway_entries.code AND f.id < runway_entries.id)
            """,
            "CREATE UNIQUE INDEX runway_entries_look ON runway_entries (day, code)",
            // What the style boards already hold: days played, streaks and bands.
            """
            INSERT INTO score_bands (player, band, days)
            SELECT player, CASE WHEN score >= 1000 THEN 10 WHEN score < 0 THEN 0 ELSE CAST(score / 100 AS INTEGER) END, COUNT(*)
            FROM records WHERE board LIKE 'style-%' GROUP BY 1, 2
            """,
            """
            WITH played AS (SELECT player, \(StoreSQL.dayOfBoard(d)) AS day FROM records WHERE board LIKE 'style-%'),
            islands AS (SELECT player, day, day - ROW_NUMBER() OVER (PARTITION BY player ORDER BY day) AS island FROM played),
            runs AS (SELECT player, island, COUNT(*) AS length, MAX(day) AS last FROM islands GROUP BY player, island)
            INSERT INTO player_days (player, days_played, streak, best_streak, last_day)
            SELECT player, SUM(length), (SELECT r.length FROM runs r WHERE r.player = runs.player ORDER BY r.last DESC LIMIT 1),
            MAX(length), MAX(last) FROM runs GROUP BY player
            """,
        ]
    }
}
