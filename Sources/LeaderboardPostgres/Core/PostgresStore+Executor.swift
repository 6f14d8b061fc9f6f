// The executor on PostgresNIO (see Leaderboard's StoreExecutor): the PostgreSQL store carries out
// a plan inside one transaction on one pooled connection, each step in order, the player's
// advisory lock where a plan asks; a read is one statement on a pooled connection, its rows
// streamed. Rows keep their columns' names.
import GameState
import Leaderboard
import Logging
import PostgresNIO

extension PostgresStore {
    public var dialect: StoreSQL.Dialect { .postgres }

    public func perform<Outcome: Sendable>(_ plan: StorePlan<Outcome>) async throws -> Outcome {
        let logger = logger
        return try await transaction { connection in
            var plan = plan
            while true {
                switch plan {
                case .done(let outcome): return outcome
                case .step(let effect, let then): plan = try then(try await Self.carryOut(effect, connection, logger))
                }
            }
        }
    }

    /// Writers commit side by side here (the group commit is SQLite's answer to its one writer).
    public func performGrouped<Outcome: Sendable>(_ plan: StorePlan<Outcome>) async throws -> Outcome {
        try await perform(plan)
    }

    public func read(_ statement: StoreStatement) async throws -> [StoreRow] {
        let logger = logger
        return try await run { connection in try await Self.rows(of: statement, connection, logger) }
    }

    public func scan<State: Sendable>(_ statement: StoreStatement, into state: State,
                                      _ fold: @escaping @Sendable (inout State, StoreRow) throws -> Void) async throws -> State {
        let logger = logger
        return try await run { connection in
            var folded = state
            try await Self.forEachRow(of: statement, connection, logger) { row in try fold(&folded, row) }
            return folded
        }
    }

    static func rows(of statement: StoreStatement, _ connection: PostgresConnection, _ logger: Logger) async throws -> [StoreRow] {
        var rows: [StoreRow] = []
        try await forEachRow(of: statement, connection, logger) { row in rows.append(row) }
        return rows
    }

    private static func forEachRow(of statement: StoreStatement, _ connection: PostgresConnection, _ logger: Logger,
                                   _ body: (StoreRow) throws -> Void) async throws {
        var binds = PostgresBindings(capacity: statement.binds.count)
        for value in statement.binds {
            switch value {
            case .null: binds.appendNull()
            case .integer(let value): binds.append(value)
            case .real(let value): binds.append(value)
            case .text(let value): binds.append(value)
            case .bool(let value): binds.append(value)
            }
        }
        var columns: StoreColumns?
        for try await row in try await connection.query(PostgresQuery(unsafeSQL: statement.sql, binds: binds), logger: logger) {
            // Every row of a result has the same columns: their names are read from the first.
            let names = columns ?? StoreColumns(row.map(\.columnName))
            columns = names
            try body(StoreRow(names, try row.map(storeValue)))
        }
    }

    private static func carryOut(_ effect: StoreEffect, _ connection: PostgresConnection, _ logger: Logger) async throws -> [StoreRow] {
        switch effect {
        case .statement(let statement):
            return try await rows(of: statement, connection, logger)
        case .lockPlayer(let player):
            try await lock(connection, player: player, logger)
            return []
        case .lockCode(let code):
            // The two-key form: a key space apart from the one-key locks (players, the change log).
            let hash = FNV1a.hash(code)
            let (high, low) = (Int32(truncatingIfNeeded: hash >> 32), Int32(truncatingIfNeeded: hash))
            try await exec(connection, "SELECT pg_advisory_xact_lock(\(high), \(low))", logger)
            return []
        case .lockJudgementOrder:
            try await exec(connection, "SELECT pg_advisory_xact_lock(\(PostgresSchema.runwayJudgementLock))", logger)
            return []
        case .logChanges(let boards, let player, let seconds):
            try await logChanges(connection, boards: boards, player: player, seconds: seconds, logger)
            return []
        }
    }

    private static func storeValue(_ cell: PostgresCell) throws -> StoreValue {
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .int2, .int4, .int8: return .integer(try cell.decode(Int64.self))
        case .float4, .float8: return .real(try cell.decode(Double.self))
        case .bool: return .bool(try cell.decode(Bool.self))
        case .text, .varchar, .name, .bpchar: return .text(try cell.decode(String.self))
        default: throw LeaderboardError.storageFailed("a column of type \(cell.dataType)")
        }
    }
}
