// Tokens and public player ids: random, unguessable, and URL-safe. A token is shown to its
// player once and stored only as its SHA-256 hash.
import Crypto
import Foundation
import GameState

public enum Secrets {
    /// A new bearer token (256 random bits, base64url).
    public static func newToken() -> String { "plm_" + Base64URL.encode(randomBytes(LeaderboardLimits.tokenBytes)) }

    /// A new public player id (128 random bits, base64url: 22 characters), never beginning with
    /// "-": an operator pastes ids into `plume-server` commands, which would read one that did as
    /// an option (drawn again: one id in 64, a loss of under 0.03 bits).
    public static func newPlayerID() -> String {
        while true {
            let id = Base64URL.encode(randomBytes(LeaderboardLimits.playerIDBytes))
            if !id.hasPrefix("-") { return id }
        }
    }

    /// The stored form of a token: lowercase hex SHA-256.
    public static func hash(token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// A public id is exactly 22 base64url characters; anything else is refused before any lookup.
    public static func isPlayerID(_ text: String) -> Bool {
        text.utf8.count == 22 && text.utf8.allSatisfy(Base64URL.isAlphabet)
    }

    static func randomBytes(_ count: Int) -> [UInt8] {
        // The system generator reads the kernel's CSPRNG (getrandom) on Linux.
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}
