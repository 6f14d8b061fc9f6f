// The PostgreSQL store's own keys: its advisory locks and the channel it NOTIFYs on. The
// migrations are Leaderboard's StoreSchema, the same list as SQLite's; applied names are kept in
// plume_migrations.

enum PostgresSchema {
    // Advisory lock keys (bigint): a player's number (≥ 1) serialises that player's writes;
    // these are below any player number.
    /// Held from the change-log insert to commit, so change ids become visible in id order and a
    /// follower reading `id > last` never skips an id that commits late.
    static let changeLogLock: Int64 = 0
    static let migrationLock: Int64 = -1
    /// Held from a runway judgement's insert to commit, so its id becomes visible in id order and
    /// a fit reading `id > last` never skips one that commits late.
    static let runwayJudgementLock: Int64 = -2
    static let notifyChannel = "plume_changes"
}
