// Player links, `plume://player/{id}`: a player to follow, as a link a friend can paste. The id is
// the player's public id on a leaderboard, 22 base64url characters (128 random bits) — the same
// shape the server checks (`Secrets.isPlayerID`, which this module can't import). The link holds
// nothing else, so it carries no checksum: whether the player exists is the server's to say.

public struct PlayerLink: Hashable, Sendable {
    public enum Form: String, Hashable, Sendable {
        case canonicalLink = "player link"
        case webLink = "plume-server player page"
    }

    public let playerID: String
    public var form: Form

    /// The link's host: `plume://player/…`.
    public static let route = "player"
    /// Characters in a player id: 16 random bytes in base64url, unpadded.
    public static let idLength = 22

    /// A link for `playerID` when it has a player id's shape.
    public init?(playerID: String, form: Form = .canonicalLink) {
        guard Self.isPlayerID(playerID) else { return nil }
        (self.playerID, self.form) = (playerID, form)
    }

    /// `plume://player/{id}`: what the Share screen and `plume share --me` give.
    public var link: String { Self.link(playerID: playerID) }

    public static func link(playerID: String) -> String { ShareCode.linkScheme + route + "/" + playerID }

    /// A plume-server's page for the player, `{base}/p/{id}`: clickable in chat and mail.
    public static func webLink(playerID: String, base: String) -> String {
        (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/p/" + playerID
    }

    public static func isPlayerID(_ text: String) -> Bool {
        text.utf8.count == idLength && text.utf8.allSatisfy(Base64URL.isAlphabet)
    }

    /// The id in a link's path (already percent-decoded), repaired as the importer repairs
    /// codes — a chat app's trailing slash, standard-base64 spellings, stray spaces — or the
    /// reason it can't be one, in words.
    static func read(_ path: String, form: Form) throws(ImportError) -> PlayerLink {
        var text = Substring(path)
        while text.last == "/" { text = text.dropLast() }
        let id = LinkImporter.normaliseCode(String(text))
        guard !id.isEmpty else { throw .playerLink("it has no player id after “player/” — copy the whole link") }
        if let (position, bad) = id.enumerated().first(where: { !($0.element.isASCII && $0.element.utf8.allSatisfy(Base64URL.isAlphabet)) }) {
            throw .playerLink("its player id has \(SafeText.quoted(String(bad))) at position \(position + 1), which a player id never holds — copy the link again")
        }
        guard id.count == idLength else {
            throw .playerLink(id.count < idLength ? "its player id is cut short (\(id.count) of \(idLength) characters) — copy the whole link"
                                                  : "its player id has \(id.count) characters, not \(idLength) — copy the link again, on its own")
        }
        return PlayerLink(playerID: id, form: form)!
    }
}
