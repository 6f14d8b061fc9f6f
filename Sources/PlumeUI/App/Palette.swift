// The game's own colours for each palette (`plume play --palette NAME`): the theme's accent,
// labels, good and bad, the panels, the score bands' shades and the Lab's species. A palette is
// drawn by swapping those colours in the finished grid (Grid.recolour), so no screen needs to
// know which one is in force; the garments' named colours are never among them (PaletteTests
// checks), so a look keeps its colours and the Studio keeps their names beside them.
//
// How the colours were chosen, and the rule PaletteTests holds every palette to: simulate the
// vision (Machado, Oliveira and Fernandes 2009, severity 1, on linear sRGB), then measure
// CIEDE2000 between every pair that must be told apart — the accent, labels, good and bad among
// themselves, and the first eight species among themselves — and keep each at least 20 apart.
// Text colours keep a contrast of 4.5:1 on the panels (7:1 in high-contrast), species dots 3:1
// on a black screen. Every colour sits on the xterm 256-colour cube, so a 256-colour terminal
// shows it exactly. A swarm of more than eight species repeats the colours from the ninth on;
// the ingredient line numbers the species, and the screen-reader mode tells each in words.
import GameState
import TUI

/// One palette's colours, in the roles the game gives them.
struct PaletteColours: Sendable {
    var accent: Colour, dim: Colour, good: Colour, bad: Colour
    var ink: Colour, panel: Colour, field: Colour, box: Colour
    /// The species, in recipe order (the ninth species takes the first colour again).
    var species: [Colour]

    /// The standard palette: what Theme and SwarmRenderer name.
    static let standard = PaletteColours(accent: Theme.accent, dim: Theme.dim, good: Theme.good, bad: Theme.bad, ink: Theme.ink,
                                         panel: Theme.panel, field: Theme.field, box: Theme.box, species: SwarmRenderer.palette)

    static func of(_ palette: ColourPalette) -> PaletteColours {
        var colours = standard
        switch palette {
        case .standard:
            return colours
        case .deuteranopia:
            (colours.accent, colours.dim, colours.good, colours.bad) = (.rgb(255, 215, 255), .rgb(138, 138, 138), .rgb(0, 135, 255), .rgb(215, 135, 0))
            colours.species = [.rgb(175, 135, 135), .rgb(135, 0, 255), .rgb(255, 255, 0), .rgb(135, 215, 255),
                               .rgb(95, 95, 0), .rgb(215, 255, 215), .rgb(95, 95, 95), .rgb(135, 175, 0)]
        case .protanopia:
            (colours.accent, colours.dim, colours.good, colours.bad) = (.rgb(255, 95, 255), .rgb(138, 138, 138), .rgb(0, 255, 255), .rgb(255, 175, 0))
            colours.species = [.rgb(175, 135, 135), .rgb(255, 255, 0), .rgb(135, 0, 255), .rgb(215, 0, 0),
                               .rgb(255, 255, 255), .rgb(175, 175, 255), .rgb(215, 0, 95), .rgb(215, 135, 0)]
        case .tritanopia:
            (colours.accent, colours.dim, colours.good, colours.bad) = (.rgb(255, 175, 215), .rgb(138, 138, 138), .rgb(0, 215, 135), .rgb(255, 0, 175))
            colours.species = [.rgb(175, 135, 255), .rgb(215, 0, 0), .rgb(0, 255, 175), .rgb(0, 95, 175),
                               .rgb(175, 0, 215), .rgb(255, 255, 0), .rgb(255, 175, 0), .rgb(95, 95, 0)]
        case .highContrast:
            (colours.accent, colours.dim, colours.good, colours.bad) = (.rgb(255, 135, 255), .rgb(208, 208, 208), .rgb(0, 215, 0), .rgb(255, 175, 0))
            (colours.ink, colours.panel, colours.field, colours.box) = (.rgb(0, 0, 0), .rgb(0, 0, 0), .rgb(58, 58, 58), .rgb(0, 0, 0))
            colours.species = [.rgb(255, 255, 255), .rgb(0, 175, 0), .rgb(255, 95, 255), .rgb(215, 135, 0),
                               .rgb(0, 175, 255), .rgb(255, 255, 0), .rgb(255, 135, 135), .rgb(0, 255, 215)]
        }
        return colours
    }

    /// The score bands' shades (Theme.band), from the dark end to this palette's accent.
    func bands() -> [Colour] {
        guard case .rgb(let r, let g, let b) = accent else { return [] }
        return (0...10).map { band in
            let t = Double(band) / 10
            func mix(_ from: Double, _ to: UInt8) -> UInt8 { UInt8((from + (Double(to) - from) * t).rounded()) }
            return .rgb(mix(75, r), mix(45, g), mix(65, b))
        }
    }
}

extension ColourPalette {
    /// What the grid's colours become in this palette: each standard colour to its stand-in.
    /// Empty for the standard palette.
    var recolouring: [Colour: Colour] {
        guard self != .standard else { return [:] }
        let from = PaletteColours.standard, to = PaletteColours.of(self)
        var map: [Colour: Colour] = [from.accent: to.accent, from.dim: to.dim, from.good: to.good, from.bad: to.bad,
                                     from.ink: to.ink, from.panel: to.panel, from.field: to.field, from.box: to.box]
        for (old, new) in zip(from.bands(), to.bands()) where map[old] == nil { map[old] = new }
        for (index, old) in from.species.enumerated() where map[old] == nil { map[old] = to.species[index % to.species.count] }
        return map
    }
}
