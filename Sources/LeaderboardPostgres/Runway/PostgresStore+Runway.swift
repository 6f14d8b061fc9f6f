// The PostgreSQL store's one Runway write of its own: the people's board in bulk. Everything else
// the Runway keeps is read and written once for both stores on the executor (Leaderboard's
// Runway folder); this is the fast path the shared plan would lose.
import Leaderboard
import Logging
import PostgresNIO

extension PostgresStore {
    /// One statement for the records and one for the log, however many rows: a first fit of a
    /// big day writes thousands, and the change-log lock is held until commit. (The shared plan,
    /// which SQLite runs, writes a statement per record and per log entry: on SQLite each is a
    /// call into the library, here each would be a round trip to the server.)
    public func writePeoplesChoice(_ records: [ScoreRecord], at: Int64) async throws {
        guard !records.isEmpty else { return }
        let logger = logger
        let boards = records.map(\.board), players = records.map(\.player), scores = records.map(\.score)
        let details = records.map(\.detail), codes = records.map(\.code), ats = records.map(\.at)
        try await transaction { c in
            // BoardsSQL's keepBest, for many rows at once.
            try await Self.exec(c, """
                INSERT INTO records (board, player, score, detail, code, at, hidden)
                SELECT b, p, s, d, k, a, false FROM unnest(\(boards)::text[], \(players)::bigint[], \(scores)::bigint[], \(details)::float8[],
                \(codes)::text[], \(ats)::bigint[]) AS u(b, p, s, d, k, a)
                ON CONFLICT (board, player) DO UPDATE SET score = excluded.score, detail = excluded.detail, code = excluded.code, at = excluded.at
                """, logger)
            try await Self.exec(c, "SELECT pg_advisory_xact_lock(\(PostgresSchema.changeLogLock))", logger)
            try await Self.exec(c, "INSERT INTO changes (board, player, at) SELECT unnest(\(boards)::text[]), unnest(\(players)::bigint[]), \(at.floorDivided(by: 1000))", logger)
            try await Self.exec(c, "SELECT pg_notify(\(PostgresSchema.notifyChannel), '')", logger)
        }
    }
}
