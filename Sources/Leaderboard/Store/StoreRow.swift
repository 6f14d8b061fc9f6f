// What goes into a statement and what comes back, in the executor's own terms (StoreExecutor):
// bound values, a statement, and rows whose columns are read by name.

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

/// SQL text in one dialect, with its parameters in order.
public struct StoreStatement: Sendable {
    public var sql: String
    public var binds: [StoreValue]

    public init(_ sql: String, _ binds: any StoreBindable...) {
        self.sql = sql
        self.binds = binds.map(\.storeValue)
    }
}

/// The names of a result's columns, read once per statement and shared by all its rows.
public struct StoreColumns: Sendable {
    /// A result has a few columns with short names: comparing each in turn costs less than hashing
    /// the one asked for, on every read of every row (a rebuild of the rank index reads millions).
    private let names: [String]

    /// Names as the driver reports them; compared in lower case (PostgreSQL folds unquoted names
    /// to lower case, SQLite keeps them as written). Of two columns with one name, the first counts.
    public init(_ names: [String]) {
        self.names = names.map { $0.lowercased() }
    }

    func position(_ name: String) -> Int? { names.firstIndex(of: name) }
}

/// A row a statement returned, read by column name.
public struct StoreRow: Sendable {
    private let columns: StoreColumns
    private let values: [StoreValue]

    public init(_ columns: StoreColumns, _ values: [StoreValue]) { (self.columns, self.values) = (columns, values) }

    private func cell(_ column: String) throws -> StoreValue {
        guard let at = columns.position(column), values.indices.contains(at) else {
            throw LeaderboardError.storageFailed("no column \(column)")
        }
        return values[at]
    }

    public func isNull(_ column: String) throws -> Bool {
        if case .null = try cell(column) { return true }
        return false
    }

    public func integer(_ column: String) throws -> Int64 {
        switch try cell(column) {
        case .integer(let value): return value
        case .bool(let value): return value ? 1 : 0
        default: throw LeaderboardError.storageFailed("\(column) is not a whole number")
        }
    }

    public func int(_ column: String) throws -> Int { Int(try integer(column)) }

    public func real(_ column: String) throws -> Double {
        switch try cell(column) {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: throw LeaderboardError.storageFailed("\(column) is not a number")
        }
    }

    public func text(_ column: String) throws -> String {
        guard case .text(let value) = try cell(column) else { throw LeaderboardError.storageFailed("\(column) is not text") }
        return value
    }

    /// SQLite keeps a boolean as 0 or 1; PostgreSQL as a boolean.
    public func flag(_ column: String) throws -> Bool { try integer(column) != 0 }

    public func optionalInteger(_ column: String) throws -> Int64? { try isNull(column) ? nil : integer(column) }

    public func optionalInt(_ column: String) throws -> Int? { try optionalInteger(column).map(Int.init) }

    public func optionalText(_ column: String) throws -> String? { try isNull(column) ? nil : text(column) }
}
