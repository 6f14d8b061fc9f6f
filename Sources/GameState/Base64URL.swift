// base64url (RFC 4648 §5) without padding, decoded strictly: one spelling per byte string, so a
// share code has exactly one valid form and any changed character is noticed.

public enum Base64URL {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = Int8(index) }
        return table
    }()

    public static func isAlphabet(_ byte: UInt8) -> Bool { values[Int(byte)] >= 0 }

    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= bytes.count {
            let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { out.append(alphabet[Int(n >> UInt32(shift) & 63)]) }
            index += 3
        }
        switch bytes.count - index {
        case 1:
            let n = UInt32(bytes[index]) << 16
            out.append(alphabet[Int(n >> 18 & 63)]); out.append(alphabet[Int(n >> 12 & 63)])
        case 2:
            let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            for shift in [18, 12, 6] { out.append(alphabet[Int(n >> UInt32(shift) & 63)]) }
        default: break
        }
        return String(decoding: out, as: UTF8.self)
    }

    public enum DecodeError: Error, Equatable {
        /// A character outside A–Z a–z 0–9 - _, with its 0-based position.
        case badCharacter(position: Int)
        /// A length no byte string encodes to (4k+1 characters).
        case impossibleLength
        /// The last character carries bits that no encoder sets.
        case nonCanonicalEnding
    }

    public static func decode<Text: Collection<UInt8>>(_ text: Text) throws(DecodeError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count * 3 / 4)
        var buffer: UInt32 = 0, bits = 0
        for (position, byte) in text.enumerated() {
            let value = values[Int(byte)]
            guard value >= 0 else { throw .badCharacter(position: position) }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(buffer >> UInt32(bits) & 0xFF))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        if bits == 6 { throw .impossibleLength }
        if buffer != 0 { throw .nonCanonicalEnding }
        return out
    }
}
