// The game's colours and text styles, in one place.
import GameState
import TUI

enum Theme {
    static let accent = Colour.rgb(255, 121, 176)
    static let dim = Colour.rgb(140, 140, 150)
    static let good = Colour.rgb(120, 220, 140)
    static let bad = Colour.rgb(255, 110, 110)
    static let ink = Colour.rgb(20, 20, 20)
    static let panel = Colour.rgb(30, 30, 38)
    static let field = Colour.rgb(55, 55, 70)
    static let box = Colour.rgb(40, 40, 48)
    static let title = Style(fg: accent, bold: true)
    static let label = Style(fg: dim)
    static let selected = Style(reverse: true)
    /// How many watch a hosted game, at the status line's end.
    static let watching = Style(bold: true, reverse: true)
    /// A chosen row's name ("▸ Top") and a highlighted tab.
    static let chosen = Style(fg: accent, bold: true)
    static let tab = Style(fg: ink, bg: accent, bold: true)
    static let warning = Style(fg: bad, bold: true)
    static let success = Style(fg: good, bold: true)
    static let frame = Style(fg: accent)

    /// A day's score band (0–99 … 1000) as a shade of the accent: deeper for a better day, the
    /// way GitHub greens a busier one.
    static func band(_ band: Int) -> Colour {
        PaletteColours.standard.bands()[min(max(band, 0), 10)]
    }

    static func panel(_ title: String, footer: String? = nil) -> Panel {
        Panel(title: title, frame: frame, titleStyle: Theme.title, background: panel, footer: footer, footerStyle: label)
    }
}

extension Colour {
    init(_ c: RGB) { self = .rgb(c.r, c.g, c.b) }
}
