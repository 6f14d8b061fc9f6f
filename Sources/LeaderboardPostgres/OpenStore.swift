// One place that turns a `--database` value into a store: a postgres:// URL is PostgreSQL,
// anything else a SQLite file path. The server, its operator commands and the tests all use it.
import Leaderboard
import Logging

public enum StoreOpeningError: Error, CustomStringConvertible {
    case postgres(PostgresStoreError)
    case sqlite(path: String, reason: String)

    public var description: String {
        switch self {
        case .postgres(let error): error.description
        case .sqlite(let path, let reason): "the SQLite database at \(path) can't be opened: \(reason)"
        }
    }
}

public func openLeaderboardStore(_ database: String, logger: Logger = Logger(label: "plume.postgres")) throws(StoreOpeningError) -> any LeaderboardStore {
    if PostgresLocation.isURL(database) {
        do { return try PostgresStore(url: database, logger: logger) } catch { throw .postgres(error) }
    }
    do {
        return try SQLiteStore(path: database)
    } catch {
        throw .sqlite(path: database, reason: "\(error)")
    }
}
