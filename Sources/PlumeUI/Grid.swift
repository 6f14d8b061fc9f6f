// The one seam between the game and the terminal: a grid of cells that view() fills and the
// Terminal backend draws, writing only the cells that changed. Tests render it as text.
import GameState

/// A cell colour: the terminal's default, or a 24-bit colour the backend maps to what the
/// terminal can show (256 or 16 colours, or none under NO_COLOR).
public enum Colour: Hashable, Sendable {
    case standard
    case rgb(UInt8, UInt8, UInt8)

    public init(_ c: RGB) { self = .rgb(c.r, c.g, c.b) }
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

    public static let blank = Cell()
}

public struct Style: Hashable, Sendable {
    public var fg: Colour = .standard, bg: Colour = .standard, bold = false, reverse = false
    public init(fg: Colour = .standard, bg: Colour = .standard, bold: Bool = false, reverse: Bool = false) {
        (self.fg, self.bg, self.bold, self.reverse) = (fg, bg, bold, reverse)
    }
    public static let plain = Style()
}

public struct Grid: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = [Cell](repeating: .blank, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { if x >= 0, y >= 0, x < width, y < height { cells[y * width + x] = newValue } }
    }

    /// Writes `text` from (x, y), clipped to the grid and to `limit` columns. Control and
    /// invisible characters are dropped, and characters that a terminal would draw two columns
    /// wide (or not at all) become "?", so outside text can never move the cursor or break the
    /// layout. Returns the column after the last one written.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain, limit: Int? = nil) -> Int {
        guard y >= 0, y < height else { return x }
        let end = min(width, limit.map { x + $0 } ?? width)
        var column = x
        for scalar in text.unicodeScalars where Grid.isDrawable(scalar) {
            guard column < end else { break }
            if column >= 0 {
                self[column, y] = Cell(Grid.isNarrow(scalar) ? scalar : "?", fg: style.fg, bg: style.bg, bold: style.bold, reverse: style.reverse)
            }
            column += 1
        }
        return column
    }

    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, with cell: Cell) {
        for row in max(0, y)..<min(height, y + h) {
            for column in max(0, x)..<min(width, x + w) { self[column, row] = cell }
        }
    }

    /// The characters only, one line per row, trailing spaces kept: what a snapshot compares.
    public var text: String {
        (0..<height).map { row in String(String.UnicodeScalarView(cells[(row * width)..<((row + 1) * width)].map(\.scalar))) }
            .joined(separator: "\n")
    }

    /// Indices of the cells that differ from `previous` (every cell when there is none or its
    /// size differs): what the terminal has to rewrite.
    public func changes(from previous: Grid?) -> [Int] {
        guard let previous, previous.width == width, previous.height == height else { return Array(cells.indices) }
        var changed: [Int] = []
        cells.withUnsafeBufferPointer { now in
            previous.cells.withUnsafeBufferPointer { before in
                for index in 0..<now.count where now[index] != before[index] { changed.append(index) }
            }
        }
        return changed
    }

    public func row(_ y: Int) -> String {
        String(String.UnicodeScalarView(cells[(y * width)..<((y + 1) * width)].map(\.scalar)))
    }

    static func isDrawable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator,
             .nonspacingMark, .enclosingMark, .spacingMark: false
        default: true
        }
    }

    /// Characters known to take one column: Latin, Greek, Cyrillic and the symbol blocks Plume
    /// draws with (punctuation, arrows, box drawing, blocks, geometric shapes, braille).
    static func isNarrow(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0x52F, 0x2000...0x206F, 0x2190...0x21FF, 0x2500...0x25FF, 0x2713...0x2718, 0x2800...0x28FF: true
        default: false
        }
    }
}
