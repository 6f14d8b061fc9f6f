// The Runway's ranking at the scale: 10 000 entries and 1 000 000 votes on one day. Times
// a full fit from nothing, a refit after 1 000 more votes (what the background refit does), and
// pair dealing (p50, p99 over 20 000 deals to voters who have judged a few dozen pairs each);
// states the memory a vote costs in the fit. Plain arithmetic: no store, no HTTP.
import Foundation
import GameState
import Runway

public enum RunwayBench {
    public struct Figures: Sendable {
        public var entries: Int, votes: Int
        public var fullFitSeconds: Double, refitSeconds: Double
        public var dealP50Microseconds: Double, dealP99Microseconds: Double
        public var bytesPerVote: Int
        public var honestWeight: Double
        /// The most any score of the refit stands from a fit from nothing of the same votes.
        public var refitFromFreshPoints: Int

        public var line: String {
            String(format: "entries=%d votes=%d full_fit_s=%.3f refit_s=%.3f deal_p50_us=%.1f deal_p99_us=%.1f bytes_per_vote=%d honest_weight=%.2f refit_vs_fresh_points=%d",
                   entries, votes, fullFitSeconds, refitSeconds, dealP50Microseconds, dealP99Microseconds, bytesPerVote, honestWeight,
                   refitFromFreshPoints)
        }
    }

    public static func run(entries: Int = 10_000, votes count: Int = 1_000_000, voters: Int = 50_000, seed: UInt64 = 42) -> Figures {
        var random = SplitMix64(seed: seed)
        let truth = (0..<entries).map { _ in (Double.random(in: 0..<1, using: &random) - 0.5) * 6 }
        var votes: [RunwayVote] = []
        votes.reserveCapacity(count + 1000)
        func vote() -> RunwayVote {
            let a = Int.random(in: 0..<entries, using: &random)
            // Partners near in strength, as the dealer's are: a few hundred places either side.
            var b = min(entries - 1, max(0, a + Int.random(in: -300...300, using: &random)))
            if b == a { b = (a + 1) % entries }
            let p = PeoplesChoice.logistic(truth[a] - truth[b])
            return RunwayVote(voter: Int.random(in: 0..<voters, using: &random), left: a, right: b,
                              choice: Double.random(in: 0..<1, using: &random) < p ? .left : .right)
        }
        for _ in 0..<count { votes.append(vote()) }

        var clock = ContinuousClock.now
        let fit = PeoplesChoice.fit(entries: entries, voters: voters, votes: votes)
        let fullFit = (ContinuousClock.now - clock) / .seconds(1)

        for _ in 0..<1000 { votes.append(vote()) }
        var options = PeoplesChoice.Options()
        options.passes = 8
        options.rounds = 1
        clock = ContinuousClock.now
        let refit = PeoplesChoice.fit(entries: entries, voters: voters, votes: votes, previous: fit, options: options)
        let refitSeconds = (ContinuousClock.now - clock) / .seconds(1)
        let fresh = PeoplesChoice.fit(entries: entries, voters: voters, votes: votes)
        let apart = (0..<entries).map { abs(refit.score(of: $0).score - fresh.score(of: $0).score) }.max() ?? 0

        let dealer = PairDealer(fit: refit)
        var showings = [Int](repeating: count * 2 / entries, count: entries)
        var durations: [Double] = []
        durations.reserveCapacity(20_000)
        for _ in 0..<20_000 {
            let own = Int.random(in: 0..<entries, using: &random)
            let judged = Set((0..<40).map { _ in RunwayPair(own, Int.random(in: 0..<entries, using: &random)) })
            clock = ContinuousClock.now
            if let pair = dealer.deal(own: own, judged: judged, showings: showings, using: &random) {
                showings[pair.left] += 1
                showings[pair.right] += 1
            }
            durations.append((ContinuousClock.now - clock) / .microseconds(1))
        }
        durations.sort()
        return Figures(entries: entries, votes: votes.count, fullFitSeconds: fullFit, refitSeconds: refitSeconds,
                       dealP50Microseconds: durations[durations.count / 2], dealP99Microseconds: durations[durations.count * 99 / 100],
                       bytesPerVote: MemoryLayout<RunwayVote>.stride,
                       honestWeight: refit.voterWeights.reduce(0, +) / Double(voters), refitFromFreshPoints: apart)
    }
}
