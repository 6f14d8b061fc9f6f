// The PostgreSQL schema as a named, ordered list of migrations, the same tables as SQLite's.
// Never edit a shipped migration; add the next one. Applied names are kept in plume_migrations.
import Leaderboard

enum PostgresSchema {
    static let migrations: [(name: String, statements: [String])] = [
        ("v1: players, records, donations, change log", [
            """
            CREATE TABLE players (
                id BIGSERIAL PRIMARY KEY,
                public_id TEXT NOT NULL UNIQUE,
                name TEXT,
                name_key TEXT UNIQUE,
                email TEXT,
                updates_opt_in BOOLEAN NOT NULL DEFAULT false,
                avatar_code TEXT,
                token_hash TEXT UNIQUE,
                created_at BIGINT NOT NULL,
                banned BOOLEAN NOT NULL DEFAULT false
            )
            """,
            """
            CREATE TABLE records (
                board TEXT NOT NULL,
                player BIGINT NOT NULL REFERENCES players(id),
                score BIGINT NOT NULL,
                detail DOUBLE PRECISION NOT NULL,
                code TEXT NOT NULL,
                at BIGINT NOT NULL,
                hidden BOOLEAN NOT NULL DEFAULT false,
                PRIMARY KEY (board, player)
            )
            """,
            "CREATE INDEX records_rank ON records (board, score DESC, detail DESC, at, player)",
            "CREATE INDEX records_player ON records (player)",
            """
            CREATE TABLE donations (
                id BIGSERIAL PRIMARY KEY,
                player BIGINT NOT NULL REFERENCES players(id),
                cause TEXT NOT NULL,
                points BIGINT NOT NULL CHECK (points > 0),
                at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX donations_player ON donations (player)",
            "CREATE INDEX donations_cause ON donations (cause)",
            """
            CREATE TABLE changes (
                id BIGSERIAL PRIMARY KEY,
                board TEXT NOT NULL,
                player BIGINT NOT NULL,
                at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX changes_at ON changes (at)",
        ]),
        ("v2: runway entries, votes, deals; server secrets", [
            """
            CREATE TABLE runway_entries (
                id BIGSERIAL PRIMARY KEY,
                day INTEGER NOT NULL,
                player BIGINT NOT NULL REFERENCES players(id),
                code TEXT NOT NULL,
                at BIGINT NOT NULL,
                UNIQUE (day, player)
            )
            """,
            "CREATE INDEX runway_entries_player ON runway_entries (player)",
            """
            CREATE TABLE runway_votes (
                id BIGSERIAL PRIMARY KEY,
                day INTEGER NOT NULL,
                voter BIGINT NOT NULL REFERENCES players(id),
                left_entry BIGINT NOT NULL,
                right_entry BIGINT NOT NULL,
                choice TEXT NOT NULL CHECK (choice IN ('left', 'right', 'tie', 'skip')),
                points INTEGER NOT NULL CHECK (points IN (0, 1)),
                at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX runway_votes_day ON runway_votes (day, id)",
            "CREATE INDEX runway_votes_voter ON runway_votes (voter, day)",
            """
            CREATE TABLE runway_deals (
                day INTEGER NOT NULL,
                voter BIGINT NOT NULL REFERENCES players(id),
                slot INTEGER NOT NULL CHECK (slot IN (0, 1)),
                serial BIGINT NOT NULL,
                left_entry BIGINT NOT NULL,
                right_entry BIGINT NOT NULL,
                open BOOLEAN NOT NULL,
                at BIGINT NOT NULL,
                PRIMARY KEY (day, voter, slot)
            )
            """,
            """
            CREATE TABLE server_secrets (
                name TEXT NOT NULL PRIMARY KEY,
                value TEXT NOT NULL
            )
            """,
        ]),
        ("v3: players' SSH keys", [
            """
            CREATE TABLE player_keys (
                fingerprint TEXT NOT NULL PRIMARY KEY,
                player BIGINT NOT NULL REFERENCES players(id),
                key_type TEXT NOT NULL,
                label TEXT NOT NULL,
                added_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX player_keys_player ON player_keys (player)",
        ]),
        // A vote and a deal read the voter's judgements of the day from the index alone.
        ("v4: a voter's judgements read from their index", [
            "DROP INDEX runway_votes_voter",
            "CREATE INDEX runway_votes_voter ON runway_votes (voter, day, choice, points, left_entry, right_entry)",
        ]),
        ("v5: days played, score bands, news, closings; one copy of a look per runway day", StoreSQL.daysSchema(.postgres)),
        ("v6: who follows whom", StoreSQL.followsSchema(.postgres)),
        ("v7: hosted saves, one game per player, watching", StoreSQL.hostingSchema(.postgres)),
    ]

    static let playerColumns = "id, public_id, name, email, updates_opt_in, avatar_code, created_at, banned"
    static let recordColumns = "r.board, r.player, r.score, r.detail, r.code, r.at, r.hidden"

    typealias PlayerRow = (Int64, String, String?, String?, Bool, String?, Int64, Bool)
    typealias RecordRow = (String, Int64, Int64, Double, String, Int64, Bool)

    static func player(_ row: PlayerRow) -> PlayerRecord {
        PlayerRecord(number: row.0, publicID: row.1, name: row.2, email: row.3, updatesOptIn: row.4, avatarCode: row.5,
                     createdAt: row.6, banned: row.7)
    }

    static func record(_ row: RecordRow) -> ScoreRecord {
        ScoreRecord(board: row.0, player: row.1, score: row.2, detail: row.3, code: row.4, at: row.5, hidden: row.6)
    }

    // Advisory lock keys (bigint): a player's number (≥ 1) serialises that player's writes;
    // these two are below any player number.
    /// Held from the change-log insert to commit, so change ids become visible in id order and a
    /// follower reading `id > last` never skips an id that commits late.
    static let changeLogLock: Int64 = 0
    static let migrationLock: Int64 = -1
    /// Held from a runway judgement's insert to commit, so its id becomes visible in id order and
    /// a fit reading `id > last` never skips one that commits late.
    static let runwayJudgementLock: Int64 = -2
    static let notifyChannel = "plume_changes"
}
