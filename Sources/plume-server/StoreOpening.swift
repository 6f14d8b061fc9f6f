// What `--database` names: a postgres:// URL is PostgreSQL, anything else a SQLite file path.
// The one place a store is chosen; the server and every operator command open theirs here (the
// libraries take an opened store and never parse `--database` themselves).
import Leaderboard
import LeaderboardPostgres
import Logging
import ServerSettings

func openStore(_ database: String, logger: Logger = Logger(label: "plume-server")) throws(OperatorError) -> any LeaderboardStore {
    if PostgresLocation.isURL(database) {
        // PostgresStoreError's words never repeat the password.
        do { return try PostgresStore(url: database, logger: logger) } catch { throw OperatorError(error.description) }
    }
    do {
        return try SQLiteStore(path: database)
    } catch {
        throw OperatorError("the SQLite database at \(database) can't be opened: \(error)")
    }
}
