// The people's choice: a Bradley–Terry model fitted to a day's runway votes, each voter's votes
// weighted by how reliable the voter has been (Crowd-BT's idea: a voter agrees with the true order
// with probability η; η is estimated from the voter's own votes against the fitted model, and the
// weight is the agreement beyond chance, 2η − 1, never below 0). A voter who always picks the same
// side, answers at random, or votes against the consensus ends with little or no weight. A
// Gaussian prior on strengths (weak: variance 4 on the logit scale) keeps a look with three wins
// and no losses finite. Pure arithmetic: no clock, no store, no randomness.
import Foundation

/// One judgement: `left` and `right` are entry indices, `voter` a voter index.
public struct RunwayVote: Sendable, Equatable {
    public enum Choice: Sendable, Equatable { case left, right, tie }

    public var voter: Int
    public var left: Int
    public var right: Int
    public var choice: Choice

    public init(voter: Int, left: Int, right: Int, choice: Choice) {
        (self.voter, self.left, self.right, self.choice) = (voter, left, right, choice)
    }

    /// 1 when left won, 0 when right won, ½ for a tie.
    var leftScore: Double {
        switch choice {
        case .left: 1
        case .right: 0
        case .tie: 0.5
        }
    }
}

public struct PeoplesChoice: Sendable, Equatable {
    /// Each entry's strength (logit scale, centred on the average entry).
    public var strengths: [Double]
    /// Each strength's variance (the inverse of the fit's curvature, prior included).
    public var variances: [Double]
    /// Each voter's weight, from 0 (ignored) to 1 (fully counted).
    public var voterWeights: [Double]
    /// Each voter's estimated agreement with the true order, 0…1 (½ is chance).
    public var voterReliability: [Double]

    public struct Options: Sendable {
        /// Variance of the Gaussian prior on strengths.
        public var priorVariance = 4.0
        /// Beta(a, b) prior on a voter's reliability: a new voter starts trusted, mostly.
        public var reliabilityPrior = (a: 2.0, b: 1.0)
        /// Newton passes per strength fit, and rounds of (strengths, then reliabilities).
        public var passes = 25
        public var rounds = 4
        /// Whether votes are weighted by reliability at all (off: a plain Bradley–Terry fit).
        public var weighted = true

        public init() {}
    }

    /// A fit with no votes: every entry average, every voter fully trusted.
    public static func empty(entries: Int, voters: Int, options: Options = Options()) -> PeoplesChoice {
        PeoplesChoice(strengths: Array(repeating: 0, count: entries), variances: Array(repeating: options.priorVariance, count: entries),
                      voterWeights: Array(repeating: 1, count: voters), voterReliability: Array(repeating: 1, count: voters))
    }

    /// Fits `votes` among `entries` entries by `voters` voters, starting from `previous` when
    /// given (a refit after a few more votes converges in a few passes).
    public static func fit(entries: Int, voters: Int, votes: [RunwayVote], previous: PeoplesChoice? = nil,
                           options: Options = Options()) -> PeoplesChoice {
        var fit = previous.map { old in
            var fit = old
            fit.strengths += Array(repeating: 0, count: max(0, entries - old.strengths.count))
            fit.variances += Array(repeating: options.priorVariance, count: max(0, entries - old.variances.count))
            fit.voterWeights += Array(repeating: 1, count: max(0, voters - old.voterWeights.count))
            fit.voterReliability += Array(repeating: 1, count: max(0, voters - old.voterReliability.count))
            return fit
        } ?? .empty(entries: entries, voters: voters, options: options)
        if options.weighted {
            // The rounds before the last only need strengths good enough to judge voters by.
            for _ in 0..<options.rounds {
                fit.fitStrengths(votes, passes: min(options.passes, 10), priorVariance: options.priorVariance)
                fit.estimateReliability(votes, prior: options.reliabilityPrior)
            }
        }
        fit.fitStrengths(votes, passes: options.passes, priorVariance: options.priorVariance)
        return fit
    }

    /// Diagonal Newton steps on the weighted, penalised log-likelihood; each pass is one sweep
    /// over the votes. Strengths are centred so that 0 is the average entry.
    mutating func fitStrengths(_ votes: [RunwayVote], passes: Int, priorVariance: Double) {
        let count = strengths.count
        var gradient = [Double](repeating: 0, count: count)
        var curvature = [Double](repeating: 0, count: count)
        for _ in 0..<passes {
            for index in 0..<count {
                gradient[index] = -strengths[index] / priorVariance
                curvature[index] = 1 / priorVariance
            }
            for vote in votes {
                let weight = voterWeights[vote.voter]
                guard weight > 0 else { continue }
                let p = Self.logistic(strengths[vote.left] - strengths[vote.right])
                let pull = weight * (vote.leftScore - p)
                let bend = weight * p * (1 - p)
                gradient[vote.left] += pull
                gradient[vote.right] -= pull
                curvature[vote.left] += bend
                curvature[vote.right] += bend
            }
            var largest = 0.0
            for index in 0..<count {
                // A step of at most 2 logits keeps an early pass from overshooting.
                let step = max(-2, min(2, gradient[index] / curvature[index]))
                strengths[index] += step
                largest = max(largest, abs(step))
            }
            if largest < 1e-4 { break }  // a ten-thousandth of a logit: far below any score's rounding
        }
        let mean = strengths.isEmpty ? 0 : strengths.reduce(0, +) / Double(count)
        for index in 0..<count {
            strengths[index] -= mean
            variances[index] = 1 / curvature[index]
        }
    }

    /// Each voter's η by maximum a posteriori: the log-likelihood of the voter's decided votes
    /// under "agrees with the model with probability η" is concave in η, so bisection on its
    /// derivative finds it, for every voter at once. Ties say nothing of reliability.
    mutating func estimateReliability(_ votes: [RunwayVote], prior: (a: Double, b: Double)) {
        let voters = voterWeights.count
        // For each decided vote, the model's probability that the side the voter chose wins.
        var chosen = [(voter: Int, p: Double)]()
        chosen.reserveCapacity(votes.count)
        for vote in votes where vote.choice != .tie {
            let p = Self.logistic(strengths[vote.left] - strengths[vote.right])
            chosen.append((vote.voter, vote.choice == .left ? p : 1 - p))
        }
        var low = [Double](repeating: 0, count: voters), high = [Double](repeating: 1, count: voters)
        var slope = [Double](repeating: 0, count: voters)
        for _ in 0..<20 {  // to within a millionth
            for voter in 0..<voters {
                let eta = (low[voter] + high[voter]) / 2
                slope[voter] = (prior.a - 1) / eta - (prior.b - 1) / (1 - eta)
            }
            for (voter, p) in chosen {
                let eta = (low[voter] + high[voter]) / 2
                slope[voter] += (2 * p - 1) / (eta * (2 * p - 1) + 1 - p)
            }
            for voter in 0..<voters {
                let eta = (low[voter] + high[voter]) / 2
                if slope[voter] > 0 { low[voter] = eta } else { high[voter] = eta }
            }
        }
        for voter in 0..<voters {
            let eta = (low[voter] + high[voter]) / 2
            voterReliability[voter] = eta
            voterWeights[voter] = max(0, min(1, 2 * eta - 1))
        }
    }

    /// The people's score of an entry: 1000 × P(it beats the average entry), and its uncertainty
    /// (one standard deviation, by the delta method), both rounded.
    public func score(of entry: Int) -> (score: Int, plusMinus: Int) {
        let p = Self.logistic(strengths[entry])
        let spread = 1000 * p * (1 - p) * variances[entry].squareRoot()
        return (Int((1000 * p).rounded()), Int(spread.rounded()))
    }

    /// How sure the fit is of the order of two entries: P(the one it ranks higher is really
    /// better), from ½ (no idea) to 1.
    public func confidence(_ a: Int, _ b: Int) -> Double {
        let gap = abs(strengths[a] - strengths[b]) / (variances[a] + variances[b]).squareRoot()
        return 0.5 * (1 + erf(gap / 2.0.squareRoot()))
    }

    /// σ(x): the probability that a look `x` logits stronger than another wins against it.
    public static func logistic(_ x: Double) -> Double { 1 / (1 + exp(-x)) }
}
