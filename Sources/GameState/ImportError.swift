// Why a paste could not be imported, worded for the player.

public enum ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    case tooLong(bytes: Int)
    case notALink
    case unknownRoute(String)
    case missingCode(ShareKind)
    case code(ShareCodeError)
    case kindMismatch(link: ShareKind, code: ShareKind)
    case invalidLook([LookRule])
    case outfit(String)
    case emergent(String)
    case recipe(String)
    /// A player link whose id can't be one, and why.
    case playerLink(String)
    /// A player link where only a look or a swarm will do (`plume link`, a slot).
    case isPlayerLink

    public var description: String {
        switch self {
        case .empty:
            "There is nothing to import: the paste is empty."
        case .tooLong(let bytes):
            "That paste is \(bytes) bytes; a Plume link is never longer than \(GameLimits.maxPasteBytes / 1024) KiB, so it wasn't read."
        case .notALink:
            "This isn't a Plume link. Plume reads plume:// links, share codes (they start with 1), emergent:// links and Swarm Chemistry recipes."
        case .unknownRoute(let host):
            "Plume can't open plume://\(SafeText.strip(String(host.prefix(24))))/… — links lead to a look, a swarm or a player."
        case .missingCode(let kind):
            "This plume://\(kind.route) link has no code after “\(kind.route)/” — copy the whole link."
        case .code(let error):
            "Can't open this link: \(error)."
        case .kindMismatch(let link, let code):
            "This link says it holds a \(link.route) but its code holds a \(code.route) — it was edited or pasted together from two links."
        case .invalidLook(let rules):
            "This look can't be worn: " + rules.map(\.description).joined(separator: "; ") + "."
        case .outfit(let why):
            "Can't read this outfit: \(why)."
        case .emergent(let why):
            "Can't read this Emergent link: \(why)."
        case .recipe(let why):
            "Can't read this recipe: \(why)."
        case .playerLink(let why):
            "Can't read this player link: \(why)."
        case .isPlayerLink:
            "This is a player link: it leads to a player to follow, not to a look or a swarm. Paste it in the game to follow them."
        }
    }
}
