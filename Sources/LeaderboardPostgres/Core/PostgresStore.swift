// The PostgreSQL store (postgres-nio): what several `plume-server` processes share. The same
// tables and the same answers as the SQLite store: what it stores and reads is written once for
// both on its executor (PostgresStore+Executor). Writes that touch a player's records hold an
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
    func run<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let client = client
        do {
            return try await Self.withDeadline(deadline) { try await client.withConnection { connection in try await body(connection) } }
        } catch let error as LeaderboardError {
            throw error
        } catch let error as LeaseLost {
            // A rule's own refusal (a hosted game's lease held by another session), not a failure.
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
    func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
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

    static func exec(_ connection: PostgresConnection, _ query: PostgresQuery, _ logger: Logger) async throws {
        try await connection.query(query, logger: logger)
    }

    /// Serialises this player's writes until the transaction ends.
    static func lock(_ connection: PostgresConnection, player: Int64, _ logger: Logger) async throws {
        try await exec(connection, "SELECT pg_advisory_xact_lock(\(player))", logger)
    }

    // MARK: Schema

    public func migrate() async throws {
        let logger = logger
        try await transaction { c in
            try await Self.exec(c, "SELECT pg_advisory_xact_lock(\(PostgresSchema.migrationLock))", logger)
            try await Self.exec(c, "CREATE TABLE IF NOT EXISTS plume_migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)", logger)
            let applied = Set(try await Self.rows(of: StoreStatement("SELECT name FROM plume_migrations"), c, logger).map { try $0.text("name") })
            for migration in StoreSchema.migrations where !applied.contains(migration.name) {
                for statement in migration.statements(.postgres) { try await Self.exec(c, PostgresQuery(unsafeSQL: statement), logger) }
                let at = Int64(Date().timeIntervalSince1970)
                try await Self.exec(c, "INSERT INTO plume_migrations (name, applied_at) VALUES (\(migration.name), \(at))", logger)
            }
        }
    }

    public func ping() async throws {
        let logger = logger
        try await run { connection in try await Self.exec(connection, "SELECT 1", logger) }
    }
}

extension LeaderboardError {
    static let databaseUnavailable = LeaderboardError(.unavailable, .storageUnavailable,
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
