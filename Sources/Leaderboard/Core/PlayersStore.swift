// Players, read and written once for both stores through their executor (PlayersSQL holds the
// SQL; rows are read by column name): registration, the lookups every signed-in request makes,
// profile changes, bans and erasure. A change that shows on the boards (a name, an avatar, a ban)
// is logged in its transaction, so every process's pages and index follow it.

extension StoreExecutor {
    /// Throws `LeaderboardError` `name_taken` when the name (ignoring case) is in use, and
    /// `key_taken` when the player's key belongs to another.
    public func createPlayer(_ new: NewPlayer) async throws -> PlayerRecord {
        try await perform(StoreRules(dialect).register(new))
    }

    public func player(tokenHash: String) async throws -> PlayerRecord? {
        try await player(by: .tokenHash, tokenHash)
    }

    public func player(publicID: String) async throws -> PlayerRecord? {
        try await player(by: .publicID, publicID)
    }

    public func player(name: String) async throws -> PlayerRecord? {
        try await player(by: .nameKey, PlayerName.key(name))
    }

    private func player(by column: StoreSQL.PlayerLookup, _ value: String) async throws -> PlayerRecord? {
        try await read(StoreStatement(StoreSQL.player(dialect, by: column), value)).first.map(PlayerRecord.init(row:))
    }

    /// Throws `name_taken` when another player holds the new name, and `no_such_player`.
    public func updatePlayer(_ number: Int64, _ changes: PlayerChanges, at: Int64) async throws -> PlayerRecord {
        try await perform(try StoreRules(dialect).update(number, changes, at: at))
    }

    /// Clears name, e-mail, avatar and token and deletes the player's records, except the
    /// contributors record, which stays for "a former player" (the steps of `Erasure`, in order). `at`
    /// (milliseconds, the service's clock) dates the change-log entries of every write.
    public func erasePlayer(_ number: Int64, at: Int64) async throws {
        try await perform(StoreRules(dialect).erase(number, at: at))
    }

    /// A ban takes the player's records off every board (and back on when lifted): each is logged.
    public func setBanned(_ number: Int64, _ banned: Bool, at: Int64) async throws {
        let d = dialect
        try await perform(StorePlan<Void>.lock(number) {
            .run(StoreStatement(StoreSQL.setBanned(d), number, banned)) { _ in
                .run(StoreStatement(StoreSQL.boardsOfPlayer(d), number)) { rows in
                    // The crews their weeks count for are counted again (a banned player's points leave them).
                    .run(StoreStatement(CrewSQL.dirtyPlayersCrews(d), number)) { _ in
                        .log(try rows.map { try $0.text("board") }, player: number, at: at) { .done(()) }
                    }
                }
            }
        })
    }

    public func players(limit: Int, offset: Int) async throws -> [PlayerRecord] {
        try await read(StoreStatement(StoreSQL.playersPage(dialect), limit, offset)).map(PlayerRecord.init(row:))
    }

    /// (name, e-mail) of players who opted in to updates.
    public func updatesList() async throws -> [(name: String, email: String)] {
        try await read(StoreStatement(StoreSQL.updatesList)).map { row in (name: try row.text("name"), email: try row.text("email")) }
    }
}

extension StoreRules {
    /// A new name is refused when another player holds it (ignoring case; two renames at once are
    /// stopped by the unique name key); the other fields are written as given, and the player is
    /// read back.
    func update(_ number: Int64, _ changes: PlayerChanges, at: Int64) throws -> StorePlan<PlayerRecord> {
        var writes: [StoreStatement] = []
        if let (name, key) = changes.name { writes.append(StoreStatement(StoreSQL.rename(d), number, name, key)) }
        if let email = changes.email { writes.append(StoreStatement(StoreSQL.setEmail(d), number, email)) }
        if let optIn = changes.updatesOptIn { writes.append(StoreStatement(StoreSQL.setUpdatesOptIn(d), number, optIn)) }
        if let avatar = changes.avatarCode { writes.append(StoreStatement(StoreSQL.setAvatar(d), number, avatar)) }
        let statements = writes, logged = changes.name != nil || changes.avatarCode != nil
        let reread = StoreStatement(StoreSQL.player(d, by: .number), number)
        let write: @Sendable () throws -> StorePlan<PlayerRecord> = {
            try .each(statements) {
                let read = StorePlan<PlayerRecord>.run(reread) { rows in
                    guard let row = rows.first else { throw LeaderboardError.noSuchPlayer }
                    return .done(try PlayerRecord(row: row))
                }
                guard logged else { return read }
                // A new name or avatar changes the player's rows on every board.
                return .log([""], player: number, at: at) { read }
            }
        }
        guard let key = changes.name?.key else { return try write() }
        return .run(StoreStatement(StoreSQL.nameHeldByAnother(d), key, number)) { rows in
            guard rows.isEmpty else { throw LeaderboardError.nameTaken }
            return try write()
        }
    }
}
