// The week's leagues, as JSON: a player's group this week or a past one (GET /v1/leagues/me) and
// anyone's view of a group (GET /v1/leagues/{group}). Weeks are ISO weeks, YYYY-Www (UTC, Monday
// to Sunday); times are RFC 3339 strings; keys are snake_case.

/// Where a player went at a week's close.
public enum LeagueMove: String, CaseIterable, WireVocabulary {
    case up, down, stayed
}

/// One player of a group, by rank: points desc, then whoever reached their total first.
public struct LeagueMember: Codable, Sendable, Equatable {
    public var playerID: String
    public var name: String
    public var points: Int
    public var rank: Int
    /// Once the group has closed: where the week took them.
    public var moved: Spelled<LeagueMove>?

    public init(playerID: String, name: String, points: Int, rank: Int, moved: LeagueMove? = nil) {
        (self.playerID, self.name, self.points, self.rank, self.moved) = (playerID, name, points, rank, moved.map(Spelled.init))
    }

    enum CodingKeys: String, CodingKey {
        case playerID = "player_id", name, points, rank, moved
    }
}

/// A league group's table for one week. From GET /v1/leagues/me it also says where the player
/// stands (`rank`, `points`, and once closed `moved` and `next_tier`); a player not yet in a group
/// that week gets `group` null, their tier and no members.
public struct LeagueTable: Codable, Sendable, Equatable {
    public var week: String
    public var tier: Spelled<LeagueTier>
    /// "Silk": the tier's name to show.
    public var tierName: String
    public var group: String?
    /// The week's end, when the group closes: the next Monday, 00:00 UTC.
    public var closesAt: String
    public var closed: Bool
    /// How many of the group move up, and down, at the close (by its members now).
    public var promote: Int
    public var demote: Int
    public var members: [LeagueMember]
    /// The player's own place (GET /v1/leagues/me only).
    public var rank: Int?
    public var points: Int?
    public var moved: Spelled<LeagueMove>?
    /// The tier the player is in after this week's close.
    public var nextTier: Spelled<LeagueTier>?

    public init(week: String, tier: LeagueTier, group: String?, closesAt: String, closed: Bool, promote: Int, demote: Int,
                members: [LeagueMember], rank: Int? = nil, points: Int? = nil, moved: LeagueMove? = nil, nextTier: LeagueTier? = nil) {
        (self.week, self.tier, self.tierName, self.group, self.closesAt, self.closed) = (week, Spelled(tier), tier.name, group, closesAt, closed)
        (self.promote, self.demote, self.members, self.rank, self.points) = (promote, demote, members, rank, points)
        (self.moved, self.nextTier) = (moved.map(Spelled.init), nextTier.map(Spelled.init))
    }

    enum CodingKeys: String, CodingKey {
        case week, tier, tierName = "tier_name", group, closesAt = "closes_at", closed, promote, demote, members, rank, points, moved
        case nextTier = "next_tier"
    }

    /// `group` is always written, null before the player's first points of the week; the other
    /// optional keys only when they have a value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(week, forKey: .week)
        try container.encode(tier, forKey: .tier)
        try container.encode(tierName, forKey: .tierName)
        try container.encode(group, forKey: .group)
        try container.encode(closesAt, forKey: .closesAt)
        try container.encode(closed, forKey: .closed)
        try container.encode(promote, forKey: .promote)
        try container.encode(demote, forKey: .demote)
        try container.encode(members, forKey: .members)
        try container.encodeIfPresent(rank, forKey: .rank)
        try container.encodeIfPresent(points, forKey: .points)
        try container.encodeIfPresent(moved, forKey: .moved)
        try container.encodeIfPresent(nextTier, forKey: .nextTier)
    }
}
