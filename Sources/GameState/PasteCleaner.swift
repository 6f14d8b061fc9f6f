// Undoes what e-mail and chat do to a pasted link — invisible characters, quoted-printable soft
// breaks and =3D, reply quoting, Markdown escapes, HTML entities — and finds where a link
// starts and which lines it was wrapped over. Everything here runs in linear time.

enum PasteCleaner {
    /// Cleans the whole paste. Never adds content; only removes or decodes transport damage.
    static func clean(_ text: String) -> [Unicode.Scalar] {
        var scalars = normaliseCharacters(text)
        // Reply markers first: a soft break followed by "> " on the next line must rejoin.
        scalars = removeReplyQuoting(scalars)
        if looksQuotedPrintable(scalars) { scalars = decodeQuotedPrintable(scalars) }
        scalars = decodeEntitiesAndEscapes(scalars)
        return scalars
    }

    /// Line ends to \n, exotic spaces to plain spaces, invisible and control characters removed.
    static func normaliseCharacters(_ text: String) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(text.unicodeScalars.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\r": out.append("\n")
            case "\n": if !previousWasCR { out.append("\n") }
            case "\t", "\u{A0}", "\u{2000}"..."\u{200A}", "\u{202F}", "\u{205F}", "\u{3000}": out.append(" ")
            default: if SafeText.isShowable(scalar) { out.append(scalar) }
            }
        }
        return out
    }

    static func looksQuotedPrintable(_ s: [Unicode.Scalar]) -> Bool {
        var index = 0
        while index + 1 < s.count {
            if s[index] == "=" {
                if s[index + 1] == "\n" { return true }
                if index + 2 < s.count, s[index + 1] == "3", s[index + 2] == "D" || s[index + 2] == "d" { return true }
            }
            index += 1
        }
        return false
    }

    /// Soft line breaks (`=` at a line end) are removed; `=XX` for ASCII bytes is decoded.
    static func decodeQuotedPrintable(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        var index = 0
        while index < s.count {
            if s[index] == "=" {
                var next = index + 1
                while next < s.count, s[next] == " " { next += 1 }
                if next < s.count, s[next] == "\n" { index = next + 1; continue }
                if index + 2 < s.count, let high = hexValue(s[index + 1]), let low = hexValue(s[index + 2]), high < 8 {
                    out.append(Unicode.Scalar(UInt8(high * 16 + low)))
                    index += 3
                    continue
                }
            }
            out.append(s[index])
            index += 1
        }
        return out
    }

    /// Strips `>` reply markers from the start of each line.
    static func removeReplyQuoting(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(s.count)
        var atLineStart = true
        var index = 0
        while index < s.count {
            if atLineStart {
                var probe = index
                var sawMarker = false
                while probe < s.count, s[probe] == ">" || s[probe] == " " {
                    if s[probe] == ">" { sawMarker = true }
                    probe += 1
                }
                // Only a line that is quoted *and* has content is unquoted; a lone ">" that
                // closes a wrapped <link> stays.
                if sawMarker, probe < s.count, s[probe] != "\n" { index = probe }
                atLineStart = false
                continue
            }
            out.append(s[index])
            atLineStart = s[index] == "\n"
            index += 1
        }
        return out
    }

    private static let entities: [(String, Unicode.Scalar)] = [
        ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&#x27;", "'"),
    ]

    /// ASCII punctuation, which Markdown lets a writer escape with a backslash.
    private static let markdownEscapable = Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars)

    /// HTML entities from HTML mail, and Markdown backslash escapes (`\_` → `_`).
    static func decodeEntitiesAndEscapes(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(s.count)
        var index = 0
        scan: while index < s.count {
            let scalar = s[index]
            if scalar == "\\", index + 1 < s.count, markdownEscapable.contains(s[index + 1]) {
                out.append(s[index + 1])
                index += 2
                continue
            }
            if scalar == "&" {
                for (entity, replacement) in entities where matches(s, at: index, entity) {
                    out.append(replacement)
                    index += entity.unicodeScalars.count
                    continue scan
                }
            }
            out.append(scalar)
            index += 1
        }
        return out
    }

    static func matches(_ s: [Unicode.Scalar], at index: Int, _ word: String, ignoringCase: Bool = true) -> Bool {
        var position = index
        for expected in word.unicodeScalars {
            guard position < s.count else { return false }
            let actual = s[position]
            let same = ignoringCase ? lower(actual) == lower(expected) : actual == expected
            if !same { return false }
            position += 1
        }
        return true
    }

    static func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }

    static func hexValue(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar {
        case "0"..."9": Int(scalar.value - 48)
        case "a"..."f": Int(scalar.value - 87)
        case "A"..."F": Int(scalar.value - 55)
        default: nil
        }
    }

    // MARK: - Finding a link

    static let schemes = ["plume", "emergent"]

    /// Where the first link starts, and whether its scheme separator was percent-escaped
    /// (`plume%3A%2F%2F…`, a link that was escaped whole).
    static func findLink(in s: [Unicode.Scalar]) -> (start: Int, escaped: Bool)? {
        var index = 0
        while index < s.count {
            let atWordStart = index == 0 || !(s[index - 1].properties.isAlphabetic || ("0"..."9").contains(s[index - 1]))
            if atWordStart, s[index] == "p" || s[index] == "P" || s[index] == "e" || s[index] == "E" {
                for scheme in schemes where matches(s, at: index, scheme) {
                    let after = index + scheme.unicodeScalars.count
                    if after < s.count, s[after] == ":" { return (index, false) }
                    if matches(s, at: after, "%3a") { return (index, true) }
                }
            }
            index += 1
        }
        return nil
    }

    static func isTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "<", ">", "\"", "'", "`", "(", ")", "[", "]", "{", "}", "“", "”", "‘", "’", "«", "»": true
        default: false
        }
    }

    /// The link's text from `start`, as candidates from longest to shortest: a link wrapped over
    /// several lines is rejoined, but the lines after it may be ordinary text, so each shorter
    /// join is offered too and the caller keeps the first that decodes.
    static func linkCandidates(in s: [Unicode.Scalar], from start: Int) -> [String] {
        var pieces: [String] = []
        var index = start
        while pieces.count <= GameLimits.maxLinkContinuationLines {
            let (piece, end) = token(in: s, from: index, allowSpaces: pieces.joined().lowercased().contains("outfit="))
            if piece.isEmpty { break }
            pieces.append(piece)
            // Continue only if the token ran to the end of its line and the next line has more.
            var probe = end
            while probe < s.count, s[probe] == " " { probe += 1 }
            guard probe < s.count, s[probe] == "\n" else { break }
            probe += 1
            while probe < s.count, s[probe] == " " { probe += 1 }
            guard probe < s.count, s[probe] != "\n" else { break }
            index = probe
        }
        return (0..<pieces.count).reversed().map { pieces[0...$0].joined() }
    }

    private static func token(in s: [Unicode.Scalar], from start: Int, allowSpaces: Bool) -> (String, Int) {
        var out: [Unicode.Scalar] = []
        var spacesAllowed = allowSpaces
        var index = start
        while index < s.count {
            let scalar = s[index]
            if scalar == "\n" || isTerminator(scalar) { break }
            // In the human-readable outfit form names may hold spaces; elsewhere a space ends a link.
            if scalar == " " && !spacesAllowed { break }
            if scalar == "=", String(scalars: out.suffix(6)).lowercased() == "outfit" { spacesAllowed = true }
            out.append(scalar)
            index += 1
        }
        // Trailing spaces are never part of a link.
        while out.last == " " { out.removeLast() }
        return (String(scalars: out), index)
    }

    /// Removes sentence punctuation a link was followed by (`… see plume://look/1abc.`).
    static func trimTrailingPunctuation(_ text: String) -> String {
        var text = Substring(text)
        while let last = text.last, ".,;:!?…".contains(last) { text = text.dropLast() }
        return String(text)
    }

    /// Decodes %XX escapes (UTF-8). Malformed escapes are left as they are.
    static func percentDecode<S: StringProtocol>(_ text: S) -> String {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
               let high = hexValue(Unicode.Scalar(utf8[index + 1])), let low = hexValue(Unicode.Scalar(utf8[index + 2])) {
                bytes.append(UInt8(high * 16 + low))
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
