// The one entry point for anything a player pastes: canonical links, bare codes, readable
// outfits, Emergent links, Sayama recipe text and player links, however e-mail or chat mangled
// them. It returns the state (or the player to follow), or an error that says in plain words what
// is wrong. It never crashes and runs in time linear in the paste (which is at most 4 KiB).

public struct ImportedLink: Hashable, Sendable {
    public enum Form: String, Hashable, Sendable {
        case canonicalLink = "plume link"
        case bareCode = "share code"
        case readableOutfit = "readable outfit"
        case emergent = "Emergent link"
        case sayamaRecipe = "Swarm Chemistry recipe"
        case sayamaNumbers = "Swarm Chemistry numbers"
        case webLink = "plume-server web link"
    }

    public var state: SharedState
    public var form: Form
    public var callback: XCallback
    /// Changes made to fit Plume's ranges (clamped values, rescaled populations), in words.
    public var notes: [String]
    /// A recipe's name line, if the recipe text had one.
    public var title: String?
}

/// What a paste holds: a look or a swarm to import, or a player to follow.
public enum Pasted: Hashable, Sendable {
    case shared(ImportedLink)
    case player(PlayerLink)
}

public struct LinkImporter: Sendable {
    public let catalog: Catalog

    public init(catalog: Catalog) { self.catalog = catalog }

    /// A look or a swarm: a player link is refused, in words (it holds neither).
    public func read(_ paste: String) throws(ImportError) -> ImportedLink {
        switch try readPaste(paste) {
        case .shared(let link): return link
        case .player: throw .isPlayerLink
        }
    }

    /// Anything a paste may hold: a look, a swarm or a player.
    public func readPaste(_ paste: String) throws(ImportError) -> Pasted {
        let bytes = paste.utf8.count
        guard bytes <= GameLimits.maxPasteBytes else { throw .tooLong(bytes: bytes) }
        let cleaned = PasteCleaner.clean(paste)
        if let found = PasteCleaner.findLink(in: cleaned) {
            var firstError: ImportError?
            for candidate in PasteCleaner.linkCandidates(in: cleaned, from: found.start) {
                // A link escaped whole (plume%3A%2F%2F…) is cut out first and unescaped once,
                // so that what it escaped inside stays escaped.
                let link = found.escaped ? PasteCleaner.percentDecode(candidate) : candidate
                do {
                    return try readLink(PasteCleaner.trimTrailingPunctuation(link))
                } catch {
                    if firstError == nil { firstError = error }
                }
            }
            throw firstError ?? .notALink
        }
        switch Self.webLinkPage(in: cleaned) {
        case .code(let code)?: return .shared(try readCode(Self.normaliseCode(code), form: .webLink))
        case .player(let id)?: return .player(try PlayerLink.read(id, form: .webLink))
        case nil: return .shared(try readWithoutScheme(String(scalars: cleaned)))
        }
    }

    /// The x-callback parameters of the link in a paste, read even when the link itself can't
    /// be imported (so that x-error can be offered).
    public func callback(in paste: String) -> XCallback {
        guard paste.utf8.count <= GameLimits.maxPasteBytes else { return XCallback() }
        let cleaned = PasteCleaner.clean(paste)
        guard let found = PasteCleaner.findLink(in: cleaned),
              let candidate = PasteCleaner.linkCandidates(in: cleaned, from: found.start).first else { return XCallback() }
        let link = PasteCleaner.trimTrailingPunctuation(found.escaped ? PasteCleaner.percentDecode(candidate) : candidate)
        let beforeFragment = link.prefix { $0 != "#" }
        guard let mark = beforeFragment.firstIndex(of: "?") else { return XCallback() }
        return XCallback.parse(Self.queryItems(beforeFragment[beforeFragment.index(after: mark)...]))
    }

    // MARK: - Links

    private func readLink(_ text: String) throws(ImportError) -> Pasted {
        guard let colon = text.firstIndex(of: ":") else { throw .notALink }
        let scheme = text[..<colon].lowercased()
        var rest = text[text.index(after: colon)...]
        while rest.first == "/" { rest = rest.dropFirst() }
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let query = rest.firstIndex(of: "?").map { rest[rest.index(after: $0)...] } ?? ""
        let beforeQuery = rest.prefix { $0 != "?" }
        let host = beforeQuery.prefix { $0 != "/" }.lowercased()
        let path = beforeQuery.drop { $0 != "/" }.drop { $0 == "/" }
        let items = Self.queryItems(query)
        let callback = XCallback.parse(items)

        if scheme == "emergent" {
            return .shared(ImportedLink(state: .swarm(try EmergentLink.parse(items)), form: .emergent, callback: callback, notes: []))
        }
        if let outfit = items.first(where: { $0.key == "outfit" }), path.isEmpty, host == "look" || host.isEmpty {
            let look = try ReadableOutfit.parse(outfit.value, in: catalog)
            try checkWearable(look)
            return .shared(ImportedLink(state: .look(look), form: .readableOutfit, callback: callback, notes: []))
        }
        // A player link's query, if any, is never acted on: following takes the player's key.
        if host == PlayerLink.route { return .player(try PlayerLink.read(PasteCleaner.percentDecode(path), form: .canonicalLink)) }
        guard let kind = ShareKind.allCases.first(where: { $0.route == host }) else {
            if host.isEmpty { throw .notALink }
            throw .unknownRoute(host)
        }
        let rawCode = PasteCleaner.percentDecode(path)
        guard !rawCode.isEmpty else { throw .missingCode(kind) }
        // A trailing slash may be a chat app's addition or a standard-base64 "/": try both.
        var attempts = [rawCode]
        if rawCode.hasSuffix("/") { attempts.insert(String(rawCode.dropLast()), at: 0) }
        var firstError: ImportError?
        for attempt in attempts {
            do throws(ImportError) {
                var link = try readCode(Self.normaliseCode(attempt), form: .canonicalLink)
                guard link.state.kind == kind else { throw .kindMismatch(link: kind, code: link.state.kind) }
                link.callback = callback
                return .shared(link)
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        throw firstError!
    }

    /// What a plume-server page link leads to: a look's or a swarm's page, or a player's.
    enum WebPage: Equatable {
        case code(String)
        case player(String)
    }

    /// The code or player id in a plume-server's page link, `http(s)://host[:port]/l/{code}` or
    /// `…/p/{id}` (what the server hands out for browsers), found anywhere in the paste.
    static func webLinkPage(in s: [Unicode.Scalar]) -> WebPage? {
        var index = 0
        while index + 7 < s.count {
            defer { index += 1 }
            guard s[index] == "h" || s[index] == "H", index == 0 || !s[index - 1].properties.isAlphabetic else { continue }
            let head = String(scalars: s[index..<min(s.count, index + 8)]).lowercased()
            guard head.hasPrefix("http://") || head.hasPrefix("https://") else { continue }
            var end = index
            while end < s.count, s[end] != " ", s[end] != "\n", !PasteCleaner.isTerminator(s[end]) { end += 1 }
            let url = String(scalars: s[index..<end])
            let afterScheme = url.drop { $0 != ":" }.dropFirst(3)
            let path = afterScheme.drop { $0 != "/" }.prefix { $0 != "?" && $0 != "#" }
            guard path.hasPrefix("/l/") || path.hasPrefix("/p/") else { continue }
            var code = path.dropFirst(3)
            while code.last == "/" || code.last == "." || code.last == "," { code = code.dropLast() }
            let decoded = PasteCleaner.percentDecode(code)
            guard !decoded.isEmpty, !decoded.contains("/") else { continue }
            return path.hasPrefix("/p/") ? .player(decoded) : .code(decoded)
        }
        return nil
    }

    static func queryItems<S: StringProtocol>(_ query: S) -> [(key: String, value: String)] {
        query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = PasteCleaner.percentDecode(parts[0]).lowercased()
            let value = parts.count > 1 ? PasteCleaner.percentDecode(parts[1]) : ""
            return (key, value)
        }
    }

    /// Standard-base64 spellings back to base64url; padding and stray spaces dropped.
    static func normaliseCode(_ code: String) -> String {
        String(scalars: code.unicodeScalars.lazy.compactMap { scalar -> Unicode.Scalar? in
            switch scalar {
            case "+": "-"
            case "/": "_"
            case "=", " ", "\n": nil
            default: scalar
            }
        })
    }

    private func readCode(_ code: String, form: ImportedLink.Form) throws(ImportError) -> ImportedLink {
        let state: SharedState
        do {
            state = try ShareCode.decode(code)
        } catch {
            throw .code(error)
        }
        if case .look(let look) = state { try checkWearable(look) }
        return ImportedLink(state: state, form: form, callback: XCallback(), notes: [])
    }

    private func checkWearable(_ look: Look) throws(ImportError) {
        let broken = look.brokenRules(in: catalog)
        if !broken.isEmpty { throw .invalidLook(broken) }
    }

    // MARK: - Pastes without a scheme: bare codes and recipe text

    private func readWithoutScheme(_ text: String) throws(ImportError) -> ImportedLink {
        let trimmed = Self.unwrap(text)
        guard !trimmed.isEmpty else { throw .empty }
        let compact = String(scalars: trimmed.unicodeScalars.lazy.filter { $0 != " " && $0 != "\n" })
        let looksLikeCode = compact.utf8.first.map { (48...57).contains($0) } == true && compact.utf8.count >= 4
            && compact.utf8.allSatisfy { Base64URL.isAlphabet($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "=") }
        var codeError: ImportError?
        if looksLikeCode {
            do {
                return try readCode(Self.normaliseCode(compact), form: .bareCode)
            } catch {
                codeError = error
            }
        }
        if SayamaRecipeText.looksLikeRecipe(trimmed) {
            let parsed = try SayamaRecipeText.parse(trimmed)
            return ImportedLink(state: .swarm(parsed.recipe), form: .sayamaRecipe, callback: XCallback(), notes: parsed.notes, title: parsed.title)
        }
        if let parsed = try SayamaRecipeText.parseTokens(trimmed) {
            return ImportedLink(state: .swarm(parsed.recipe), form: .sayamaNumbers, callback: XCallback(), notes: parsed.notes)
        }
        throw codeError ?? .notALink
    }

    /// Strips quotes, backticks and brackets wrapped around the whole paste, and trailing
    /// sentence punctuation. One pass from both ends, however deep the wrapping.
    static func unwrap(_ text: String) -> String {
        let s = Array(text.unicodeScalars)
        var start = 0, end = s.count
        let pairs: [Unicode.Scalar: Unicode.Scalar] = ["\"": "\"", "'": "'", "`": "`", "<": ">", "“": "”", "‘": "’", "«": "»", "(": ")", "[": "]"]
        let loneQuotes: Set<Unicode.Scalar> = ["\"", "'", "`", "“", "”", "‘", "’"]
        let punctuation: Set<Unicode.Scalar> = [".", ",", ";", ":", "!", "?", "…"]
        var changed = true
        while changed && start < end {
            changed = false
            while start < end, s[start] == " " || s[start] == "\n" { start += 1; changed = true }
            while start < end, s[end - 1] == " " || s[end - 1] == "\n" || punctuation.contains(s[end - 1]) { end -= 1; changed = true }
            guard start < end else { break }
            if end - start >= 2, let close = pairs[s[start]], s[end - 1] == close {
                start += 1; end -= 1; changed = true
            } else if loneQuotes.contains(s[start]) {
                // One side of the quotes was lost in copying.
                start += 1; changed = true
            } else if loneQuotes.contains(s[end - 1]) {
                end -= 1; changed = true
            }
        }
        return start < end ? String(scalars: s[start..<end]) : ""
    }
}
