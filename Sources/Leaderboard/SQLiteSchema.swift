// The SQLite schema as GRDB migrations: a named, ordered list. Never edit a shipped migration;
// add the next one.
import GRDB

enum SQLiteSchema {
    /// Each migration's name (GRDB records it in the file: never rename one) and its SQL.
    static let migrations: [(name: String, sql: String)] = [
        // AUTOINCREMENT: a player's number is never reused, even after the newest is erased.
        ("v1: players, records, donations, change log", """
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
            """),
        ("v2: runway entries, votes, deals; server secrets", """
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
            """),
        ("v3: players' SSH keys", """
            CREATE TABLE player_keys (
                fingerprint TEXT NOT NULL PRIMARY KEY,
                player INTEGER NOT NULL REFERENCES players(id),
                key_type TEXT NOT NULL,
                label TEXT NOT NULL,
                added_at INTEGER NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX player_keys_player ON player_keys (player);
            """),
        // A vote and a deal read the voter's judgements of the day (their counts, the pairs
        // already judged): from the index alone, rather than a lookup in the table per judgement.
        ("v4: a voter's judgements read from their index", """
            DROP INDEX runway_votes_voter;
            CREATE INDEX runway_votes_voter ON runway_votes (voter, day, choice, points, left_entry, right_entry);
            """),
        // Days played and streaks kept as records arrive, news, closing passes, a player's days
        // read from an index, and one copy of a look per runway day (StoreSQL+Days).
        ("v5: days played, score bands, news, closings; one copy of a look per runway day",
         StoreSQL.daysSchema(.sqlite).joined(separator: ";\n")),
        ("v6: who follows whom", StoreSQL.followsSchema(.sqlite).joined(separator: ";\n")),
        // Hosted games' saves and leases, kept for every host (StoreSQL+Hosting).
        ("v7: hosted saves, one game per player, watching", StoreSQL.hostingSchema(.sqlite).joined(separator: ";\n")),
    ]

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for (name, sql) in migrations {
            migrator.registerMigration(name) { db in try db.execute(sql: sql) }
        }
        return migrator
    }

    static let playerColumns = "id, public_id, name, email, updates_opt_in, avatar_code, created_at, banned"

    static func player(_ row: Row) -> PlayerRecord {
        PlayerRecord(number: row["id"], publicID: row["public_id"], name: row["name"], email: row["email"],
                     updatesOptIn: row["updates_opt_in"], avatarCode: row["avatar_code"], createdAt: row["created_at"], banned: row["banned"])
    }

    static let recordColumns = recordColumns("")

    static func recordColumns(_ prefix: String) -> String {
        ["board", "player", "score", "detail", "code", "at", "hidden"].map { prefix + $0 }.joined(separator: ", ")
    }

    static func record(_ row: Row) -> ScoreRecord {
        ScoreRecord(board: row["board"], player: row["player"], score: row["score"], detail: row["detail"],
                    code: row["code"], at: row["at"], hidden: row["hidden"])
    }
}
