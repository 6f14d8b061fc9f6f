// What both stores run the leaderboard's write rules on (StoreRules): a rule is a plan — a
// statement or a lock, then what to do with its rows, until an outcome — and each store carries
// the whole plan out inside one write transaction of its own. SQLite's writer takes a
// synchronous closure and PostgreSQL's driver is asynchronous, so a rule can be neither an async
// function (SQLite could not run it) nor a synchronous one (PostgreSQL could not): as a plan it is
// written once and run by both, each store's part a loop of a few lines that holds no rule.
// (vapor's SQLKit was weighed and left: it needs NIO, which the game, linking the local board,
// must not, and it has no GRDB driver; its gains — parameters per dialect, upserts — StoreSQL has.)
import PlumeCalendar

/// A bound value or a column's value.
public enum StoreValue: Sendable, Equatable {
    case null, integer(Int64), real(Double), text(String), bool(Bool)
}

public protocol StoreBindable: Sendable {
    var storeValue: StoreValue { get }
}

extension Int64: StoreBindable { public var storeValue: StoreValue { .integer(self) } }
extension Int: StoreBindable { public var storeValue: StoreValue { .integer(Int64(self)) } }
extension Double: StoreBindable { public var storeValue: StoreValue { .real(self) } }
extension String: StoreBindable { public var storeValue: StoreValue { .text(self) } }
extension Bool: StoreBindable { public var storeValue: StoreValue { .bool(self) } }
extension Optional: StoreBindable where Wrapped: StoreBindable {
    public var storeValue: StoreValue { map(\.storeValue) ?? .null }
}

/// SQL text from StoreSQL, in one dialect, with its parameters in order.
public struct StoreStatement: Sendable {
    public var sql: String
    public var binds: [StoreValue]

    public init(_ sql: String, _ binds: any StoreBindable...) {
        self.sql = sql
        self.binds = binds.map(\.storeValue)
    }
}

/// A row a statement returned.
public struct StoreRow: Sendable {
    public var values: [StoreValue]

    public init(_ values: [StoreValue]) { self.values = values }

    /// An integer column that may be NULL.
    func optionalInteger(_ at: Int) throws -> Int64? {
        if values.indices.contains(at), case .null = values[at] { return nil }
        return try integer(at)
    }

    func integer(_ at: Int) throws -> Int64 {
        switch values.indices.contains(at) ? values[at] : .null {
        case .integer(let value): return value
        case .bool(let value): return value ? 1 : 0
        default: throw LeaderboardError.storageFailed("column \(at) is not a whole number")
        }
    }

    func real(_ at: Int) throws -> Double {
        switch values.indices.contains(at) ? values[at] : .null {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: throw LeaderboardError.storageFailed("column \(at) is not a number")
        }
    }

    func text(_ at: Int) throws -> String {
        guard values.indices.contains(at), case .text(let value) = values[at] else { throw LeaderboardError.storageFailed("column \(at) is not text") }
        return value
    }

    /// SQLite keeps a boolean as 0 or 1.
    func flag(_ at: Int) throws -> Bool { try integer(at) != 0 }
}

/// One thing a plan asks of the database.
public enum StoreEffect: Sendable {
    /// A statement; its rows (none for most writes) go to the next step.
    case statement(StoreStatement)
    /// Serialises this player's writes until the transaction ends (PostgreSQL's advisory lock;
    /// SQLite has one writer at a time and needs nothing).
    case lockPlayer(Int64)
    /// Appends to the change log, that every process's rank index follows; `seconds` is the
    /// log's own unit.
    case logChanges(boards: [String], player: Int64, seconds: Int64)
}

/// A rule as data: done, or one effect and what follows from its rows.
public indirect enum StorePlan<Outcome: Sendable>: Sendable {
    case done(Outcome)
    case step(StoreEffect, then: @Sendable ([StoreRow]) throws -> StorePlan<Outcome>)

    static func run(_ statement: StoreStatement, _ then: @escaping @Sendable ([StoreRow]) throws -> StorePlan<Outcome>) -> StorePlan<Outcome> {
        .step(.statement(statement), then: then)
    }

    static func lock(_ player: Int64, _ then: @escaping @Sendable () throws -> StorePlan<Outcome>) -> StorePlan<Outcome> {
        .step(.lockPlayer(player)) { _ in try then() }
    }

    /// Logs `boards` as changed at `at` (the service's milliseconds; the log keeps seconds).
    static func log(_ boards: [String], player: Int64, at: Int64, _ then: @escaping @Sendable () throws -> StorePlan<Outcome>) -> StorePlan<Outcome> {
        .step(.logChanges(boards: boards, player: player, seconds: at.floorDivided(by: 1000))) { _ in try then() }
    }
}

/// A store that can carry out a plan: each effect in order inside one write transaction, which
/// commits at `.done`; an error from any step rolls everything back and is rethrown as it is.
public protocol StoreExecutor: Sendable {
    var dialect: StoreSQL.Dialect { get }
    func perform<Outcome: Sendable>(_ plan: StorePlan<Outcome>) async throws -> Outcome
    /// One read, outside any write transaction (SQLite's readers never wait for its writer).
    func read(_ statement: StoreStatement) async throws -> [StoreRow]
}

extension StorePlan where Outcome == Void {
    /// Statements run one after another, their rows unread.
    static func each(_ statements: [StoreStatement], from index: Int = 0) -> StorePlan<Void> {
        guard index < statements.count else { return .done(()) }
        return .run(statements[index]) { _ in each(statements, from: index + 1) }
    }
}
