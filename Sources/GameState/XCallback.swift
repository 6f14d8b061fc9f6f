// x-callback-url parameters carried by a link. They are read and shown, never acted on without
// the player's keypress, and only allow-listed targets are kept.

public struct XCallback: Hashable, Sendable {
    /// The app that says it sent the link. Unverified: anyone can write any name.
    public var source: String?
    public var success: String?
    public var error: String?
    public var cancel: String?
    /// Why each parameter that was left out was left out.
    public var dropped: [String] = []

    public init() {}

    /// Targets allowed for x-success, x-error and x-cancel.
    public static let allowedSchemes: Set<String> = ["https", "plume"]

    static func parse(_ items: [(key: String, value: String)]) -> XCallback {
        var callback = XCallback()
        var seen = Set<String>()
        for (key, value) in items where key.hasPrefix("x-") {
            guard ["x-source", "x-success", "x-error", "x-cancel"].contains(key) else { continue }
            guard seen.insert(key).inserted else {
                callback.dropped.append("\(key) appears twice; only the first was kept")
                continue
            }
            if key == "x-source" {
                switch checkSource(value) {
                case .success(let name): callback.source = name
                case .failure(let why): callback.dropped.append("x-source was left out: \(why.text)")
                }
                continue
            }
            switch checkTarget(value) {
            case .success(let target):
                switch key {
                case "x-success": callback.success = target
                case "x-error": callback.error = target
                default: callback.cancel = target
                }
            case .failure(let why): callback.dropped.append("\(key) was left out: \(why.text)")
            }
        }
        return callback
    }

    struct Reason: Error { let text: String }

    static func checkSource(_ value: String) -> Result<String, Reason> {
        let scalars = value.unicodeScalars
        if scalars.isEmpty { return .failure(Reason(text: "it is empty")) }
        if scalars.contains(where: { !SafeText.isShowable($0) }) {
            return .failure(Reason(text: "it contains control characters"))
        }
        if value.count > GameLimits.maxSourceCharacters {
            return .failure(Reason(text: "it is longer than \(GameLimits.maxSourceCharacters) characters"))
        }
        return .success(value)
    }

    static func checkTarget(_ value: String) -> Result<String, Reason> {
        if value.count > GameLimits.maxCallbackCharacters {
            return .failure(Reason(text: "it is longer than \(GameLimits.maxCallbackCharacters) characters"))
        }
        if value.unicodeScalars.contains(where: { !SafeText.isShowable($0) || $0.properties.isWhitespace || $0 == "\\" }) {
            return .failure(Reason(text: "it contains spaces, backslashes or control characters"))
        }
        guard let colon = value.firstIndex(of: ":") else { return .failure(Reason(text: "it is not a link")) }
        let scheme = value[..<colon].lowercased()
        guard allowedSchemes.contains(scheme) else {
            return .failure(Reason(text: "only https:// and plume:// targets are allowed, not \(SafeText.quoted(scheme + ":", limit: 16))"))
        }
        let rest = value[value.index(after: colon)...]
        guard rest.hasPrefix("//") else { return .failure(Reason(text: "it has no host")) }
        let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if authority.contains("@") { return .failure(Reason(text: "it carries a user name or password")) }
        if authority.isEmpty { return .failure(Reason(text: "it has no host")) }
        return .success(value)
    }
}

extension XCallback {
    /// `target` with `parameters` added to its query (before any fragment), each name and value
    /// percent-encoded so that only unreserved characters stay as they are.
    public static func appending(_ parameters: [(name: String, value: String)], to target: String) -> String {
        guard !parameters.isEmpty else { return target }
        var base = Substring(target), fragment = Substring("")
        if let hash = target.firstIndex(of: "#") { (base, fragment) = (target[..<hash], target[hash...]) }
        let query = parameters.map { percentEncode($0.name) + "=" + percentEncode($0.value) }.joined(separator: "&")
        let joiner = !base.contains("?") ? "?" : (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&")
        return base + joiner + query + fragment
    }

    /// RFC 3986 percent-encoding of everything outside ALPHA / DIGIT / "-" / "." / "_" / "~".
    public static func percentEncode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return out
    }
}

extension ImportError {
    /// A short stable name for the kind of failure, sent back as x-error's `errorCode`.
    public var code: String {
        switch self {
        case .empty: "empty"
        case .tooLong: "too-long"
        case .notALink: "not-a-link"
        case .unknownRoute: "unknown-route"
        case .missingCode: "missing-code"
        case .code: "bad-code"
        case .kindMismatch: "kind-mismatch"
        case .invalidLook: "invalid-look"
        case .outfit: "bad-outfit"
        case .emergent: "bad-emergent-link"
        case .recipe: "bad-recipe"
        case .playerLink: "bad-player-link"
        case .isPlayerLink: "player-link"
        }
    }
}
