// The PostgreSQL store (postgres-nio): what several `plume-server` processes share. The same
// tables and the same answers as the SQLite store. Writes that touch a player's records hold an
// advisory lock on that player for the transaction, so a best can't be overwritten by a slower,
// worse one; the change-log insert holds a global one until commit, so ids commit in order; and
// each commit NOTIFYs the other processes, which then read the log at once instead of waiting
// for their next poll. Every call has a deadline: a database that stops answering is an
// "unavailable" error in words, never a hang.
import Foundation
import Leaderboard
import Logging
import PostgresNIO
import Synchronization

public final class PostgresStore: LeaderboardStore {
    let client: PostgresClient
    let logger: Logger
    let deadline: Duration
    private let runner: Task<Void, Never>
    public let label: String

    public init(url: String, deadline: Duration = .seconds(10), logger: Logger = Logger(label: "plume.postgres")) throws(PostgresStoreError) {
        let location = try PostgresLocation(url: url)
        let tls: PostgresClient.Configuration.TLS
        switch location.tls {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(Self.unverifiedTLS)
        case .require: tls = .require(Self.unverifiedTLS)
        case .verifyFull: tls = .require(.makeClientConfiguration())
        }
        var configuration = PostgresClient.Configuration(host: location.host, port: location.port, username: location.user,
                                                         password: location.password, database: location.database, tls: tls)
        configuration.options.connectTimeout = .seconds(5)
        configuration.options.maximumConnections = 16
        // The pool retries a lost server every second or so; those attempts are logged only as
        // warnings, and a request that finds no connection reports it once, through `run`.
        var background = logger
        background.logLevel = .warning
        let client = PostgresClient(configuration: configuration, backgroundLogger: background)
        self.client = client
        self.logger = logger
        self.deadline = deadline
        label = location.description
        runner = Task { await client.run() }
    }

    deinit { runner.cancel() }

    private static var unverifiedTLS: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        return configuration
    }

    // MARK: Running queries

    /// Runs `body` on a pooled connection within the deadline, turning database failures into
    /// words: a taken name is `name_taken`; anything else is "the score database is unavailable"
    /// (the details go to the log, which never sees tokens or e-mails: they are bound, not logged).
    private func run<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let client = client
        do {
            return try await Self.withDeadline(deadline) { try await client.withConnection { connection in try await body(connection) } }
        } catch let error as LeaderboardError {
            throw error
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505"
            && error.serverInfo?[.constraintName]?.contains("name_key") == true {
            throw LeaderboardError.nameTaken
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            logger.error("PostgreSQL request failed", metadata: ["error": "\(Self.describe(error))"])
            throw LeaderboardError.databaseUnavailable
        }
    }

    /// `work`'s result, or `databaseUnavailable` once `deadline` passes — whichever comes first.
    /// The caller is answered at the deadline even if the work ignores its cancellation (a pool
    /// still waiting for a connection); the work is cancelled and finishes on its own.
    static func withDeadline<T: Sendable>(_ deadline: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let answer = FirstAnswer<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                answer.begin(continuation)
                let worker = Task {
                    do { answer.give(.success(try await work())) } catch { answer.give(.failure(error)) }
                }
                answer.onEnd { worker.cancel() }
                Task {
                    try? await Task.sleep(for: deadline)
                    answer.give(.failure(LeaderboardError.databaseUnavailable))
                }
            }
        } onCancel: {
            answer.give(.failure(CancellationError()))
        }
    }

    /// What went wrong, for the log: the error's kind, the server's message and SQLSTATE, and the
    /// SQL text — never the bound values (which can hold e-mail addresses and token hashes).
    static func describe(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(type(of: error))" }
        var parts = ["\(error.code)"]
        if let message = error.serverInfo?[.message] { parts.append(message) }
        if let state = error.serverInfo?[.sqlState] { parts.append("SQLSTATE \(state)") }
        if let underlying = error.underlying { parts.append("\(underlying)") }
        if let sql = error.query?.sql { parts.append("in: \(sql.split(whereSeparator: \.isWhitespace).joined(separator: " "))") }
        return parts.joined(separator: "; ")
    }

    /// One transaction: BEGIN, body, COMMIT — or ROLLBACK when the body throws.
    private func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let logger = logger
        return try await run { connection in
            try await connection.query("BEGIN", logger: logger)
            do {
                let value = try await body(connection)
                try await connection.query("COMMIT", logger: logger)
                return value
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    private func rows<each Column: PostgresDecodable>(_ query: PostgresQuery, as _: (repeat each Column).Type)
        async throws -> [(repeat each Column)] where repeat each Column: Sendable {
        let logger = logger
        return try await run { connection in
            try await Self.rows(connection, query, logger, as: (repeat each Column).self)
        }
    }

    private static func rows<each Column: PostgresDecodable>(_ connection: PostgresConnection, _ query: PostgresQuery, _ logger: Logger,
                                                             as _: (repeat each Column).Type) async throws -> [(repeat each Column)] {
        var out: [(repeat each Column)] = []
        for try await row in try await connection.query(query, logger: logger) {
            out.append(try row.decode((repeat each Column).self))
        }
        return out
    }

    /// The first column of every row.
    private static func values<Value: PostgresDecodable>(_ connection: PostgresConnection, _ query: PostgresQuery, _ logger: Logger,
                                                         as _: Value.Type) async throws -> [Value] {
        var out: [Value] = []
        for try await row in try await connection.query(query, logger: logger) {
            out.append(try row.decode(Value.self))
        }
        return out
    }

    private func values<Value: PostgresDecodable & Sendable>(_ query: PostgresQuery, as _: Value.Type) async throws -> [Value] {
        let logger = logger
        return try await run { connection in try await Self.values(connection, query, logger, as: Value.self) }
    }

    private static func exec(_ connection: PostgresConnection, _ query: PostgresQuery, _ logger: Logger) async throws {
        try await connection.query(query, logger: logger)
    }

    /// Serialises this player's writes until the transaction ends.
    private static func lock(_ connection: PostgresConnection, player: Int64, _ logger: Logger) async throws {
        try await exec(connection, "SELECT pg_advisory_xact_lock(\(player))", logger)
    }

    /// Appends to the change log (in id order across processes) and tells the other processes.
    private static func logChanges(_ connection: PostgresConnection, boards: [String], player: Int64, _ logger: Logger) async throws {
        guard !boards.isEmpty else { return }
        let at = Int64(Date().timeIntervalSince1970)
        try await exec(connection, "SELECT pg_advisory_xact_lock(\(PostgresSchema.changeLogLock))", logger)
        try await exec(connection, "INSERT INTO changes (board, player, at) SELECT unnest(\(boards)::text[]), \(player), \(at)", logger)
        try await exec(connection, "SELECT pg_notify(\(PostgresSchema.notifyChannel), '')", logger)
    }

    // MARK: Schema

    public func migrate() async throws {
        let logger = logger
        try await transaction { c in
            try await Self.exec(c, "SELECT pg_advisory_xact_lock(\(PostgresSchema.migrationLock))", logger)
            try await Self.exec(c, "CREATE TABLE IF NOT EXISTS plume_migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)", logger)
            let applied = Set(try await Self.values(c, "SELECT name FROM plume_migrations", logger, as: String.self))
            for migration in PostgresSchema.migrations where !applied.contains(migration.name) {
                for statement in migration.statements { try await Self.exec(c, PostgresQuery(unsafeSQL: statement), logger) }
                let at = Int64(Date().timeIntervalSince1970)
                try await Self.exec(c, "INSERT INTO plume_migrations (name, applied_at) VALUES (\(migration.name), \(at))", logger)
            }
        }
    }

    public func ping() async throws {
        _ = try await values("SELECT 1::BIGINT", as: Int64.self)
    }

    // MARK: Players

    public func createPlayer(_ new: NewPlayer) async throws -> PlayerRecord {
        let ids = try await values("""
            INSERT INTO players (public_id, name, name_key, email, updates_opt_in, avatar_code, token_hash, created_at)
            VALUES (\(new.publicID), \(new.name), \(new.nameKey), \(new.email), \(new.updatesOptIn), \(new.avatarCode), \(new.tokenHash), \(new.createdAt))
            ON CONFLICT (name_key) DO NOTHING RETURNING id
            """, as: Int64.self)
        guard let number = ids.first else { throw LeaderboardError.nameTaken }
        return PlayerRecord(number: number, publicID: new.publicID, name: new.name, email: new.email, updatesOptIn: new.updatesOptIn,
                            avatarCode: new.avatarCode, createdAt: new.createdAt, banned: false)
    }

    public func player(tokenHash: String) async throws -> PlayerRecord? {
        try await fetchPlayer(column: "token_hash", tokenHash)
    }

    public func player(publicID: String) async throws -> PlayerRecord? {
        try await fetchPlayer(column: "public_id", publicID)
    }

    public func player(name: String) async throws -> PlayerRecord? {
        try await fetchPlayer(column: "name_key", PlayerName.key(name))
    }

    private func fetchPlayer(column: StaticString, _ value: String) async throws -> PlayerRecord? {
        try await rows("SELECT \(unescaped: PostgresSchema.playerColumns) FROM players WHERE \(unescaped: "\(column)") = \(value)",
                       as: PostgresSchema.PlayerRow.self).first.map(PostgresSchema.player)
    }

    public func updatePlayer(_ number: Int64, _ changes: PlayerChanges) async throws -> PlayerRecord {
        let logger = logger
        return try await transaction { c in
            if let (name, key) = changes.name {
                let taken = try await Self.values(c, "SELECT id FROM players WHERE name_key = \(key) AND id <> \(number)", logger, as: Int64.self)
                guard taken.isEmpty else { throw LeaderboardError.nameTaken }
                try await Self.exec(c, "UPDATE players SET name = \(name), name_key = \(key) WHERE id = \(number)", logger)
            }
            if let email = changes.email {
                try await Self.exec(c, "UPDATE players SET email = \(email) WHERE id = \(number)", logger)
            }
            if let optIn = changes.updatesOptIn {
                try await Self.exec(c, "UPDATE players SET updates_opt_in = \(optIn) WHERE id = \(number)", logger)
            }
            if let avatar = changes.avatarCode {
                try await Self.exec(c, "UPDATE players SET avatar_code = \(avatar) WHERE id = \(number)", logger)
            }
            try await Self.exec(c, "UPDATE players SET updates_opt_in = false WHERE id = \(number) AND email IS NULL", logger)
            if changes.name != nil || changes.avatarCode != nil {
                try await Self.logChanges(c, boards: [""], player: number, logger)
            }
            let found = try await Self.rows(c, "SELECT \(unescaped: PostgresSchema.playerColumns) FROM players WHERE id = \(number)",
                                            logger, as: PostgresSchema.PlayerRow.self)
            guard let row = found.first else { throw LeaderboardError.noSuchPlayer }
            return PostgresSchema.player(row)
        }
    }

    public func erasePlayer(_ number: Int64, at: Int64) async throws {
        let logger = logger
        try await transaction { c in
            try await Self.lock(c, player: number, logger)
            let boards = try await Self.values(c, "DELETE FROM records WHERE player = \(number) AND board <> 'contributors' RETURNING board",
                                             logger, as: String.self)
            try await Self.exec(c, """
                UPDATE players SET name = NULL, name_key = NULL, email = NULL, updates_opt_in = false, avatar_code = NULL,
                token_hash = NULL WHERE id = \(number)
                """, logger)
            try await Self.logChanges(c, boards: boards + [""], player: number, logger)
        }
    }

    public func setBanned(_ number: Int64, _ banned: Bool, at: Int64) async throws {
        let logger = logger
        try await transaction { c in
            try await Self.lock(c, player: number, logger)
            try await Self.exec(c, "UPDATE players SET banned = \(banned) WHERE id = \(number)", logger)
            let boards = try await Self.values(c, "SELECT board FROM records WHERE player = \(number)", logger, as: String.self)
            try await Self.logChanges(c, boards: boards, player: number, logger)
        }
    }

    public func players(limit: Int, offset: Int) async throws -> [PlayerRecord] {
        try await rows("SELECT \(unescaped: PostgresSchema.playerColumns) FROM players ORDER BY id LIMIT \(limit) OFFSET \(offset)",
                       as: PostgresSchema.PlayerRow.self).map(PostgresSchema.player)
    }

    public func updatesList() async throws -> [(name: String, email: String)] {
        try await rows("""
            SELECT name, email FROM players WHERE updates_opt_in AND email IS NOT NULL AND name IS NOT NULL AND NOT banned ORDER BY id
            """, as: (String, String).self).map { (name: $0.0, email: $0.1) }
    }

    // MARK: Records

    public func submit(_ record: ScoreRecord) async throws -> SubmitOutcome {
        let logger = logger
        return try await transaction { c in
            try await Self.lock(c, player: record.player, logger)
            let previous = try await Self.rows(c, """
                SELECT \(unescaped: PostgresSchema.recordColumns) FROM records r WHERE r.board = \(record.board) AND r.player = \(record.player)
                """, logger, as: PostgresSchema.RecordRow.self).first.map(PostgresSchema.record)
            if let previous, !previous.key.isBeaten(byScore: record.score, detail: record.detail) {
                return SubmitOutcome(previous: previous, best: previous, improved: false)
            }
            try await Self.exec(c, """
                INSERT INTO records (board, player, score, detail, code, at, hidden)
                VALUES (\(record.board), \(record.player), \(record.score), \(record.detail), \(record.code), \(record.at), false)
                ON CONFLICT (board, player) DO UPDATE SET score = excluded.score, detail = excluded.detail,
                code = excluded.code, at = excluded.at
                """, logger)
            try await Self.logChanges(c, boards: [record.board], player: record.player, logger)
            var best = record
            best.hidden = previous?.hidden ?? false
            return SubmitOutcome(previous: previous, best: best, improved: true)
        }
    }

    public func record(board: String, player: Int64) async throws -> ScoreRecord? {
        try await rows("SELECT \(unescaped: PostgresSchema.recordColumns) FROM records r WHERE r.board = \(board) AND r.player = \(player)",
                       as: PostgresSchema.RecordRow.self).first.map(PostgresSchema.record)
    }

    public func records(board: String, players: [Int64]) async throws -> [Int64: RecordWithPlayer] {
        guard !players.isEmpty else { return [:] }
        let found = try await rows("""
            SELECT \(unescaped: PostgresSchema.recordColumns), p.public_id, p.name, p.avatar_code FROM records r JOIN players p ON p.id = r.player
            WHERE r.board = \(board) AND r.player = ANY(\(players))
            """, as: (String, Int64, Int64, Double, String, Int64, Bool, String, String?, String?).self)
        var out: [Int64: RecordWithPlayer] = [:]
        for row in found {
            let record = PostgresSchema.record((row.0, row.1, row.2, row.3, row.4, row.5, row.6))
            out[record.player] = RecordWithPlayer(record: record, publicID: row.7, name: row.8, avatarCode: row.9)
        }
        return out
    }

    public func bests(player: Int64) async throws -> [ScoreRecord] {
        try await rows("""
            SELECT \(unescaped: PostgresSchema.recordColumns) FROM records r JOIN players p ON p.id = r.player
            WHERE r.player = \(player) AND NOT r.hidden AND NOT p.banned ORDER BY r.board COLLATE "C"
            """, as: PostgresSchema.RecordRow.self).map(PostgresSchema.record)
    }

    public func setHidden(board: String, player: Int64, _ hidden: Bool, at: Int64) async throws -> Bool {
        let logger = logger
        return try await transaction { c in
            try await Self.lock(c, player: player, logger)
            let changed = try await Self.values(c, """
                UPDATE records SET hidden = \(hidden) WHERE board = \(board) AND player = \(player) RETURNING player
                """, logger, as: Int64.self)
            guard !changed.isEmpty else { return false }
            try await Self.logChanges(c, boards: [board], player: player, logger)
            return true
        }
    }

    public func rankedKeys() async throws -> [String: [RankKey]] {
        let logger = logger
        return try await run { c in
            var out: [String: [RankKey]] = [:]
            var board = "", keys: [RankKey] = []
            let rows = try await c.query("""
                SELECT r.board, r.score, r.detail, r.at, r.player FROM records r JOIN players p ON p.id = r.player
                WHERE NOT r.hidden AND NOT p.banned ORDER BY r.board COLLATE "C", r.score DESC, r.detail DESC, r.at, r.player
                """, logger: logger)
            for try await (rowBoard, score, detail, at, player) in rows.decode((String, Int64, Double, Int64, Int64).self) {
                if rowBoard != board {
                    if !keys.isEmpty { out[board] = keys }
                    board = rowBoard
                    keys = []
                }
                keys.append(RankKey(score: score, detail: detail, at: at, player: player))
            }
            if !keys.isEmpty { out[board] = keys }
            return out
        }
    }

    public func orderedKeys(board: String) async throws -> [RankKey] {
        try await rows("""
            SELECT r.score, r.detail, r.at, r.player FROM records r JOIN players p ON p.id = r.player
            WHERE r.board = \(board) AND NOT r.hidden AND NOT p.banned ORDER BY r.score DESC, r.detail DESC, r.at, r.player
            """, as: (Int64, Double, Int64, Int64).self).map { RankKey(score: $0.0, detail: $0.1, at: $0.2, player: $0.3) }
    }

    public func lastChangeID() async throws -> Int64 {
        try await values("SELECT COALESCE(MAX(id), 0)::BIGINT FROM changes", as: Int64.self).first ?? 0
    }

    public func changes(after id: Int64, limit: Int) async throws -> [IndexChange] {
        try await rows("""
            SELECT c.id, c.board, c.player, r.score, r.detail, r.at, (NOT r.hidden AND NOT p.banned) AS visible
            FROM changes c LEFT JOIN records r ON r.board = c.board AND r.player = c.player
            LEFT JOIN players p ON p.id = c.player WHERE c.id > \(id) ORDER BY c.id LIMIT \(limit)
            """, as: (Int64, String, Int64, Int64?, Double?, Int64?, Bool?).self).map { row in
            var key: RankKey?
            if row.6 == true, let score = row.3, let detail = row.4, let at = row.5 {
                key = RankKey(score: score, detail: detail, at: at, player: row.2)
            }
            return IndexChange(id: row.0, board: row.1, player: row.2, key: key)
        }
    }

    public func pruneChanges(before: Int64) async throws {
        let logger = logger
        try await run { c in try await Self.exec(c, "DELETE FROM changes WHERE at < \(before)", logger) }
    }

    // MARK: Points and causes

    public func points(player: Int64) async throws -> (earned: Int64, given: Int64) {
        let logger = logger
        let both = try await run { c in try await Self.points(c, player: player, logger) }
        return (both.0, both.1)
    }

    private static func points(_ c: PostgresConnection, player: Int64, _ logger: Logger) async throws -> (Int64, Int64) {
        let earned = try await values(c, """
            SELECT COALESCE(SUM(score), 0)::BIGINT FROM records WHERE player = \(player) AND board <> 'contributors' AND NOT hidden
            """, logger, as: Int64.self).first ?? 0
        let given = try await values(c, "SELECT COALESCE(SUM(points), 0)::BIGINT FROM donations WHERE player = \(player)",
                                   logger, as: Int64.self).first ?? 0
        return (earned, given)
    }

    public func donate(player: Int64, cause: String, points: Int64, at: Int64) async throws -> DonationOutcome {
        let logger = logger
        return try await transaction { c in
            try await Self.lock(c, player: player, logger)
            let (earned, given) = try await Self.points(c, player: player, logger)
            guard points <= earned - given else { throw LeaderboardError.notEnoughPoints(available: earned - given) }
            try await Self.exec(c, "INSERT INTO donations (player, cause, points, at) VALUES (\(player), \(cause), \(points), \(at))", logger)
            try await Self.exec(c, """
                INSERT INTO records (board, player, score, detail, code, at, hidden) VALUES ('contributors', \(player), \(given + points), 0, '', \(at), false)
                ON CONFLICT (board, player) DO UPDATE SET score = excluded.score, at = excluded.at
                """, logger)
            try await Self.logChanges(c, boards: [Board.contributors.id], player: player, logger)
            let total = try await Self.values(c, "SELECT COALESCE(SUM(points), 0)::BIGINT FROM donations WHERE cause = \(cause)",
                                            logger, as: Int64.self).first ?? 0
            return DonationOutcome(given: given + points, available: earned - given - points, causeTotal: total)
        }
    }

    public func causeTotals() async throws -> [CauseTotal] {
        try await rows("SELECT cause, SUM(points)::BIGINT, COUNT(DISTINCT player) FROM donations GROUP BY cause",
                       as: (String, Int64, Int64).self).map { CauseTotal(cause: $0.0, points: $0.1, donors: $0.2) }
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

extension LeaderboardError {
    static let databaseUnavailable = LeaderboardError(.unavailable, "storage_unavailable",
                                                      "the score database is not answering — try again in a moment", retryAfter: 5)
}

/// Resumes a continuation with the first of several answers; later ones are dropped.
final class FirstAnswer<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var early: Result<T, any Error>?
        var done = false
        var onEnd: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    func begin(_ continuation: CheckedContinuation<T, any Error>) {
        let early = state.withLock { s -> Result<T, any Error>? in
            if let early = s.early { return early }
            s.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func onEnd(_ action: @escaping @Sendable () -> Void) {
        let ended = state.withLock { s -> Bool in
            if s.done { return true }
            s.onEnd = action
            return false
        }
        if ended { action() }
    }

    func give(_ result: Result<T, any Error>) {
        let (continuation, action) = state.withLock { s -> (CheckedContinuation<T, any Error>?, (@Sendable () -> Void)?) in
            guard !s.done else { return (nil, nil) }
            s.done = true
            let taken = s.continuation
            s.continuation = nil
            if taken == nil { s.early = result }
            return (taken, s.onEnd)
        }
        continuation?.resume(with: result)
        action?()
    }
}
