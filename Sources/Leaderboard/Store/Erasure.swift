// Erasing a player, written once for both stores. Each migration says what erasing does to the
// tables it makes (`Migration.erasing`, each step's statement beside its feature's SQL), or that
// it leaves a table alone and why (`Migration.untouched`); this file gathers them. SchemaTests
// checks that every table the migrations make is one or the other, and that each step is
// declared with the migration that makes its table: a new table holding a player's data cannot
// be missed by erasure without a test failing.

/// One table's part in erasing a player: a statement whose first parameter is the player's number.
public struct ErasureStep: Sendable {
    public let table: String
    public let sql: @Sendable (StoreSQL.Dialect) -> String
    /// A board bound as the second parameter: the records step keeps the contributors board's.
    public let keepingBoard: String?
    /// Whether the statement returns the boards whose records it removed (each is logged).
    public let returnsBoards: Bool

    init(_ table: String, keepingBoard: String? = nil, returnsBoards: Bool = false, _ sql: @escaping @Sendable (StoreSQL.Dialect) -> String) {
        (self.table, self.keepingBoard, self.returnsBoards, self.sql) = (table, keepingBoard, returnsBoards, sql)
    }
}

public enum Erasure {
    /// In order, inside one transaction under the player's lock (`StoreRules.erase`): the
    /// migrations' steps, the latest migration's first, each migration's own in the order it gives
    /// them. A later table may point at an earlier one (hosted games' saves are found through the
    /// player's row and keys), never the other way, so each step runs before the tables it reads
    /// from are emptied: the saves before the keys, the player's own row last. The boards whose
    /// records went are logged as changes once every step has run. SchemaTests pins the order.
    public static let steps: [ErasureStep] = StoreSchema.migrations.reversed().flatMap { $0.erasing }

    /// The tables erasure leaves alone, and why: each migration's, together.
    public static let untouched: [String: String] = StoreSchema.migrations.reduce(into: [:]) { all, migration in
        all.merge(migration.untouched) { first, _ in first }
    }
}
