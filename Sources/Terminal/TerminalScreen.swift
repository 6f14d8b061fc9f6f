// ncurses, wrapped: start-up (locale first, newterm with a fallback TERM), colours, drawing a
// Grid by writing only the cells that changed, and reading input as plain events.
@preconcurrency import CNCurses
import Foundation
import TUI

public final class TerminalScreen {
    public private(set) var depth: ColourDepth = .palette256
    private var previous: Grid?
    private var pairs: [Int64: Int32] = [:]
    private var nextPair: Int32 = 1
    private var maxPairs: Int32 = 256
    private var screen: OpaquePointer?
    private var restored = false
    private var decoder = InputDecoder()
    /// The screen-reader mode: the terminal's cursor is shown, and rests where the grid says
    /// (the focused item), so that a screen reader reads what the player acts on. Off, it is
    /// hidden.
    public var showsCursor = false {
        didSet {
            guard showsCursor != oldValue else { return }
            curs_set(showsCursor ? 1 : 0)
            // Shown, it goes where the last drawing put the focus, not where the last write ended.
            if showsCursor, let cursor = previous?.cursor {
                wmove(plume_stdscr(), Int32(cursor.y), Int32(cursor.x))
                refresh()
            }
        }
    }

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
        define_key("\u{1B}[200~", InputDecoder.pasteStart)
        define_key("\u{1B}[201~", InputDecoder.pasteEnd)
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

    public var size: Size { Size(width: Int(plume_cols()), height: Int(plume_lines())) }

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
        let diff = grid.diff(from: previous)
        if diff.whole { clear() }
        for change in diff.changes {
            put(change.cell, x: change.index % grid.width, y: change.index / grid.width)
        }
        previous = grid
        // Put back after the writes, every time: with nothing changed nothing is written and the
        // cursor stays where it was.
        if showsCursor, let cursor = grid.cursor { wmove(plume_stdscr(), Int32(cursor.y), Int32(cursor.x)) }
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

    /// Waits up to `timeout` seconds (nil: until something happens) and returns every event
    /// that arrived, draining whatever is queued.
    public func read(timeout: Double?) -> [InputEvent] {
        var events: [InputEvent] = []
        var waiting = timeout.map { Int32(min(86_400_000, max(0, ($0 * 1000).rounded(.up)))) } ?? -1
        while true {
            // In the middle of a paste, wait a little for the rest rather than cut it in two.
            wtimeout(plume_stdscr(), decoder.isPasting ? 100 : waiting)
            var character: wint_t = 0
            let status = wget_wch(plume_stdscr(), &character)
            if status == ERR {
                if let event = decoder.finish() { events.append(event) }
                break
            }
            waiting = 0
            let raw: InputDecoder.Raw
            let value = Int32(bitPattern: character)
            if status == plume_key_code_yes() {
                if value == plume_key_resize() {
                    previous = nil
                    raw = .resize(size)
                } else if value == plume_key_mouse() {
                    var event = MEVENT()
                    guard getmouse(&event) == OK else { continue }
                    raw = .mouse(x: Int(event.x), y: Int(event.y), buttons: UInt(event.bstate))
                } else {
                    raw = .keyCode(value)
                }
            } else {
                raw = .character(UInt32(character))
            }
            if let event = decoder.decode(raw) { events.append(event) }
        }
        return events
    }
}
