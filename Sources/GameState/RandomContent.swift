// Random legal looks and recipes: the Studio's "randomise", the Lab's fresh recipes, and the
// generators behind Plume's property tests and link fuzzer.

extension Catalog {
    /// A random look that breaks no rule: a dress or a top and bottom, sometimes a coat, shoes,
    /// a hat, and up to three accessories that cover nothing already covered.
    public func randomLook(using rng: inout SplitMix64) -> Look {
        func pick(_ slot: Slot) -> WornGarment? {
            let choices = garments(in: slot)
            guard !choices.isEmpty else { return nil }
            let garment = choices[rng.below(choices.count)]
            return WornGarment(id: garment.id, colour: rng.below(garment.variants.count))
        }
        var worn: [WornGarment] = []
        if rng.below(3) == 0 {
            worn += [pick(.dress)].compactMap { $0 }
        } else {
            if rng.below(6) > 0 { worn += [pick(.top)].compactMap { $0 } }
            if rng.below(6) > 0 { worn += [pick(.bottom)].compactMap { $0 } }
        }
        for slot in [Slot.outerwear, .shoes, .hat] where rng.below(2) == 0 {
            worn += [pick(slot)].compactMap { $0 }
        }
        // Accessories also keep clear of what is already worn (a trapper hat covers the ears).
        var covered = worn.reduce(into: Set<BodyRegion>()) { $0.formUnion(garment(id: $1.id)?.covers ?? []) }
        let accessories = garments(in: .accessory)
        for _ in 0..<rng.below(Slot.accessory.capacity + 1) where !accessories.isEmpty {
            let garment = accessories[rng.below(accessories.count)]
            guard covered.isDisjoint(with: garment.covers) else { continue }
            covered.formUnion(garment.covers)
            worn.append(WornGarment(id: garment.id, colour: rng.below(garment.variants.count)))
        }
        return Look(background: backgrounds[rng.below(backgrounds.count)].id,
                    model: models[rng.below(models.count)].id, garments: worn)
    }
}

extension SwarmRecipe {
    /// A random valid recipe of `count` ingredients (1–16) with parameters uniform over their
    /// ranges and populations totalling at most 300.
    public static func random(ingredients count: Int, using rng: inout SplitMix64) -> SwarmRecipe {
        precondition((1...GameLimits.maxIngredients).contains(count))
        let share = GameLimits.maxTotalPopulation / count
        return SwarmRecipe((0..<count).map { _ in
            let values = Genome.Parameter.allCases.map { rng.below($0.maxHundredths + 1) }
            return Ingredient(population: 1 + rng.below(share), genome: Genome(clampingHundredths: values))
        })
    }
}
