// The executor on PostgresNIO (see Leaderboard's StoreExecutor): the PostgreSQL store carries out
// a plan inside one transaction on one pooled connection, each step in order, the player's
// advisory lock where a plan asks; a read is one statement on a pooled connection. Rows keep their
// columns' names.
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

    public func read(_ statement: StoreStatement) async throws -> [StoreRow] {
        let logger = logger
        return try await run { connection in try await Self.rows(of: statement, connection, logger) }
    }

    private static func rows(of statement: StoreStatement, _ connection: PostgresConnection, _ logger: Logger) async throws -> [StoreRow] {
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
        var rows: [StoreRow] = []
        var columns: StoreColumns?
        for try await row in try await connection.query(PostgresQuery(unsafeSQL: statement.sql, binds: binds), logger: logger) {
            // Every row of a result has the same columns: their names are read from the first.
            let names = columns ?? StoreColumns(row.map(\.columnName))
            columns = names
            rows.append(StoreRow(names, try row.map(storeValue)))
        }
        return rows
    }

    private static func carryOut(_ effect: StoreEffect, _ connection: PostgresConnection, _ logger: Logger) async throws -> [StoreRow] {
        switch effect {
        case .statement(let statement):
            return try await rows(of: statement, connection, logger)
        case .lockPlayer(let player):
            try await lock(connection, player: player, logger)
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
