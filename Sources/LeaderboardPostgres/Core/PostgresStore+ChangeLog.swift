// The PostgreSQL store: the change log every write appends to, its pruning, and LISTEN/NOTIFY,
// which wakes every other process to read it at once.
import Foundation
import Leaderboard
import Logging
import PostgresNIO

extension PostgresStore {
    /// Appends to the change log (in id order across processes) and tells the other processes.
    /// `at` is the service's clock (milliseconds); the log keeps seconds, as its pruning reads them.
    static func logChanges(_ connection: PostgresConnection, boards: [String], player: Int64, at: Int64, _ logger: Logger) async throws {
        try await logChanges(connection, boards: boards, player: player, seconds: at.floorDivided(by: 1000), logger)
    }

    static func logChanges(_ connection: PostgresConnection, boards: [String], player: Int64, seconds at: Int64, _ logger: Logger) async throws {
        guard !boards.isEmpty else { return }
        try await exec(connection, "SELECT pg_advisory_xact_lock(\(PostgresSchema.changeLogLock))", logger)
        try await exec(connection, "INSERT INTO changes (board, player, at) SELECT unnest(\(boards)::text[]), \(player), \(at)", logger)
        try await exec(connection, "SELECT pg_notify(\(PostgresSchema.notifyChannel), '')", logger)
    }

    public func changeLog() async throws -> ChangeLogEnds {
        let ends = try await rows(.rule(StoreSQL.changeLogEnds), as: (Int64, Int64).self).first
        return ChangeLogEnds(newest: ends?.0 ?? 0, oldest: ends?.1 ?? 0)
    }

    public func changes(after id: Int64, limit: Int) async throws -> [IndexChange] {
        try await rows(.rule(StoreSQL.changes(.postgres), id, limit), as: (Int64, String, Int64, Int64?, Double?, Int64?, Bool?).self).map { row in
            var key: RankKey?
            if row.6 == true, let score = row.3, let detail = row.4, let at = row.5 {
                key = RankKey(score: score, detail: detail, at: at, player: row.2)
            }
            return IndexChange(id: row.0, board: row.1, player: row.2, key: key)
        }
    }

    public func pruneChanges(before: Int64) async throws {
        let logger = logger
        try await run { c in try await Self.exec(c, .rule(StoreSQL.pruneChanges(.postgres), before), logger) }
    }

    // MARK: Change signals

    /// LISTENs on one pooled connection for as long as the stream is consumed; yields once per
    /// notification, and once after every (re)connection, since notifications sent while no
    /// one listened are lost. A dropped connection is retried every second.
    public func changeSignals() -> AsyncStream<Void>? {
        let client = client, logger = logger
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let task = Task {
            while !Task.isCancelled {
                do {
                    try await client.withConnection { connection in
                        try await connection.listen(on: PostgresSchema.notifyChannel) { notifications in
                            continuation.yield()
                            for try await _ in notifications { continuation.yield() }
                        }
                    }
                } catch is CancellationError {
                    break
                } catch {
                    if Task.isCancelled { break }
                    logger.warning("LISTEN connection lost; retrying", metadata: ["error": "\(Self.describe(error))"])
                }
                try? await Task.sleep(for: .seconds(1))
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
