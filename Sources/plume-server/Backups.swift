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
import ServerSettings
#endif

struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy a live SQLite database to a file, consistently, and check the copy.",
        discussion: """
            The server may go on serving and writing meanwhile: the copy is the database as one \
            moment saw it. The copy is one self-contained file (mode 0600), checked with PRAGMA \
            integrity_check before it is put at --to; the command prints its size and how many \
            players and records it holds. For PostgreSQL it prints the pg_dump command to run \
            instead (see docs/operating.md).
            """)

    @OptionGroup var database: DatabaseOption

    @Option(name: .customLong("to"), help: ArgumentHelp("Where to write the copy (a new file).", valueName: "file"))
    var destination: String

    @Flag(help: "Replace the file at --to if there is one.")
    var force = false

    func run() async throws {
        let path = try database.resolved()
        guard !PostgresLocation.isURL(path) else {
            throw OperatorError("this is a PostgreSQL database: back it up with pg_dump --format=custom "
                                + "--file=\(BackupFile.shellWord(destination)) \(BackupFile.quoted(Settings.masked(path))) (see docs/operating.md)")
        }
        guard FileManager.default.fileExists(atPath: path) else { throw OperatorError("there is no database at \(path)") }
        guard !BackupFile.same(path, destination) else { throw OperatorError("--to names the database itself; choose another file") }
        if FileManager.default.fileExists(atPath: destination), !force {
            throw OperatorError("\(destination) exists; choose a new file, or add --force to replace it")
        }
        let (bytes, summary) = try BackupFile.copy(path, to: destination)
        print("backed up \(path) to \(destination): \(bytes) bytes, \(summary), integrity ok")
    }
}

struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Put a backup made by `plume-server backup` back in place of the SQLite database.",
        discussion: """
            The file must be a whole Plume leaderboard (PRAGMA integrity_check, its tables). \
            Refused while a plume-server is using the database (every server holds a shared lock \
            on DATABASE.lock): stop it first. The backup is copied into the database file, which \
            keeps its owner and mode; a database file SQLite can't read at all is first kept as \
            DATABASE.unreadable-TIME. For PostgreSQL it prints the pg_restore command to run \
            instead (see docs/operating.md).
            """)

    @OptionGroup var database: DatabaseOption

    @Option(name: .customLong("from"), help: ArgumentHelp("The backup file.", valueName: "file"))
    var source: String

    func run() async throws {
        let path = try database.resolved()
        guard !PostgresLocation.isURL(path) else {
            throw OperatorError("this is a PostgreSQL database: restore it with pg_restore --clean --if-exists "
                                + "--dbname=\(BackupFile.quoted(Settings.masked(path))) \(BackupFile.shellWord(source)) (see docs/operating.md)")
        }
        guard FileManager.default.fileExists(atPath: source) else { throw OperatorError("there is no backup at \(source)") }
        guard !BackupFile.same(path, source) else { throw OperatorError("--from names the database itself") }
        let (summary, setAside) = try BackupFile.restore(source, over: path)
        print("restored \(path) from \(source): \(summary)"
              + (setAside.map { "; the unreadable file that was there is kept as \($0)" } ?? ""))
    }
}

/// The work of both commands, synchronous (GRDB's blocking calls, off the async paths).
enum BackupFile {
    /// Reads only, waiting up to 10 s for a writer's lock. For the operator's backup files, never
    /// for the live database: a read-only connection can't remove the -wal and -shm files it
    /// makes, and files left by root would shut out a server running as another user.
    static var readOnly: Configuration {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        return configuration
    }

    /// Reads and writes, waiting up to 10 s for a writer's lock.
    static var waiting: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        return configuration
    }

    /// Copies the database at `path` to `destination` (through a file beside it, renamed into
    /// place once checked); returns its size and what it holds.
    static func copy(_ path: String, to destination: String) throws(OperatorError) -> (bytes: Int, summary: String) {
        let partial = destination + ".partial-\(getpid())"
        removeWithSidecars(partial)
        let summary: String
        do {
            // Made first so the copy is never readable by others, even for a moment (SQLite gives
            // its journal the database file's mode).
            let descriptor = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw OperatorError("can't create \(partial): \(String(cString: strerror(errno)))") }
            close(descriptor)
            let source = try DatabaseQueue(path: path, configuration: waiting)
            let copy = try DatabaseQueue(path: partial)
            // All pages in one step: the copy is the database as one read transaction saw it.
            try source.backup(to: copy)
            try source.close()
            // The copy came in WAL mode, like the database; one self-contained file is what an
            // operator expects to move around, and reading it then makes no -wal or -shm files.
            try copy.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
            do {
                summary = try check(copy)
            } catch {
                throw OperatorError("the copy failed its check: \(error)")
            }
            try copy.close()
            // Leftovers of a file once at `destination` would be read as part of the copy; the
            // file itself (with --force) is replaced in one step, so it is never missing.
            removeSidecars(of: destination)
            guard rename(partial, destination) == 0 else {
                throw OperatorError("can't put the copy at \(destination): \(String(cString: strerror(errno)))")
            }
        } catch {
            removeWithSidecars(partial)
            throw error as? OperatorError ?? OperatorError("the backup failed: \(error)")
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: destination)
        return ((attributes?[.size] as? NSNumber)?.intValue ?? 0, summary)
    }

    /// Checks the backup at `source`, then, holding the database alone (refused while a server
    /// runs), copies it into the database at `path` with SQLite's backup through the database's
    /// own connection, so its WAL and shared memory stay consistent; returns what the database
    /// now holds and, if the file there was unreadable, where it was kept.
    static func restore(_ source: String, over path: String) throws(OperatorError) -> (summary: String, setAside: String?) {
        let backup: DatabaseQueue
        let summary: String
        do {
            backup = try DatabaseQueue(path: source, configuration: readOnly)
            summary = try check(backup)
        } catch {
            throw OperatorError("\(source) is not a Plume leaderboard backup: \(error)")
        }
        // Held until the copy is in: no server starts on the database meanwhile.
        let hold = try DatabaseHold.take(path, exclusive: true)
        defer { withExtendedLifetime(hold) {} }
        let existed = FileManager.default.fileExists(atPath: path)
        var setAside: String?
        do {
            let target: DatabasePool
            do {
                target = try DatabasePool(path: path, configuration: waiting)
            } catch let error as DatabaseError where existed && (error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT) {
                setAside = try keepUnreadable(path)
                target = try DatabasePool(path: path, configuration: waiting)
            }
            try backup.backup(to: target)
            try target.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
            let restored = try check(target)
            try target.close()
            try backup.close()
            guard restored == summary else { throw OperatorError("the database holds \(restored) after the copy, not \(summary)") }
        } catch {
            throw error as? OperatorError ?? OperatorError("the restore failed: \(error)")
        }
        if !existed { DatabaseHold.giveToDirectoryOwner(path) }
        return (summary, setAside)
    }

    /// Keeps the bytes of a database SQLite can't read beside it, then empties it in place (an
    /// empty file is a new database, and the file keeps its owner and mode).
    static func keepUnreadable(_ path: String) throws -> String {
        let aside = path + ".unreadable-\(Int(Date().timeIntervalSince1970))"
        try FileManager.default.copyItem(atPath: path, toPath: aside)
        if FileManager.default.fileExists(atPath: path + "-wal") {
            try FileManager.default.copyItem(atPath: path + "-wal", toPath: aside + "-wal")
        }
        removeSidecars(of: path)
        guard truncate(path, 0) == 0 else { throw OperatorError("can't empty \(path): \(String(cString: strerror(errno)))") }
        return aside
    }

    /// Checks a database is whole and is a Plume leaderboard; says what it holds.
    static func check(_ database: some DatabaseReader) throws -> String {
        try database.read { db in
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            guard integrity == ["ok"] else { throw OperatorError("PRAGMA integrity_check says \(integrity.prefix(3).joined(separator: "; "))") }
            let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
            let missing = ["players", "records", "donations", "changes"].filter { !tables.contains($0) }
            guard missing.isEmpty else { throw OperatorError("it has no \(missing.joined(separator: ", ")) table") }
            let players = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM players") ?? 0
            let records = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM records") ?? 0
            return "\(players) players, \(records) records"
        }
    }

    static func removeWithSidecars(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
        removeSidecars(of: path)
    }

    /// SQLite's files beside a database: its write-ahead log, shared memory and rollback journal.
    static func removeSidecars(of path: String) {
        for suffix in ["-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Whether two paths name one file (through links and `..`).
    static func same(_ one: String, _ other: String) -> Bool {
        var first = stat(), second = stat()
        guard stat(one, &first) == 0, stat(other, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// A word for a shell, quoted only when it needs to be.
    static func shellWord(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || "@%+=:,./_-".unicodeScalars.contains($0) }
        return plain ? text : quoted(text)
    }

    /// In single quotes, for a shell.
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}

/// An advisory lock on `<database>.lock`, beside a SQLite file: every server holds it shared for
/// its whole life (several may serve one file; each follows the others through the change log);
/// a restore holds it alone, so neither starts while the other runs.
final class DatabaseHold {
    private let descriptor: Int32

    private init(_ descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// nil for PostgreSQL (pg_restore has its own locks).
    static func take(_ database: String, exclusive: Bool) throws(OperatorError) -> DatabaseHold? {
        guard !PostgresLocation.isURL(database) else { return nil }
        let lockPath = database + ".lock"
        let existed = FileManager.default.fileExists(atPath: lockPath)
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw OperatorError("the SQLite database at \(database) can't be opened: its lock file \(lockPath) can't be opened (\(String(cString: strerror(errno))))")
        }
        if !existed { giveToDirectoryOwner(lockPath) }
        guard flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 else {
            let holder = (try? String(contentsOfFile: lockPath, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            close(descriptor)
            throw OperatorError(exclusive
                ? "a plume-server\(holder.isEmpty ? "" : " (pid \(holder))") is using \(database); stop it first"
                : "\(database) is being restored; start the server when the restore has finished")
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return DatabaseHold(descriptor)
    }

    /// Run as root (the systemd unit's restore is), a file made beside the database goes to the
    /// directory's owner, so a server running as that user can still open it.
    static func giveToDirectoryOwner(_ path: String) {
        guard geteuid() == 0 else { return }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var directory = stat(), file = stat()
        guard stat(folder, &directory) == 0, stat(path, &file) == 0,
              file.st_uid != directory.st_uid || file.st_gid != directory.st_gid else { return }
        _ = chown(path, directory.st_uid, directory.st_gid)
    }
}
