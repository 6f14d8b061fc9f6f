// Which two looks a voter sees next: the server's choice, never the voter's. Never the voter's
// own entry, never a pair the voter has judged; the least-shown look first, then, of the others,
// the one whose order against it is least certain (the vote that tells the most), discounted by
// how often it has been shown so that showings stay even. Left and right are drawn at random, so
// a voter who always picks one side says nothing.

public struct RunwayPair: Hashable, Sendable {
    public let low: Int
    public let high: Int

    public init(_ a: Int, _ b: Int) { (low, high) = (min(a, b), max(a, b)) }
}

public enum PairDealer {
    /// Two entries for `voter` to judge, as (left, right), or nil when no pair is left for them.
    /// `showings[i]` counts how often entry i has been dealt; `own` is the voter's own entry.
    public static func deal(entries: Int, own: Int?, judged: Set<RunwayPair>, showings: [Int], fit: PeoplesChoice,
                            using random: inout some RandomNumberGenerator) -> (left: Int, right: Int)? {
        let candidates = (0..<entries).filter { $0 != own }
        guard candidates.count >= 2 else { return nil }
        // First looks in order of fewest showings (ties in random order), so that a look the voter
        // has judged against everyone gives way to the next.
        let firsts = candidates.shuffled(using: &random).sorted { showings[$0] < showings[$1] }
        for first in firsts {
            let fewest = Double(showings[first])
            var best: Int?
            var bestValue = -1.0
            for other in candidates where other != first && !judged.contains(RunwayPair(first, other)) {
                let uncertainty = 2 * (1 - fit.confidence(first, other))
                let value = uncertainty / (1 + Double(showings[other]) / (1 + fewest))
                if value > bestValue || (value == bestValue && Bool.random(using: &random)) {
                    (best, bestValue) = (other, value)
                }
            }
            if let best { return Bool.random(using: &random) ? (first, best) : (best, first) }
        }
        return nil
    }
}
