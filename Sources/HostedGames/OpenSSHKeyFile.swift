// An Ed25519 private key in OpenSSH's own file format ("-----BEGIN OPENSSH PRIVATE KEY-----",
// what `ssh-keygen -t ed25519 -N ''` writes), read and written here so that an operator makes the
// server's host key with ssh-keygen and checks it with `ssh-keygen -l -f`. Only unencrypted keys
// (a server starts unattended); anything else is refused in words.
//
// The body, base64 between the markers: "openssh-key-v1\0", the cipher and KDF names ("none"),
// empty KDF options, the number of keys (1), the public key blob, then the private section —
// two equal check numbers, the key type, the 32-byte public key, 64 bytes of seed then public
// key, a comment — padded with 1, 2, 3… to a multiple of 8.
import Crypto
import Foundation

enum OpenSSHKeyFile {
    static let begin = "-----BEGIN OPENSSH PRIVATE KEY-----", end = "-----END OPENSSH PRIVATE KEY-----"
    static let magic = Array("openssh-key-v1".utf8) + [0]

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static func isKeyFile(_ text: String) -> Bool { text.contains(begin) }

    static func read(_ text: String) throws(Problem) -> Curve25519.Signing.PrivateKey {
        guard let from = text.range(of: begin), let to = text.range(of: end, range: from.upperBound..<text.endIndex) else {
            throw Problem(description: "it isn't an OpenSSH private key (no BEGIN and END lines)")
        }
        let body = text[from.upperBound..<to.lowerBound].filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: String(body)) else { throw Problem(description: "its body isn't base64") }
        var reader = Reader(bytes: Array(data))
        guard reader.take(magic.count) == magic else { throw Problem(description: "it isn't in the openssh-key-v1 format") }
        let cipher = try reader.string(), kdf = try reader.string()
        _ = try reader.string()
        guard cipher == Array("none".utf8), kdf == Array("none".utf8) else {
            throw Problem(description: "it is protected by a passphrase; a server starts unattended — make one with ssh-keygen -t ed25519 -N ''")
        }
        guard try reader.integer() == 1 else { throw Problem(description: "it holds more than one key") }
        _ = try reader.string()
        var section = Reader(bytes: try reader.string())
        guard try section.integer() == (try section.integer()) else { throw Problem(description: "its check numbers differ (the file is damaged)") }
        guard try section.string() == Array("ssh-ed25519".utf8) else {
            throw Problem(description: "it isn't an Ed25519 key; make one with ssh-keygen -t ed25519")
        }
        let publicKey = try section.string(), secret = try section.string()
        guard publicKey.count == 32, secret.count == 64, Array(secret[32...]) == publicKey,
              let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: secret[..<32]),
              Array(key.publicKey.rawRepresentation) == publicKey else {
            throw Problem(description: "its Ed25519 key doesn't hold together (the file is damaged)")
        }
        return key
    }

    static func write(_ key: Curve25519.Signing.PrivateKey, comment: String) -> String {
        let publicKey = Array(key.publicKey.rawRepresentation)
        let blob = string(Array("ssh-ed25519".utf8)) + string(publicKey)
        let check = UInt32.random(in: .min ... .max)
        var section = integer(check) + integer(check) + string(Array("ssh-ed25519".utf8)) + string(publicKey)
            + string(Array(key.rawRepresentation) + publicKey) + string(Array(comment.utf8))
        var pad: UInt8 = 1
        while section.count % 8 != 0 {
            section.append(pad)
            pad += 1
        }
        let bytes = magic + string(Array("none".utf8)) + string(Array("none".utf8)) + string([]) + integer(1) + string(blob) + string(section)
        let base64 = Data(bytes).base64EncodedString()
        var lines: [String] = [begin]
        var start = base64.startIndex
        while start < base64.endIndex {
            let stop = base64.index(start, offsetBy: 70, limitedBy: base64.endIndex) ?? base64.endIndex
            lines.append(String(base64[start..<stop]))
            start = stop
        }
        return (lines + [end]).joined(separator: "\n") + "\n"
    }

    private static func integer(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
    private static func string(_ bytes: [UInt8]) -> [UInt8] { integer(UInt32(bytes.count)) + bytes }

    /// Big-endian lengths and values, refusing to read past the end.
    struct Reader {
        let bytes: [UInt8]
        var at = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func take(_ count: Int) -> [UInt8]? {
            guard count >= 0, at + count <= bytes.count else { return nil }
            defer { at += count }
            return Array(bytes[at..<at + count])
        }

        mutating func integer() throws(Problem) -> UInt32 {
            guard let four = take(4) else { throw Problem(description: "it ends too early (the file is damaged)") }
            return four.reduce(0) { $0 << 8 | UInt32($1) }
        }

        mutating func string() throws(Problem) -> [UInt8] {
            let count = try integer()
            guard count <= 4096, let value = take(Int(count)) else { throw Problem(description: "it ends too early (the file is damaged)") }
            return value
        }
    }
}
