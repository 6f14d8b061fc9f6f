// The SQLite schema as GRDB migrations: a named, ordered list. Never edit a shipped migration;
// add the next one.
import GRDB

enum SQLiteSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: players, records, donations, change log") { db in
            // AUTOINCREMENT: a player's number is never reused, even after the newest is erased.
            try db.execute(sql: """
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
                """)
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
