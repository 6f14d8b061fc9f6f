// Where a board's players stand: how their bests spread over the board's range, and, for the
// player who asks, where theirs falls. Built from each player's best (one per player), the same
// records the board ranks.

/// What a histogram counts: the bests' scores (every board), or a cost of the recipes behind
/// them (the boards that keep costs).
public enum HistogramOf: String, CaseIterable, WireVocabulary {
    case score = "score"
    case ingredients = "ingredients"
    case agents = "agents"
}

/// Players whose value is from `from` to `to`, both included.
public struct HistogramBucket: Codable, Sendable, Equatable {
    public var from: Int64
    public var to: Int64
    public var count: Int

    public init(from: Int64, to: Int64, count: Int) { (self.from, self.to, self.count) = (from, to, count) }
}

/// The asking player's own place: their best's value and rank, and the share of the board's
/// other players they are ahead of.
public struct HistogramYou: Codable, Sendable, Equatable {
    public var score: Int64
    public var rank: Int
    /// Whole per cent of the other players on the board ranked below (100 when alone).
    public var percentile: Int

    public init(score: Int64, rank: Int, percentile: Int) { (self.score, self.rank, self.percentile) = (score, rank, percentile) }
}

public struct BoardHistogram: Codable, Sendable, Equatable {
    public var board: String
    public var of: Spelled<HistogramOf>
    /// Players on the board (the buckets' counts add up to it).
    public var total: Int
    /// In order of value, lowest first; empty buckets included.
    public var buckets: [HistogramBucket]
    /// With the player's token, when they have a best on the board.
    public var you: HistogramYou?

    public init(board: String, of: HistogramOf = .score, total: Int, buckets: [HistogramBucket], you: HistogramYou? = nil) {
        (self.board, self.of, self.total, self.buckets, self.you) = (board, Spelled(of), total, buckets, you)
    }

    /// The bucket `value` falls in.
    public func bucket(of value: Int64) -> Int? { buckets.firstIndex { $0.from <= value && value <= $0.to } }
}

/// Where a player with rank `rank` among `total` stands: the whole per cent of the others ranked
/// below them (100 when they are alone, 0 when last).
public enum Percentile {
    public static func of(rank: Int, among total: Int) -> Int {
        guard total > 1 else { return 100 }
        return max(0, min(100, (total - rank) * 100 / (total - 1)))
    }
}
