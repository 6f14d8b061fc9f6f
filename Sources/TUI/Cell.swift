// A character cell and its look: what every screen is made of and the one thing the terminal
// backend draws. Colours are 24-bit; the backend maps them to what the terminal can show.

/// A cell colour: the terminal's default, or a 24-bit colour the backend maps to what the
/// terminal can show (256 or 16 colours, or none under NO_COLOR).
public enum Colour: Hashable, Sendable {
    case standard
    case rgb(UInt8, UInt8, UInt8)
}

public struct Style: Hashable, Sendable {
    public var fg: Colour = .standard, bg: Colour = .standard, bold = false, reverse = false

    public init(fg: Colour = .standard, bg: Colour = .standard, bold: Bool = false, reverse: Bool = false) {
        (self.fg, self.bg, self.bold, self.reverse) = (fg, bg, bold, reverse)
    }

    public static let plain = Style()

    /// This style with `background` where it has none of its own (text drawn on a panel).
    public func on(_ background: Colour) -> Style {
        var style = self
        if style.bg == .standard { style.bg = background }
        return style
    }
}

public struct Cell: Hashable, Sendable {
    public var scalar: Unicode.Scalar
    public var fg: Colour
    public var bg: Colour
    public var bold: Bool
    public var reverse: Bool

    public init(_ scalar: Unicode.Scalar = " ", fg: Colour = .standard, bg: Colour = .standard, bold: Bool = false, reverse: Bool = false) {
        (self.scalar, self.fg, self.bg, self.bold, self.reverse) = (scalar, fg, bg, bold, reverse)
    }

    public init(_ scalar: Unicode.Scalar, style: Style) {
        self.init(scalar, fg: style.fg, bg: style.bg, bold: style.bold, reverse: style.reverse)
    }

    public static let blank = Cell()

    public var style: Style { Style(fg: fg, bg: bg, bold: bold, reverse: reverse) }
}
