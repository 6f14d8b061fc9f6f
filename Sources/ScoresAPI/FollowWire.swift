// Following, as JSON: the players a player follows, and a player found by name. A board among
// the people a player follows is an ordinary `BoardPage` whose rows also carry `group_rank`.

/// A player someone follows, with how they did today.
public struct FollowedPlayer: Codable, Sendable, Equatable {
    public var playerID: String
    public var name: String
    /// When the follow began (RFC 3339).
    public var since: String
    /// Their record on today's style board, if they have played today.
    public var todayScore: Int64?
    public var todayRank: Int?

    public init(playerID: String, name: String, since: String, todayScore: Int64?, todayRank: Int?) {
        (self.playerID, self.name, self.since, self.todayScore, self.todayRank) = (playerID, name, since, todayScore, todayRank)
    }

    enum CodingKeys: String, CodingKey {
        case playerID = "player_id", name, since, todayScore = "today_score", todayRank = "today_rank"
    }
}

/// GET /v1/players/me/following: oldest follow first.
public struct FollowingList: Codable, Sendable, Equatable {
    public var players: [FollowedPlayer]
    /// The most players one player may follow.
    public var limit: Int
    /// Today's style board, whose score `today_score` is.
    public var todayBoardID: String

    public init(players: [FollowedPlayer], limit: Int, todayBoardID: String) {
        (self.players, self.limit, self.todayBoardID) = (players, limit, todayBoardID)
    }

    enum CodingKeys: String, CodingKey { case players, limit, todayBoardID = "today_board_id" }
}
