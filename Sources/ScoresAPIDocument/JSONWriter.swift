// JSON as the committed OpenAPI document is written: keys sorted (by code point), two spaces a
// level, `"key": value`, one item a line, non-ASCII text as itself, and a newline at the end — the
// same text every run on every platform, so that a change to a declaration is a readable diff.
// (Python's `json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)` writes the same.)
import ScoresAPI

extension JSONValue {
    /// The value as the document's text, ending in a newline.
    public func written() -> String {
        var text = ""
        write(into: &text, depth: 0)
        text += "\n"
        return text
    }

    private func write(into text: inout String, depth: Int) {
        switch self {
        case .string(let string):
            Self.quote(string, into: &text)
        case .integer(let number):
            text += String(number)
        case .bool(let value):
            text += value ? "true" : "false"
        case .null:
            text += "null"
        case .array(let items):
            guard !items.isEmpty else {
                text += "[]"
                return
            }
            text += "[\n"
            for (at, item) in items.enumerated() {
                Self.indent(depth + 1, into: &text)
                item.write(into: &text, depth: depth + 1)
                text += at == items.count - 1 ? "\n" : ",\n"
            }
            Self.indent(depth, into: &text)
            text += "]"
        case .object(let fields):
            guard !fields.isEmpty else {
                text += "{}"
                return
            }
            text += "{\n"
            let keys = fields.keys.sorted { a, b in a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) { x, y in x.value < y.value } }
            for (at, key) in keys.enumerated() {
                Self.indent(depth + 1, into: &text)
                Self.quote(key, into: &text)
                text += ": "
                fields[key]?.write(into: &text, depth: depth + 1)
                text += at == keys.count - 1 ? "\n" : ",\n"
            }
            Self.indent(depth, into: &text)
            text += "}"
        }
    }

    private static func indent(_ depth: Int, into text: inout String) {
        text += String(repeating: "  ", count: depth)
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything else as itself.
    private static func quote(_ string: String, into text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
