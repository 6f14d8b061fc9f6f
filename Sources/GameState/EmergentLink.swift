// Emergent links (`emergent://?r=…&g=…&b=…`): up to three species, each seven two-digit values
// 00–99 concatenated (radius, c1, c2, c3, c4, c5, normal speed). Emergent's values are
// normalised; Plume maps them to Sayama's units and runs Sayama's kinetics, not Emergent's GPU
// physics.
//
// Mapping (digits d, value d/100):  R = 300·d,  c1 = d,  c2 = d,  c3 = 100·d,  c4 = 0.5·d
// (rounded half up to two decimals),  c5 = d,  Vn = 20·d,  Vm = 2·Vn.  Each genome becomes an
// ingredient of 100 agents.

public enum EmergentLink {
    public static let genomeKeys = ["r", "g", "b"]
    public static let populationPerGenome = 100
    static let colourNames = ["r": "red", "g": "green", "b": "blue"]

    /// Emergent digit pairs → hundredths in Sayama's order (R, Vn, Vm, c1, c2, c3, c4, c5).
    static func sayamaHundredths(_ d: [Int]) -> [Int] {
        let (radius, c1, c2, c3, c4, c5, speed) = (d[0], d[1], d[2], d[3], d[4], d[5], d[6])
        return [radius * 300, speed * 20, speed * 40, c1, c2, c3 * 100, (c4 + 1) / 2, c5]
    }

    static func parse(_ items: [(key: String, value: String)]) throws(ImportError) -> SwarmRecipe {
        var genomes: [String: Genome] = [:]
        for (key, value) in items where genomeKeys.contains(key) {
            let colour = colourNames[key]!
            guard genomes[key] == nil else { throw .emergent("the \(colour) genome (\(key)=) is given twice") }
            guard value.utf8.allSatisfy({ (48...57).contains($0) }) else {
                throw .emergent("the \(colour) genome (\(key)=) must be digits only; it has \(SafeText.quoted(value, limit: 20))")
            }
            let count = value.utf8.count
            if count == 15 {
                throw .emergent("the \(colour) genome (\(key)=) has 15 digits, not 14 — a value of 100 doesn't fit Emergent's 00–99, and Plume won't guess what was meant")
            }
            guard count == 14 else {
                throw .emergent("the \(colour) genome (\(key)=) has \(count) digits; Emergent genomes are exactly 14 (seven values 00–99)")
            }
            let digits = Array(value.utf8).map { Int($0) - 48 }
            let pairs = stride(from: 0, to: 14, by: 2).map { digits[$0] * 10 + digits[$0 + 1] }
            genomes[key] = Genome(clampingHundredths: sayamaHundredths(pairs))
        }
        let ingredients = genomeKeys.compactMap { genomes[$0] }.map { Ingredient(population: populationPerGenome, genome: $0) }
        guard !ingredients.isEmpty else { throw .emergent("it holds no genome (r=, g= or b=)") }
        return SwarmRecipe(ingredients)
    }

    /// The Emergent link for a recipe of at most three ingredients, and what the conversion lost.
    public static func export(_ recipe: SwarmRecipe) -> (link: String, losses: [String])? {
        guard (1...3).contains(recipe.ingredients.count) else { return nil }
        var losses: [String] = []
        var query: [String] = []
        let populations = Set(recipe.ingredients.map(\.population))
        if populations != [populationPerGenome] {
            losses.append("populations (Emergent links carry none; Plume reads them back as \(populationPerGenome) each)")
        }
        for (key, ingredient) in zip(genomeKeys, recipe.ingredients) {
            let g = ingredient.genome
            func pair(_ hundredths: Int, per step: Int) -> Int {
                min(99, max(0, (hundredths + step / 2) / step))
            }
            let d = [pair(g.hundredths(.radius), per: 300), g.hundredths(.c1), g.hundredths(.c2), pair(g.hundredths(.c3), per: 100),
                     min(99, g.hundredths(.c4) * 2), g.hundredths(.c5), pair(g.hundredths(.normalSpeed), per: 20)].map { min(99, $0) }
            query.append("\(key)=" + d.map { ($0 < 10 ? "0" : "") + String($0) }.joined())
            let back = Genome(clampingHundredths: sayamaHundredths(d))
            let changed = Genome.Parameter.allCases.filter { back.hundredths($0) != g.hundredths($0) }
            if !changed.isEmpty {
                let what = changed.map { "\($0.symbol) \(Hundredths.format(g.hundredths($0))) → \(Hundredths.format(back.hundredths($0)))" }
                losses.append("\(colourNames[key]!) genome: " + what.joined(separator: ", "))
            }
        }
        return ("emergent://?" + query.joined(separator: "&"), losses)
    }
}
