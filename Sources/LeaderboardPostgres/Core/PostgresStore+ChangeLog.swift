// The PostgreSQL store: appending to the change log every write logs to (under a lock, so ids
// commit in order, in one statement however many boards), and LISTEN/NOTIFY, which wakes every
// other process to read it at once. Reading and pruning the log are BoardsStore's, on the executor.
import Foundation
import Leaderboard
import Logging
import PostgresNIO

extension PostgresStore {
    /// Appends to the change log (in id order across processes) and tells the other processes:
    /// the executor's `logChanges`. `at` is in seconds, the log's own unit.
    static func logChanges(_ connection: PostgresConnection, boards: [String], player: Int64, seconds at: Int64, _ logger: Logger) async throws {
        guard !boards.isEmpty else { return }
        try await exec(connection, "SELECT pg_advisory_xact_lock(\(PostgresSchema.changeLogLock))", logger)
        try await exec(connection, "INSERT INTO changes (board, player, at) SELECT unnest(\(boards)::text[]), \(player), \(at)", logger)
        try await exec(connection, "SELECT pg_notify(\(PostgresSchema.notifyChannel), '')", logger)
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
