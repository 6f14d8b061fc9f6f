// A swarm recipe: up to 16 ingredients, each a population of one species.

public struct Ingredient: Hashable, Sendable {
    public var population: Int
    public var genome: Genome

    public init(population: Int, genome: Genome) {
        self.population = population
        self.genome = genome
    }
}

public struct SwarmRecipe: Hashable, Sendable {
    public var ingredients: [Ingredient]

    public init(_ ingredients: [Ingredient]) { self.ingredients = ingredients }

    public var totalPopulation: Int { ingredients.reduce(0) { $0 + $1.population } }

    /// Every rule the recipe breaks, in words a player can be shown. Empty means valid.
    public func problems() -> [String] {
        var found: [String] = []
        if ingredients.isEmpty { found.append("a recipe needs at least one ingredient") }
        if ingredients.count > GameLimits.maxIngredients {
            found.append("a recipe holds at most \(GameLimits.maxIngredients) ingredients; this one has \(ingredients.count)")
        }
        for (index, ingredient) in ingredients.enumerated() where ingredient.population < 1 {
            found.append("ingredient \(index + 1) has no agents (population \(ingredient.population))")
        }
        if totalPopulation > GameLimits.maxTotalPopulation {
            found.append("a recipe holds at most \(GameLimits.maxTotalPopulation) agents in all; this one has \(totalPopulation)")
        }
        return found
    }

    public var isValid: Bool { problems().isEmpty }

    /// Scales populations down so they total `cap`, keeping every ingredient at one agent or more
    /// and the rest proportional. Populations already within the cap are returned unchanged.
    public static func rescaled(_ populations: [Int], toTotal cap: Int = GameLimits.maxTotalPopulation) -> [Int] {
        let clamped = populations.map { min(max($0, 1), 1_000_000_000) }
        guard clamped.reduce(0, +) > cap, clamped.count <= cap else { return clamped }
        return scaled(clamped, to: cap)
    }

    /// Scales positive populations up or down to exactly `total` agents: everyone keeps one
    /// agent, and the remaining places are shared in proportion by largest remainder (ties to
    /// the earlier ingredient). Used for the 300-agent cap and the Lab's population scaling.
    public static func scaled(_ populations: [Int], to total: Int) -> [Int] {
        let sum = populations.reduce(0, +)
        precondition(sum > 0 && total >= populations.count, "cannot scale \(populations) to \(total)")
        let spare = total - populations.count
        var shares = populations.map { $0 * spare / sum }
        var left = spare - shares.reduce(0, +)
        let byRemainder = populations.indices.sorted { a, b in
            let ra = populations[a] * spare % sum, rb = populations[b] * spare % sum
            return ra != rb ? ra > rb : a < b
        }
        for index in byRemainder where left > 0 {
            shares[index] += 1
            left -= 1
        }
        return shares.map { $0 + 1 }
    }
}
