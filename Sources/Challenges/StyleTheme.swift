// A daily style theme and how a look is scored against it (0–1000), under the rules of the day
// (StyleRules). Version 1:
//   coverage    300 × share of the theme's required body regions the look covers
//   tags        400 × (0.85 × garment tag balance + 0.15 × background fits)
//   colour      200 × share of garments whose main colour follows the theme's colour rule
//   accessories 100 inside the theme's range, 50 one off, 0 otherwise
// Version 2 is in StyleRules.swift.
import GameState

public enum ColourRule: String, CaseIterable, Sendable {
    case warm, cool, dark, pastel, monochrome, contrast

    public var description: String {
        switch self {
        case .warm: "warm colours: reds, oranges, yellows"
        case .cool: "cool colours: blues, greens, purples, icy whites"
        case .dark: "dark colours"
        case .pastel: "soft, light colours"
        case .monochrome: "black, white and greys"
        case .contrast: "something very light with something very dark"
        }
    }
}

public struct StyleTheme: Sendable, Identifiable, Equatable {
    public let id: Int
    public let name: String
    public let brief: String
    public let wanted: Set<String>
    public let unwanted: Set<String>
    public let cover: Set<BodyRegion>
    public let colours: ColourRule
    public let accessories: ClosedRange<Int>
    /// The colour name one piece should wear (v2's accent), e.g. "Camel".
    public let accent: String?
    /// The rules this theme scores under: its day's, once `ChallengeBook.theme(forDay:)` gave it.
    public var rules: StyleRules = .latest

    public init(id: Int, name: String, brief: String, wanted: Set<String>, unwanted: Set<String>, cover: Set<BodyRegion>,
                colours: ColourRule, accessories: ClosedRange<Int>, accent: String? = nil, rules: StyleRules = .latest) {
        (self.id, self.name, self.brief, self.wanted, self.unwanted, self.cover) = (id, name, brief, wanted, unwanted, cover)
        (self.colours, self.accessories, self.accent, self.rules) = (colours, accessories, accent, rules)
    }
}

public struct StyleScore: Sendable, Equatable {
    /// The rules it was scored under.
    public var rules: StyleRules = .v1
    public var coverage: Int
    public var tags: Int
    public var colour: Int
    /// Accessories in range (v1); accessories and the piece limit (v2's extras).
    public var accessories: Int
    public var palette = 0
    public var accent = 0
    public var total: Int { coverage + tags + colour + accessories + palette + accent }

    public init(rules: StyleRules = .v1, coverage: Int, tags: Int, colour: Int, accessories: Int, palette: Int = 0, accent: Int = 0) {
        (self.rules, self.coverage, self.tags, self.colour, self.accessories, self.palette, self.accent) =
            (rules, coverage, tags, colour, accessories, palette, accent)
    }

    /// The points of one part.
    public func points(_ part: StylePart) -> Int {
        switch part {
        case .coverage: coverage
        case .tags: tags
        case .colour: colour
        case .extras: accessories
        case .palette: palette
        case .accent: accent
        }
    }
}

extension StyleTheme {
    /// Scores `look` under the theme's rules (assumed wearable; unknown ids count for nothing).
    public func score(_ look: Look, in catalog: Catalog) -> StyleScore {
        switch rules {
        case .v1: scoreV1(look, in: catalog)
        case .v2, .v3: scoreV2(look, in: catalog, rules: rules)
        }
    }

    func scoreV1(_ look: Look, in catalog: Catalog) -> StyleScore {
        let rules = StyleRules.v1, worn = WornLook(look, in: catalog)
        let coverage = cover.isEmpty ? rules.maximum(.coverage) : rules.maximum(.coverage) * worn.covered.intersection(cover).count / cover.count

        let garmentShare = worn.count == 0 ? 0 : min(1, max(0, Double(balance(of: worn)) / Double(worn.count)))
        let backgroundFits = catalog.background(id: look.background).map { !Set($0.tags).isDisjoint(with: wanted) } ?? false
        let tags = Int((Double(rules.maximum(.tags)) * (0.85 * garmentShare + (backgroundFits ? 0.15 : 0))).rounded())

        let colour = Int((Double(rules.maximum(.colour)) * colours.share(of: worn.mainColours)).rounded())

        let distance = accessoryDistance(worn.accessoryCount)
        let accessoryScore = distance == 0 ? rules.maximum(.extras) : distance == 1 ? rules.maximum(.extras) / 2 : 0
        return StyleScore(coverage: coverage, tags: tags, colour: colour, accessories: accessoryScore)
    }
}

/// How one garment sits with a theme: it carries a wanted tag (and no unwanted one), an
/// unwanted tag, or neither.
public enum ThemeFit: Sendable, Equatable {
    case suits, clashes, neutral

    public var words: String {
        switch self {
        case .suits: "✓ suits today"
        case .clashes: "✗ against today's theme"
        case .neutral: "· neutral today"
        }
    }
}

extension StyleTheme {
    public func fit(of garment: Garment) -> ThemeFit {
        let tags = Set(garment.tags)
        if !tags.isDisjoint(with: unwanted) { return .clashes }
        return tags.isDisjoint(with: wanted) ? .neutral : .suits
    }

    /// A tag as the game shows it beside a garment: "winter✓" when the theme wants it, "beach✗"
    /// when it is against it, else as it is (the marks that make `fit(of:)`).
    public func marked(tag: String) -> String {
        wanted.contains(tag) ? tag + "✓" : unwanted.contains(tag) ? tag + "✗" : tag
    }

    /// A garment's tags, marked: "vintage✓ · cosy · beach✗".
    public func markedTags(of garment: Garment) -> String {
        garment.tags.map { marked(tag: $0) }.joined(separator: " · ")
    }
}

extension ColourVariant {
    /// The garment's main colour: palette key `a`, else the first key.
    public var mainColour: RGB? { colours[UInt8(ascii: "a")] ?? colours.sorted { $0.key < $1.key }.first?.value }
}

extension ColourRule {
    /// The share (0–1) of `colours` that follow the rule; for contrast, whether both ends appear.
    func share(of colours: [RGB]) -> Double {
        guard !colours.isEmpty else { return 0 }
        let hsl = colours.map(HSL.init)
        if self == .contrast {
            let light = hsl.contains { $0.lightness >= 0.7 }, dark = hsl.contains { $0.lightness <= 0.3 }
            return (light ? 0.5 : 0) + (dark ? 0.5 : 0)
        }
        return Double(hsl.filter(follows).count) / Double(hsl.count)
    }

    func follows(_ c: HSL) -> Bool {
        switch self {
        case .warm: c.saturation >= 0.25 && (c.hue < 70 || c.hue >= 330) && c.lightness > 0.15
        case .cool: (c.saturation >= 0.2 && c.hue >= 150 && c.hue < 290) || c.lightness >= 0.85
        case .dark: c.lightness <= 0.3
        case .pastel: c.lightness >= 0.65 && c.lightness <= 0.93
        case .monochrome: c.saturation <= 0.2 || c.lightness <= 0.12 || c.lightness >= 0.9
        case .contrast: false
        }
    }
}

/// Hue (degrees), saturation and lightness (0–1) of an sRGB colour.
struct HSL: Equatable {
    var hue: Double, saturation: Double, lightness: Double

    init(hue: Double, saturation: Double, lightness: Double) {
        (self.hue, self.saturation, self.lightness) = (hue, saturation, lightness)
    }

    init(_ c: RGB) {
        let r = Double(c.r) / 255, g = Double(c.g) / 255, b = Double(c.b) / 255
        let high = max(r, g, b), low = min(r, g, b)
        lightness = (high + low) / 2
        let chroma = high - low
        guard chroma > 0 else { hue = 0; saturation = 0; return }
        saturation = chroma / (1 - abs(2 * lightness - 1))
        var h: Double
        if high == r { h = ((g - b) / chroma).truncatingRemainder(dividingBy: 6) } else if high == g { h = (b - r) / chroma + 2 } else { h = (r - g) / chroma + 4 }
        h *= 60
        hue = h < 0 ? h + 360 : h
    }
}
