// The schema of both stores: one named, ordered list of migrations. Each migration is declared in
// the folder of the feature whose tables it makes (an `extension Migration` there), with what
// erasing a player does to those tables, and listed here once, in the order it shipped. Never
// rename or reorder a shipped migration, nor change its statements: SQLite (GRDB's
// grdb_migrations) and PostgreSQL (plume_migrations) record each by name, and a renamed one would
// run again on every existing database. (Its erasure steps are not recorded: they may change.)
// A new one is the next line at the end.

/// One named migration: its statements in order, in each dialect, and its tables' part in erasing
/// a player (`Erasure` gathers them from every migration).
public struct Migration: Sendable {
    public let name: String
    /// What erasing a player does to the tables this migration makes, in the order given (a step
    /// that reads another of its tables comes before the step that empties that one).
    public let erasing: [ErasureStep]
    /// The tables this migration makes that erasure leaves alone, each with the reason.
    public let untouched: [String: String]
    private let text: @Sendable (StoreSQL.Dialect) -> [String]

    /// Statements written once, spelled per dialect only where the dialects differ.
    init(_ name: String, erasing: [ErasureStep] = [], untouched: [String: String] = [:],
         _ statements: @escaping @Sendable (StoreSQL.Dialect) -> [String]) {
        (self.name, self.erasing, self.untouched, text) = (name, erasing, untouched, statements)
    }

    /// Statements written out for each dialect (the first migrations were).
    init(_ name: String, erasing: [ErasureStep] = [], untouched: [String: String] = [:], sqlite: [String], postgres: [String]) {
        self.init(name, erasing: erasing, untouched: untouched) { d in d == .sqlite ? sqlite : postgres }
    }

    public func statements(_ d: StoreSQL.Dialect) -> [String] { text(d) }
}

public enum StoreSchema {
    /// Every migration, in the order both stores apply them. Erasure runs their steps in the
    /// reverse order (`Erasure.steps`).
    public static let migrations: [Migration] = [
        .players,         // v1, Boards
        .runway,          // v2, Runway
        .playerKeys,      // v3, Hosting
        .judgementIndex,  // v4, Runway
        .days,            // v5, Days
        .follows,         // v6, Following
        .hosting,         // v7, Hosting
        .recordCodes,     // v8, Boards
        .runwayShows,     // v9, Runway
        .weekPoints,      // v10, Week
        .leagues,         // v11, Leagues
        .banners,         // v12, Banners
        .crews,           // v13, Crews
        .playSettings,    // v14, Hosting
    ]
}
