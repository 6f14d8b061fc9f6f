// Where a record stands on its board. Keys sort best first: higher score, then higher detail
// (the unclamped metric on swarm boards), then the earlier time, then the lower player number —
// exactly the store's `ORDER BY score DESC, detail DESC, at ASC, player ASC`, so two records
// never share a rank.

public struct RankKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var score: Int64
    public var detail: Double
    /// Milliseconds since 1970 (UTC) when the record was set.
    public var at: Int64
    /// The player's internal number (never shown; the public id is a random string).
    public var player: Int64

    public init(score: Int64, detail: Double, at: Int64, player: Int64) {
        (self.score, self.detail, self.at, self.player) = (score, detail, at, player)
    }

    /// `a < b` when a ranks above b.
    public static func < (a: RankKey, b: RankKey) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if a.detail != b.detail { return a.detail > b.detail }
        if a.at != b.at { return a.at < b.at }
        return a.player < b.player
    }

    /// Whether a new result for the same player beats this one: a strictly higher score, or the
    /// same score with a strictly higher detail. An equal result keeps the earlier time.
    public func isBeaten(byScore score: Int64, detail: Double) -> Bool {
        score > self.score || (score == self.score && detail > self.detail)
    }

    public var description: String { "\(score)/\(detail)@\(at)#\(player)" }
}
