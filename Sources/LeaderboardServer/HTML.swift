// Escaping for the XML feed, and the pages' Content-Security-Policy: no scripts, one small
// stylesheet inline (the pages themselves are Mustache templates, Templates.swift).

enum HTML {
    /// Escapes text for HTML and XML alike (the TopScores.xml feed uses it too).
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                // Control and bidi-formatting characters are dropped, as in the terminal, and so are
                // the two code points XML 1.0 cannot carry at all.
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
                    || scalar.properties.generalCategory == .format { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}
