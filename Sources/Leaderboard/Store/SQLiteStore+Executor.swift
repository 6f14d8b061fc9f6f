// The executor on GRDB (see StoreExecutor): the SQLite store carries out a plan inside one
// IMMEDIATE transaction of its one writer, each step in order, synchronously, in GRDB's write
// closure; a read runs on a reader, which never waits for the writer. Rows keep their columns' names.
import GRDB

extension SQLiteStore {
    public var dialect: StoreSQL.Dialect { .sqlite }

    public func perform<Outcome: Sendable>(_ plan: StorePlan<Outcome>) async throws -> Outcome {
        try await pool.write { db in
            var plan = plan
            while true {
                switch plan {
                case .done(let outcome): return outcome
                case .step(let effect, let then): plan = try then(Self.carryOut(effect, db))
                }
            }
        }
    }

    public func read(_ statement: StoreStatement) async throws -> [StoreRow] {
        try await pool.read { db in try Self.rows(of: statement, db) }
    }

    /// Prepared once (the rules use a small, fixed set of statements; submit's is hot); the column
    /// names are read once from the prepared statement, for every row.
    private static func rows(of statement: StoreStatement, _ db: Database) throws -> [StoreRow] {
        let prepared = try db.cachedStatement(sql: statement.sql)
        let columns = StoreColumns(prepared.columnNames)
        return try Row.fetchAll(prepared, arguments: StatementArguments(statement.binds.map(\.databaseValue))).map { row in
            StoreRow(columns, row.databaseValues.map(StoreValue.init))
        }
    }

    private static func carryOut(_ effect: StoreEffect, _ db: Database) throws -> [StoreRow] {
        switch effect {
        case .statement(let statement):
            return try rows(of: statement, db)
        case .lockPlayer:
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
