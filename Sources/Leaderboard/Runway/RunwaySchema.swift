// The Runway's tables: each day's entries, every judgement, each voter's deals; and the server's
// secrets, which came with it.

extension Migration {
    /// v2. The server's secrets came with the Runway (its tickets are sealed with one); hosting keeps
    /// its host key there too. Erasure closes the deals showing the player's looks before the
    /// looks go.
    static let runway = Migration("v2: runway entries, votes, deals; server secrets", erasing: [
        ErasureStep("runway_deals", StoreSQL.closeDealsShowingPlayer),
        ErasureStep("runway_entries", StoreSQL.eraseRunwayEntries),
    ], untouched: [
        "runway_votes": "judgements name entry ids and a voter's number, never a name; the looks they judged are gone",
        "server_secrets": "the server's own keys, no player's data",
    ], sqlite: [
        """
        CREATE TABLE runway_entries (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            day INTEGER NOT NULL,
            player INTEGER NOT NULL REFERENCES players(id),
            code TEXT NOT NULL,
            at INTEGER NOT NULL,
            UNIQUE (day, player)
        );
        CREATE INDEX runway_entries_player ON runway_entries (player);
        CREATE TABLE runway_votes (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            day INTEGER NOT NULL,
            voter INTEGER NOT NULL REFERENCES players(id),
            left_entry INTEGER NOT NULL,
            right_entry INTEGER NOT NULL,
            choice TEXT NOT NULL CHECK (choice IN ('left', 'right', 'tie', 'skip')),
            points INTEGER NOT NULL CHECK (points IN (0, 1)),
            at INTEGER NOT NULL
        );
        CREATE INDEX runway_votes_day ON runway_votes (day, id);
        CREATE INDEX runway_votes_voter ON runway_votes (voter, day);
        CREATE TABLE runway_deals (
            day INTEGER NOT NULL,
            voter INTEGER NOT NULL REFERENCES players(id),
            slot INTEGER NOT NULL CHECK (slot IN (0, 1)),
            serial INTEGER NOT NULL,
            left_entry INTEGER NOT NULL,
            right_entry INTEGER NOT NULL,
            open INTEGER NOT NULL,
            at INTEGER NOT NULL,
            PRIMARY KEY (day, voter, slot)
        ) WITHOUT ROWID;
        CREATE TABLE server_secrets (
            name TEXT NOT NULL PRIMARY KEY,
            value TEXT NOT NULL
        ) WITHOUT ROWID;
        """,
    ], postgres: [
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
    ])

    /// v4. A vote and a deal read the voter's judgements of the day (their counts, the pairs
    /// already judged): from the index alone, rather than a lookup in the table per judgement.
    static let judgementIndex = Migration("v4: a voter's judgements read from their index", sqlite: [
        """
        DROP INDEX runway_votes_voter;
        CREATE INDEX runway_votes_voter ON runway_votes (voter, day, choice, points, left_entry, right_entry);
        """,
    ], postgres: [
        "DROP INDEX runway_votes_voter",
        "CREATE INDEX runway_votes_voter ON runway_votes (voter, day, choice, points, left_entry, right_entry)",
    ])

    /// v9. The Runway has two shows a day, looks and swarms: entries, judgements and deals each
    /// belong to one (`show`, 'look' for everything before). A player holds one entry per day and
    /// show; a voter's deals and serials are per show. A code is still on a day once (a look's and
    /// a swarm's never match). SQLite can't alter a table's UNIQUE or primary key, so it rebuilds
    /// the entries (carrying their ids and the id sequence: a judgement names entry ids, and an
    /// id reused for a new entry would count old votes for it) and the deals.
    ///
    /// `swarm_show_codes` remembers each swarm entered in a show and whose it is, for good: a
    /// replaced entry leaves the runway, but a voter who was dealt it must still not take it as
    /// their own (the copy rule, BoardsSQL's `swarmCodeHeldByOther`, reads it by its key). Erasing
    /// a player forgets theirs.
    static let runwayShows = Migration("v9: runway shows (looks and swarms)", erasing: [
        ErasureStep("swarm_show_codes", StoreSQL.eraseSwarmShowCodes),
    ], sqlite: [
        """
        ALTER TABLE runway_entries RENAME TO runway_entries_v8;
        CREATE TABLE runway_entries (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            day INTEGER NOT NULL,
            show TEXT NOT NULL DEFAULT 'look' CHECK (show IN ('look', 'swarm')),
            player INTEGER NOT NULL REFERENCES players(id),
            code TEXT NOT NULL,
            at INTEGER NOT NULL,
            UNIQUE (day, show, player)
        );
        INSERT INTO runway_entries (id, day, show, player, code, at) SELECT id, day, 'look', player, code, at FROM runway_entries_v8;
        DELETE FROM sqlite_sequence WHERE name = 'runway_entries';
        UPDATE sqlite_sequence SET name = 'runway_entries' WHERE name = 'runway_entries_v8';
        DROP TABLE runway_entries_v8;
        CREATE INDEX runway_entries_player ON runway_entries (player);
        CREATE UNIQUE INDEX runway_entries_look ON runway_entries (day, code);
        ALTER TABLE runway_votes ADD COLUMN show TEXT NOT NULL DEFAULT 'look' CHECK (show IN ('look', 'swarm'));
        DROP INDEX runway_votes_day;
        CREATE INDEX runway_votes_day ON runway_votes (day, show, id);
        DROP INDEX runway_votes_voter;
        CREATE INDEX runway_votes_voter ON runway_votes (voter, day, show, choice, points, left_entry, right_entry);
        ALTER TABLE runway_deals RENAME TO runway_deals_v8;
        CREATE TABLE runway_deals (
            day INTEGER NOT NULL,
            show TEXT NOT NULL DEFAULT 'look' CHECK (show IN ('look', 'swarm')),
            voter INTEGER NOT NULL REFERENCES players(id),
            slot INTEGER NOT NULL CHECK (slot IN (0, 1)),
            serial INTEGER NOT NULL,
            left_entry INTEGER NOT NULL,
            right_entry INTEGER NOT NULL,
            open INTEGER NOT NULL,
            at INTEGER NOT NULL,
            PRIMARY KEY (day, show, voter, slot)
        ) WITHOUT ROWID;
        INSERT INTO runway_deals (day, show, voter, slot, serial, left_entry, right_entry, open, at)
            SELECT day, 'look', voter, slot, serial, left_entry, right_entry, open, at FROM runway_deals_v8;
        DROP TABLE runway_deals_v8;
        CREATE TABLE swarm_show_codes (
            code TEXT NOT NULL PRIMARY KEY,
            player INTEGER NOT NULL REFERENCES players(id),
            day INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX swarm_show_codes_player ON swarm_show_codes (player);
        """,
    ], postgres: [
        "ALTER TABLE runway_entries ADD COLUMN show TEXT NOT NULL DEFAULT 'look' CHECK (show IN ('look', 'swarm'))",
        "ALTER TABLE runway_entries DROP CONSTRAINT runway_entries_day_player_key",
        "ALTER TABLE runway_entries ADD UNIQUE (day, show, player)",
        "ALTER TABLE runway_votes ADD COLUMN show TEXT NOT NULL DEFAULT 'look' CHECK (show IN ('look', 'swarm'))",
        "DROP INDEX runway_votes_day",
        "CREATE INDEX runway_votes_day ON runway_votes (day, show, id)",
        "DROP INDEX runway_votes_voter",
        "CREATE INDEX runway_votes_voter ON runway_votes (voter, day, show, choice, points, left_entry, right_entry)",
        "ALTER TABLE runway_deals ADD COLUMN show TEXT NOT NULL DEFAULT 'look' CHECK (show IN ('look', 'swarm'))",
        "ALTER TABLE runway_deals DROP CONSTRAINT runway_deals_pkey",
        "ALTER TABLE runway_deals ADD PRIMARY KEY (day, show, voter, slot)",
        """
        CREATE TABLE swarm_show_codes (
            code TEXT NOT NULL PRIMARY KEY,
            player BIGINT NOT NULL REFERENCES players(id),
            day INTEGER NOT NULL
        )
        """,
        "CREATE INDEX swarm_show_codes_player ON swarm_show_codes (player)",
    ])
}
