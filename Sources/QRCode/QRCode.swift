// QR codes (ISO/IEC 18004) for share links: byte mode, error correction level M, versions 1–10,
// the mask chosen by the standard's four penalty rules. Plain Swift, no dependencies.
//
// The symbol is built the usual way: the data bits (mode, count, bytes, terminator, padding) are
// split into Reed–Solomon blocks over GF(256), interleaved, laid in the two-column zig-zag around
// the function patterns (finders, timing, alignment, format and version areas), and masked.

public struct QRCode: Sendable, Equatable {
    /// 1–10.
    public let version: Int
    /// 0–7, the mask the penalty rules chose.
    public let mask: Int
    /// Modules per side (17 + 4 × version), without the quiet zone.
    public let size: Int
    /// Row-major, `true` is dark.
    public let modules: [Bool]

    public static let maxVersion = 10
    /// The most bytes a symbol of `version` holds at level M in byte mode.
    public static func capacity(version: Int) -> Int {
        let countBits = version <= 9 ? 8 : 16
        return (Layout.table[version - 1].dataCodewords * 8 - 4 - countBits) / 8
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case tooLong(bytes: Int)
        case empty

        public var description: String {
            switch self {
            case .tooLong(let bytes):
                "\(bytes) bytes is too long for a QR code of version \(QRCode.maxVersion) or less (at most \(QRCode.capacity(version: QRCode.maxVersion)))"
            case .empty:
                "there is nothing to encode"
            }
        }
    }

    public subscript(row: Int, column: Int) -> Bool {
        guard row >= 0, column >= 0, row < size, column < size else { return false }
        return modules[row * size + column]
    }

    /// The smallest symbol that holds `text`'s UTF-8 bytes, or why there is none.
    public static func encode(_ text: String) throws(Failure) -> QRCode {
        try encode(bytes: Array(text.utf8))
    }

    public static func encode(bytes: [UInt8], mask forcedMask: Int? = nil) throws(Failure) -> QRCode {
        guard !bytes.isEmpty else { throw .empty }
        guard let version = (1...maxVersion).first(where: { capacity(version: $0) >= bytes.count }) else {
            throw .tooLong(bytes: bytes.count)
        }
        let codewords = Layout.table[version - 1].codewords(for: dataCodewords(bytes, version: version))
        var symbol = Symbol(version: version)
        symbol.drawFunctionPatterns()
        symbol.placeData(codewords)
        var best: (mask: Int, penalty: Int, modules: [Bool])?
        for mask in forcedMask.map({ [$0] }) ?? Array(0..<8) {
            var candidate = symbol
            candidate.apply(mask: mask)
            candidate.drawFormat(mask: mask)
            let penalty = candidate.penalty()
            if best == nil || penalty < best!.penalty { best = (mask, penalty, candidate.dark) }
        }
        return QRCode(version: version, mask: best!.mask, size: symbol.size, modules: best!.modules)
    }

    /// Mode indicator, character count, the bytes, the terminator and the pad codewords.
    static func dataCodewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(UInt32(bytes.count), count: version <= 9 ? 8 : 16)
        for byte in bytes { bits.append(UInt32(byte), count: 8) }
        let capacityBits = Layout.table[version - 1].dataCodewords * 8
        bits.append(0, count: min(4, capacityBits - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var words = bits.bytes
        var pad: UInt8 = 0xEC
        while words.count < capacityBits / 8 {
            words.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return words
    }
}

struct BitBuffer {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    mutating func append(_ value: UInt32, count bitCount: Int) {
        for shift in stride(from: bitCount - 1, through: 0, by: -1) {
            if count % 8 == 0 { bytes.append(0) }
            if (value >> UInt32(shift)) & 1 == 1 { bytes[count / 8] |= 0x80 >> UInt8(count % 8) }
            count += 1
        }
    }
}

/// Level M's block structure for versions 1–10 (ISO/IEC 18004 table 9) and the alignment centres.
struct Layout {
    let ecPerBlock: Int
    /// Data codewords per block; the later blocks may hold one more.
    let blocks: [Int]
    let alignment: [Int]

    var dataCodewords: Int { blocks.reduce(0, +) }

    static let table: [Layout] = [
        Layout(ecPerBlock: 10, blocks: [16], alignment: []),
        Layout(ecPerBlock: 16, blocks: [28], alignment: [6, 18]),
        Layout(ecPerBlock: 26, blocks: [44], alignment: [6, 22]),
        Layout(ecPerBlock: 18, blocks: [32, 32], alignment: [6, 26]),
        Layout(ecPerBlock: 24, blocks: [43, 43], alignment: [6, 30]),
        Layout(ecPerBlock: 16, blocks: [27, 27, 27, 27], alignment: [6, 34]),
        Layout(ecPerBlock: 18, blocks: [31, 31, 31, 31], alignment: [6, 22, 38]),
        Layout(ecPerBlock: 22, blocks: [38, 38, 39, 39], alignment: [6, 24, 42]),
        Layout(ecPerBlock: 22, blocks: [36, 36, 36, 37, 37], alignment: [6, 26, 46]),
        Layout(ecPerBlock: 26, blocks: [43, 43, 43, 43, 44], alignment: [6, 28, 50]),
    ]

    /// The final sequence: data codewords interleaved across blocks, then their error correction.
    func codewords(for data: [UInt8]) -> [UInt8] {
        var start = 0
        var dataBlocks: [[UInt8]] = [], ecBlocks: [[UInt8]] = []
        let generator = ReedSolomon.generator(degree: ecPerBlock)
        for length in blocks {
            let block = Array(data[start..<(start + length)])
            start += length
            dataBlocks.append(block)
            ecBlocks.append(ReedSolomon.remainder(block, generator: generator))
        }
        var out: [UInt8] = []
        for index in 0..<(blocks.max() ?? 0) {
            for block in dataBlocks where index < block.count { out.append(block[index]) }
        }
        for index in 0..<ecPerBlock {
            for block in ecBlocks { out.append(block[index]) }
        }
        return out
    }
}

/// Arithmetic in GF(2⁸) with the QR polynomial x⁸ + x⁴ + x³ + x² + 1, and the codes built on it.
enum ReedSolomon {
    static let (exp, log): ([UInt8], [Int]) = {
        var exp = [UInt8](repeating: 0, count: 512), log = [Int](repeating: 0, count: 256)
        var value = 1
        for power in 0..<255 {
            exp[power] = UInt8(value)
            log[value] = power
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        for power in 255..<512 { exp[power] = exp[power - 255] }
        return (exp, log)
    }()

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        a == 0 || b == 0 ? 0 : exp[log[Int(a)] + log[Int(b)]]
    }

    /// ∏ (x − αⁱ) for i in 0..<degree, highest power first (its leading 1 included).
    static func generator(degree: Int) -> [UInt8] {
        var poly: [UInt8] = [1]
        for power in 0..<degree {
            var next = [UInt8](repeating: 0, count: poly.count + 1)
            for (index, coefficient) in poly.enumerated() {
                next[index] ^= coefficient
                next[index + 1] ^= multiply(coefficient, exp[power])
            }
            poly = next
        }
        return poly
    }

    /// The error-correction codewords: the data times x^degree, modulo the generator.
    static func remainder(_ data: [UInt8], generator: [UInt8]) -> [UInt8] {
        let degree = generator.count - 1
        var rest = [UInt8](repeating: 0, count: degree)
        for byte in data {
            let factor = byte ^ rest[0]
            rest.removeFirst()
            rest.append(0)
            for index in 0..<degree { rest[index] ^= multiply(generator[index + 1], factor) }
        }
        return rest
    }
}
