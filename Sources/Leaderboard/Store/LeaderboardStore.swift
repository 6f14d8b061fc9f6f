// What the leaderboard keeps, behind one protocol with two implementations: SQLite (GRDB; the
// default, and the game's offline board) and PostgreSQL (postgres-nio; many server processes).
// Every write that moves a record also appends to a change log in the same transaction; each
// process applies the log to its rank index, so indexes in different processes stay exact. The
// records' types are here; how they are read and written is BoardsStore's and PlayersStore's.

/// A player as stored. `name` is nil once the player has erased themselves.
public struct PlayerRecord: Hashable, Sendable {
    public var number: Int64
    public var publicID: String
    public var name: String?
    public var email: String?
    public var updatesOptIn: Bool
    public var avatarCode: String?
    /// Milliseconds since 1970.
    public var createdAt: Int64
    public var banned: Bool

    public var isErased: Bool { name == nil }

    public init(number: Int64, publicID: String, name: String?, email: String?, updatesOptIn: Bool,
                avatarCode: String?, createdAt: Int64, banned: Bool) {
        (self.number, self.publicID, self.name, self.email, self.updatesOptIn) = (number, publicID, name, email, updatesOptIn)
        (self.avatarCode, self.createdAt, self.banned) = (avatarCode, createdAt, banned)
    }
}

extension PlayerRecord {
    /// A row of `StoreSQL.playerColumns`, read by name.
    init(row: StoreRow) throws {
        self.init(number: try row.integer("id"), publicID: try row.text("public_id"), name: try row.optionalText("name"),
                  email: try row.optionalText("email"), updatesOptIn: try row.flag("updates_opt_in"), avatarCode: try row.optionalText("avatar_code"),
                  createdAt: try row.integer("created_at"), banned: try row.flag("banned"))
    }
}

/// A new player: everything but the number, which the store assigns.
public struct NewPlayer: Sendable {
    public var publicID: String
    public var name: String
    public var nameKey: String
    public var email: String?
    public var updatesOptIn: Bool
    public var avatarCode: String?
    public var tokenHash: String
    public var createdAt: Int64
    /// An SSH key the new player signs in with (a player made by the SSH server): kept in the same
    /// transaction, so a key never starts two players.
    public var key: PlayerKey?

    public init(publicID: String, name: String, nameKey: String, email: String?, updatesOptIn: Bool, avatarCode: String?,
                tokenHash: String, createdAt: Int64) {
        (self.publicID, self.name, self.nameKey, self.email, self.updatesOptIn) = (publicID, name, nameKey, email, updatesOptIn)
        (self.avatarCode, self.tokenHash, self.createdAt) = (avatarCode, tokenHash, createdAt)
    }
}

/// Changes to a profile; nil leaves a field alone (`.some(nil)` clears an optional one).
public struct PlayerChanges: Sendable {
    public var name: (name: String, key: String)?
    public var email: String??
    public var updatesOptIn: Bool?
    public var avatarCode: String??

    public init() {}
}

/// A player's best on one board.
public struct ScoreRecord: Hashable, Sendable {
    public var board: String
    public var player: Int64
    public var score: Int64
    public var detail: Double
    /// The share code that earned it (empty on the contributors board).
    public var code: String
    public var at: Int64
    public var hidden: Bool

    public init(board: String, player: Int64, score: Int64, detail: Double, code: String, at: Int64, hidden: Bool = false) {
        (self.board, self.player, self.score, self.detail, self.code, self.at, self.hidden) = (board, player, score, detail, code, at, hidden)
    }

    public var key: RankKey { RankKey(score: score, detail: detail, at: at, player: player) }
}

/// A record together with the public face of its player, for a board row.
public struct RecordWithPlayer: Sendable {
    public var record: ScoreRecord
    public var publicID: String
    public var name: String?
    public var avatarCode: String?

    public init(record: ScoreRecord, publicID: String, name: String?, avatarCode: String?) {
        (self.record, self.publicID, self.name, self.avatarCode) = (record, publicID, name, avatarCode)
    }
}

/// What a submission did to the store.
public struct SubmitOutcome: Sendable {
    /// The best before this submission (nil if none).
    public var previous: ScoreRecord?
    /// The best after it (the new result when it improved, else the previous best).
    public var best: ScoreRecord
    public var improved: Bool

    public init(previous: ScoreRecord?, best: ScoreRecord, improved: Bool) {
        (self.previous, self.best, self.improved) = (previous, best, improved)
    }
}

/// One entry of the change log: the record's visible key now, or nil when it left the board.
/// A profile change (name, avatar) is logged with an empty board so pages can be rebuilt.
public struct IndexChange: Sendable {
    public var id: Int64
    public var board: String
    public var player: Int64
    public var key: RankKey?

    public init(id: Int64, board: String, player: Int64, key: RankKey?) {
        (self.id, self.board, self.player, self.key) = (id, board, player, key)
    }
}

/// The ends of the change log (both 0 when it is empty).
public struct ChangeLogEnds: Sendable, Equatable {
    public var newest: Int64
    public var oldest: Int64

    public init(newest: Int64, oldest: Int64) { (self.newest, self.oldest) = (newest, oldest) }

    /// Whether a reader that has applied every entry up to `last` can go on from the log alone:
    /// nothing after it was pruned (pruning always keeps the newest entry), and the log did not
    /// go backwards (a database restored under a running process).
    public func continues(from last: Int64) -> Bool {
        if newest == last { return true }
        if newest < last { return false }
        return oldest <= last + 1
    }
}

public struct DonationOutcome: Sendable {
    public var given: Int64
    public var available: Int64
    public var causeTotal: Int64

    public init(given: Int64, available: Int64, causeTotal: Int64) {
        (self.given, self.available, self.causeTotal) = (given, available, causeTotal)
    }
}

public struct CauseTotal: Sendable, Hashable {
    public var cause: String
    public var points: Int64
    public var donors: Int64

    public init(cause: String, points: Int64, donors: Int64) {
        (self.cause, self.points, self.donors) = (cause, points, donors)
    }
}

/// A store: a database that both holds the leaderboard and carries out its statements. Everything
/// the leaderboard reads and writes is written once on the executor (`StoreExecutor`; each
/// feature's store code is an extension of it in the feature's folder), so this protocol lists
/// only what each database does its own way.
public protocol LeaderboardStore: StoreExecutor {
    /// A short description for logs and /readyz ("SQLite at …", "PostgreSQL at host:port/db").
    var label: String { get }

    /// Brings the schema up to date (an ordered list of named migrations).
    func migrate() async throws
    func ping() async throws

    /// Yields whenever another process may have written to the change log (PostgreSQL's
    /// LISTEN/NOTIFY); nil when the store has no such signal and the log is polled alone.
    func changeSignals() -> AsyncStream<Void>?

    /// Writes people's-board records (the caller has compared them with what is there) and logs
    /// each change, in one transaction. Written once as a plan (Runway/RunwayStore.swift), which
    /// SQLite runs; PostgreSQL writes the rows in one statement and the log in another (`unnest`):
    /// a first fit of a big day writes thousands, and the change log's lock is held until commit.
    func writePeoplesChoice(_ records: [ScoreRecord], at: Int64) async throws
}

extension LeaderboardStore {
    public func changeSignals() -> AsyncStream<Void>? { nil }
}
