// Following's SQL, written once for both stores (see StoreExecutor): a player follows another
// once (the pair is the key), at most `LeaderboardLimits.follows` players; who follows whom is
// read only by the follower (and counted for a profile); erasing a player takes them out of every
// list and takes their own list. Its table is the sixth migration; its part in erasure, `erase`.
// Every statement names the columns FollowStore reads.

extension Migration {
    /// v6: who follows whom. Erasure takes the player out of every list and takes their own.
    static let follows = Migration("v6: who follows whom", erasing: [ErasureStep("follows", FollowSQL.erase)]) { d in
        let integer = d == .sqlite ? "INTEGER" : "BIGINT"
        return [
            """
            CREATE TABLE follows (
                follower \(integer) NOT NULL REFERENCES players(id),
                followed \(integer) NOT NULL REFERENCES players(id),
                since \(integer) NOT NULL,
                PRIMARY KEY (follower, followed)
            )\(d == .sqlite ? " WITHOUT ROWID" : "")
            """,
            // A profile counts a player's followers, news of a player goes to theirs, and erasure
            // takes a player out of every list: each reads this.
            "CREATE INDEX follows_followed ON follows (followed, follower)",
        ]
    }
}

enum FollowSQL {
    typealias Dialect = StoreSQL.Dialect

    /// `followed_count`: how many players a player follows. 1: follower.
    static func followedCount(_ d: Dialect) -> String {
        "SELECT CAST(COUNT(*) AS BIGINT) AS followed_count FROM follows WHERE follower = \(d.parameter(1))"
    }

    /// Follows a player unless already following; returns `follower` when added.
    /// 1: follower, 2: followed, 3: since.
    static func follow(_ d: Dialect) -> String {
        """
        INSERT INTO follows (follower, followed, since) VALUES (\(d.parameter(1)), \(d.parameter(2)), \(d.parameter(3)))
        ON CONFLICT (follower, followed) DO NOTHING RETURNING follower
        """
    }

    /// Stops following; returns `follower` when there was something to stop. 1: follower, 2: followed.
    static func unfollow(_ d: Dialect) -> String {
        "DELETE FROM follows WHERE follower = \(d.parameter(1)) AND followed = \(d.parameter(2)) RETURNING follower"
    }

    /// (`followed`, `since`, `public_id`, `name`) of the players a player follows who are on the
    /// boards (neither erased nor banned), oldest follow first. 1: follower.
    static func following(_ d: Dialect) -> String {
        """
        SELECT f.followed, f.since, p.public_id, p.name FROM follows f JOIN players p ON p.id = f.followed
        WHERE f.follower = \(d.parameter(1)) AND p.name IS NOT NULL AND NOT p.banned ORDER BY f.since, f.followed
        """
    }

    /// `followed`: the numbers of the players a player follows, from the follows key alone.
    /// 1: follower.
    static func followedNumbers(_ d: Dialect) -> String {
        "SELECT followed FROM follows WHERE follower = \(d.parameter(1))"
    }

    /// `follower_count`: how many players follow a player. 1: followed.
    static func followerCount(_ d: Dialect) -> String {
        "SELECT CAST(COUNT(*) AS BIGINT) AS follower_count FROM follows WHERE followed = \(d.parameter(1))"
    }

    /// (`follower`, `score`, `detail`, `at`) of a player's followers with a record on a board.
    /// 1: followed, 2: board.
    static func followersOnBoard(_ d: Dialect) -> String {
        """
        SELECT f.follower, r.score, r.detail, r.at FROM follows f JOIN records r ON r.board = \(d.parameter(2)) AND r.player = f.follower
        WHERE f.followed = \(d.parameter(1)) AND NOT r.hidden
        """
    }

    /// (`follower`, `followed`) of the followers of some players. 1…n: the followed.
    static func followersOf(_ d: Dialect, count: Int) -> String {
        "SELECT follower, followed FROM follows WHERE followed IN (\((1...max(1, count)).map(d.parameter).joined(separator: ", ")))"
    }

    /// Part of erasure: the player's own list, and the player in every other list. 1: player.
    static func erase(_ d: Dialect) -> String {
        "DELETE FROM follows WHERE follower = \(d.parameter(1)) OR followed = \(d.parameter(1))"
    }
}
