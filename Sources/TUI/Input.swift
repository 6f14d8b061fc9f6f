// What a terminal sends a program, decoded into plain values with no program's meanings:
// keys, mouse presses and wheel turns, pasted text and a new window size.

public enum Key: Hashable, Sendable {
    case char(Character)
    /// Control plus a lower-case letter.
    case ctrl(Character)
    case up, down, left, right, enter, escape, tab, backTab, backspace, delete, home, end, pageUp, pageDown
    case shiftUp, shiftDown, shiftLeft, shiftRight
}

public struct Mouse: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case press, scrollUp, scrollDown }
    public var x: Int, y: Int, kind: Kind
    public init(x: Int, y: Int, kind: Kind) { (self.x, self.y, self.kind) = (x, y, kind) }
}

public struct Size: Hashable, Sendable {
    public var width: Int, height: Int
    public init(width: Int, height: Int) { (self.width, self.height) = (width, height) }
}

public enum InputEvent: Hashable, Sendable {
    case key(Key)
    /// Text pasted with bracketed paste, whole.
    case paste(String)
    case mouse(Mouse)
    case resize(Size)
}
