// ncurses, wrapped: start-up (locale first, newterm with a fallback TERM), colours, drawing a
// Grid by writing only the cells that changed, and reading keys, pastes, mouse and resizes.
@preconcurrency import CNCurses
import Foundation
import PlumeUI

public final class TerminalScreen {
    public private(set) var depth: ColourDepth = .palette256
    private var previous: Grid?
    private var pairs: [Int64: Int32] = [:]
    private var nextPair: Int32 = 1
    private var maxPairs: Int32 = 256
    private var screen: OpaquePointer?
    private var restored = false

    /// Private key codes that `define_key` reports for the bracketed-paste markers.
    static let pasteStart: Int32 = 0x7000, pasteEnd: Int32 = 0x7001

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        setlocale(LC_ALL, "")
        TerminalRestore.saveCurrentSettings()
        screen = newterm(nil, stdout, stdin)
        if screen == nil {
            // Unknown TERM: fall back to a terminal description every system has.
            setenv("TERM", "xterm-256color", 1)
            screen = newterm("xterm-256color", stdout, stdin)
        }
        guard let screen else { throw TerminalError.cannotStart }
        set_term(screen)
        TerminalRestore.install()
        raw()
        noecho()
        nonl()
        keypad(plume_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        mousemask(plume_mouse_mask(), nil)
        mouseinterval(0)
        define_key("\u{1B}[200~", Self.pasteStart)
        define_key("\u{1B}[201~", Self.pasteEnd)
        if environment["NO_COLOR"].map({ !$0.isEmpty }) == true || !has_colors() {
            depth = .none
        } else {
            start_color()
            use_default_colors()
            let colours = plume_colors()
            depth = colours >= 256 ? .palette256 : colours >= 16 ? .sixteen : .eight
            maxPairs = Int32(min(Int(plume_color_pairs()), 32_767))
        }
        emit("\u{1B}[?2004h")  // bracketed paste on
    }

    public enum TerminalError: Error, CustomStringConvertible {
        case cannotStart
        public var description: String { "Plume couldn't start the terminal (is this an interactive terminal?)." }
    }

    public var size: (width: Int, height: Int) { (Int(plume_cols()), Int(plume_lines())) }

    /// Writes bytes straight to the terminal (escape sequences ncurses doesn't know).
    public func emit(_ text: String) {
        fflush(stdout)
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBufferPointer { write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 { break }
            offset += written
        }
    }

    public func restore() {
        guard !restored else { return }
        restored = true
        emit("\u{1B}[?2004l")
        endwin()
        TerminalRestore.uninstall()
    }

    deinit { restore() }

    // MARK: Drawing

    public func draw(_ grid: Grid) {
        if previous.map({ $0.width != grid.width || $0.height != grid.height }) ?? true { clear() }
        for index in grid.changes(from: previous) {
            put(grid.cells[index], x: index % grid.width, y: index / grid.width)
        }
        previous = grid
        refresh()
    }

    private func put(_ cell: Cell, x: Int, y: Int) {
        var attrs = plume_attr_normal()
        if cell.bold { attrs |= plume_attr_bold() }
        if cell.reverse || (depth == .none && cell.bg != .standard && cell.scalar != "▀") { attrs |= plume_attr_reverse() }
        var scalar = cell.scalar
        if depth == .none && scalar == "▀" { scalar = " " }  // half-block art needs colour
        _ = plume_put(Int32(y), Int32(x), wchar_t(bitPattern: scalar.value), attrs, pair(fg: cell.fg, bg: cell.bg))
    }

    private func pair(fg: Colour, bg: Colour) -> Int32 {
        guard depth != .none else { return 0 }
        let f = ColourMapper.index(fg, depth: depth), b = ColourMapper.index(bg, depth: depth)
        if f == -1 && b == -1 { return 0 }
        let key = Int64(f) << 32 | Int64(UInt32(bitPattern: b))
        if let existing = pairs[key] { return existing }
        if nextPair >= maxPairs {
            // Out of pairs: start over and repaint everything with fresh ones.
            pairs.removeAll()
            nextPair = 1
            previous = nil
        }
        let number = nextPair
        nextPair += 1
        init_extended_pair(number, f, b)
        pairs[key] = number
        return number
    }

    // MARK: Input

    /// Waits up to `timeout` milliseconds (−1: until something happens) and returns every
    /// message that arrived, draining whatever is queued.
    public func read(timeout milliseconds: Int32) -> [Msg] {
        var messages: [Msg] = []
        var waiting = milliseconds
        var pasting: String.UnicodeScalarView?
        while true {
            wtimeout(plume_stdscr(), pasting == nil ? waiting : 100)
            var character: wint_t = 0
            let status = wget_wch(plume_stdscr(), &character)
            if status == ERR {
                if let text = pasting { messages.append(.paste(String(text))) }
                break
            }
            waiting = 0
            let value = Int32(bitPattern: character)
            if status == plume_key_code_yes() {
                if value == Self.pasteStart { pasting = String.UnicodeScalarView(); continue }
                if value == Self.pasteEnd {
                    if let text = pasting { messages.append(.paste(String(text))) }
                    pasting = nil
                    continue
                }
                if pasting != nil { continue }
                if let message = decodeKeyCode(value) { messages.append(message) }
                continue
            }
            if pasting != nil {
                if let scalar = Unicode.Scalar(UInt32(character)) { pasting!.append(scalar == "\r" ? "\n" : scalar) }
                continue
            }
            if let key = decodeCharacter(UInt32(character)) { messages.append(.key(key)) }
        }
        return messages
    }

    private func decodeKeyCode(_ code: Int32) -> Msg? {
        if code == plume_key_resize() {
            previous = nil
            return .resize(width: Int(plume_cols()), height: Int(plume_lines()))
        }
        if code == plume_key_mouse() {
            var event = MEVENT()
            guard getmouse(&event) == OK else { return nil }
            let state = event.bstate
            let kind: Mouse.Kind? = state & plume_button1_pressed() != 0 ? .press
                : state & plume_button4_pressed() != 0 ? .scrollUp : state & plume_button5_pressed() != 0 ? .scrollDown : nil
            return kind.map { .mouse(Mouse(x: Int(event.x), y: Int(event.y), kind: $0)) }
        }
        let keys: [Int32: Key] = [
            KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right, KEY_ENTER: .enter, KEY_BACKSPACE: .backspace,
            KEY_DC: .delete, KEY_HOME: .home, KEY_END: .end, KEY_PPAGE: .pageUp, KEY_NPAGE: .pageDown, KEY_BTAB: .backTab,
            KEY_SLEFT: .pageDown, KEY_SRIGHT: .pageUp,
        ]
        return keys[code].map { .key($0) }
    }

    private func decodeCharacter(_ value: UInt32) -> Key? {
        switch value {
        case 27: return .escape
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 1...26: return .ctrl(Character(Unicode.Scalar(value + 96)!))
        default:
            guard let scalar = Unicode.Scalar(value), value >= 32 else { return nil }
            return .char(Character(scalar))
        }
    }
}
