// Following, read and written once for both stores through their executor (FollowSQL holds the
// SQL; rows are read by column name): the cap on a list is checked and the follow written in one
// transaction under the follower's lock, so two requests at once can't pass it. Being an
// extension of the executor, it is no requirement of `LeaderboardStore`: every store, and
// anything that wraps one, has it.

/// A player someone follows, as kept.
public struct Followed: Sendable, Equatable {
    public var player: Int64
    public var publicID: String
    public var name: String
    /// Milliseconds since 1970.
    public var since: Int64
}

extension StoreExecutor {
    /// Follows `followed`; following twice is nothing. Throws `tooManyFollows` past `limit`.
    /// Returns whether the follow is new.
    public func follow(_ followed: Int64, by follower: Int64, limit: Int, at: Int64) async throws -> Bool {
        let d = dialect
        return try await perform(.lock(follower) {
            .run(StoreStatement(FollowSQL.followedCount(d), follower)) { rows in
                let count = try rows.first?.integer("followed_count") ?? 0
                return .run(StoreStatement(FollowSQL.follow(d), follower, followed, at)) { added in
                    guard !added.isEmpty else { return .done(false) }
                    // The insert is undone with the transaction when it took the list past the cap.
                    guard count < Int64(limit) else { throw LeaderboardError.tooManyFollows(limit) }
                    return .done(true)
                }
            }
        })
    }

    /// Returns whether there was a follow to stop.
    public func unfollow(_ followed: Int64, by follower: Int64) async throws -> Bool {
        let d = dialect
        return try await perform(.run(StoreStatement(FollowSQL.unfollow(d), follower, followed)) { rows in .done(!rows.isEmpty) })
    }

    public func following(_ follower: Int64) async throws -> [Followed] {
        try await read(StoreStatement(FollowSQL.following(dialect), follower)).map { row in
            Followed(player: try row.integer("followed"), publicID: try row.text("public_id"), name: try row.text("name"),
                     since: try row.integer("since"))
        }
    }

    /// Whom a player follows, as numbers: what a board among them needs (the rank index leaves out
    /// the banned, the store has no records of the erased), without reading their names.
    public func followedNumbers(_ follower: Int64) async throws -> [Int64] {
        try await read(StoreStatement(FollowSQL.followedNumbers(dialect), follower)).map { try $0.integer("followed") }
    }

    public func followerCount(_ followed: Int64) async throws -> Int {
        try await read(StoreStatement(FollowSQL.followerCount(dialect), followed)).first?.int("follower_count") ?? 0
    }

    /// The keys of a player's followers' records on a board.
    public func followersOnBoard(_ followed: Int64, board: String) async throws -> [RankKey] {
        try await read(StoreStatement(FollowSQL.followersOnBoard(dialect), followed, board)).map { row in
            RankKey(score: try row.integer("score"), detail: try row.real("detail"), at: try row.integer("at"), player: try row.integer("follower"))
        }
    }

    /// (follower, followed) for the followers of `players`, read in groups of 500.
    public func followers(of players: [Int64]) async throws -> [(follower: Int64, followed: Int64)] {
        var pairs: [(Int64, Int64)] = []
        var start = 0
        while start < players.count {
            let group = Array(players[start..<min(players.count, start + 500)])
            var statement = StoreStatement(FollowSQL.followersOf(dialect, count: group.count))
            statement.binds = group.map(\.storeValue)
            pairs += try await read(statement).map { (try $0.integer("follower"), try $0.integer("followed")) }
            start += group.count
        }
        return pairs
    }
}
