// Backups of a SQLite leaderboard: `plume-server backup` copies a live database with SQLite's
// online backup (a consistent snapshot while the server goes on writing) and checks the copy;
// `plume-server restore` puts a copy back, refusing while a server holds the database. For
// PostgreSQL both say which pg_dump or pg_restore command to run instead (docs/operating.md).
import ArgumentParser
import Foundation
import GRDB
import LeaderboardPostgres
#if canImport(Glibc)
import Glibc
#endif

struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy a live SQLite database to a file, consistently, and check the copy.",
        discussion: "The server may go on serving and writing meanwhile. For PostgreSQL, use pg_dump (see docs/operating.md).")

    @OptionGroup var database: DatabaseOption

    @Option(name: .customLong("to"), help: ArgumentHelp("Where to write the copy (a new file).", valueName: "file"))
    var destination: String

    @Flag(help: "Replace the file at --to if there is one.")
    var force = false

    func run() async throws {
        let path = try database.resolved()
        guard !PostgresLocation.isURL(path) else {
            throw ValidationError("this is a PostgreSQL database: back it up with pg_dump --format=custom --file=\(destination) '\(Settings.masked(path))' (see docs/operating.md)")
        }
        guard FileManager.default.fileExists(atPath: path) else { throw ValidationError("there is no database at \(path)") }
        if FileManager.default.fileExists(atPath: destination), !force {
            throw ValidationError("\(destination) exists; choose a new file, or add --force to replace it")
        }
        let partial = destination + ".partial-\(getpid())"
        try? FileManager.default.removeItem(atPath: partial)
        do {
            let source = try DatabaseQueue(path: path, configuration: BackupFile.readOnly)
            let copy = try DatabaseQueue(path: partial)
            // All pages in one step: the copy is the database as one read transaction saw it.
            try source.backup(to: copy)
            let summary = try BackupFile.check(copy)
            try copy.close()
            try source.close()
            if force { try? FileManager.default.removeItem(atPath: destination) }
            try FileManager.default.moveItem(atPath: partial, toPath: destination)
            let bytes = (try? FileManager.default.attributesOfItem(atPath: destination)[.size] as? Int) ?? 0
            print("backed up \(path) to \(destination): \(bytes) bytes, \(summary), integrity ok")
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error as? ValidationError ?? ValidationError("the backup failed: \(error)")
        }
    }
}

struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Put a backup made by `plume-server backup` back in place of the SQLite database.",
        discussion: "Refused while a plume-server is using the database: stop it first. For PostgreSQL, use pg_restore (see docs/operating.md).")

    @OptionGroup var database: DatabaseOption

    @Option(name: .customLong("from"), help: ArgumentHelp("The backup file.", valueName: "file"))
    var source: String

    func run() async throws {
        let path = try database.resolved()
        guard !PostgresLocation.isURL(path) else {
            throw ValidationError("this is a PostgreSQL database: restore it with pg_restore --clean --if-exists --dbname='\(Settings.masked(path))' \(source) (see docs/operating.md)")
        }
        guard FileManager.default.fileExists(atPath: source) else { throw ValidationError("there is no backup at \(source)") }
        let backup: DatabaseQueue
        let summary: String
        do {
            backup = try DatabaseQueue(path: source, configuration: BackupFile.readOnly)
            summary = try BackupFile.check(backup)
        } catch {
            throw error as? ValidationError ?? ValidationError("\(source) is not a Plume leaderboard backup: \(error)")
        }
        let hold = try DatabaseHold.take(path, exclusive: true)
        defer { withExtendedLifetime(hold) {} }
        do {
            let target = try DatabasePool(path: path)
            try backup.backup(to: target)
            _ = try await target.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
            try target.close()
        } catch {
            throw ValidationError("the restore failed: \(error)")
        }
        print("restored \(path) from \(source): \(summary)")
    }
}

enum BackupFile {
    /// Reads only, waiting up to 10 s for a writer's lock.
    static var readOnly: Configuration {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        return configuration
    }

    /// Checks a copy is whole and is a Plume leaderboard; says what it holds.
    static func check(_ database: DatabaseQueue) throws -> String {
        try database.read { db in
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            guard integrity == ["ok"] else { throw ValidationError("the copy failed its integrity check: \(integrity.prefix(3).joined(separator: "; "))") }
            let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
            let missing = ["players", "records", "donations", "changes"].filter { !tables.contains($0) }
            guard missing.isEmpty else { throw ValidationError("it has no \(missing.joined(separator: ", ")) table: not a Plume leaderboard") }
            let players = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM players") ?? 0
            let records = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM records") ?? 0
            return "\(players) players, \(records) records"
        }
    }
}

/// An advisory lock on `<database>.lock`, beside a SQLite file: every server holds it shared for
/// its whole life; a restore holds it alone, so neither starts while the other runs.
final class DatabaseHold {
    private let descriptor: Int32

    private init(_ descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// nil for PostgreSQL (pg_restore has its own locks).
    static func take(_ database: String, exclusive: Bool) throws(ValidationError) -> DatabaseHold? {
        guard !PostgresLocation.isURL(database) else { return nil }
        let lockPath = database + ".lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw ValidationError("can't open \(lockPath): \(String(cString: strerror(errno)))") }
        guard flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 else {
            let holder = (try? String(contentsOfFile: lockPath, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            close(descriptor)
            throw ValidationError(exclusive
                ? "a plume-server\(holder.isEmpty ? "" : " (pid \(holder))") is using \(database); stop it first"
                : "\(database) is being restored; start the server when the restore has finished")
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return DatabaseHold(descriptor)
    }
}
