// The PostgreSQL store's schema: the columns its own older reads decode players and records from,
// and its advisory locks. The migrations are Leaderboard's StoreSchema, the same list as SQLite's;
// applied names are kept in plume_migrations.
import Leaderboard

enum PostgresSchema {
    static let playerColumns = "id, public_id, name, email, updates_opt_in, avatar_code, created_at, banned"
    static let recordColumns = "r.board, r.player, r.score, r.detail, r.code, r.at, r.hidden"

    typealias PlayerRow = (Int64, String, String?, String?, Bool, String?, Int64, Bool)
    typealias RecordRow = (String, Int64, Int64, Double, String, Int64, Bool)

    static func player(_ row: PlayerRow) -> PlayerRecord {
        PlayerRecord(number: row.0, publicID: row.1, name: row.2, email: row.3, updatesOptIn: row.4, avatarCode: row.5,
                     createdAt: row.6, banned: row.7)
    }

    static func record(_ row: RecordRow) -> ScoreRecord {
        ScoreRecord(board: row.0, player: row.1, score: row.2, detail: row.3, code: row.4, at: row.5, hidden: row.6)
    }

    // Advisory lock keys (bigint): a player's number (≥ 1) serialises that player's writes;
    // these two are below any player number.
    /// Held from the change-log insert to commit, so change ids become visible in id order and a
    /// follower reading `id > last` never skips an id that commits late.
    static let changeLogLock: Int64 = 0
    static let migrationLock: Int64 = -1
    /// Held from a runway judgement's insert to commit, so its id becomes visible in id order and
    /// a fit reading `id > last` never skips one that commits late.
    static let runwayJudgementLock: Int64 = -2
    static let notifyChannel = "plume_changes"
}
