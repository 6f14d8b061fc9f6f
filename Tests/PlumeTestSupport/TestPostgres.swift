// A real PostgreSQL for the store tests, started once per test process: initdb into a temporary
// directory, pg_ctl on a free loopback port (as the `postgres` user when running as root — the
// server refuses root), one fresh database per test, stopped at exit. If it can't start, every
// PostgreSQL test fails with the server's own words; nothing is skipped.
import Foundation
import Synchronization
import Leaderboard
import LeaderboardPostgres
#if canImport(Glibc)
import Glibc
#endif

public struct PostgresUnavailable: Error, CustomStringConvertible {
    public let description: String
}

public final class TestPostgres: Sendable {
    static let user = "plume"
    let directory: String
    public let port: Int
    private let counter = Atomic<Int>(0)

    /// The cluster for this process (started on first use).
    public static let shared: Result<TestPostgres, PostgresUnavailable> = Result { try TestPostgres() }
        .mapError { $0 as? PostgresUnavailable ?? PostgresUnavailable(description: "\($0)") }

    private static let stopAtExit = Mutex<String?>(nil)

    private init() throws(PostgresUnavailable) {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-pg-\(UUID().uuidString.prefix(8))").path
        port = Self.freePort()
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if getuid() == 0 { try Self.run(["chown", "postgres:postgres", directory], asPostgres: false, log: nil) }
        let log = directory + "/postgres.log"
        try Self.run(["initdb", "-D", directory + "/data", "-U", Self.user, "--auth=trust", "-E", "UTF8", "--no-locale"], log: log)
        try Self.run(["pg_ctl", "-D", directory + "/data", "-l", log, "-w", "-t", "60", "-o",
                      "-p \(port) -k \(directory) -c listen_addresses=127.0.0.1 -c max_connections=400"
                      // A throwaway cluster: nothing in it must survive a crash, and forty suites
                      // migrating their databases at once should not wait on the disk.
                      + " -c fsync=off -c synchronous_commit=off -c full_page_writes=off", "start"], log: log)
        Self.stopAtExit.withLock { $0 = directory }
        atexit {
            guard let directory = TestPostgres.stopAtExit.withLock({ $0 }) else { return }
            try? TestPostgres.run(["pg_ctl", "-D", directory + "/data", "-m", "immediate", "-w", "stop"], log: nil)
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    /// A fresh, empty database's URL.
    public func newDatabase() throws(PostgresUnavailable) -> String {
        let name = "plume_test_\(counter.wrappingAdd(1, ordering: .relaxed).newValue)"
        try Self.run(["createdb", "-h", "127.0.0.1", "-p", "\(port)", "-U", Self.user, name], asPostgres: false, log: nil)
        return "postgres://\(Self.user)@127.0.0.1:\(port)/\(name)?sslmode=disable"
    }

    /// Runs a command through the shell, its output to a file; a failure carries that output and
    /// the server's log. (Foundation's Process is not used: pg_ctl leaves a daemon behind, and
    /// waiting on it through Process can hang.)
    private static func run(_ arguments: [String], asPostgres: Bool = getuid() == 0, log: String?) throws(PostgresUnavailable) {
        let command = (asPostgres ? ["runuser", "-u", "postgres", "--"] + arguments : arguments).map(shellQuoted).joined(separator: " ")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("plume-pg-cmd-\(UUID().uuidString.prefix(8)).txt").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let status = system("\(command) </dev/null >\(shellQuoted(output)) 2>&1")
        guard status == 0 else {
            let said = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            let serverLog = log.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? ""
            throw PostgresUnavailable(description: """
                PostgreSQL could not be started: `\(command)` exited with status \(status)
                \(said)\(serverLog)
                """)
        }
    }

    private static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A loopback port that accepts connections (the kernel completes the handshake) and never
    /// says a word: a database that has stopped answering. Close the descriptor when done.
    public static func silentListener() -> (port: Int, descriptor: Int32) {
        boundLoopbackSocket(listening: true)
    }

    /// A loopback port nothing listens on (bound, read, released).
    public static func freePort() -> Int {
        let (port, fd) = boundLoopbackSocket(listening: false)
        close(fd)
        return port
    }

    /// A TCP socket bound to a free 127.0.0.1 port chosen by the kernel, and that port.
    private static func boundLoopbackSocket(listening: Bool) -> (port: Int, descriptor: Int32) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        if listening { _ = listen(fd, 64) }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (Int(UInt16(bigEndian: address.sin_port)), fd)
    }
}

/// Each store suite runs against both stores: the results must be identical.
public enum StoreKind: String, CaseIterable, Sendable {
    case sqlite, postgres

    /// A real store on a database this kind made (a SQLite file path or a postgres:// URL).
    public static func open(_ database: String) throws -> any LeaderboardStore {
        // The suites start together on two busy cores, each making and migrating a database: a
        // call may wait longer than a server's 10 s there without anything being wrong. The
        // deadline itself is tested on a listener that never answers (StoreTests).
        PostgresLocation.isURL(database) ? try PostgresStore(url: database, deadline: .seconds(60)) : try SQLiteStore(path: database)
    }

    /// A new, empty database of this kind: a SQLite file path or a postgres:// URL.
    public func newDatabase() throws -> String {
        switch self {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-lb-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            return directory.appendingPathComponent("scores.sqlite").path
        case .postgres:
            return try TestPostgres.shared.get().newDatabase()
        }
    }
}
