// Swarm challenges: run a recipe from a fixed seed for a fixed number of steps, measure one
// SwarmSim metric, and map it linearly onto 0–1000 between the challenge's worst and best values.
import GameState
import SwarmSim

public struct SwarmChallenge: Sendable, Identifiable, Equatable {
    public enum Metric: String, Sendable, CaseIterable {
        case cohesion, travel, rotation, segregation, spread, polarisation
    }

    public let id: String
    public let name: String
    public let brief: String
    public let metric: Metric
    public let steps: Int
    public let seed: UInt64
    public let best: Double
    public let worst: Double
    /// Season 1's best and worst: `best` and `worst`, read at the run's last step.
    public var seasonOne: Scale { Scale(best: best, worst: worst) }
    /// Season 2's best and worst, for the readings of `seasonTwoValue` under `SwarmRules`.
    public var seasonTwo: Scale? = nil

    /// A metric's best and worst readings: a reading's share of the way from worst to best.
    public struct Scale: Sendable, Equatable {
        public let best: Double
        public let worst: Double

        public init(best: Double, worst: Double) {
            precondition(best != worst, "a scale needs best ≠ worst")
            (self.best, self.worst) = (best, worst)
        }

        /// 0 at worst, 1 at best, beyond either past them (0 for a reading that is not a number).
        public func share(_ value: Double) -> Double {
            let share = (value - worst) / (best - worst)
            return share.isFinite ? share : 0
        }
    }

    public struct Result: Sendable, Equatable {
        public let value: Double
        public let score: Int
    }

    /// Simulates and scores `recipe`. Invalid recipes score nothing.
    public func score(_ recipe: SwarmRecipe, threads: Int = Swarm.availableThreads) -> Result {
        guard recipe.isValid else { return Result(value: 0, score: 0) }
        var swarm = Swarm(recipe: recipe, seed: seed)
        let start = swarm.state
        swarm.run(steps: steps, threads: threads)
        let value = measure(from: start, to: swarm.state)
        return Result(value: value, score: score(for: value))
    }

    public func measure(from start: SwarmState, to end: SwarmState) -> Double {
        switch metric {
        case .cohesion: SwarmMetrics.cohesion(end)
        case .travel: SwarmMetrics.travel(from: start, to: end)
        case .rotation: abs(SwarmMetrics.rotation(end))
        case .segregation: SwarmMetrics.segregation(end)
        case .spread: Double(SwarmMetrics.spread(end))
        case .polarisation: SwarmMetrics.polarisation(end)
        }
    }

    public func score(for value: Double) -> Int {
        guard value.isFinite else { return 0 }
        let share = (value - worst) / (best - worst)
        return Int((1000 * min(1, max(0, share))).rounded())
    }
}
