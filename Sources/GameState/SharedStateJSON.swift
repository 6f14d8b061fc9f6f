// The JSON face of a shared state, for `plume link decode/encode` and scripts:
//   {"kind":"look","background":ID,"model":ID,"garments":[{"id":ID,"colour":N},…]}
//   {"kind":"swarm","ingredients":[{"population":N,"R":x,"Vn":x,…,"c5":x},…]}
// Output is canonical (fixed key order, shortest exact decimals), so equal states print equal.
import Foundation

public enum SharedStateJSON {
    // MARK: Writing

    /// Canonical JSON. `extra` keys (already-encoded JSON values) are appended after the
    /// required ones, in the order given.
    public static func encode(_ state: SharedState, extra: [(String, String)] = []) -> String {
        var fields: [(String, String)]
        switch state {
        case .look(let look):
            let garments = look.garments.map { "{\"id\":\($0.id),\"colour\":\($0.colour)}" }
            fields = [("kind", string("look")), ("background", "\(look.background)"), ("model", "\(look.model)"),
                      ("garments", "[" + garments.joined(separator: ",") + "]")]
        case .swarm(let recipe):
            let ingredients = recipe.ingredients.map { ingredient in
                "{\"population\":\(ingredient.population)," + Genome.Parameter.allCases.map {
                    "\"\($0.symbol)\":" + Hundredths.format(ingredient.genome.hundredths($0))
                }.joined(separator: ",") + "}"
            }
            fields = [("kind", string("swarm")), ("ingredients", "[" + ingredients.joined(separator: ",") + "]")]
        }
        fields += extra
        return "{" + fields.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// A JSON string literal, with every control character escaped.
    public static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    public static func array(_ items: [String]) -> String { "[" + items.map(string).joined(separator: ",") + "]" }

    // MARK: Reading

    public struct ReadError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Reads the JSON shapes above (extra keys are ignored). Values in Sayama units must lie in
    /// range; more than two decimals are rounded, and said so in `notes`.
    public static func decode(_ data: Data) throws(ReadError) -> (state: SharedState, notes: [String]) {
        let shape: Shape
        do {
            shape = try JSONDecoder().decode(Shape.self, from: data)
        } catch {
            throw ReadError(description: "the JSON can't be read: \(explain(error))")
        }
        switch shape.kind {
        case "look":
            guard let background = shape.background, let model = shape.model else {
                throw ReadError(description: "a look needs \"background\" and \"model\"")
            }
            let garments = (shape.garments ?? []).map { WornGarment(id: $0.id, colour: $0.colour) }
            if background < 0 || model < 0 || garments.contains(where: { $0.id < 0 || $0.colour < 0 }) {
                throw ReadError(description: "ids and colours are never negative")
            }
            return (.look(Look(background: background, model: model, garments: garments)), [])
        case "swarm":
            guard let rows = shape.ingredients else { throw ReadError(description: "a swarm needs \"ingredients\"") }
            var notes: [String] = []
            var ingredients: [Ingredient] = []
            for (index, row) in rows.enumerated() {
                var values: [Int] = []
                for (parameter, value) in zip(Genome.Parameter.allCases, row.values) {
                    guard let hundredths = Hundredths.from(value), (0...parameter.maxHundredths).contains(hundredths) else {
                        throw ReadError(description: "ingredient \(index + 1): \(parameter.symbol) \(value) is outside 0–\(Hundredths.format(parameter.maxHundredths))")
                    }
                    if abs(value * 100 - Double(hundredths)) > 1e-6 {
                        notes.append("ingredient \(index + 1): \(parameter.symbol) \(value) rounded to \(Hundredths.format(hundredths))")
                    }
                    values.append(hundredths)
                }
                ingredients.append(Ingredient(population: row.population, genome: Genome(clampingHundredths: values)))
            }
            let recipe = SwarmRecipe(ingredients)
            if let problem = recipe.problems().first { throw ReadError(description: problem) }
            return (.swarm(recipe), notes)
        default:
            throw ReadError(description: "\"kind\" must be \"look\" or \"swarm\", not \(SafeText.quoted(shape.kind))")
        }
    }

    private struct Shape: Decodable {
        struct Garment: Decodable { let id: Int; let colour: Int }
        struct Row: Decodable {
            let population: Int
            let values: [Double]
            enum Keys: String, CodingKey { case population, R, Vn, Vm, c1, c2, c3, c4, c5 }
            init(from decoder: Decoder) throws {
                let container = try decoder.container(keyedBy: Keys.self)
                population = try container.decode(Int.self, forKey: .population)
                values = try [Keys.R, .Vn, .Vm, .c1, .c2, .c3, .c4, .c5].map { try container.decode(Double.self, forKey: $0) }
            }
        }
        let kind: String
        let background: Int?
        let model: Int?
        let garments: [Garment]?
        let ingredients: [Row]?
    }

    private static func explain(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "it is not JSON" }
        func at(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return path.isEmpty ? "" : " at \(path)"
        }
        switch error {
        case .keyNotFound(let key, let context): return "\"\(key.stringValue)\" is missing\(at(context))"
        case .typeMismatch(_, let context): return "a value has the wrong type\(at(context))"
        case .valueNotFound(_, let context): return "a value is null\(at(context))"
        case .dataCorrupted: return "it is not valid JSON"
        @unknown default: return "it is not valid JSON"
        }
    }
}
