// The SQLite store (GRDB): the server's default and the game's offline board. WAL mode through a
// DatabasePool (readers never wait for the writer); every write is one IMMEDIATE transaction,
// and synchronous=FULL makes an acknowledged write survive a crash of the process or machine.
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

    // MARK: Players

    public func createPlayer(_ new: NewPlayer) async throws -> PlayerRecord {
        try await perform(StoreRules(dialect).register(new))
    }

    public func player(tokenHash: String) async throws -> PlayerRecord? {
        try await fetchPlayer("token_hash = ?", [tokenHash])
    }

    public func player(publicID: String) async throws -> PlayerRecord? {
        try await fetchPlayer("public_id = ?", [publicID])
    }

    public func player(name: String) async throws -> PlayerRecord? {
        try await fetchPlayer("name_key = ?", [PlayerName.key(name)])
    }

    private func fetchPlayer(_ condition: String, _ arguments: StatementArguments) async throws -> PlayerRecord? {
        try await pool.read { db in
            // Hot paths (every signed-in request, every board read): statements are prepared once.
            try Row.fetchOne(db.cachedStatement(sql: "SELECT \(SQLiteSchema.playerColumns) FROM players WHERE \(condition)"), arguments: arguments)
                .map(SQLiteSchema.player)
        }
    }

    public func updatePlayer(_ number: Int64, _ changes: PlayerChanges, at: Int64) async throws -> PlayerRecord {
        try await pool.write { db in
            if let (name, key) = changes.name {
                if try Bool.fetchOne(db, sql: "SELECT 1 FROM players WHERE name_key = ? AND id <> ?", arguments: [key, number]) == true {
                    throw LeaderboardError.nameTaken
                }
                try db.execute(sql: "UPDATE players SET name = ?, name_key = ? WHERE id = ?", arguments: [name, key, number])
            }
            if let email = changes.email {
                try db.execute(sql: "UPDATE players SET email = ? WHERE id = ?", arguments: [email, number])
            }
            if let optIn = changes.updatesOptIn {
                try db.execute(sql: "UPDATE players SET updates_opt_in = ? WHERE id = ?", arguments: [optIn, number])
            }
            if let avatar = changes.avatarCode {
                try db.execute(sql: "UPDATE players SET avatar_code = ? WHERE id = ?", arguments: [avatar, number])
            }
            if changes.name != nil || changes.avatarCode != nil { try Self.logChange(db, board: "", player: number, at: at) }
            guard let row = try Row.fetchOne(db, sql: "SELECT \(SQLiteSchema.playerColumns) FROM players WHERE id = ?", arguments: [number]) else {
                throw LeaderboardError.noSuchPlayer
            }
            return SQLiteSchema.player(row)
        }
    }

    public func erasePlayer(_ number: Int64, at: Int64) async throws {
        try await perform(StoreRules(dialect).erase(number, at: at))
    }

    public func setBanned(_ number: Int64, _ banned: Bool, at: Int64) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE players SET banned = ? WHERE id = ?", arguments: [banned, number])
            for board in try String.fetchAll(db, sql: "SELECT board FROM records WHERE player = ?", arguments: [number]) {
                try Self.logChange(db, board: board, player: number, at: at)
            }
        }
    }

    public func players(limit: Int, offset: Int) async throws -> [PlayerRecord] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT \(SQLiteSchema.playerColumns) FROM players ORDER BY id LIMIT ? OFFSET ?",
                             arguments: [limit, offset]).map(SQLiteSchema.player)
        }
    }

    public func updatesList() async throws -> [(name: String, email: String)] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: StoreSQL.updatesList).map { ($0["name"], $0["email"]) }
        }
    }

    // MARK: Records

    public func submit(_ record: ScoreRecord) async throws -> SubmitOutcome {
        try await perform(StoreRules(dialect).submit(record))
    }

    public func record(board: String, player: Int64) async throws -> ScoreRecord? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT \(SQLiteSchema.recordColumns) FROM records WHERE board = ? AND player = ?",
                             arguments: [board, player]).map(SQLiteSchema.record)
        }
    }

    public func records(board: String, players: [Int64]) async throws -> [Int64: RecordWithPlayer] {
        guard !players.isEmpty else { return [:] }
        return try await pool.read { db in
            let marks = Array(repeating: "?", count: players.count).joined(separator: ",")
            var arguments: StatementArguments = [board]
            arguments += StatementArguments(players)
            let rows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT \(SQLiteSchema.recordColumns("r.")), p.public_id, p.name, p.avatar_code FROM records r JOIN players p ON p.id = r.player
                WHERE r.board = ? AND r.player IN (\(marks))
                """), arguments: arguments)
            var out: [Int64: RecordWithPlayer] = [:]
            out.reserveCapacity(rows.count)
            // Read by position: a page of rows (500 at a board among friends) would otherwise look
            // each column up by name, ignoring case, in every row.
            for row in rows {
                let record = ScoreRecord(board: row[0], player: row[1], score: row[2], detail: row[3], code: row[4], at: row[5], hidden: row[6])
                out[record.player] = RecordWithPlayer(record: record, publicID: row[7], name: row[8], avatarCode: row[9])
            }
            return out
        }
    }

    public func bests(player: Int64) async throws -> [ScoreRecord] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: StoreSQL.bests(.sqlite, columns: SQLiteSchema.recordColumns("r.")), arguments: [player]).map(SQLiteSchema.record)
        }
    }

    public func setHidden(board: String, player: Int64, _ hidden: Bool, at: Int64) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "UPDATE records SET hidden = ? WHERE board = ? AND player = ?", arguments: [hidden, board, player])
            guard db.changesCount > 0 else { return false }
            try Self.logChange(db, board: board, player: player, at: at)
            return true
        }
    }

    public func rankedKeys() async throws -> [String: [RankKey]] {
        try await pool.read { db in
            var out: [String: [RankKey]] = [:]
            var board = "", keys: [RankKey] = []
            let cursor = try Row.fetchCursor(db, sql: StoreSQL.rankedKeys(.sqlite))
            while let row = try cursor.next() {
                let rowBoard: String = row[0]
                if rowBoard != board {
                    if !keys.isEmpty { out[board] = keys }
                    board = rowBoard
                    keys = []
                }
                keys.append(RankKey(score: row[1], detail: row[2], at: row[3], player: row[4]))
            }
            if !keys.isEmpty { out[board] = keys }
            return out
        }
    }

    public func orderedKeys(board: String) async throws -> [RankKey] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: StoreSQL.orderedKeys(.sqlite), arguments: [board]).map { RankKey(score: $0[0], detail: $0[1], at: $0[2], player: $0[3]) }
        }
    }

    public func changeLog() async throws -> ChangeLogEnds {
        try await pool.read { db in
            let row = try Row.fetchOne(db, sql: StoreSQL.changeLogEnds)
            return ChangeLogEnds(newest: row?[0] ?? 0, oldest: row?[1] ?? 0)
        }
    }

    public func changes(after id: Int64, limit: Int) async throws -> [IndexChange] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: StoreSQL.changes(.sqlite), arguments: [id, limit]).map { row in
                let visible: Bool? = row["visible"]
                let key = visible == true ? RankKey(score: row["score"], detail: row["detail"], at: row["at"], player: row["player"]) : nil
                return IndexChange(id: row["id"], board: row["board"], player: row["player"], key: key)
            }
        }
    }

    public func pruneChanges(before: Int64) async throws {
        try await pool.write { db in try db.execute(sql: StoreSQL.pruneChanges(.sqlite), arguments: [before]) }
    }

    // MARK: Points and causes

    public func points(player: Int64) async throws -> (earned: Int64, given: Int64) {
        try await pool.read { db in try Self.points(db, player: player) }
    }

    private static func points(_ db: Database, player: Int64) throws -> (earned: Int64, given: Int64) {
        let earned = try Int64.fetchOne(db, sql: StoreSQL.pointsEarned(.sqlite), arguments: [player, Board.contributors.id]) ?? 0
        let given = try Int64.fetchOne(db, sql: StoreSQL.pointsGiven(.sqlite), arguments: [player]) ?? 0
        return (earned, given)
    }

    public func donate(player: Int64, cause: String, points: Int64, at: Int64) async throws -> DonationOutcome {
        try await perform(StoreRules(dialect).donate(player: player, cause: cause, points: points, at: at))
    }

    public func causeTotals() async throws -> [CauseTotal] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: StoreSQL.causeTotals).map { CauseTotal(cause: $0[0], points: $0[1], donors: $0[2]) }
        }
    }

    /// `at` is the service's clock (milliseconds); the log keeps seconds, as its pruning reads them.
    static func logChange(_ db: Database, board: String, player: Int64, at: Int64) throws {
        try logChange(db, board: board, player: player, seconds: at.floorDivided(by: 1000))
    }

    static func logChange(_ db: Database, board: String, player: Int64, seconds: Int64) throws {
        try db.execute(sql: StoreSQL.logChange(.sqlite), arguments: [board, player, seconds])
    }
}
