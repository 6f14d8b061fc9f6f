// What a hosted game (a `plume` the SSH server started for a connection) shows the HTTP API in
// place of a token: the connecting key's fingerprint, the player it belongs to (none until the
// player registers), the SSH client's address (so per-address limits count the player, not the
// loopback the game talks over) and an expiry — sealed with ChaCha20-Poly1305 under a key kept in
// the database, so every server on it accepts every other's passes and no one can forge one.
// A pass is handed to the game over an inherited pipe and never written to a file.
import Crypto
import Foundation
import GameState

public struct HostedPass: Equatable, Sendable {
    public var fingerprint: String
    public var keyType: String
    /// The public id of the key's player; nil while the key belongs to no one.
    public var player: String?
    /// The SSH client's address as the server saw it.
    public var client: String
    /// Milliseconds since 1970.
    public var expires: Int64

    public init(fingerprint: String, keyType: String, player: String?, client: String, expires: Int64) {
        (self.fingerprint, self.keyType, self.player, self.client, self.expires) = (fingerprint, keyType, player, client, expires)
    }

    static let version: UInt8 = 1
    public static let prefix = "hp1."
    public static let maxLength = 400

    public func sealed(with key: SymmetricKey) -> String {
        var payload: [UInt8] = [Self.version]
        payload += withUnsafeBytes(of: expires.bigEndian, Array.init)
        for text in [fingerprint, keyType, player ?? "", client] {
            let bytes = Array(text.utf8.prefix(80))
            payload.append(UInt8(bytes.count))
            payload += bytes
        }
        // Sealing only fails for a key of the wrong size, which is never made.
        let box = try! ChaChaPoly.seal(payload, using: key)
        return Self.prefix + Base64URL.encode(Array(box.combined))
    }

    /// Opens a pass sealed with `key` that has not expired at `now`; nil for anything else.
    public static func open(_ text: String, key: SymmetricKey, now: Int64) -> HostedPass? {
        guard text.utf8.count <= maxLength, text.hasPrefix(prefix),
              let combined = try? Base64URL.decode(text.utf8.dropFirst(prefix.utf8.count)),
              combined.count > 28,
              let payload = try? Array(ChaChaPoly.open(ChaChaPoly.SealedBox(combined: combined), using: key)),
              payload.count >= 9, payload[0] == version else { return nil }
        let expires = payload[1..<9].reduce(Int64(0)) { $0 << 8 | Int64($1) }
        var fields: [String] = []
        var offset = 9
        while offset < payload.count, fields.count < 4 {
            let length = Int(payload[offset])
            guard offset + 1 + length <= payload.count, let text = String(bytes: payload[offset + 1..<offset + 1 + length], encoding: .utf8) else { return nil }
            fields.append(text)
            offset += 1 + length
        }
        guard fields.count == 4, offset == payload.count, now < expires else { return nil }
        return HostedPass(fingerprint: fields[0], keyType: fields[1], player: fields[2].isEmpty ? nil : fields[2], client: fields[3], expires: expires)
    }
}
