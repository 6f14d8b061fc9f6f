// Which two looks a voter sees next: the server's choice, never the voter's. Never the voter's
// own entry, never a pair the voter has judged; the least-shown look first, then, of its likely
// partners, the one whose order against it is least certain (the vote that tells the most),
// discounted by how often it has been shown so that showings stay even. Left and right are drawn
// at random, so a voter who always picks one side says nothing.
//
// At 10 000 entries a deal must take well under a millisecond: the least-shown look is found by
// one scan, and on a day of more than 64 entries its partners are only its neighbours in the
// fitted order (where the uncertain pairs are) and a few looks drawn at random (so that distant
// pairs are checked now and then); on a smaller day every look is a candidate.

public struct RunwayPair: Hashable, Sendable {
    public let low: Int
    public let high: Int

    public init(_ a: Int, _ b: Int) { (low, high) = (min(a, b), max(a, b)) }
}

public struct PairDealer: Sendable {
    /// The fit the deals are made from, and the entries in its order (strongest first).
    public private(set) var fit: PeoplesChoice
    private var order: [Int] = []
    private var place: [Int] = []
    /// Neighbours on each side in the fitted order, and random looks, considered as partners.
    public var neighbours = 12
    public var randomPartners = 4
    /// Up to this many entries every look is considered as a partner.
    public static let smallDay = 64

    public init(fit: PeoplesChoice) {
        self.fit = fit
        reorder()
    }

    /// A new fit (after a refit); entries added since keep their place at the end until then.
    public mutating func update(_ fit: PeoplesChoice) {
        self.fit = fit
        reorder()
    }

    private mutating func reorder() {
        order = fit.strengths.indices.sorted { (fit.strengths[$0], $1) > (fit.strengths[$1], $0) }
        place = [Int](repeating: 0, count: order.count)
        for (position, entry) in order.enumerated() { place[entry] = position }
    }

    /// Two entries for a voter to judge, as (left, right), or nil when no pair is left for them.
    /// `showings[i]` counts how often entry i has been dealt (its length is the number of
    /// entries); `own` is the voter's own entry; `judged` the pairs the voter has answered.
    public func deal(own: Int?, judged: Set<RunwayPair>, showings: [Int],
                     using random: inout some RandomNumberGenerator) -> (left: Int, right: Int)? {
        let entries = showings.count
        guard entries - (own.map { $0 < entries ? 1 : 0 } ?? 0) >= 2 else { return nil }
        var tried = Set<Int>()
        // Usually the first look tried has a partner; a voter who has judged everything against
        // it moves on to the next least-shown.
        while tried.count < entries {
            guard let first = leastShown(showings, entries: entries, skipping: tried, own: own, using: &random) else { return nil }
            tried.insert(first)
            if let second = partner(for: first, own: own, judged: judged, showings: showings, entries: entries, using: &random)
                ?? anyPartner(for: first, own: own, judged: judged, entries: entries) {
                return Bool.random(using: &random) ? (first, second) : (second, first)
            }
        }
        return nil
    }

    /// The entry with the fewest showings; among ties, the first after a random starting point
    /// (one scan, one random number).
    private func leastShown(_ showings: [Int], entries: Int, skipping: Set<Int>, own: Int?,
                            using random: inout some RandomNumberGenerator) -> Int? {
        let start = Int.random(in: 0..<entries, using: &random)
        var best: Int?
        var fewest = Int.max
        for step in 0..<entries {
            let entry = (start + step) % entries
            if showings[entry] < fewest, entry != own, !skipping.contains(entry) {
                (best, fewest) = (entry, showings[entry])
            }
        }
        return best
    }

    private func partner(for first: Int, own: Int?, judged: Set<RunwayPair>, showings: [Int], entries: Int,
                         using random: inout some RandomNumberGenerator) -> Int? {
        var candidates: [Int] = []
        if entries <= Self.smallDay {
            candidates = Array(0..<entries)
        } else if first < place.count {
            let at = place[first]
            for position in max(0, at - neighbours)...min(order.count - 1, at + neighbours) where order[position] < entries {
                candidates.append(order[position])
            }
        }
        if entries > Self.smallDay {
            for _ in 0..<randomPartners { candidates.append(Int.random(in: 0..<entries, using: &random)) }
        }
        let fewest = Double(showings[first])
        var best: Int?
        var bestValue = -1.0
        for other in candidates where other != first && other != own && !judged.contains(RunwayPair(first, other)) {
            let uncertainty = other < fit.strengths.count && first < fit.strengths.count ? 2 * (1 - fit.confidence(first, other)) : 1
            let value = uncertainty / (1 + Double(showings[other]) / (1 + fewest))
            if value > bestValue { (best, bestValue) = (other, value) }
        }
        return best
    }

    /// Any entry the voter has not judged against `first` (the neighbours are all judged).
    private func anyPartner(for first: Int, own: Int?, judged: Set<RunwayPair>, entries: Int) -> Int? {
        (0..<entries).first { $0 != first && $0 != own && !judged.contains(RunwayPair(first, $0)) }
    }
}
