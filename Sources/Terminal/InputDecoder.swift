// Turns what ncurses reads — characters, key codes, mouse states, resizes — into plain input
// events, with no program's meanings: Shift-← is Shift-←, not "page down". Bracketed pastes
// are gathered whole. Pure, so it is tested without a terminal.
@preconcurrency import CNCurses
import TUI

public struct InputDecoder: Sendable {
    /// One thing `wget_wch` (and `getmouse`) reported.
    public enum Raw: Hashable, Sendable {
        /// A character (wget_wch returned OK).
        case character(UInt32)
        /// A key code (KEY_CODE_YES), other than a resize or a mouse event.
        case keyCode(Int32)
        /// A mouse event: where, and getmouse's button state.
        case mouse(x: Int, y: Int, buttons: UInt)
        case resize(Size)
    }

    /// Private key codes that `define_key` reports for the bracketed-paste markers.
    public static let pasteStart: Int32 = 0x7000, pasteEnd: Int32 = 0x7001

    private var pasting: [Unicode.Scalar]?

    public init() {}

    /// Whether a paste has begun and not ended (the reader then waits a little for the rest).
    public var isPasting: Bool { pasting != nil }

    public mutating func decode(_ raw: Raw) -> InputEvent? {
        switch raw {
        case .keyCode(Self.pasteStart):
            pasting = []
            return nil
        case .keyCode(Self.pasteEnd):
            return finish()
        case .character(let value) where pasting != nil:
            if let scalar = Unicode.Scalar(value) { pasting!.append(scalar == "\r" ? "\n" : scalar) }
            return nil
        case _ where pasting != nil:
            return nil
        case .character(let value):
            return Self.key(character: value).map(InputEvent.key)
        case .keyCode(let code):
            return Self.keys[code].map(InputEvent.key)
        case .mouse(let x, let y, let buttons):
            let kind: Mouse.Kind? = buttons & UInt(plume_button1_pressed()) != 0 ? .press
                : buttons & UInt(plume_button4_pressed()) != 0 ? .scrollUp
                : buttons & UInt(plume_button5_pressed()) != 0 ? .scrollDown : nil
            return kind.map { .mouse(Mouse(x: x, y: y, kind: $0)) }
        case .resize(let size):
            return .resize(size)
        }
    }

    /// Input ran dry: a paste still open is delivered as it stands.
    public mutating func finish() -> InputEvent? {
        defer { pasting = nil }
        return pasting.map { .paste(String(String.UnicodeScalarView($0))) }
    }

    static let keys: [Int32: Key] = [
        KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right, KEY_ENTER: .enter, KEY_BACKSPACE: .backspace,
        KEY_DC: .delete, KEY_HOME: .home, KEY_END: .end, KEY_PPAGE: .pageUp, KEY_NPAGE: .pageDown, KEY_BTAB: .backTab,
        KEY_SLEFT: .shiftLeft, KEY_SRIGHT: .shiftRight, KEY_SR: .shiftUp, KEY_SF: .shiftDown,
    ]

    static func key(character value: UInt32) -> Key? {
        switch value {
        case 27: return .escape
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 1...26: return .ctrl(Character(Unicode.Scalar(value + 96)!))
        default:
            guard let scalar = Unicode.Scalar(value), value >= 32, !(0x7F...0x9F).contains(value) else { return nil }
            return .char(Character(scalar))
        }
    }
}
