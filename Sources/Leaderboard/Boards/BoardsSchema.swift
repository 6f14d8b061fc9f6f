// The boards' tables, the first migration: players, their records (a best per board), donations
// and the change log every process's rank index follows.

extension Migration {
    /// v8. A swarm's owners found by its code: a copy of another player's swarm is refused.
    static let recordCodes = Migration("v8: a record's owners found by its code") { _ in
        ["CREATE INDEX records_code ON records (code)"]
    }

    /// v1. AUTOINCREMENT: a player's number is never reused, even after the newest is erased.
    /// Erasing a player takes their records but the contributors board's (their boards are logged
    /// as changes), then what names them; the row stays, under no name, for what points at it.
    static let players = Migration("v1: players, records, donations, change log", erasing: [
        ErasureStep("records", keepingBoard: Board.contributors.id, returnsBoards: true, StoreSQL.eraseRecords),
        ErasureStep("players", StoreSQL.eraseIdentity),
    ], untouched: [
        "donations": "a former player's gifts stay in the causes' totals and on the contributors board, under no name",
        "changes": "board, player number and time only: erasure itself appends here, and pruning removes it",
    ], sqlite: [
        """
        CREATE TABLE players (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            public_id TEXT NOT NULL UNIQUE,
            name TEXT,
            name_key TEXT UNIQUE,
            email TEXT,
            updates_opt_in INTEGER NOT NULL DEFAULT 0,
            avatar_code TEXT,
            token_hash TEXT UNIQUE,
            created_at INTEGER NOT NULL,
            banned INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE records (
            board TEXT NOT NULL,
            player INTEGER NOT NULL REFERENCES players(id),
            score INTEGER NOT NULL,
            detail REAL NOT NULL,
            code TEXT NOT NULL,
            at INTEGER NOT NULL,
            hidden INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (board, player)
        ) WITHOUT ROWID;
        CREATE INDEX records_rank ON records (board, score DESC, detail DESC, at, player);
        CREATE INDEX records_player ON records (player);
        CREATE TABLE donations (
            id INTEGER PRIMARY KEY,
            player INTEGER NOT NULL REFERENCES players(id),
            cause TEXT NOT NULL,
            points INTEGER NOT NULL CHECK (points > 0),
            at INTEGER NOT NULL
        );
        CREATE INDEX donations_player ON donations (player);
        CREATE INDEX donations_cause ON donations (cause);
        CREATE TABLE changes (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            board TEXT NOT NULL,
            player INTEGER NOT NULL,
            at INTEGER NOT NULL
        );
        CREATE INDEX changes_at ON changes (at);
        """,
    ], postgres: [
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
    ])
}
