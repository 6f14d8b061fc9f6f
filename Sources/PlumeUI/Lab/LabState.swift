// The Lab's state: a live swarm from the current recipe, with editing, evolution, pause/step,
// speed and population scaling. A change to the recipe restarts the run.
import Challenges
import GameState
import SwarmSim
import TUI

public struct LabState: Sendable {
    public private(set) var recipe: SwarmRecipe
    public private(set) var swarm: Swarm
    /// The state this run started from (travel is measured from it).
    public private(set) var start: SwarmState
    public private(set) var seed: UInt64
    public var running = true
    /// Simulation steps per frame.
    public private(set) var speed = 1
    /// Agents shown (the recipe's populations scaled to this); nil runs the recipe as written.
    public private(set) var agents: Int?
    /// Selected ingredient and row (0 population, 1–8 Sayama's parameters).
    public var ingredient = 0
    public var parameterRow = 1
    public var camera = Camera()
    /// Which swarm challenge the side panel measures.
    public var challengeIndex = 0
    /// The swarm's name: a recipe's title line, a slot's, or one the player typed (n… N).
    public var name: String?
    /// Generations bred in the evolution grid to reach this recipe (picks and mixes; undo goes back).
    public var lineage = 0
    /// The last swarm imported, which `x` mixes with.
    public var lastImported: SwarmRecipe?
    private(set) var undoStack: [SwarmRecipe] = []
    /// The board's score of the recipe, as b would send it (LabBoardScore.swift).
    var boardScore = LabBoardScore()
    private var generation: UInt64 = 0

    public static let speeds = [1, 2, 4, 8]
    public static let populationChoices: [Int?] = [nil, 1_000, 3_000, 10_000]

    public init(recipe: SwarmRecipe, seed: UInt64 = 1) {
        self.recipe = recipe
        self.seed = seed
        swarm = Swarm(recipe: recipe, seed: seed)
        start = swarm.state
    }

    public var agentCount: Int { swarm.state.count }

    /// Replaces the recipe (kept on the undo stack) and restarts the run.
    public mutating func use(_ new: SwarmRecipe) {
        guard new != recipe else { return }
        undoStack.append(recipe)
        recipe = new
        ingredient = min(ingredient, new.ingredients.count - 1)
        restart()
    }

    public mutating func undo() -> Bool {
        guard let previous = undoStack.popLast() else { return false }
        recipe = previous
        ingredient = min(ingredient, previous.ingredients.count - 1)
        restart()
        return true
    }

    public mutating func restart(seed newSeed: UInt64? = nil) {
        if let newSeed { seed = newSeed }
        swarm = Swarm(recipe: recipe, seed: seed, agents: agents)
        start = swarm.state
        camera = Camera()
        camera.jump(to: swarm.state, dotsWide: 100, dotsHigh: 80)
    }

    public mutating func frame(threads: Int = Swarm.availableThreads) {
        for _ in 0..<speed { swarm.step(threads: threads) }
    }

    public mutating func singleStep() {
        running = false
        swarm.step()
    }

    public mutating func faster(_ up: Bool) {
        let index = Self.speeds.firstIndex(of: speed) ?? 0
        speed = Self.speeds[max(0, min(Self.speeds.count - 1, index + (up ? 1 : -1)))]
    }

    /// Runs the recipe with `count` agents (populations scaled proportionally).
    public mutating func setAgents(_ count: Int) {
        agents = count
        restart()
    }

    public mutating func cyclePopulation() {
        let index = Self.populationChoices.firstIndex(of: agents) ?? 0
        agents = Self.populationChoices[cycled(index, by: 1, count: Self.populationChoices.count)]
        restart()
    }

    /// Nudges the selected value: population by 1 (×10 with `big`), parameters by 1 % of their
    /// range (10 % with `big`).
    public mutating func adjust(by direction: Int, big: Bool) -> String? {
        var new = recipe
        var item = new.ingredients[ingredient]
        var note: String?
        if parameterRow == 0 {
            let others = recipe.totalPopulation - item.population
            let wanted = item.population + direction * (big ? 10 : 1)
            let room = GameLimits.maxTotalPopulation - others
            item.population = max(1, min(room, wanted))
            if wanted > room { note = "A recipe holds at most \(GameLimits.maxTotalPopulation) agents." }
        } else {
            let parameter = Genome.Parameter.allCases[parameterRow - 1]
            let step = max(1, parameter.maxHundredths / (big ? 10 : 100))
            item.genome.set(parameter, hundredths: item.genome.hundredths(parameter) + direction * step)
        }
        new.ingredients[ingredient] = item
        use(new)
        return note
    }

    public mutating func mutate() {
        generation += 1
        use(Evolution.mutate(recipe, seed: seed &+ generation &* 0x9E37_79B9))
    }

    /// The child of two recipes (the evolution grid's mix), as the new recipe.
    public mutating func mix(_ a: SwarmRecipe, _ b: SwarmRecipe) {
        generation += 1
        use(Evolution.mix(a, b, seed: seed &+ generation &* 0x9E37_79B9))
    }

    public mutating func mix(with other: SwarmRecipe) {
        generation += 1
        use(Evolution.mix(recipe, other, seed: seed &+ generation &* 0x9E37_79B9))
    }

    public mutating func addIngredient() -> String? {
        guard recipe.ingredients.count < GameLimits.maxIngredients else { return "A recipe holds at most \(GameLimits.maxIngredients) ingredients." }
        generation += 1
        var rng = SplitMix64(seed: seed &+ generation)
        var new = recipe
        let random = SwarmRecipe.random(ingredients: 1, using: &rng).ingredients[0]
        new.ingredients.append(Ingredient(population: min(30, max(1, GameLimits.maxTotalPopulation - recipe.totalPopulation)), genome: random.genome))
        new = SwarmRecipe(zip(SwarmRecipe.rescaled(new.ingredients.map(\.population)), new.ingredients).map { Ingredient(population: $0, genome: $1.genome) })
        use(new)
        ingredient = new.ingredients.count - 1
        return nil
    }

    public mutating func removeIngredient() -> String? {
        guard recipe.ingredients.count > 1 else { return "A recipe needs at least one ingredient." }
        var new = recipe
        new.ingredients.remove(at: ingredient)
        use(new)
        return nil
    }

    /// The swarm challenge the side panel measures.
    public func challenge(in book: ChallengeBook) -> SwarmChallenge {
        book.swarmChallenges[challengeIndex % book.swarmChallenges.count]
    }

    /// The seed the evolution grid breeds this generation's children with.
    var evolutionSeed: UInt64 { seed &+ UInt64(lineage) &* 7919 }

    /// The live value of the chosen challenge's metric, measured from the start of this run.
    public func challengeValue(_ challenge: SwarmChallenge) -> Double {
        challenge.measure(from: start, to: swarm.state)
    }
}
