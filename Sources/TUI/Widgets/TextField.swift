// A one-line text field with the editing keys a player expects: ← → Home End (Ctrl-A Ctrl-E)
// move, Backspace and Delete erase, Ctrl-U and Ctrl-K erase to the start or the end, Ctrl-W
// erases a word; pasted text goes in at the cursor. A field wider than its room scrolls.

public struct TextField: Hashable, Sendable {
    public enum Accepts: Hashable, Sendable { case anything, digits }

    public private(set) var characters: [Character]
    /// Position of the cursor, 0…count (before the character it is on).
    public private(set) var cursor: Int
    public let limit: Int
    public let accepts: Accepts

    public init(_ text: String = "", limit: Int, accepts: Accepts = .anything) {
        self.limit = limit
        self.accepts = accepts
        characters = []
        cursor = 0
        insert(text)
    }

    public var text: String {
        get { String(characters) }
        set {
            characters = []
            cursor = 0
            insert(newValue)
        }
    }

    public var isEmpty: Bool { characters.isEmpty }

    /// Applies an editing key; returns false for keys a field doesn't use (Enter, Esc, Tab…).
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .left, .ctrl("b"): cursor = max(0, cursor - 1)
        case .right, .ctrl("f"): cursor = min(characters.count, cursor + 1)
        case .home, .ctrl("a"): cursor = 0
        case .end, .ctrl("e"): cursor = characters.count
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .ctrl("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .ctrl("u"):
            characters.removeFirst(cursor)
            cursor = 0
        case .ctrl("k"):
            characters.removeLast(characters.count - cursor)
        case .ctrl("w"):
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .char(let character):
            insert(String(character))
        default:
            return false
        }
        return true
    }

    /// Inserts text at the cursor, as much as the limit allows: line breaks and tabs become
    /// spaces; control and invisible formatting characters (bidi overrides, zero-width ones) are
    /// dropped; a digits-only field takes digits only.
    public mutating func insert(_ text: String) {
        for character in text {
            guard characters.count < limit else { return }
            var character = character
            if character.isNewline || character == "\t" { character = " " }
            if character.unicodeScalars.contains(where: Self.isInvisible) { continue }
            if accepts == .digits, !(character.isASCII && character.isNumber) { continue }
            characters.insert(character, at: cursor)
            cursor += 1
        }
    }

    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// Draws the field in `width` columns from (x, y): the text scrolled so the cursor shows,
    /// and, when focused, the cursor as a reversed cell.
    public func draw(x: Int, y: Int, width: Int, style: Style, focused: Bool, into grid: inout Grid) {
        guard width > 0 else { return }
        grid.fill(x: x, y: y, width: width, height: 1, with: Cell(" ", style: style))
        guard focused else {
            grid.put(text, x: x, y: y, style: style, limit: width)
            return
        }
        let first = max(0, cursor - width + 1)
        grid.put(String(characters[first..<min(characters.count, first + width)]), x: x, y: y, style: style, limit: width, overflow: .clip)
        let column = x + cursor - first
        guard column >= 0, column < grid.width, y >= 0, y < grid.height else { return }
        grid[column, y].reverse.toggle()
    }
}
