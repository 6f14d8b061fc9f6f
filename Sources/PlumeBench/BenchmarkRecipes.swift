// The benchmark's recipe families, seeded: dense large-radius blobs (the expensive case, where
// every agent sees hundreds of others) and small-radius swarms (the grid's good case). For
// `plume bench swarm` and `evolve`; the engine's tests run the same recipes.
import GameState

public enum BenchmarkRecipes {
    /// Large radii (200–300), strong cohesion and weak separation: the swarm packs into a blob
    /// smaller than the radius, so nearly everyone neighbours everyone.
    public static func largeRadius(seed: UInt64) -> SwarmRecipe {
        var rng = SplitMix64(seed: seed)
        return SwarmRecipe((0..<(1 + rng.below(3))).map { _ in
            let values = [20000 + rng.below(10001), 200 + rng.below(801), 1000 + rng.below(2001), 60 + rng.below(41),
                          rng.below(101), rng.below(301), rng.below(11), rng.below(101)]
            return Ingredient(population: 100, genome: Genome(clampingHundredths: values))
        })
    }

    /// Small radii (10–40) with every other parameter uniform over its range.
    public static func smallRadius(seed: UInt64) -> SwarmRecipe {
        var rng = SplitMix64(seed: seed)
        return SwarmRecipe((0..<(1 + rng.below(4))).map { _ in
            var values = Genome.Parameter.allCases.map { rng.below($0.maxHundredths + 1) }
            values[Genome.Parameter.radius.rawValue] = 1000 + rng.below(3001)
            return Ingredient(population: 100, genome: Genome(clampingHundredths: values))
        })
    }
}
