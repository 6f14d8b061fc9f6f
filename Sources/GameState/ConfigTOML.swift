// The TOML that Plume's config files use — the game's config.toml and plume-server's config
// file — read by code of our own: top-level `key = value` lines whose values are text (all four
// string forms, every escape), whole numbers (decimal with underscores, 0x, 0o, 0b), true/false,
// and lists of those over as many lines as they like, with comments anywhere TOML allows them.
// Whatever else TOML can say (tables, dotted keys, floats, dates, inline tables) no setting
// takes, so it is refused with its line and in words, as is everything that isn't TOML.
//
// Not TOMLKit: its parser (toml++) stops the whole process on an assertion for some malformed
// files (`[é]`, `t = 1979-05-27T-07:00`), in release builds too, which fuzzing the server's
// config file found. A reader this small can promise never to stop: every path ends in a value
// or a refusal, lists nest at most `maxDepth` deep, and nothing is read past the text's end.
import Foundation

public enum ConfigTOML {
    public indirect enum Value: Equatable, Sendable {
        case text(String)
        case integer(Int)
        case boolean(Bool)
        case list([Value])
    }

    /// Why a file was refused: its line (from 1) and what is wrong, in words (anything quoted
    /// from the file has its control characters escaped).
    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        public let line: Int
        public let words: String
        public var description: String { "line \(line): \(words)" }
    }

    /// Lists inside lists, at most.
    public static let maxDepth = 16

    /// The file's keys and values.
    public static func parse(_ text: String) throws(Refusal) -> [String: Value] {
        var reader = Reader(Array(text.unicodeScalars))
        return try reader.document()
    }
}

private struct Reader {
    let scalars: [Unicode.Scalar]
    var index = 0
    var line = 1

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        if scalars.first == "\u{FEFF}" { index = 1 }
    }

    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
    func peek(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }

    func refuse(_ words: String) -> ConfigTOML.Refusal { ConfigTOML.Refusal(line: line, words: words) }

    /// The rest of the line from here, quoted for a message (at most 40 characters).
    var quotedHere: String {
        var piece = ""
        var at = index
        while at < scalars.count, scalars[at] != "\n", piece.unicodeScalars.count < 40 {
            piece.unicodeScalars.append(scalars[at])
            at += 1
        }
        return SharedStateJSON.string(piece.trimmingCharacters(in: [" ", "\t", "\r"]))
    }

    // MARK: Lines

    mutating func document() throws(ConfigTOML.Refusal) -> [String: ConfigTOML.Value] {
        var table: [String: ConfigTOML.Value] = [:]
        while true {
            skipBlanks()
            guard let scalar = current else { return table }
            switch scalar {
            case "\n", "\r", "#":
                try endOfLine()
            case "[":
                throw refuse("\(quotedHere) starts a table; the settings are all top-level keys (key = value), with no [tables]")
            default:
                let key = try readKey()
                skipBlanks()
                if current == "." { throw refuse("dotted keys (\(SharedStateJSON.string(key)).…) are not settings; write key = value") }
                guard current == "=" else { throw refuse("expected = after the key \(SharedStateJSON.string(key))") }
                index += 1
                skipBlanks()
                let value = try readValue(depth: 0)
                guard table[key] == nil else { throw refuse("\(SharedStateJSON.string(key)) is given twice") }
                table[key] = value
                skipBlanks()
                try endOfLine()
            }
        }
    }

    mutating func skipBlanks() {
        while let scalar = current, scalar == " " || scalar == "\t" { index += 1 }
    }

    /// A comment, then the line's end (or the text's).
    mutating func endOfLine() throws(ConfigTOML.Refusal) {
        if current == "#" {
            index += 1
            while let scalar = current, scalar != "\n" {
                if scalar == "\r", peek(1) == "\n" { break }
                guard scalar == "\t" || !isControl(scalar) else { throw refuse("a comment holds a control character (U+\(hex(scalar)))") }
                index += 1
            }
        }
        switch current {
        case nil: return
        case "\n":
            index += 1
            line += 1
        case "\r" where peek(1) == "\n":
            index += 2
            line += 1
        default:
            throw refuse("expected the end of the line, not \(quotedHere)")
        }
    }

    // MARK: Keys

    mutating func readKey() throws(ConfigTOML.Refusal) -> String {
        switch current {
        case "\"":
            guard peek(1) != "\"" || peek(2) != "\"" else { throw refuse("a key can't be a multi-line string") }
            return try singleLineString(quote: "\"")
        case "'":
            guard peek(1) != "'" || peek(2) != "'" else { throw refuse("a key can't be a multi-line string") }
            return try singleLineString(quote: "'")
        default:
            var key = ""
            while let scalar = current, isBareKey(scalar) {
                key.unicodeScalars.append(scalar)
                index += 1
            }
            guard !key.isEmpty else { throw refuse("expected a key (letters, digits, - and _) at \(quotedHere)") }
            return key
        }
    }

    func isBareKey(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
    }

    // MARK: Values

    mutating func readValue(depth: Int) throws(ConfigTOML.Refusal) -> ConfigTOML.Value {
        switch current {
        case nil, "\n", "\r", "#":
            throw refuse("a key has no value after its =")
        case "\"":
            if peek(1) == "\"", peek(2) == "\"" { return .text(try multiLineString(quote: "\"")) }
            return .text(try singleLineString(quote: "\""))
        case "'":
            if peek(1) == "'", peek(2) == "'" { return .text(try multiLineString(quote: "'")) }
            return .text(try singleLineString(quote: "'"))
        case "[":
            guard depth < ConfigTOML.maxDepth else { throw refuse("lists are nested more than \(ConfigTOML.maxDepth) deep") }
            return try list(depth: depth + 1)
        case "{":
            throw refuse("inline tables ({ … }) are not settings; give each key its own line")
        default:
            var word = ""
            while let scalar = current, !" \t\r\n#,]".unicodeScalars.contains(scalar) {
                word.unicodeScalars.append(scalar)
                index += 1
            }
            if word == "true" { return .boolean(true) }
            if word == "false" { return .boolean(false) }
            if let number = try integer(word) { return .integer(number) }
            throw refuse("\(SharedStateJSON.string(word)) is not a value here: the settings take \"text\", whole numbers, true or false, and [lists] of them")
        }
    }

    mutating func list(depth: Int) throws(ConfigTOML.Refusal) -> ConfigTOML.Value {
        index += 1
        var items: [ConfigTOML.Value] = []
        while true {
            try skipInsideList()
            if current == "]" {
                index += 1
                return .list(items)
            }
            guard current != nil else { throw refuse("a list is not closed with ]") }
            items.append(try readValue(depth: depth))
            try skipInsideList()
            switch current {
            case ",": index += 1
            case "]": continue
            case nil: throw refuse("a list is not closed with ]")
            default: throw refuse("expected , or ] in a list, not \(quotedHere)")
            }
        }
    }

    /// Blanks, line ends and comments between a list's items.
    mutating func skipInsideList() throws(ConfigTOML.Refusal) {
        while true {
            skipBlanks()
            switch current {
            case "\n", "#": try endOfLine()
            case "\r" where peek(1) == "\n": try endOfLine()
            default: return
            }
        }
    }

    /// A TOML integer, nil when `word` isn't shaped like one; a refusal when it is but can't be.
    func integer(_ word: String) throws(ConfigTOML.Refusal) -> Int? {
        var body = Substring(word)
        var negative = false
        if let sign = body.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            body = body.dropFirst()
        }
        var radix = 10
        if body.count > 2, body.hasPrefix("0"), let mark = body.dropFirst().first, "xob".contains(mark) {
            guard word.first != "+", word.first != "-" else { return nil }
            radix = mark == "x" ? 16 : mark == "o" ? 8 : 2
            body = body.dropFirst(2)
        } else if body.count > 1, body.hasPrefix("0") {
            return nil
        }
        // Underscores only between digits.
        guard let first = body.first, first != "_", body.last != "_", !body.contains("__") else { return nil }
        let digits = body.filter { $0 != "_" }
        guard digits.allSatisfy({ $0.isASCII && $0.hexDigitValue.map { $0 < radix } == true }) else { return nil }
        guard let magnitude = UInt64(digits, radix: radix) else { throw refuse("\(word) is too large a number") }
        if negative {
            guard magnitude <= UInt64(Int.max) + 1 else { throw refuse("\(word) is too large a number") }
            return magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)
        }
        guard magnitude <= UInt64(Int.max) else { throw refuse("\(word) is too large a number") }
        return Int(magnitude)
    }

    // MARK: Strings

    /// "…" (with escapes) or '…' (as written), on one line; the opening quote not yet read.
    mutating func singleLineString(quote: Unicode.Scalar) throws(ConfigTOML.Refusal) -> String {
        index += 1
        var out = ""
        while true {
            guard let scalar = current, scalar != "\n" else { throw refuse("a \(quote)string\(quote) is not closed on its line") }
            index += 1
            if scalar == quote { return out }
            if scalar == "\\", quote == "\"" {
                out.unicodeScalars.append(try escape())
                continue
            }
            try checkText(scalar)
            out.unicodeScalars.append(scalar)
        }
    }

    /// """…""" or '''…''': a line end right after the opening is dropped; up to two quotes may
    /// stand just before the closing three.
    mutating func multiLineString(quote: Unicode.Scalar) throws(ConfigTOML.Refusal) -> String {
        index += 3
        if current == "\n" {
            index += 1
            line += 1
        } else if current == "\r", peek(1) == "\n" {
            index += 2
            line += 1
        }
        var out = ""
        while true {
            guard let scalar = current else { throw refuse("a multi-line string is not closed") }
            if scalar == quote, peek(1) == quote, peek(2) == quote {
                var run = 3
                while peek(run) == quote, run < 5 { run += 1 }
                for _ in 0..<(run - 3) { out.unicodeScalars.append(quote) }
                index += run
                return out
            }
            index += 1
            switch scalar {
            case "\n":
                line += 1
                out.unicodeScalars.append(scalar)
            case "\r" where current == "\n":
                continue
            case "\\" where quote == "\"":
                if lineEndingBackslash() { continue }
                out.unicodeScalars.append(try escape())
            default:
                try checkText(scalar)
                out.unicodeScalars.append(scalar)
            }
        }
    }

    /// After a backslash in a multi-line basic string: when only blanks stand before the line's
    /// end, the line end and every blank after it are dropped.
    mutating func lineEndingBackslash() -> Bool {
        var at = index
        while at < scalars.count, scalars[at] == " " || scalars[at] == "\t" { at += 1 }
        if at < scalars.count, scalars[at] == "\r", at + 1 < scalars.count, scalars[at + 1] == "\n" { at += 1 }
        guard at < scalars.count, scalars[at] == "\n" else { return false }
        index = at
        while let scalar = current, [" ", "\t", "\n", "\r"].contains(scalar) {
            if scalar == "\n" { line += 1 }
            index += 1
        }
        return true
    }

    /// The scalar after a backslash (the backslash already read).
    mutating func escape() throws(ConfigTOML.Refusal) -> Unicode.Scalar {
        guard let letter = current else { throw refuse("a string ends in a lone backslash") }
        index += 1
        switch letter {
        case "b": return "\u{08}"
        case "t": return "\t"
        case "n": return "\n"
        case "f": return "\u{0C}"
        case "r": return "\r"
        case "\"": return "\""
        case "\\": return "\\"
        case "u", "U":
            let count = letter == "u" ? 4 : 8
            var digits = ""
            for _ in 0..<count {
                guard let digit = current, digit.isASCII, Character(digit).isHexDigit else {
                    throw refuse("\\\(letter) must be followed by \(count) hexadecimal digits")
                }
                digits.unicodeScalars.append(digit)
                index += 1
            }
            guard let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
                throw refuse("\\\(letter)\(digits) is not a Unicode character")
            }
            return scalar
        default:
            throw refuse("\\\(SharedStateJSON.string(String(letter)).dropFirst().dropLast()) is not an escape TOML knows (\\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX)")
        }
    }

    func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || scalar.value == 0x7F }

    func hex(_ scalar: Unicode.Scalar) -> String { String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) }

    /// A string's character as written: anything but a control character (a tab is text).
    func checkText(_ scalar: Unicode.Scalar) throws(ConfigTOML.Refusal) {
        guard scalar == "\t" || !isControl(scalar) else {
            throw refuse("a string holds a control character (U+\(hex(scalar))); write it as an escape such as \\u\(hex(scalar))")
        }
    }
}
