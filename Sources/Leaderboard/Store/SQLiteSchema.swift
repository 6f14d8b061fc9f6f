// The SQLite store's schema: StoreSchema's migrations run by GRDB's migrator.
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
}
