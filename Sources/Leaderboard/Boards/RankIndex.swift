// The in-memory rank index (Nakama's design): per board, every visible record's key in an
// order-statistic list, plus each player's current key. Built from the store at start-up and kept
// exact by applying the store's change log, so ranks never need `COUNT(*)`.
import Challenges
import Synchronization

/// A Lab board's bests counted by cost.
public struct LabCostsTally: Sendable {
    public var ingredients: [Int: Int]
    public var agents: [Int: Int]
}

/// One ranked entry: 1-based rank, the key, and whether another record shares its score.
public struct RankedKey: Hashable, Sendable {
    public let rank: Int
    public let key: RankKey
    public let tied: Bool
}

public final class BoardIndex: Sendable {
    private struct State: Sendable {
        var list = OrderStatisticList()
        var byPlayer: [Int64: RankKey] = [:]
        /// On a Lab brief's board, how many bests have each cost (read from the detail,
        /// `LabCosts`): players by ingredients and by agents.
        var ingredients: [Int: Int] = [:]
        var agents: [Int: Int] = [:]

        mutating func tally(_ key: RankKey, _ change: Int) {
            guard let costs = LabCosts.costs(key.detail) else { return }
            ingredients[costs.ingredients, default: 0] += change
            agents[costs.agents, default: 0] += change
        }
    }

    private let state: Mutex<State>

    public init() { state = Mutex(State()) }

    /// Builds from keys in rank order.
    init(sorted keys: [RankKey]) {
        var byPlayer: [Int64: RankKey] = [:]
        byPlayer.reserveCapacity(keys.count)
        for key in keys { byPlayer[key.player] = key }
        var built = State(list: OrderStatisticList(sorted: keys), byPlayer: byPlayer)
        for key in keys { built.tally(key, 1) }
        state = Mutex(built)
    }

    public var count: Int { state.withLock { $0.list.count } }

    /// Sets a player's entry to exactly `key` (nil removes it). Returns whether anything changed.
    @discardableResult
    public func set(player: Int64, to key: RankKey?) -> Bool {
        state.withLock { s in
            let old = s.byPlayer[player]
            guard old != key else { return false }
            if let old {
                s.list.remove(old)
                s.tally(old, -1)
            }
            if let key {
                s.list.insert(key)
                s.tally(key, 1)
                s.byPlayer[player] = key
            } else {
                s.byPlayer[player] = nil
            }
            return true
        }
    }

    public func entry(player: Int64) -> RankedKey? {
        state.withLock { s in
            guard let key = s.byPlayer[player] else { return nil }
            let position = s.list.index(of: key)
            return Self.ranked(position, key, in: s.list)
        }
    }

    /// The entries of those of `players` who are on the board, in rank order, found together.
    public func entries(players: [Int64]) -> [RankedKey] {
        state.withLock { s in
            let keys = Set(players).compactMap { s.byPlayer[$0] }.sorted()
            return zip(keys, s.list.placed(keys)).map { key, place in RankedKey(rank: place.position + 1, key: key, tied: place.tied) }
        }
    }

    /// Entries ranked after `cursor` (or from the top), at most `limit`.
    public func page(after cursor: RankKey?, limit: Int) -> [RankedKey] {
        state.withLock { s in
            let start = cursor.map { c in
                // The cursor's own record may have moved since; start after where it would sit.
                let position = s.list.index(of: c)
                return s.list.key(at: position) == c ? position + 1 : position
            } ?? 0
            return Self.ranked(range: start..<(start + limit), in: s.list)
        }
    }

    /// The player's entry with up to `radius` entries either side; empty when unranked.
    public func around(player: Int64, radius: Int) -> [RankedKey] {
        state.withLock { s in
            guard let key = s.byPlayer[player] else { return [] }
            let position = s.list.index(of: key)
            return Self.ranked(range: (position - radius)..<(position + radius + 1), in: s.list)
        }
    }

    /// Records per band of scores, each band `from...to`, both ends included (bands in any
    /// order; they need not cover every score): two binary searches a band, never a scan.
    public func counts(in bands: [ClosedRange<Int64>]) -> [Int] { snapshot(bands: bands, player: nil).counts }

    /// The counts per band, the records on the board and a player's entry, read at one moment (a
    /// best arriving meanwhile can't make the counts disagree with the total).
    public func snapshot(bands: [ClosedRange<Int64>], player: Int64?) -> (counts: [Int], total: Int, entry: RankedKey?) {
        state.withLock { s in
            let list = s.list
            let counts = bands.map { band in
                let above = band.upperBound == .max ? 0 : Self.count(scoringAtLeast: band.upperBound + 1, in: list)
                return Self.count(scoringAtLeast: band.lowerBound, in: list) - above
            }
            let entry = player.flatMap { s.byPlayer[$0] }.map { Self.ranked(list.index(of: $0), $0, in: list) }
            return (counts, list.count, entry)
        }
    }

    /// A Lab board's counts per band of a cost, the records on the board, a player's entry and
    /// how many bests cost more than theirs, read at one moment.
    public func costSnapshot(_ cost: KeyPath<LabCostsTally, [Int: Int]>, bands: [ClosedRange<Int>], player: Int64?)
        -> (counts: [Int], total: Int, entry: RankedKey?, dearer: Int) {
        state.withLock { s in
            let tally = LabCostsTally(ingredients: s.ingredients, agents: s.agents)[keyPath: cost]
            let counts = bands.map { band in tally.reduce(0) { $0 + (band.contains($1.key) ? $1.value : 0) } }
            let key = player.flatMap { s.byPlayer[$0] }
            let entry = key.map { Self.ranked(s.list.index(of: $0), $0, in: s.list) }
            var dearer = 0
            if let key, let costs = LabCosts.costs(key.detail) {
                let mine = cost == \LabCostsTally.ingredients ? costs.ingredients : costs.agents
                dearer = tally.reduce(0) { $0 + ($1.key > mine ? $1.value : 0) }
            }
            return (counts, s.list.count, entry, dearer)
        }
    }

    /// Records scoring `score` or more: where a key below every key of that score would go.
    private static func count(scoringAtLeast score: Int64, in list: OrderStatisticList) -> Int {
        score == .min ? list.count : list.index(of: RankKey(score: score, detail: -.infinity, at: .max, player: .max))
    }

    public var approximateBytes: Int {
        state.withLock { s in
            s.list.approximateBytes + s.byPlayer.capacity * (MemoryLayout<Int64>.stride + MemoryLayout<RankKey>.stride + 1)
        }
    }

    /// Every key in rank order (tests compare this with the store's ORDER BY).
    public var allKeys: [RankKey] { state.withLock { $0.list.keys(in: 0..<$0.list.count) } }

    private static func ranked(range: Range<Int>, in list: OrderStatisticList) -> [RankedKey] {
        let lower = max(0, range.lowerBound)
        // One extra key each side tells whether the ends are tied.
        let keys = list.keys(in: (lower - 1)..<(range.upperBound + 1))
        let offset = lower == 0 ? 0 : 1
        var out: [RankedKey] = []
        var i = offset
        while i < keys.count, lower + (i - offset) < range.upperBound {
            let tied = (i > 0 && keys[i - 1].score == keys[i].score) || (i + 1 < keys.count && keys[i + 1].score == keys[i].score)
            out.append(RankedKey(rank: lower + (i - offset) + 1, key: keys[i], tied: tied))
            i += 1
        }
        return out
    }

    private static func ranked(_ position: Int, _ key: RankKey, in list: OrderStatisticList) -> RankedKey {
        let tied = list.key(at: position - 1)?.score == key.score || list.key(at: position + 1)?.score == key.score
        return RankedKey(rank: position + 1, key: key, tied: tied)
    }
}

/// Every board's index.
public final class RankIndex: Sendable {
    private let boards = Mutex<[String: BoardIndex]>([:])

    public init() {}

    /// The board's index, created empty on first use.
    public func board(_ id: String) -> BoardIndex {
        boards.withLock { all in
            if let index = all[id] { return index }
            let index = BoardIndex()
            all[id] = index
            return index
        }
    }

    func replace(_ id: String, with index: BoardIndex) { boards.withLock { $0[id] = index } }

    /// Swaps in a whole new index at once (a rebuild): boards that have no records left go too.
    func replaceAll(with new: [String: BoardIndex]) { boards.withLock { $0 = new } }

    public func existing(_ id: String) -> BoardIndex? { boards.withLock { $0[id] } }

    public var sizes: [String: Int] { boards.withLock { $0.mapValues(\.count) } }

    public var recordCount: Int { boards.withLock { $0.values.reduce(0) { $0 + $1.count } } }

    public var approximateBytes: Int { boards.withLock { $0.values.reduce(0) { $0 + $1.approximateBytes } } }
}
