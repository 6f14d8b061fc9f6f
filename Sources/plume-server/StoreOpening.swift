// What `--database` names: a postgres:// URL is PostgreSQL, anything else a SQLite file path.
// The one place a store is chosen; the server and every operator command open theirs here.
import ArgumentParser
import Leaderboard
import LeaderboardPostgres
import Logging

func openStore(_ database: String, logger: Logger = Logger(label: "plume-server")) throws(ValidationError) -> any LeaderboardStore {
    if PostgresLocation.isURL(database) {
        do { return try PostgresStore(url: database, logger: logger) } catch { throw ValidationError(error.description) }
    }
    do {
        return try SQLiteStore(path: database)
    } catch {
        throw ValidationError("the SQLite database at \(database) can't be opened: \(error)")
    }
}
