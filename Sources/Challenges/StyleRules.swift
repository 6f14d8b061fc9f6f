// The versions of the style score's rules, and the day each began. A day's board is scored under
// the rules of its day, for ever: the game, the server and every later version agree on what a
// look scored on a day already played. Version 2 adds rules that interact (a palette, a piece in
// the theme's accent colour, a limit on pieces) so that the top of the day takes more than
// following the picker's hints; scripts/style-solver measures it. Version 3 closes v2's free
// points: a look with nothing on scores nothing, and the parts that reward finishing a look
// (extras, palette, accent) count only once it covers every region the theme asks for.
import GameState
import PlumeCalendar

public enum StyleRules: Int, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    /// Coverage 300, tags 400, colour 200, accessories 100.
    case v1 = 1
    /// Coverage 200, tags 200, colour 150, extras 150 (accessories and the piece limit),
    /// palette 150, accent 150.
    case v2 = 2
    /// v2's parts and points; nothing for an empty look, and extras, palette and accent only once
    /// the look covers the theme's regions.
    case v3 = 3

    /// The first day (UTC) each version scores; before the first, v1.
    public static let firstDays: [(rules: StyleRules, day: Int)] = [
        (.v2, UTCDay.days(year: 2026, month: 11, day: 26)),
        (.v3, UTCDay.days(year: 2026, month: 11, day: 28)),
    ]

    /// The rules a day's style board is scored under.
    public static func forDay(_ day: Int) -> StyleRules {
        firstDays.last { day >= $0.day }?.rules ?? .v1
    }

    /// The newest rules (a theme not yet bound to a day scores under them).
    public static let latest = StyleRules.allCases.last!

    public static func < (a: StyleRules, b: StyleRules) -> Bool { a.rawValue < b.rawValue }

    public var description: String { "v\(rawValue)" }

    /// The most each part can give under these rules (0: the part is not in them).
    public func maximum(_ part: StylePart) -> Int {
        switch (self, part) {
        case (.v1, .coverage): 300
        case (.v1, .tags): 400
        case (.v1, .colour): 200
        case (.v1, .extras): 100
        case (.v1, .palette), (.v1, .accent): 0
        case (.v2, .coverage), (.v3, .coverage): 200
        case (.v2, .tags), (.v3, .tags): 200
        case (.v2, .colour), (.v3, .colour): 150
        case (.v2, .extras), (.v3, .extras): 150
        case (.v2, .palette), (.v3, .palette): 150
        case (.v2, .accent), (.v3, .accent): 150
        }
    }

    /// The parts these rules score, in the order the Studio lists them.
    public var parts: [StylePart] { StylePart.allCases.filter { maximum($0) > 0 } }

    /// The parts that, from v3, count only once the look covers the theme's regions.
    public static let finishing: Set<StylePart> = [.extras, .palette, .accent]

    /// Whether a part waits for the look to be covered under these rules.
    public func waitsForCover(_ part: StylePart) -> Bool { self >= .v3 && Self.finishing.contains(part) }

    /// Under v2, the part of tags a background with a wanted tag gives.
    static let backdrop = 50
    /// Under v2, how many different main colours the palette may hold.
    public static let paletteColours = 2
}

/// A part of the style score.
public enum StylePart: String, CaseIterable, Sendable {
    case coverage = "cover", tags, colour, extras, palette, accent
}

extension StyleTheme {
    /// The most pieces (garments and accessories) a look may wear under v2 before extras drop:
    /// one per slot the theme's regions need when dressed in separates, plus the fewest
    /// accessories the theme asks for. A dress that covers two regions leaves room to spare.
    public var pieceLimit: Int {
        Set(cover.map(Self.slot(covering:))).count + accessories.lowerBound
    }

    /// The slot that covers a region in separates; each accessory region is a place of its own.
    static func slot(covering region: BodyRegion) -> String {
        switch region {
        case .torso: "top"
        case .hips, .legs: "bottom"
        case .feet: "shoes"
        case .outer: "outerwear"
        case .head: "hat"
        case .hair, .eyes, .ears, .neck, .wrist, .hand, .waist: "accessory:" + region.rawValue
        }
    }

    /// Scores under v2 or v3 (see StyleRules): integer arithmetic, rounding down.
    func scoreV2(_ look: Look, in catalog: Catalog, rules: StyleRules) -> StyleScore {
        let worn = WornLook(look, in: catalog)
        let count = worn.count
        // v3: nothing on, nothing scored (not "anything" covered, nor a fitting background alone).
        if rules >= .v3, count == 0 { return StyleScore(rules: rules, coverage: 0, tags: 0, colour: 0, accessories: 0) }
        let coverage = cover.isEmpty ? rules.maximum(.coverage) : rules.maximum(.coverage) * worn.covered.intersection(cover).count / cover.count

        var tags = count == 0 ? 0 : (rules.maximum(.tags) - StyleRules.backdrop) * min(count, max(0, balance(of: worn))) / count
        if catalog.background(id: look.background).map({ !Set($0.tags).isDisjoint(with: wanted) }) ?? false { tags += StyleRules.backdrop }

        let mains = worn.mainColours
        let colour: Int
        if mains.isEmpty {
            colour = 0
        } else if colours == .contrast {
            let hsl = mains.map(HSL.init)
            let half = rules.maximum(.colour) / 2
            colour = (hsl.contains { $0.lightness >= 0.7 } ? half : 0) + (hsl.contains { $0.lightness <= 0.3 } ? half : 0)
        } else {
            colour = rules.maximum(.colour) * mains.map(HSL.init).filter(colours.follows).count / mains.count
        }

        let steps = accessoryDistance(worn.accessoryCount) + max(0, count - pieceLimit)
        let extras = steps == 0 ? rules.maximum(.extras) : steps == 1 ? rules.maximum(.extras) / 2 : 0

        let distinct = Set(mains).count
        let palette = (1...StyleRules.paletteColours).contains(distinct) ? rules.maximum(.palette) : 0

        let accentPoints = accentPieces(of: worn, in: catalog) == 1 ? rules.maximum(.accent) : 0
        if rules >= .v3, !isCovered(worn) {
            return StyleScore(rules: rules, coverage: coverage, tags: tags, colour: colour, accessories: 0)
        }
        return StyleScore(rules: rules, coverage: coverage, tags: tags, colour: colour, accessories: extras, palette: palette, accent: accentPoints)
    }

    /// Whether the look covers every region the theme asks for (any piece, when it asks none).
    func isCovered(_ worn: WornLook) -> Bool {
        worn.count > 0 && cover.isSubset(of: worn.covered)
    }
}

extension Catalog {
    /// The colour a name such as "Camel" stands for: the main colour of the first variant whose
    /// name starts with it ("Camel", "Camel and Brown"; a variant's main colour is always the
    /// first it names). Nil when no variant names it.
    public func colour(named name: String) -> RGB? {
        for garment in garments {
            for variant in garment.variants where Self.firstColourName(variant.name) == name {
                if let main = variant.mainColour { return main }
            }
        }
        return nil
    }

    /// "Red" of "Red, Lemon and White".
    public static func firstColourName(_ variant: String) -> String {
        String(variant.split(separator: ",").first ?? "").components(separatedBy: " and ").first ?? variant
    }
}

/// One line of the day's checklist: a part's points, its most, and its rule for today in words.
public struct ChecklistLine: Sendable, Equatable {
    public let part: StylePart
    public let points: Int
    public let maximum: Int
    public let words: String
}

extension StyleTheme {
    /// The checklist the Studio shows beside the score: every part, what it gave and why, so that
    /// every point a player sees is explained where it is shown.
    public func checklist(_ look: Look, score: StyleScore, in catalog: Catalog) -> [ChecklistLine] {
        let worn = WornLook(look, in: catalog)
        return rules.parts.map { part in
            let words: String
            switch part {
            case .coverage:
                let bare = cover.subtracting(worn.covered)
                words = cover.isEmpty ? "anything" : bare.isEmpty ? "covers " + Self.regions(cover) : "bare: " + Self.regions(bare)
            case .tags:
                words = wanted.sorted().joined(separator: " or ") + (rules == .v1 ? " pieces, background" : " pieces and background")
            case .colour:
                words = colours.shortDescription
            case .extras:
                words = "\(accessoryRange) accessor\(accessories.upperBound == 1 ? "y" : "ies") (\(worn.accessoryCount))"
                    + (rules == .v1 ? "" : ", \(pieceLimit) pieces at most (\(worn.count))")
            case .palette:
                words = "\(StyleRules.paletteColours) colours at most (\(Set(worn.mainColours).count))"
            case .accent:
                words = accent.map { "one piece in \($0)" } ?? "none today"
            }
            // A part that waits for cover says so; the accent keeps its colour (the look is
            // planned around it), the others' rules are read once they count.
            let waiting = rules.waitsForCover(part) && !isCovered(worn)
            return ChecklistLine(part: part, points: score.points(part), maximum: rules.maximum(part),
                                 words: !waiting ? words : part == .accent ? "once covered: " + words : "once covered")
        }
    }

    static func regions(_ set: Set<BodyRegion>) -> String {
        BodyRegion.allCases.filter(set.contains).map(\.rawValue).joined(separator: ", ")
    }
}

extension ColourRule {
    /// The rule in a few words, for the Studio's checklist.
    public var shortDescription: String {
        switch self {
        case .warm: "warm colours"
        case .cool: "cool colours"
        case .dark: "dark colours"
        case .pastel: "soft, light colours"
        case .monochrome: "black, white, greys"
        case .contrast: "very light with very dark"
        }
    }
}

extension StyleTheme {
    /// Whether a main colour follows today's colour rule (for contrast: very light or very dark,
    /// either end counting), for the picker's mark beside a colour.
    public func colourFollows(_ colour: RGB) -> Bool {
        let hsl = HSL(colour)
        return colours == .contrast ? hsl.lightness >= 0.7 || hsl.lightness <= 0.3 : colours.follows(hsl)
    }

    /// The picker's words for a garment's colour variant: whether it follows the colour rule and,
    /// under v2, whether it is today's accent.
    public func colourMark(_ variant: ColourVariant, in catalog: Catalog) -> String {
        guard let main = variant.mainColour else { return "" }
        var words = colourFollows(main) ? "✓ \(colours.shortName)" : "✗ not \(colours.shortName)"
        // Words, not "★": a terminal may draw that two columns wide, so the game's grid shows it as "?".
        if rules >= .v2, let accent, catalog.colour(named: accent) == main { words += " · today's accent" }
        return words
    }
}

extension ColourRule {
    /// One word or two for the rule ("warm", "soft").
    public var shortName: String {
        switch self {
        case .warm: "warm"
        case .cool: "cool"
        case .dark: "dark"
        case .pastel: "soft"
        case .monochrome: "mono"
        case .contrast: "light/dark"
        }
    }
}
