// An SSH public key as OpenSSH writes it ("ssh-ed25519 AAAAC3Nz… ada@laptop"), read far enough to
// know its type and its fingerprint: the SSH server computes a connecting key's fingerprint from
// the same line, so a key added by hand and the key that connects always agree.
import Crypto
import Foundation
import GameState
import ScoresAPI

public struct SSHPublicKey: Equatable, Sendable {
    /// "ssh-ed25519", "ecdsa-sha2-nistp256", …
    public let type: String
    /// The key's wire form (RFC 4253 §6.6), which the fingerprint hashes.
    public let blob: [UInt8]
    /// The comment after the key, stripped of control characters, at most 64 characters.
    public let comment: String

    /// The key types hosted games accept: the ones the SSH server can verify.
    public static let acceptedTypes = ["ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521"]
    /// Longer lines are refused before any work (an ECDSA P-521 line is about 270 bytes; the API
    /// says so too).
    public static let maxLineBytes = WireLimits.maxKeyLineBytes

    /// OpenSSH's fingerprint: "SHA256:" and the unpadded base64 of the SHA-256 of the wire form.
    public var fingerprint: String { Self.fingerprint(of: blob) }

    public static func fingerprint(of blob: [UInt8]) -> String {
        var text = Data(SHA256.hash(data: blob)).base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return "SHA256:" + text
    }

    public init(type: String, blob: [UInt8], comment: String = "") {
        (self.type, self.blob, self.comment) = (type, blob, comment)
    }

    /// Reads one line of an authorized_keys or .pub file (options before the key are skipped).
    public static func parse(_ line: String) throws(LeaderboardError) -> SSHPublicKey {
        guard line.utf8.count <= maxLineBytes else { throw invalid("that is too long to be a public key line") }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
        guard let at = words.firstIndex(where: { $0.hasPrefix("ssh-") || $0.hasPrefix("ecdsa-") || $0.hasPrefix("sk-") }) else {
            throw invalid("paste a public key line, as in ~/.ssh/id_ed25519.pub (it starts with ssh-ed25519 or ecdsa-sha2-)")
        }
        let type = words[at]
        guard acceptedTypes.contains(type) else {
            throw invalid("this server takes Ed25519 and ECDSA keys (ssh-ed25519, ecdsa-sha2-nistp256/384/521), not \(SafeText.quoted(type)); "
                          + "make one with ssh-keygen -t ed25519")
        }
        guard at + 1 < words.count, let data = Data(base64Encoded: words[at + 1]), data.count <= 1024 else {
            throw invalid("the key after \(type) is not base64 — paste the whole line of the .pub file")
        }
        let blob = Array(data)
        guard leadingString(blob) == type, isWellFormed(blob, type: type) else {
            throw invalid("the key's bytes do not match its type \(type) — paste the line exactly as the .pub file has it")
        }
        let comment = String(SafeText.strip(words[(at + 2)...].joined(separator: " ")).prefix(64))
        return SSHPublicKey(type: type, blob: blob, comment: comment)
    }

    /// The first string of a wire form (its type name), or nil.
    static func leadingString(_ blob: [UInt8]) -> String? {
        guard let (bytes, _) = field(blob, at: 0) else { return nil }
        return String(bytes: bytes, encoding: .utf8)
    }

    /// Ed25519: type and a 32-byte key. ECDSA: type, curve name and a point, nothing after.
    static func isWellFormed(_ blob: [UInt8], type: String) -> Bool {
        guard let (_, afterType) = field(blob, at: 0), let (second, afterSecond) = field(blob, at: afterType) else { return false }
        if type == "ssh-ed25519" { return second.count == 32 && afterSecond == blob.count }
        guard let (point, end) = field(blob, at: afterSecond) else { return false }
        return type.hasSuffix(String(bytes: second, encoding: .utf8) ?? "?") && !point.isEmpty && end == blob.count
    }

    /// A length-prefixed field at `offset`: its bytes and the offset after it.
    static func field(_ blob: [UInt8], at offset: Int) -> (ArraySlice<UInt8>, Int)? {
        guard offset + 4 <= blob.count else { return nil }
        let length = blob[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        guard length <= blob.count - offset - 4 else { return nil }
        return (blob[offset + 4..<offset + 4 + length], offset + 4 + length)
    }

    static func invalid(_ message: String) -> LeaderboardError { LeaderboardError(.invalid, .invalidKey, message) }
}
