// The rules swarms are scored under from season 2 on: several seeds of the board's period, each
// metric averaged over the run's last stretch rather than read from its last frame, a minimum
// crowd, and details rounded so that float noise never decides a rank. The game, the command line
// and the server score through `ChallengeBook.score(_:on:)`, so the number a player chases is the
// number the board gives.
import GameState
import PlumeCalendar
import SwarmSim

public enum SwarmRules {
    /// Runs per score, each from its own seed; the same seeds for every player on a board.
    public static let seeds = 8
    public static let steps = 200
    /// Each run's metric is the mean of its readings over the last `window` steps, one every
    /// `sampleEvery` (11 readings: steps 140, 146, …, 200).
    public static let window = 60
    public static let sampleEvery = 6
    /// Every swarm in the contest has at least this many agents: a metric of a crowd needs a crowd.
    public static let minimumAgents = 100
    /// A goal that reads species (Sort) needs two species or more, each at least this share of the agents.
    public static let minimumSpeciesShare = 0.2

    /// A detail rounded to a millionth: two swarms whose scores differ only by float noise tie.
    public static func rounded(_ detail: Double) -> Double { detail.isFinite ? (detail * 1e6).rounded() / 1e6 : 0 }

    /// The steps each run is read at.
    public static var readings: [Int] { Swarm.sampleSteps(steps: steps, window: window, every: sampleEvery) }
}

/// What a swarm is scored against.
public enum SwarmContest: Hashable, Sendable {
    /// A classic challenge in a season: the season's board (`week` nil) or one of its weeks.
    case classic(challenge: String, season: Int, week: ISOWeek?)
    /// A day's Lab brief.
    case lab(day: Int)

    /// The name the seeds are drawn from: the contest and its period, never a board's spelling.
    public var seedName: String {
        switch self {
        case let .classic(challenge, season, week): "plume-seeds|classic|\(challenge)|s\(season)|\(week.map { "\($0)" } ?? "season")"
        case let .lab(day): "plume-seeds|lab|\(UTCDay.string(day))"
        }
    }

    /// `SwarmRules.seeds` seeds, distinct, the same for every player and machine.
    public var seeds: [UInt64] {
        var random = SplitMix64(seed: FNV1a.hash(seedName))
        return (0..<SwarmRules.seeds).map { _ in random.next() }
    }
}

/// A swarm's score on a contest.
public struct SwarmScore: Sendable, Equatable {
    /// 0–1000: the mean over the seeds of each run's points.
    public let score: Int
    /// The order within a score: the mean over the seeds of the unclamped share × 1000, rounded
    /// to a millionth (a swarm past the best ranks above one just at it).
    public let detail: Double
    /// The metric in its own units, averaged over the seeds and the window.
    public let value: Double
    /// Each run's points (0–1000, unrounded), in seed order.
    public let runs: [Double]
    public let agents: Int
    public let ingredients: Int
    /// A Lab brief's goals, each with its mean reading over the seeds and the window.
    public var parts: [SwarmScorePart] = []
}

/// One goal of a Lab brief as a swarm met it.
public struct SwarmScorePart: Sendable, Equatable {
    public let goal: LabGoal
    /// The mean reading over the seeds and the window, in the goal's units.
    public let reading: Double
    /// 0–1000: the goal's share of the way from worst to best, as the checklist shows it.
    public var points: Int { Int((1000 * goal.share(reading)).rounded()) }
}

/// Why a swarm is not scored, in words a player can act on. Refusals need no run.
public struct SwarmRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Fewer agents than the contest's minimum, or fewer or smaller species than its goal reads.
        case tooSmall
        /// A recipe the game would not build (no ingredients, an empty one, over the cap).
        case invalid
        /// A contest this book does not hold.
        case unknownContest
        /// A rule of the day's Lab brief broken (too many ingredients, a parameter over its bound…).
        case breaksBrief
    }
    public let kind: Kind
    public let description: String

    public init(kind: Kind, description: String) { (self.kind, self.description) = (kind, description) }
}

extension SwarmChallenge {
    /// The season-2 reading of the metric: Huddle is measured against the swarm's own start (the
    /// mean distance now over the mean distance at the start: a swarm that stands still scores
    /// nothing), Fill by the cells gained since the start; the others as they read.
    public func seasonTwoValue(from start: SwarmState, to now: SwarmState) -> Double {
        switch metric {
        case .cohesion:
            let before = SwarmMetrics.cohesion(start)
            return before > 0 ? SwarmMetrics.cohesion(now) / before : 1
        case .spread: return Double(SwarmMetrics.spread(now) - SwarmMetrics.spread(start))
        default: return measure(from: start, to: now)
        }
    }

    /// Whether the challenge's goal reads species (and so needs several of a fair size).
    public var readsSpecies: Bool { metric == .segregation }
}

extension ChallengeBook {
    /// The challenge a contest scores and the scale it scores on; nil for a contest this book
    /// does not hold.
    private func scored(_ contest: SwarmContest) -> (SwarmChallenge, SwarmChallenge.Scale)? {
        guard case let .classic(id, _, _) = contest, let challenge = swarmChallenge(id: id), let scale = challenge.seasonTwo else { return nil }
        return (challenge, scale)
    }

    private static func unknown(_ contest: SwarmContest) -> SwarmRefusal {
        SwarmRefusal(kind: .unknownContest, description: "there is no swarm contest \(contest.seedName)")
    }

    /// The refusal a recipe meets on a contest before any run, or nil.
    public func check(_ recipe: SwarmRecipe, on contest: SwarmContest) -> SwarmRefusal? {
        switch contest {
        case .classic:
            guard let (challenge, _) = scored(contest) else { return Self.unknown(contest) }
            return check(recipe, name: challenge.name, readsSpecies: challenge.readsSpecies, constraints: [])
        case .lab(let day):
            return check(recipe, brief: labBrief(forDay: day))
        }
    }

    /// The refusal a recipe meets on a Lab brief before any run, or nil.
    public func check(_ recipe: SwarmRecipe, brief: LabBrief) -> SwarmRefusal? {
        check(recipe, name: "The Lab brief", readsSpecies: brief.readsSpecies, constraints: brief.constraints)
    }

    private func check(_ recipe: SwarmRecipe, name: String, readsSpecies: Bool, constraints: [LabConstraint]) -> SwarmRefusal? {
        if let problem = recipe.problems().first { return SwarmRefusal(kind: .invalid, description: problem) }
        let agents = recipe.totalPopulation
        if agents < SwarmRules.minimumAgents {
            return SwarmRefusal(kind: .tooSmall, description: "a swarm needs at least \(SwarmRules.minimumAgents) agents to be scored; this one has \(agents)")
        }
        if readsSpecies {
            let percent = Int(SwarmRules.minimumSpeciesShare * 100)
            guard recipe.ingredients.count >= 2 else {
                return SwarmRefusal(kind: .tooSmall, description: "\(name) needs at least two species, each at least \(percent) % of the agents; this swarm has one")
            }
            for (index, ingredient) in recipe.ingredients.enumerated()
            where Double(ingredient.population) < SwarmRules.minimumSpeciesShare * Double(agents) {
                let share = ingredient.population * 100 / agents
                return SwarmRefusal(kind: .tooSmall, description: "\(name) needs every species to be at least \(percent) % of the agents; ingredient \(index + 1) is \(share) % (\(ingredient.population) of \(agents))")
            }
        }
        for constraint in constraints {
            if let broken = constraint.broken(by: recipe) { return SwarmRefusal(kind: .breaksBrief, description: broken) }
        }
        return nil
    }

    /// The score the boards give `recipe` on `contest`: `check`, then one run per seed of
    /// `SwarmRules.steps`, each read over the window. The same on every machine and for any
    /// `threads`.
    public func score(_ recipe: SwarmRecipe, on contest: SwarmContest, threads: Int = 1) -> Result<SwarmScore, SwarmRefusal> {
        if let refusal = check(recipe, on: contest) { return .failure(refusal) }
        if case .lab(let day) = contest { return .success(labScore(recipe, brief: labBrief(forDay: day), seeds: contest.seeds, threads: threads)) }
        guard let (challenge, scale) = scored(contest) else { return .failure(Self.unknown(contest)) }
        var values: [Double] = [], shares: [Double] = []
        for seed in contest.seeds {
            var total = 0.0, readings = 0
            Swarm.sampled(recipe, seed: seed, steps: SwarmRules.steps, window: SwarmRules.window, every: SwarmRules.sampleEvery,
                          threads: threads) { start, now in
                total += challenge.seasonTwoValue(from: start, to: now)
                readings += 1
            }
            let value = total / Double(readings)
            values.append(value)
            shares.append(scale.share(value))
        }
        let runs = shares.map { 1000 * min(1, max(0, $0)) }
        let count = Double(shares.count)
        return .success(SwarmScore(score: Int((runs.reduce(0, +) / count).rounded()),
                                   detail: SwarmRules.rounded(1000 * shares.reduce(0, +) / count),
                                   value: values.reduce(0, +) / count, runs: runs,
                                   agents: recipe.totalPopulation, ingredients: recipe.ingredients.count))
    }
}

extension ChallengeBook {
    /// A Lab brief's score: each seed's run read over the window, every goal averaged, the run's
    /// points `LabBrief.points` of those; the score the mean of the runs' points. The detail is
    /// the recipe's costs, so that the board ranks fewer ingredients, then fewer agents, first
    /// within a score.
    public func labScore(_ recipe: SwarmRecipe, brief: LabBrief, seeds: [UInt64], threads: Int) -> SwarmScore {
        var runs: [Double] = [], sums = [Double](repeating: 0, count: brief.goals.count)
        for seed in seeds {
            var totals = [Double](repeating: 0, count: brief.goals.count), readings = 0
            Swarm.sampled(recipe, seed: seed, steps: SwarmRules.steps, window: SwarmRules.window, every: SwarmRules.sampleEvery,
                          threads: threads) { start, now in
                for (index, goal) in brief.goals.enumerated() { totals[index] += goal.measure.reading(from: start, to: now) }
                readings += 1
            }
            let means = totals.map { $0 / Double(max(1, readings)) }
            for index in means.indices { sums[index] += means[index] }
            runs.append(brief.points(means))
        }
        let count = Double(max(1, runs.count))
        var score = SwarmScore(score: Int((runs.reduce(0, +) / count).rounded()), detail: LabCosts.detail(of: recipe),
                               value: runs.reduce(0, +) / count / 1000, runs: runs,
                               agents: recipe.totalPopulation, ingredients: recipe.ingredients.count)
        score.parts = zip(brief.goals, sums).map { SwarmScorePart(goal: $0, reading: $1 / count) }
        return score
    }
}

/// A Lab board's order within a score: fewer ingredients first, then fewer agents — kept in the
/// record's detail (higher ranks first), so the costs are read back from it.
public enum LabCosts {
    public static func detail(of recipe: SwarmRecipe) -> Double { detail(ingredients: recipe.ingredients.count, agents: recipe.totalPopulation) }

    public static func detail(ingredients: Int, agents: Int) -> Double { -Double(ingredients * 1000 + agents) }

    /// (ingredients, agents) of a detail `detail(of:)` wrote; nil for one it did not.
    public static func costs(_ detail: Double) -> (ingredients: Int, agents: Int)? {
        guard detail <= -1000, detail == detail.rounded(), detail > -1_000_000 else { return nil }
        let whole = Int(-detail)
        return (whole / 1000, whole % 1000)
    }
}

/// A swarm board's score and its order within the score, as the board keeps them.
public struct SwarmBoardScore: Sendable, Equatable {
    public let score: Int
    public let detail: Double
    /// Season 2 on: the whole score (seeds, runs); nil on season 1's boards.
    public let rules: SwarmScore?

    public init(score: Int, detail: Double, rules: SwarmScore?) { (self.score, self.detail, self.rules) = (score, detail, rules) }
}

extension ChallengeBook {
    /// The score a classic challenge's board gives a swarm: season 1's boards as they were scored
    /// (one seed, the last frame, the unclamped share × 1000 as the detail), season 2 and later
    /// under `SwarmRules`. The server's verifier and `plume swarm score` both call this.
    public func boardScore(_ recipe: SwarmRecipe, challenge id: String, season: Int, week: ISOWeek?,
                           threads: Int = 1) -> Result<SwarmBoardScore, SwarmRefusal> {
        guard season >= 2 else {
            guard let challenge = swarmChallenge(id: id) else {
                return .failure(SwarmRefusal(kind: .unknownContest, description: "there is no swarm challenge \(id)"))
            }
            if let problem = recipe.problems().first { return .failure(SwarmRefusal(kind: .invalid, description: problem)) }
            let outcome = challenge.score(recipe, threads: threads)
            return .success(SwarmBoardScore(score: outcome.score, detail: challenge.seasonOne.share(outcome.value) * 1000, rules: nil))
        }
        return score(recipe, on: .classic(challenge: id, season: season, week: week), threads: threads)
            .map { SwarmBoardScore(score: $0.score, detail: $0.detail, rules: $0) }
    }
}

/// The classic challenges' seasons. Season 1 scored one seed's last frame and ran from the boards'
/// first day; season 2 scores under `SwarmRules` from the day it shipped. A season's boards close
/// when the next begins and are read for ever; a season's first day never moves once played.
public enum SwarmSeasons {
    /// The first UTC day of each season from season 2 on, in order.
    public static let firstDays: [(season: Int, day: Int)] = [
        (2, UTCDay.days(year: 2026, month: 11, day: 28)),
    ]

    /// The latest season defined.
    public static var latest: Int { firstDays.last?.season ?? 1 }

    /// The season a UTC day plays.
    public static func season(onDay day: Int) -> Int {
        firstDays.last { day >= $0.day }?.season ?? 1
    }

    /// A season's first day; nil for season 1 (it began with the boards) and for seasons not defined.
    public static func firstDay(of season: Int) -> Int? {
        firstDays.first { $0.season == season }?.day
    }

    /// The day a season's boards close (the next season's first day); nil while it is the latest.
    public static func endDay(of season: Int) -> Int? {
        firstDay(of: season + 1)
    }

    /// Whether the season is one this game knows.
    public static func isDefined(_ season: Int) -> Bool { season == 1 || firstDay(of: season) != nil }
}
