// The one seam between a program and the terminal: a grid of cells that a view fills and the
// terminal backend draws, writing only the cells that changed. Tests read it as text.

public struct Grid: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Where the terminal cursor should rest: the start of the focused item's text (the chosen
    /// row, the field with the keys), so that a screen reader reads what the player acts on.
    /// Whatever draws the focused item sets it; the terminal shows it in screen-reader mode.
    public var cursor: Point?

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = [Cell](repeating: .blank, count: self.width * self.height)
    }

    public var size: Size { Size(width: width, height: height) }
    public var area: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { if x >= 0, y >= 0, x < width, y < height { cells[y * width + x] = newValue } }
    }

    /// What happens to text wider than its room.
    public enum Overflow: Sendable {
        /// Shortened to fit and ended with "…" (at a word break when one is near).
        case ellipsis
        /// Cut at the edge: for art and codes that are meant to be cropped.
        case clip
    }

    /// Writes `text` from (x, y) within `limit` columns (and the grid). Control and invisible
    /// characters are dropped, and characters a terminal would draw two columns wide (or not at
    /// all) become "?", so outside text can never move the cursor or break the layout. Text that
    /// doesn't fit ends in "…". Returns the column after the last one written.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain, limit: Int? = nil, overflow: Overflow = .ellipsis) -> Int {
        guard y >= 0, y < height else { return x }
        let end = min(width, limit.map { x + max(0, $0) } ?? width)
        guard end > x else { return x }
        var drawable = 0
        for scalar in text.unicodeScalars where Grid.isDrawable(scalar) { drawable += 1 }
        if drawable > end - x, overflow == .ellipsis {
            return write(TextLayout.elide(Array(text.unicodeScalars.lazy.filter(Grid.isDrawable)), to: end - x), x: x, y: y, end: end, style: style)
        }
        return write(text.unicodeScalars.lazy.filter(Grid.isDrawable), x: x, y: y, end: end, style: style)
    }

    private mutating func write<S: Sequence<Unicode.Scalar>>(_ scalars: S, x: Int, y: Int, end: Int, style: Style) -> Int {
        var column = x
        for scalar in scalars {
            guard column < end else { break }
            if column >= 0 { self[column, y] = Cell(Grid.isNarrow(scalar) ? scalar : "?", style: style) }
            column += 1
        }
        return column
    }

    @discardableResult
    public mutating func put(_ text: String, in rect: Rect, style: Style = .plain, overflow: Overflow = .ellipsis) -> Int {
        guard rect.height > 0 else { return rect.x }
        return put(text, x: rect.x, y: rect.y, style: style, limit: rect.width, overflow: overflow)
    }

    /// Puts the cursor at (x, y) when that is inside the grid.
    public mutating func focus(x: Int, y: Int) {
        if x >= 0, y >= 0, x < width, y < height { cursor = Point(x: x, y: y) }
    }

    /// Every cell's colours swapped as `colours` says (a palette for colour vision); colours
    /// it doesn't name stay.
    public mutating func recolour(_ colours: [Colour: Colour]) {
        guard !colours.isEmpty else { return }
        for index in cells.indices {
            if let fg = colours[cells[index].fg] { cells[index].fg = fg }
            if let bg = colours[cells[index].bg] { cells[index].bg = bg }
        }
    }

    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, with cell: Cell) {
        for row in max(0, y)..<max(max(0, y), min(height, y + h)) {
            for column in max(0, x)..<max(max(0, x), min(width, x + w)) { self[column, row] = cell }
        }
    }

    public mutating func fill(_ rect: Rect, with cell: Cell) {
        fill(x: rect.x, y: rect.y, width: rect.width, height: rect.height, with: cell)
    }

    /// The characters only, one line per row, trailing spaces kept: what a snapshot compares.
    public var text: String {
        (0..<height).map(row).joined(separator: "\n")
    }

    public func row(_ y: Int) -> String {
        String(String.UnicodeScalarView(cells[(y * width)..<((y + 1) * width)].map(\.scalar)))
    }

    // MARK: Differences

    /// What the terminal must write to turn `previous` into this grid.
    public struct Diff: Equatable, Sendable {
        /// Every cell: there was no previous grid, or its size differs (the screen is cleared).
        public var whole: Bool
        /// The cells to write, by index (`y * width + x`).
        public var changes: [(index: Int, cell: Cell)]

        public static func == (a: Diff, b: Diff) -> Bool {
            a.whole == b.whole && a.changes.elementsEqual(b.changes) { $0.index == $1.index && $0.cell == $1.cell }
        }
    }

    public func diff(from previous: Grid?) -> Diff {
        guard let previous, previous.width == width, previous.height == height else {
            return Diff(whole: true, changes: cells.enumerated().map { ($0.offset, $0.element) })
        }
        var changes: [(index: Int, cell: Cell)] = []
        changes.reserveCapacity(cells.count / 4)
        cells.withUnsafeBufferPointer { now in
            previous.cells.withUnsafeBufferPointer { before in
                for index in 0..<now.count where now[index] != before[index] { changes.append((index, now[index])) }
            }
        }
        return Diff(whole: false, changes: changes)
    }

    /// This grid with a diff written over it (a cleared grid of the diff's size first, when it
    /// is whole): what the terminal shows after drawing it.
    public func applying(_ diff: Diff, size: Size) -> Grid {
        var result = diff.whole || size != self.size ? Grid(width: size.width, height: size.height) : self
        for change in diff.changes where change.index < result.cells.count { result.cells[change.index] = change.cell }
        return result
    }

    // MARK: Characters

    public static func isDrawable(_ scalar: Unicode.Scalar) -> Bool {
        // Most of what is drawn is printable ASCII: no need to look up its category.
        if scalar.value >= 0x20 && scalar.value < 0x7F { return true }
        return switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator,
             .nonspacingMark, .enclosingMark, .spacingMark: false
        default: true
        }
    }

    /// Characters known to take one column: Latin, Greek, Cyrillic and the symbol blocks Plume
    /// draws with (punctuation, arrows, box drawing, blocks, geometric shapes, braille).
    public static func isNarrow(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0x52F, 0x2000...0x206F, 0x2190...0x21FF, 0x2500...0x25FF, 0x2713...0x2718, 0x2800...0x28FF: true
        default: false
        }
    }
}
