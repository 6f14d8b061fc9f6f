// The one way the leaderboard writes a query, for both stores and every feature.
//
// - The SQL text is written once, in the folder of the feature it belongs to (`FollowSQL`,
//   `DaysSQL`, …, or `StoreSQL` for the core tables), as a function of the dialect. Both databases
//   run the same text; only what the dialects spell differently is spelled per dialect: a bound
//   parameter (`d.parameter(1)`: SQLite's `?1`, PostgreSQL's `$1`; numbered, so one value can be
//   used twice), the byte-order collation, a few functions (`MAX` of two, day arithmetic) and
//   column types in migrations. Values are always bound, never spliced into the text.
// - A statement is that text with its values in order (`StoreStatement`). A read is
//   `read(statement)`; anything that writes is a plan (`StorePlan`: a statement or a lock, then
//   what follows from its rows, until an outcome) carried out by `perform` inside one transaction.
//   SQLite's writer takes a synchronous closure and PostgreSQL's driver is asynchronous, so a rule
//   can be neither an async function (SQLite could not run it) nor a synchronous one (PostgreSQL
//   could not): as a plan it is written once and run by both, each store's part a loop of a few
//   lines that holds no rule.
// - Rows are read by column name (`row.integer("player")`, `row.text("public_id")`), never by
//   position: a column moved in a SELECT can't silently fill the wrong field. A selected
//   expression that is not a plain column is named with `AS` (lower-case snake_case, and not a
//   word either dialect keeps for itself).
// - A feature's store code is an `extension StoreExecutor` in its folder, written once and run
//   by both stores (and by anything that wraps one), so it adds no requirement to
//   `LeaderboardStore`. Its tables are an `extension Migration` in its folder, listed once in
//   `StoreSchema.migrations`, and its part in erasing a player the `erasing` steps of that migration.
// - Two more ways to run, for two kinds of load, still with no rule in the drivers: a plan of the
//   many small writes that arrive at once (votes, deals) is `performGrouped`, which SQLite commits
//   with the writes beside it (GroupCommit) and PostgreSQL as `perform`; a read of a whole table
//   (the rank index's rebuild) is `scan`, which folds rows into a value as they come rather than
//   holding a million of them.
//
// The executor is implemented twice: on GRDB (SQLiteStore+Executor) and on PostgresNIO
// (LeaderboardPostgres' PostgresStore+Executor); the game links the first alone, so this module
// never needs NIO. (vapor's SQLKit was weighed and left: it needs NIO, which the game, linking
// the local board, must not, and it has no GRDB driver; its gains — parameters per dialect,
// upserts — StoreSQL has.) What is still written per driver is `LeaderboardStore`'s short list:
// opening, migrating and pinging the database, PostgreSQL's LISTEN/NOTIFY, and its bulk write of
// the people's board.
import PlumeCalendar

/// One thing a plan asks of the database.
public enum StoreEffect: Sendable {
    /// A statement; its rows (none for most writes) go to the next step.
    case statement(StoreStatement)
    /// Serialises this player's writes until the transaction ends (PostgreSQL's advisory lock;
    /// SQLite has one writer at a time and needs nothing).
    case lockPlayer(Int64)
    /// Serialises writes of one swarm code until the transaction ends, so that two players sending
    /// the same new swarm at once can't both keep it (PostgreSQL's advisory lock, in a key space
    /// apart from the players'; SQLite needs nothing). Taken after the player's lock.
    case lockCode(String)
    /// Holds the order of runway judgements until the transaction ends, so that their ids become
    /// visible in id order and a fit reading `id > last` never skips one that commits late
    /// (PostgreSQL's advisory lock; SQLite's one writer commits in id order already).
    case lockJudgementOrder
    /// Appends to the change log, that every process's rank index follows; `seconds` is the
    /// log's own unit.
    case logChanges(boards: [String], player: Int64, seconds: Int64)
}

/// A rule as data: done, or one effect and what follows from its rows.
public indirect enum StorePlan<Outcome: Sendable>: Sendable {
    case done(Outcome)
    case step(StoreEffect, then: @Sendable ([StoreRow]) throws -> StorePlan<Outcome>)

    static func run(_ statement: StoreStatement, _ then: @escaping @Sendable ([StoreRow]) throws -> StorePlan<Outcome>) -> StorePlan<Outcome> {
        .step(.statement(statement), then: then)
    }

    static func lock(_ player: Int64, _ then: @escaping @Sendable () throws -> StorePlan<Outcome>) -> StorePlan<Outcome> {
        .step(.lockPlayer(player)) { _ in try then() }
    }

    /// Logs `boards` as changed at `at` (the service's milliseconds; the log keeps seconds).
    static func log(_ boards: [String], player: Int64, at: Int64, _ then: @escaping @Sendable () throws -> StorePlan<Outcome>) -> StorePlan<Outcome> {
        .step(.logChanges(boards: boards, player: player, seconds: at.floorDivided(by: 1000))) { _ in try then() }
    }
}

/// A store that can carry out a plan: each effect in order inside one write transaction, which
/// commits at `.done`; an error from any step rolls everything back and is rethrown as it is.
public protocol StoreExecutor: Sendable {
    var dialect: StoreSQL.Dialect { get }
    func perform<Outcome: Sendable>(_ plan: StorePlan<Outcome>) async throws -> Outcome
    /// `perform` for a plan among many small writes that arrive at once (a runway's votes and
    /// deals): SQLite runs it in a savepoint of a transaction it shares with the writes beside it
    /// (GroupCommit: one sync of the log for all of them), and answers once that has committed;
    /// PostgreSQL, whose writers commit side by side, runs it as `perform`.
    func performGrouped<Outcome: Sendable>(_ plan: StorePlan<Outcome>) async throws -> Outcome
    /// One read, outside any write transaction (SQLite's readers never wait for its writer).
    func read(_ statement: StoreStatement) async throws -> [StoreRow]
    /// One read whose rows are folded into `state` as they come and never held together: for a
    /// read of a whole table (the rank index's rebuild reads every record).
    func scan<State: Sendable>(_ statement: StoreStatement, into state: State,
                               _ fold: @escaping @Sendable (inout State, StoreRow) throws -> Void) async throws -> State
}

extension StorePlan {
    /// Statements run one after another, their rows unread, then `then`.
    static func each(_ statements: [StoreStatement], from index: Int = 0,
                     then: @escaping @Sendable () throws -> StorePlan<Outcome>) throws -> StorePlan<Outcome> {
        guard index < statements.count else { return try then() }
        return .run(statements[index]) { _ in try each(statements, from: index + 1, then: then) }
    }
}

extension StorePlan where Outcome == Void {
    /// Statements run one after another, their rows unread.
    static func each(_ statements: [StoreStatement], from index: Int = 0) -> StorePlan<Void> {
        guard index < statements.count else { return .done(()) }
        return .run(statements[index]) { _ in each(statements, from: index + 1) }
    }
}
