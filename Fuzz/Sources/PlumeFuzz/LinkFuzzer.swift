// Generates hostile and broken pastes for the link importer — random bytes, mutated links,
// mangled links, over-long text, broken legacy formats — and checks every answer: the importer
// must never crash, never hang, and whatever it accepts must be a valid state that round-trips.
import Foundation
import GameState

public struct LinkFuzzer {
    public struct Report: Sendable {
        public var inputs = 0
        public var accepted = 0
        public var rejected = 0
        public var failures: [String] = []
    }

    let importer: LinkImporter
    var rng: SplitMix64

    public init(importer: LinkImporter, seed: UInt64) {
        self.importer = importer
        rng = SplitMix64(seed: seed)
    }

    public mutating func run(inputs count: Int) -> Report {
        var report = Report()
        for _ in 0..<count {
            let input = nextInput()
            report.inputs += 1
            do {
                let link = try importer.read(input)
                report.accepted += 1
                if let failure = check(link), report.failures.count < 20 {
                    report.failures.append(failure + " — input: " + SharedStateJSON.string(input))
                }
            } catch {
                report.rejected += 1
                let message = error.description
                if message.isEmpty || message.unicodeScalars.contains(where: { !SafeText.isShowable($0) }), report.failures.count < 20 {
                    report.failures.append("an error message is empty or holds control characters — input: " + SharedStateJSON.string(input))
                }
            }
        }
        return report
    }

    /// Whatever is accepted must be valid and survive encode → decode unchanged.
    private func check(_ link: ImportedLink) -> String? {
        switch link.state {
        case .look(let look):
            if !look.brokenRules(in: importer.catalog).isEmpty { return "accepted a look that breaks rules" }
        case .swarm(let recipe):
            if !recipe.isValid { return "accepted an invalid recipe" }
        }
        guard let again = try? ShareCode.decode(ShareCode.encode(link.state)), again == link.state else {
            return "accepted state does not round-trip"
        }
        return nil
    }

    // MARK: - Inputs

    private static let linkCharacters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/=%:?&#.|* ()<>\"'`\\\n\r\t,;!>")
    private static let nasty: [String] = ["\u{0}", "\u{1B}[2J", "\u{202E}", "\u{200B}", "\u{FEFF}", "é", "🧵", "\u{301}", "\u{7F}", "\u{9B}", "%", "%%", "%2", "%ZZ", "=", "=\n", "=3D", "&amp;", "\\_", "> ", "\r\n", "plume://", "emergent:", "?", "&", "|", ":", "*", "("]

    mutating func nextInput() -> String {
        switch rng.below(12) {
        case 0: return randomBytes(count: rng.below(300))
        case 1: return String((0..<rng.below(200)).map { _ in Self.linkCharacters[rng.below(Self.linkCharacters.count)] })
        case 2, 3: return mutate(validLink())
        case 4: return mangle(validLink())
        case 5: return mutate(mangle(validLink()))
        case 6: return emergentish()
        case 7: return recipeText()
        case 8: return longInput()
        case 9: return outfitish()
        case 10: return nastyMix()
        default: return mutate(ShareCode.encode(validState()))
        }
    }

    private mutating func validState() -> SharedState {
        rng.below(2) == 0 ? .look(importer.catalog.randomLook(using: &rng))
            : .swarm(SwarmRecipe.random(ingredients: 1 + rng.below(GameLimits.maxIngredients), using: &rng))
    }

    private mutating func validLink() -> String {
        var link = ShareCode.link(validState())
        if rng.below(3) == 0 { link += "?x-source=" + ["Mail", "Chat%20App", "", "x%00y", String(repeating: "n", count: 40)][rng.below(5)] }
        if rng.below(4) == 0 {
            link += (link.contains("?") ? "&" : "?") + "x-success=" + ["https://a.example/ok", "javascript:alert(1)", "https://u:p@h.example/", "plume://look", "https://" + String(repeating: "a", count: 300)][rng.below(5)]
        }
        return link
    }

    private mutating func randomBytes(count: Int) -> String {
        String(decoding: (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }, as: UTF8.self)
    }

    private mutating func mutate(_ text: String) -> String {
        var characters = Array(text)
        for _ in 0..<(1 + rng.below(4)) {
            let position = characters.isEmpty ? 0 : rng.below(characters.count)
            let replacement = rng.below(4) == 0 ? Array(Self.nasty[rng.below(Self.nasty.count)]) : [Self.linkCharacters[rng.below(Self.linkCharacters.count)]]
            switch rng.below(5) {
            case 0 where !characters.isEmpty: characters.replaceSubrange(position...position, with: replacement)
            case 1: characters.insert(contentsOf: replacement, at: position)
            case 2 where !characters.isEmpty: characters.remove(at: position)
            case 3 where position + 1 < characters.count: characters.swapAt(position, position + 1)
            default:
                let end = min(characters.count, position + rng.below(20))
                characters.insert(contentsOf: characters[position..<end], at: position)
            }
        }
        return String(characters)
    }

    private mutating func mangle(_ link: String) -> String {
        var text = link
        for _ in 0..<(1 + rng.below(3)) {
            switch rng.below(9) {
            case 0: text = "<" + text + ">"
            case 1: text = "\"" + text + "\"."
            case 2: text = "> " + wrap(text, every: 1 + rng.below(40), with: "\n> ")
            case 3: text = wrap(text.replacingOccurrences(of: "=", with: "=3D"), every: 1 + rng.below(76), with: "=\n")
            case 4: text = text.replacingOccurrences(of: "_", with: "\\_")
            case 5: text = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + "=="
            case 6: text = text.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: "/", with: "%2F")
            case 7: text = "Look at this: " + text + " — isn't it great?"
            default: text = "`" + wrap(text, every: 1 + rng.below(30), with: "\n") + "`"
            }
        }
        return text
    }

    private func wrap(_ text: String, every width: Int, with separator: String) -> String {
        let characters = Array(text)
        return stride(from: 0, to: characters.count, by: width).map { String(characters[$0..<min(characters.count, $0 + width)]) }
            .joined(separator: separator)
    }

    private mutating func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(rng.below(10))) }) }

    private mutating func emergentish() -> String {
        let keys = ["r", "g", "b", "x", "R", "r", "g"]
        let parts = (0..<rng.below(5)).map { _ in keys[rng.below(keys.count)] + "=" + digits([14, 14, 14, 15, 13, 0, 30][rng.below(7)]) }
        return ["emergent://?", "emergent:?", "EMERGENT://", "emergent:"][rng.below(4)] + parts.joined(separator: "&")
    }

    private mutating func number() -> String {
        switch rng.below(8) {
        case 0: return "-" + digits(1 + rng.below(3))
        case 1: return digits(1 + rng.below(25))
        case 2: return digits(1 + rng.below(3)) + "." + digits(rng.below(6))
        case 3: return "." + digits(1 + rng.below(3))
        case 4: return ["nan", "1e9", "", "--1", "1..2", "∞"][rng.below(6)]
        default: return digits(1 + rng.below(3)) + "." + digits(2)
        }
    }

    private mutating func recipeText() -> String {
        var lines: [String] = rng.below(2) == 0 ? ["Recipe \(digits(3))"] : []
        for _ in 0..<rng.below(20) {
            let values = (0..<(rng.below(8) == 0 ? rng.below(12) : 8)).map { _ in number() }
            lines.append(rng.below(6) == 0 ? values.joined(separator: " ") : "\(number()) * (" + values.joined(separator: ", ") + ")")
        }
        return lines.joined(separator: rng.below(4) == 0 ? "\r\n" : "\n")
    }

    private mutating func longInput() -> String {
        let unit = ["plume://", "%", "=\n", "> ", " ", "1", "\n", "a|", "9 * (", "&x-source=", "\\", "\u{FEFF}"][rng.below(12)]
        let target = [GameLimits.maxPasteBytes - rng.below(64), GameLimits.maxPasteBytes + 1 + rng.below(64), rng.below(5000)][rng.below(3)]
        return String(repeating: unit, count: max(1, target / max(1, unit.utf8.count)))
    }

    private mutating func outfitish() -> String {
        let catalog = importer.catalog
        var names = [catalog.backgrounds[rng.below(catalog.backgrounds.count)].name, catalog.models[rng.below(catalog.models.count)].key]
        for _ in 0..<rng.below(9) {
            let garment = catalog.garments[rng.below(catalog.garments.count)]
            names.append(rng.below(3) == 0 ? garment.name + ":" + String(rng.below(10)) : garment.key)
        }
        if rng.below(4) == 0 { names[rng.below(names.count)] = randomBytes(count: rng.below(8)) }
        return "plume://look?outfit=" + names.joined(separator: "|")
    }

    private mutating func nastyMix() -> String {
        (0..<rng.below(40)).map { _ in Self.nasty[rng.below(Self.nasty.count)] }.joined()
    }
}
