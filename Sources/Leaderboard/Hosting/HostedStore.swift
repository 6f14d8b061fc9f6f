// Hosted games' saves and leases, read and written once for both stores through their executor
// (HostingSQL holds the SQL; rows are read by column name). A host claims a player's lease before their game starts, renews it (with the
// files that changed) every few seconds while it runs, and gives it back, with the last files, when
// the game ends; a write by a session that no longer holds the lease throws `LeaseLost` and
// changes nothing.

/// One file of a player's hosted directory, as kept.
public struct HostedFile: Sendable, Equatable {
    /// Relative to the player's directory ("data/plume/plume.json").
    public var path: String
    /// Base64.
    public var body: String
    /// SHA-256 of the file's bytes, hex.
    public var digest: String

    public init(path: String, body: String, digest: String) {
        (self.path, self.body, self.digest) = (path, body, digest)
    }
}

/// What changed in a hosted directory since the last write: files to keep, paths to forget.
public struct HostedChanges: Sendable, Equatable {
    public var kept: [HostedFile] = []
    public var dropped: [String] = []

    public init(kept: [HostedFile] = [], dropped: [String] = []) { (self.kept, self.dropped) = (kept, dropped) }

    public var isEmpty: Bool { kept.isEmpty && dropped.isEmpty }
}

/// Who holds a lease, and what the host knows of their game (for renewing it and for watchers).
public struct HostedLease: Sendable, Equatable {
    public var owner: String
    public var session: String
    public var host: String
    /// Where other hosts reach this one's relay of the game.
    public var relay: String
    public var playerID: String?
    public var name: String?
    public var columns: Int
    public var rows: Int

    public init(owner: String, session: String, host: String, relay: String, playerID: String?, name: String?, columns: Int, rows: Int) {
        (self.owner, self.session, self.host, self.relay) = (owner, session, host, relay)
        (self.playerID, self.name, self.columns, self.rows) = (playerID, name, columns, rows)
    }
}

/// The state a renewal reports.
public struct HostedGameState: Sendable, Equatable {
    /// Milliseconds since 1970 of the player's last key.
    public var lastInput: Int64
    public var screen: String
    public var watchers: Int
    public var columns: Int
    public var rows: Int

    public init(lastInput: Int64, screen: String, watchers: Int, columns: Int, rows: Int) {
        (self.lastInput, self.screen, self.watchers, self.columns, self.rows) = (lastInput, screen, watchers, columns, rows)
    }
}

/// A game being played now, on some host.
public struct LiveGame: Sendable, Equatable {
    public var owner: String
    public var playerID: String?
    public var name: String?
    public var host: String
    public var relay: String
    public var session: String
    /// Milliseconds since 1970.
    public var startedAt: Int64
    public var lastInput: Int64
    public var screen: String
    public var columns: Int
    public var rows: Int
    public var watchers: Int
}

/// The lease was not this session's to write with: the game moved elsewhere, or expired.
public struct LeaseLost: Error, Equatable {
    public init() {}
}

extension StoreExecutor {
    /// Takes the owner's lease if no live game holds it; true when taken.
    public func claimGame(_ lease: HostedLease, now: Int64, expires: Int64) async throws -> Bool {
        let statement = StoreStatement(StoreSQL.claimGame(dialect), lease.owner, lease.playerID, lease.name, lease.host, lease.relay,
                                       lease.session, now, expires, lease.columns, lease.rows)
        return try await perform(.run(statement) { rows in .done(!rows.isEmpty) })
    }

    /// Asks whichever session holds the owner's lease to give it up.
    public func askForGame(owner: String, by session: String, now: Int64) async throws {
        try await perform(.run(StoreStatement(StoreSQL.askForGame(dialect), owner, session, now)) { _ in .done(()) })
    }

    /// (owner, session) of this host's games that another session asks for.
    public func gamesAskedFor(host: String) async throws -> [(owner: String, session: String)] {
        try await read(StoreStatement(StoreSQL.askedOfHost(dialect), host)).map { (try $0.text("owner"), try $0.text("session")) }
    }

    /// Renews the lease and writes what changed, in one transaction; with `release`, gives the
    /// lease back after. Returns whether another session asks for the game. Throws `LeaseLost`
    /// (having written nothing) when the session no longer holds it.
    @discardableResult
    public func renewGame(_ lease: HostedLease, state: HostedGameState, expires: Int64, changes: HostedChanges, at: Int64,
                          release: Bool = false) async throws -> Bool {
        let d = dialect
        let renew = StoreStatement(StoreSQL.renewGame(d), lease.owner, lease.session, expires, state.lastInput, state.screen, state.watchers,
                                   state.columns, state.rows)
        var writes = changes.kept.map { StoreStatement(StoreSQL.keepFile(d), lease.owner, $0.path, $0.body, $0.digest, at) }
        writes += changes.dropped.map { StoreStatement(StoreSQL.dropFile(d), lease.owner, $0) }
        if release { writes.append(StoreStatement(StoreSQL.releaseGame(d), lease.owner, lease.session)) }
        let statements = writes
        return try await perform(.run(renew) { rows in
            guard let row = rows.first else { throw LeaseLost() }
            let asked = try !row.isNull("wanted_by")
            return try .each(statements) { .done(asked) }
        })
    }

    /// Gives a lease back without writing (a game that never started).
    public func releaseGame(owner: String, session: String) async throws {
        try await perform(.run(StoreStatement(StoreSQL.releaseGame(dialect), owner, session)) { _ in .done(()) })
    }

    /// Every game whose lease is live at `now`, oldest first.
    public func liveGames(now: Int64) async throws -> [LiveGame] {
        try await read(StoreStatement(StoreSQL.liveGames(dialect), now)).map { row in
            LiveGame(owner: try row.text("owner"), playerID: try row.optionalText("player_id"), name: try row.optionalText("player_name"),
                     host: try row.text("host"), relay: try row.text("relay"), session: try row.text("session"),
                     startedAt: try row.integer("started_at"), lastInput: try row.integer("last_input"), screen: try row.text("screen"),
                     columns: try row.int("columns"), rows: try row.int("rows"), watchers: try row.int("watchers"))
        }
    }

    /// What an owner keeps, by path.
    public func hostedFiles(owner: String) async throws -> [HostedFile] {
        try await read(StoreStatement(StoreSQL.savedFiles(dialect), owner)).map {
            HostedFile(path: try $0.text("path"), body: try $0.text("body"), digest: try $0.text("digest"))
        }
    }

    /// A key's saves become its player's, unless the player keeps some already.
    public func adoptHostedFiles(from keyOwner: String, to playerOwner: String) async throws {
        try await perform(.run(StoreStatement(StoreSQL.adoptFiles(dialect), keyOwner, playerOwner)) { _ in .done(()) })
    }

    /// Whether a player's games may be watched.
    public func watchable(_ player: Int64) async throws -> Bool {
        try await read(StoreStatement(StoreSQL.watchable(dialect), player)).first.map { try $0.flag("watchable") } ?? true
    }

    public func setWatchable(_ player: Int64, _ watchable: Bool) async throws {
        try await perform(.run(StoreStatement(StoreSQL.setWatchable(dialect), player, watchable)) { _ in .done(()) })
    }

    /// How a player plays their hosted games: nil where they never said.
    public func playSettings(_ player: Int64) async throws -> (palette: String?, screenReader: Bool?, reduceMotion: Bool?) {
        guard let row = try await read(StoreStatement(StoreSQL.playSettings(dialect), player)).first else { return (nil, nil, nil) }
        return (try row.optionalText("palette"), try row.optionalInteger("screen_reader").map { $0 != 0 },
                try row.optionalInteger("reduce_motion").map { $0 != 0 })
    }

    /// Keeps how a player plays (a new row lets others watch, as no row did).
    public func setPlaySettings(_ player: Int64, palette: String?, screenReader: Bool?, reduceMotion: Bool?) async throws {
        try await perform(.run(StoreStatement(StoreSQL.setPlaySettings(dialect), player, true, palette, screenReader, reduceMotion)) { _ in .done(()) })
    }

    /// The public ids of the players who refuse to be watched.
    public func unwatchablePlayers() async throws -> Set<String> {
        Set(try await read(StoreStatement(StoreSQL.unwatchable(dialect))).map { try $0.text("public_id") })
    }
}

extension StoreExecutor {
    /// A server secret, if there is one.
    public func secretValue(named name: String) async throws -> String? {
        try await read(StoreStatement(StoreSQL.secret(dialect), name)).first.map { try $0.text("value") }
    }

    /// Moves secrets in one transaction: each (to, from) pair sets `to` to `from`'s value (or
    /// removes `to` when `from` has none), in order; `removing` are removed after.
    public func moveSecrets(_ moves: [(to: String, from: String)], removing: [String]) async throws {
        let d = dialect
        var statements = moves.flatMap { move in
            [StoreStatement(StoreSQL.dropSecret(d), move.to), StoreStatement(StoreSQL.copySecret(d), move.to, move.from)]
        }
        statements += removing.map { StoreStatement(StoreSQL.dropSecret(d), $0) }
        try await perform(.each(statements))
    }
}
