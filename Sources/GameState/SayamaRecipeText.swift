// Sayama's recipe text, as his Swarm Chemistry simulator prints it — one ingredient per line,
// `count * (R, Vn, Vm, c1, c2, c3, c4, c5)`, optionally after a name line — and the bare form
// of only numbers, nine per ingredient.

public enum SayamaRecipeText {
    /// Sayama's line format for one recipe.
    public static func format(_ recipe: SwarmRecipe) -> String {
        recipe.ingredients.map { ingredient in
            "\(ingredient.population) * (" + ingredient.genome.allHundredths.map(Hundredths.formatSayama).joined(separator: ", ") + ")"
        }.joined(separator: "\n")
    }

    struct Parsed {
        var recipe: SwarmRecipe
        var title: String?
        var notes: [String]
    }

    /// True when the text has the shape of recipe lines (a `*` before a `(`).
    static func looksLikeRecipe(_ text: String) -> Bool {
        guard let star = text.firstIndex(of: "*") else { return false }
        return text[star...].contains("(")
    }

    static func parse(_ text: String) throws(ImportError) -> Parsed {
        var rows: [Row] = []
        var title: String?
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingSpaces
            if line.isEmpty { continue }
            if let row = ingredientLine(line, number: number + 1) {
                rows.append(row)
            } else if rows.isEmpty && title == nil {
                title = String(SafeText.strip(String(line)).prefix(GameLimits.maxTitleCharacters))
            } else {
                throw .recipe("line \(number + 1) isn't an ingredient; ingredients read “count * (R, Vn, Vm, c1, c2, c3, c4, c5)”")
            }
        }
        guard !rows.isEmpty else { throw .recipe("it has no ingredient lines “count * (R, Vn, Vm, c1, c2, c3, c4, c5)”") }
        var parsed = try build(rows)
        parsed.title = title
        return parsed
    }

    /// Only numbers, nine per ingredient: population then the eight parameters.
    static func parseTokens(_ text: String) throws(ImportError) -> Parsed? {
        let tokens = text.split { $0 == " " || $0 == "\n" || $0 == "," || $0 == ";" }
        guard !tokens.isEmpty else { return nil }
        var numbers: [(value: Int, rounded: Bool)] = []
        for token in tokens {
            guard let number = Hundredths.parse(token) else { return nil }
            numbers.append(number)
        }
        guard numbers.count % 9 == 0 else {
            throw .recipe("it has \(numbers.count) number\(numbers.count == 1 ? "" : "s"); a recipe written as numbers has nine per ingredient (population, R, Vn, Vm, c1–c5)")
        }
        let rows = stride(from: 0, to: numbers.count, by: 9).map { start in
            Row(line: start / 9 + 1, population: numbers[start], values: Array(numbers[(start + 1)..<(start + 9)]))
        }
        return try build(rows)
    }

    struct Row {
        var line: Int
        var population: (value: Int, rounded: Bool)
        var values: [(value: Int, rounded: Bool)]
    }

    /// `97 * (226.76, 3.11, 9.61, 0.15, 0.88, 43.35, 0.44, 0.2)`; parentheses optional.
    private static func ingredientLine(_ line: Substring, number: Int) -> Row? {
        guard let star = line.firstIndex(of: "*") else { return nil }
        guard let population = Hundredths.parse(line[..<star].trimmingSpaces) else { return nil }
        var rest = line[line.index(after: star)...].trimmingSpaces
        if rest.first == "(" { rest = rest.dropFirst() }
        while let last = rest.last, last == "," || last == ";" || last == " " { rest = rest.dropLast() }
        if rest.last == ")" { rest = rest.dropLast() }
        let fields = rest.split { $0 == "," || $0 == " " }
        guard fields.count == 8 else { return nil }
        var values: [(Int, Bool)] = []
        for field in fields {
            guard let value = Hundredths.parse(field) else { return nil }
            values.append(value)
        }
        return Row(line: number, population: population, values: values)
    }

    /// Clamps values into Sayama's ranges and caps the total population, noting each change.
    private static func build(_ rows: [Row]) throws(ImportError) -> Parsed {
        guard rows.count <= GameLimits.maxIngredients else {
            throw .recipe("it has \(rows.count) ingredients; a recipe holds at most \(GameLimits.maxIngredients)")
        }
        var notes: [String] = []
        var rounded = false
        var populations: [Int] = []
        var genomes: [Genome] = []
        for row in rows {
            guard row.population.value % 100 == 0 else {
                throw .recipe("ingredient \(row.line) has population \(Hundredths.format(row.population.value)); populations are whole numbers")
            }
            var population = row.population.value / 100
            if population < 1 {
                notes.append("ingredient \(row.line) had population \(population); raised to 1")
                population = 1
            }
            populations.append(population)
            var values: [Int] = []
            for (parameter, value) in zip(Genome.Parameter.allCases, row.values) {
                rounded = rounded || value.rounded
                let clamped = min(max(value.value, 0), parameter.maxHundredths)
                if clamped != value.value {
                    notes.append("ingredient \(row.line): \(parameter.symbol) \(Hundredths.format(value.value)) is outside 0–\(Hundredths.format(parameter.maxHundredths)); set to \(Hundredths.format(clamped))")
                }
                values.append(clamped)
            }
            genomes.append(Genome(clampingHundredths: values))
        }
        if rounded { notes.append("values were rounded to two decimals") }
        let total = populations.reduce(0, +)
        let scaled = SwarmRecipe.rescaled(populations)
        if scaled != populations {
            notes.append("the recipe had \(total) agents; scaled to \(GameLimits.maxTotalPopulation), keeping the proportions")
        }
        let recipe = SwarmRecipe(zip(scaled, genomes).map { Ingredient(population: $0, genome: $1) })
        return Parsed(recipe: recipe, title: nil, notes: notes)
    }
}

extension StringProtocol {
    var trimmingSpaces: SubSequence {
        let start = firstIndex { $0 != " " } ?? endIndex
        let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
