// What the wardrobe shows of a slot's garments: those with a tag, those made in a colour, both, or
// all of them; and the tags and colours its keys step through, today's wanted tags and today's
// accent first, so that the first press shows what the day asks for.
import Challenges
import GameState
import TUI

public struct WardrobeFilter: Sendable, Equatable {
    /// Only garments with this tag (nil: any tag).
    public var tag: String?
    /// Only garments with a colour variant whose main colour is this one, "Navy" of "Navy and
    /// White" (nil: any colour).
    public var colour: String?

    public init(tag: String? = nil, colour: String? = nil) { (self.tag, self.colour) = (tag, colour) }

    public var isEmpty: Bool { tag == nil && colour == nil }

    /// The main colour's name of a variant: "Navy" of "Navy and White" (the colour the rules score).
    public static func colourName(of variant: ColourVariant) -> String { Catalog.firstColourName(variant.name) }

    public func admits(_ garment: Garment) -> Bool {
        (tag.map { garment.tags.contains($0) } ?? true) && (variant(of: garment) != nil || colour == nil)
    }

    /// The first of the garment's variants in the filter's colour, if one is asked for and it has one.
    public func variant(of garment: Garment) -> Int? {
        guard let colour else { return nil }
        return garment.variants.firstIndex { Self.colourName(of: $0) == colour }
    }

    /// The tags to step through for these garments: those today's theme wants first, then the
    /// rest, each a–z.
    public static func tags(of garments: [Garment], theme: StyleTheme) -> [String] {
        let all = Set(garments.flatMap(\.tags))
        return all.filter { theme.wanted.contains($0) }.sorted() + all.filter { !theme.wanted.contains($0) }.sorted()
    }

    /// The main colours to step through for these garments: today's accent first (under rules
    /// that score one), then the rest, a–z.
    public static func colours(of garments: [Garment], theme: StyleTheme) -> [String] {
        let all = Set(garments.flatMap { garment in garment.variants.map { Self.colourName(of: $0) } })
        return all.filter { Self.isAccent($0, theme) }.sorted() + all.filter { !Self.isAccent($0, theme) }.sorted()
    }

    /// Whether a colour is today's accent, under rules that score one.
    public static func isAccent(_ colour: String, _ theme: StyleTheme) -> Bool {
        theme.rules >= .v2 && theme.accent == colour
    }

    /// The option `step` places after `current` among `options`, through "any" (nil) between the
    /// last and the first.
    static func stepped(_ current: String?, through options: [String], by step: Int) -> String? {
        let all: [String?] = [nil] + options.map { Optional($0) }
        let index = all.firstIndex(of: current) ?? 0
        return all[cycled(index, by: step, count: all.count)]
    }
}
