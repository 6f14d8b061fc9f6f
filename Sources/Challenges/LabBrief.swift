// The Lab's brief of the day: two goals that pull against each other (a comet that stays tight,
// spin while covering ground, three species that each hold one blob…) and a constraint from a pool
// (a cap on ingredients or agents, an exact number of species, a bound on a parameter). A swarm is
// scored under `SwarmRules` (8 seeds of the day, the last 60 of 200 steps, at least 100 agents):
// each goal's mean reading is mapped onto 0–1 between its worst and best, and the run's points
// are 1000 × the geometric mean of the two, so a swarm must do both. The board ranks by score,
// then fewer ingredients, then fewer agents, then the earlier time.
//
// Each version's catalogue is every (template, level, constraint) its templates allow, in a fixed
// order: distinct by construction, 372 briefs in version 1 and 378 in version 2, so no day of a
// year repeats one (`YearOrder`). Once a day has been played its brief never changes; a later
// catalogue is a new `LabRules` version bound to its first day, as the style rules are.
import Foundation
import GameState
import PlumeCalendar
import SwarmSim

/// What a goal reads at a moment of a run.
public enum LabMeasure: String, CaseIterable, Sendable {
    /// How far the centre of the swarm has moved from where it started, in units.
    case travel
    /// Mean distance to the centre now over the same at the start (0.2: five times as tight).
    case tightness
    /// How much the swarm turns round its centre, 0–1.
    case rotation
    /// 20-unit cells covered now, less those covered at the start.
    case cover
    /// How much the agents head the same way, 0–1.
    case alignment
    /// How much each species keeps to its own kind, 0 (a random mix) – 1.
    case sorting
    /// The share of each species in its largest connected crowd, averaged over species, 0–1.
    case oneBlob
    /// Mean speed of the agents, units per step (a goal of calm wants it low).
    case calm

    public func reading(from start: SwarmState, to now: SwarmState) -> Double {
        switch self {
        case .travel: return SwarmMetrics.travel(from: start, to: now)
        case .tightness:
            let before = SwarmMetrics.cohesion(start)
            return before > 0 ? SwarmMetrics.cohesion(now) / before : 1
        case .rotation: return abs(SwarmMetrics.rotation(now))
        case .cover: return Double(SwarmMetrics.spread(now) - SwarmMetrics.spread(start))
        case .alignment: return SwarmMetrics.polarisation(now)
        case .sorting: return SwarmMetrics.segregation(now)
        case .oneBlob: return SwarmMetrics.oneBlobShare(now)
        case .calm: return SwarmMetrics.meanSpeed(now)
        }
    }

    /// The furthest a reading can go towards a goal of it: 1 for a share, 0 for a speed or a
    /// ratio of distances; nil for what grows without a bound (distance, cells).
    var bound: Double? {
        switch self {
        case .rotation, .alignment, .sorting, .oneBlob: 1
        case .calm, .tightness: 0
        case .travel, .cover: nil
        }
    }

    /// Whether the measure means anything with one species only.
    public var readsSpecies: Bool { self == .sorting }

    /// A reading in words: "1 280 units", "×0.42 of the start".
    public func words(_ value: Double) -> String {
        switch self {
        case .travel: "\(Int(value.rounded())) units"
        case .tightness: "×" + String(format: "%.2f", value) + " of the start"
        case .rotation, .alignment, .sorting, .oneBlob: String(format: "%.2f", value)
        case .cover: "\(Int(value.rounded())) cells"
        case .calm: String(format: "%.1f", value) + " per step"
        }
    }
}

/// One of a brief's two goals: a measure and the readings that give it nothing and everything.
public struct LabGoal: Sendable, Equatable {
    public let measure: LabMeasure
    public let scale: SwarmChallenge.Scale
    /// The goal in a player's words: "go far (1 500 units is best)", or, for a best past what
    /// the measure can read, "head one way (a perfect 1.00 earns 86 % of this goal)".
    public let words: String

    /// 0…1: the share of the way from worst to best, clamped.
    public func share(_ reading: Double) -> Double { min(1, max(0, scale.share(reading))) }
}

/// A rule a recipe must keep to be scored at all.
public enum LabConstraint: Sendable, Hashable {
    case maxIngredients(Int)
    case exactSpecies(Int)
    case maxAgents(Int)
    /// Every ingredient's parameter at most this, in hundredths.
    case parameterAtMost(Genome.Parameter, hundredths: Int)

    public var words: String {
        switch self {
        case .maxIngredients(let n): "at most \(n) ingredients"
        case .exactSpecies(let n): "exactly \(n) species"
        case .maxAgents(let n): "at most \(n) agents"
        case .parameterAtMost(let parameter, let hundredths): "\(parameter.symbol) at most \(hundredths / 100) in every ingredient"
        }
    }

    /// Why the recipe breaks the rule, in words; nil when it keeps it.
    public func broken(by recipe: SwarmRecipe) -> String? {
        switch self {
        case .maxIngredients(let n) where recipe.ingredients.count > n:
            return "this brief allows at most \(n) ingredients; the swarm has \(recipe.ingredients.count)"
        case .exactSpecies(let n) where recipe.ingredients.count != n:
            return "this brief wants exactly \(n) species; the swarm has \(recipe.ingredients.count)"
        case .maxAgents(let n) where recipe.totalPopulation > n:
            return "this brief allows at most \(n) agents; the swarm has \(recipe.totalPopulation)"
        case .parameterAtMost(let parameter, let hundredths):
            for (index, ingredient) in recipe.ingredients.enumerated() where ingredient.genome.hundredths(parameter) > hundredths {
                return "this brief wants \(parameter.symbol) at most \(hundredths / 100) in every ingredient; ingredient \(index + 1) has \(ingredient.genome[parameter].formatted2)"
            }
            return nil
        default:
            return nil
        }
    }
}

extension Double {
    fileprivate var formatted2: String {
        self == rounded() ? String(Int(self)) : String(format: "%.2f", self)
    }
}

public struct LabBrief: Sendable, Equatable, Identifiable {
    /// Unique across versions: its version's first id + its place in the version's catalogue.
    public let id: Int
    /// "Tight comet II · at most 3 ingredients"
    public let name: String
    /// The rule in a sentence or two.
    public let words: String
    public let goals: [LabGoal]
    public let constraints: [LabConstraint]

    /// Whether a goal reads species (and so the swarm needs several of a fair size).
    public var readsSpecies: Bool { goals.contains { $0.measure.readsSpecies } }

    /// A run's points from its goals' mean readings: 1000 × the geometric mean of the shares
    /// (nothing for a goal not met at all, however well the other is).
    public func points(_ readings: [Double]) -> Double {
        let shares = zip(goals, readings).map { $0.share($1) }
        guard !shares.isEmpty else { return 0 }
        return 1000 * pow(shares.reduce(1, *), 1 / Double(shares.count))
    }
}
