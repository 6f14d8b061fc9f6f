// Writers and readers for share-code bodies: LEB128 varints (looks) and MSB-first bit fields
// (swarms). Readers reject anything a writer would never produce.

struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func varint(_ value: Int) {
        precondition(value >= 0)
        var rest = UInt(value)
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}

struct ByteReader {
    private let bytes: ArraySlice<UInt8>
    private var index: Int

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes; index = bytes.startIndex }

    var isAtEnd: Bool { index == bytes.endIndex }

    /// At most four bytes (values below 2^28), no redundant trailing zero groups.
    mutating func varint() -> Int? {
        var value = 0, shift = 0
        for count in 1...4 {
            guard index < bytes.endIndex else { return nil }
            let byte = bytes[index]
            index += 1
            value |= Int(byte & 0x7F) << shift
            shift += 7
            if byte & 0x80 == 0 {
                if count > 1 && byte == 0 { return nil }
                return value
            }
        }
        return nil
    }
}

struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var used = 0  // bits used in the last byte, 0 when it is full or there is none

    mutating func write(_ value: Int, bits: Int) {
        precondition(value >= 0 && value < 1 << bits)
        for bit in stride(from: bits - 1, through: 0, by: -1) {
            if used == 0 { bytes.append(0) }
            if value >> bit & 1 == 1 { bytes[bytes.count - 1] |= 0x80 >> UInt8(used) }
            used = (used + 1) % 8
        }
    }
}

struct BitReader {
    private let bytes: ArraySlice<UInt8>
    private var position = 0  // in bits

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    var bitsLeft: Int { bytes.count * 8 - position }

    mutating func read(bits: Int) -> Int? {
        guard bitsLeft >= bits else { return nil }
        var value = 0
        for _ in 0..<bits {
            let byte = bytes[bytes.startIndex + position / 8]
            value = value << 1 | Int(byte >> UInt8(7 - position % 8) & 1)
            position += 1
        }
        return value
    }

    /// True when what is left is under a byte of zero padding.
    var onlyZeroPaddingLeft: Bool {
        var copy = self
        let left = bitsLeft
        return left < 8 && copy.read(bits: left) == 0
    }
}
