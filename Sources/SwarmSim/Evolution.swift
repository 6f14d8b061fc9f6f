// Sayama's interactive evolution: mutate a recipe, or mix two. Seeded and deterministic, and
// everything it returns is a valid recipe (1–16 ingredients, at most 300 agents).
import GameState

public enum Evolution {
    /// Probability that each parameter, and each ingredient, is touched.
    public static let rate = 0.1
    /// A mutated parameter moves by up to this share of its range, either way.
    public static let step = 0.25

    /// Each parameter changes with probability 0.1 by up to ±25 % of its range (clamped); each
    /// ingredient is duplicated or deleted with probability 0.1; a random new ingredient is
    /// added with probability 0.1. Populations are then capped at 300 in all.
    public static func mutate(_ recipe: SwarmRecipe, seed: UInt64) -> SwarmRecipe {
        var rng = SplitMix64(seed: seed)
        var ingredients: [Ingredient] = []
        for var ingredient in recipe.ingredients {
            for parameter in Genome.Parameter.allCases where rng.unit() < rate {
                let range = Double(parameter.maxHundredths)
                let delta = Int(((rng.unit() * 2 - 1) * step * range).rounded())
                ingredient.genome.set(parameter, hundredths: ingredient.genome.hundredths(parameter) + delta)
            }
            let fate = rng.unit()
            if fate < rate {
                ingredients += [ingredient, ingredient]        // duplicated
            } else if fate < 2 * rate && recipe.ingredients.count > 1 {
                continue                                       // deleted
            } else {
                ingredients.append(ingredient)                 // kept
            }
        }
        if ingredients.isEmpty { ingredients = [recipe.ingredients[rng.below(recipe.ingredients.count)]] }
        if rng.unit() < rate {
            let values = Genome.Parameter.allCases.map { rng.below($0.maxHundredths + 1) }
            ingredients.append(Ingredient(population: 1 + rng.below(50), genome: Genome(clampingHundredths: values)))
        }
        return normalised(ingredients)
    }

    /// A child of two recipes: each parent ingredient is inherited with probability 1/2 (at least
    /// one from each parent that has any).
    public static func mix(_ a: SwarmRecipe, _ b: SwarmRecipe, seed: UInt64) -> SwarmRecipe {
        var rng = SplitMix64(seed: seed)
        func pick(_ parent: SwarmRecipe) -> [Ingredient] {
            guard !parent.ingredients.isEmpty else { return [] }
            var chosen = parent.ingredients.filter { _ in rng.below(2) == 0 }
            if chosen.isEmpty { chosen = [parent.ingredients[rng.below(parent.ingredients.count)]] }
            return chosen
        }
        return normalised(pick(a) + pick(b))
    }

    /// At most 16 ingredients (extras dropped from the end), populations capped at 300 in all.
    static func normalised(_ ingredients: [Ingredient]) -> SwarmRecipe {
        var kept = Array(ingredients.prefix(GameLimits.maxIngredients))
        let populations = SwarmRecipe.rescaled(kept.map(\.population))
        for index in kept.indices { kept[index].population = populations[index] }
        return SwarmRecipe(kept)
    }
}
