// The SQLite store's schema: StoreSchema's migrations run by GRDB's migrator, and the columns its
// own older reads (SQLiteStore) decode players and records from.
import GRDB

enum SQLiteSchema {
    /// GRDB records each migration's name in the file (grdb_migrations) and runs those it has not;
    /// a migration's statements run as one text, in order.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in StoreSchema.migrations {
            let sql = migration.statements(.sqlite).joined(separator: ";\n")
            migrator.registerMigration(migration.name) { db in try db.execute(sql: sql) }
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
