// The SQLite store (GRDB): the server's default and the game's offline board. WAL mode through a
// DatabasePool (readers never wait for the writer); every write is one IMMEDIATE transaction,
// and synchronous=FULL makes an acknowledged write survive a crash of the process or machine.
// What it stores and reads is written once for both stores on its executor
// (SQLiteStore+Executor); here is what only SQLite has: the file, its migrator and the group
// commit.
import Foundation
import GRDB

public final class SQLiteStore: LeaderboardStore {
    let pool: DatabasePool
    /// The runway's votes and deals: many small writes at once, committed together.
    let group: GroupCommit
    public let label: String

    /// Up to 1 GiB of the file is mapped (address space, not memory: pages load as they are read).
    static let mapBytes = 1 << 30

    public init(path: String) throws {
        var configuration = Configuration()
        // Another process (an admin command, a second reader) may hold the write lock briefly.
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // Reads go through a shared memory map of the file rather than copying each page into
            // every connection's own small cache: at a million records, board rows and player
            // lookups touch pages all over the file.
            try db.execute(sql: "PRAGMA mmap_size = \(SQLiteStore.mapBytes)")
        }
        pool = try DatabasePool(path: path, configuration: configuration)
        group = GroupCommit(pool: pool)
        label = "SQLite at \(path)"
    }

    public func migrate() async throws {
        try SQLiteSchema.migrator.migrate(pool)
    }

    public func ping() async throws {
        _ = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    /// Appends to the change log (the executor's `logChanges`); `seconds` is the log's own unit.
    /// Prepared once: every submission logs, and a people's board logs thousands at once.
    static func logChange(_ db: Database, board: String, player: Int64, seconds: Int64) throws {
        try db.cachedStatement(sql: StoreSQL.logChange(.sqlite)).execute(arguments: [board, player, seconds])
    }
}
