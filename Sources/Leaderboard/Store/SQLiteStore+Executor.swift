// The executor on GRDB (see StoreExecutor): the SQLite store carries out a plan inside one
// IMMEDIATE transaction of its one writer, each step in order, synchronously, in GRDB's write
// closure — or, for a grouped plan, in a savepoint of the group commit's next transaction; a read
// runs on a reader, which never waits for the writer. Rows keep their columns' names.
import GRDB

extension SQLiteStore {
    public var dialect: StoreSQL.Dialect { .sqlite }

    public func perform<Outcome: Sendable>(_ plan: StorePlan<Outcome>) async throws -> Outcome {
        try await pool.write { db in try Self.run(plan, db) }
    }

    /// Votes and deals arrive many at once and each costs a sync of the log on its own: grouped,
    /// sixteen cost one (GroupCommit).
    public func performGrouped<Outcome: Sendable>(_ plan: StorePlan<Outcome>) async throws -> Outcome {
        try await group.write { db in try Self.run(plan, db) }
    }

    public func read(_ statement: StoreStatement) async throws -> [StoreRow] {
        try await pool.read { db in try Self.rows(of: statement, db) }
    }

    public func scan<State: Sendable>(_ statement: StoreStatement, into state: State,
                                      _ fold: @escaping @Sendable (inout State, StoreRow) throws -> Void) async throws -> State {
        try await pool.read { db in
            var folded = state
            try Self.forEachRow(of: statement, db) { row in try fold(&folded, row) }
            return folded
        }
    }

    private static func run<Outcome: Sendable>(_ plan: StorePlan<Outcome>, _ db: Database) throws -> Outcome {
        var plan = plan
        while true {
            switch plan {
            case .done(let outcome): return outcome
            case .step(let effect, let then): plan = try then(carryOut(effect, db))
            }
        }
    }

    private static func rows(of statement: StoreStatement, _ db: Database) throws -> [StoreRow] {
        var rows: [StoreRow] = []
        try forEachRow(of: statement, db) { row in rows.append(row) }
        return rows
    }

    /// Prepared once (the rules use a small, fixed set of statements; submit's is hot); the column
    /// names are read once from the prepared statement, for every row, and each row's values are
    /// taken straight from the statement as it steps. The values go into one buffer, refilled in
    /// place when the last row was not kept (a scan of a million rows allocates once) and copied
    /// when it was (a read).
    private static func forEachRow(of statement: StoreStatement, _ db: Database, _ body: (StoreRow) throws -> Void) throws {
        let prepared = try db.cachedStatement(sql: statement.sql)
        let columns = StoreColumns(prepared.columnNames)
        let cursor = try Row.fetchCursor(prepared, arguments: StatementArguments(statement.binds.map(\.databaseValue)))
        var values: [StoreValue] = []
        values.reserveCapacity(prepared.columnCount)
        while let row = try cursor.next() {
            values.removeAll(keepingCapacity: true)
            for value in row.databaseValues { values.append(StoreValue(value)) }
            try body(StoreRow(columns, values))
        }
    }

    private static func carryOut(_ effect: StoreEffect, _ db: Database) throws -> [StoreRow] {
        switch effect {
        case .statement(let statement):
            return try rows(of: statement, db)
        case .lockPlayer, .lockCode, .lockJudgementOrder:
            return []  // one writer at a time already
        case .logChanges(let boards, let player, let seconds):
            for board in boards { try logChange(db, board: board, player: player, seconds: seconds) }
            return []
        }
    }
}

extension StoreValue {
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let value): value.databaseValue
        case .real(let value): value.databaseValue
        case .text(let value): value.databaseValue
        case .bool(let value): value.databaseValue
        }
    }

    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let value): self = .integer(value)
        case .double(let value): self = .real(value)
        case .string(let value): self = .text(value)
        case .blob: self = .null
        }
    }
}
