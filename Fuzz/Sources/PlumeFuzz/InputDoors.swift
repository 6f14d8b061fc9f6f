// The terminal's door: what ncurses reports (characters, key codes, mouse states, resizes) in any
// order and amount, through the game's input decoder. Rules: no crash; never more events than
// reports (and one more at the end); a paste holds no more than the characters given inside it,
// so memory stays bounded by the input; after `finish` nothing is left open.
import Terminal
import TUI

enum InputDoors {
    static let harnesses = [
        Harness("terminal-input", "the reports ncurses gives the game's input decoder, in any order") { checkInput($0) },
    ]

    /// Reports from bytes: a tag byte, then what that report needs.
    static func reports(_ bytes: [UInt8]) -> [InputDecoder.Raw] {
        var reports: [InputDecoder.Raw] = []
        var index = 0
        func next() -> UInt32 {
            defer { index += 1 }
            return index < bytes.count ? UInt32(bytes[index]) : 0
        }
        while index < bytes.count {
            switch next() % 8 {
            case 0, 1, 2: reports.append(.character(next()))
            case 3: reports.append(.character(next() << 16 | next() << 8 | next()))
            case 4: reports.append(.keyCode(Int32(bitPattern: next() << 8 | next())))
            case 5: reports.append(.keyCode(next() % 2 == 0 ? InputDecoder.pasteStart : InputDecoder.pasteEnd))
            case 6: reports.append(.mouse(x: Int(next()), y: Int(next()), buttons: UInt(next() << 24 | next() << 16 | next() << 8 | next())))
            default: reports.append(.resize(Size(width: Int(next()), height: Int(next()))))
            }
        }
        return reports
    }

    static func checkInput(_ bytes: [UInt8]) -> String? {
        let given = reports(bytes)
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        for report in given {
            if let event = decoder.decode(report) { events.append(event) }
        }
        if let event = decoder.finish() { events.append(event) }
        if decoder.isPasting { return "a paste is still open after finish" }
        if events.count > given.count + 1 { return "\(events.count) events from \(given.count) reports" }
        let characters = given.filter { if case .character = $0 { true } else { false } }.count
        for case .paste(let text) in events where text.unicodeScalars.count > characters {
            return "a paste of \(text.unicodeScalars.count) characters from \(characters) given"
        }
        return nil
    }
}
