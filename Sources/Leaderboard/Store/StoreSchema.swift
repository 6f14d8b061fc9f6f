// The schema of both stores: one named, ordered list of migrations. Each migration is declared in
// the folder of the feature whose tables it makes (an `extension Migration` there) and listed
// here once, in the order it shipped. Never edit, rename or reorder a shipped migration: SQLite
// (GRDB's grdb_migrations) and PostgreSQL (plume_migrations) record each by name, and a renamed
// one would run again on every existing database. A new one is the next line at the end.

/// One named migration: its statements in order, in each dialect.
public struct Migration: Sendable {
    public let name: String
    private let text: @Sendable (StoreSQL.Dialect) -> [String]

    /// Statements written once, spelled per dialect only where the dialects differ.
    init(_ name: String, _ statements: @escaping @Sendable (StoreSQL.Dialect) -> [String]) {
        (self.name, text) = (name, statements)
    }

    /// Statements written out for each dialect (the first migrations were).
    init(_ name: String, sqlite: [String], postgres: [String]) {
        self.init(name) { d in d == .sqlite ? sqlite : postgres }
    }

    public func statements(_ d: StoreSQL.Dialect) -> [String] { text(d) }
}

public enum StoreSchema {
    /// Every migration, in the order both stores apply them.
    public static let migrations: [Migration] = [
        .players,         // v1, Boards
        .runway,          // v2, Runway
        .playerKeys,      // v3, Hosting
        .judgementIndex,  // v4, Runway
        .days,            // v5, Days
        .follows,         // v6, Following
        .hosting,         // v7, Hosting
    ]
}
