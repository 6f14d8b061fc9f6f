// The QR encoder's parts checked on their own: Reed–Solomon against the standard's worked
// example and by syndromes, version choice at every capacity edge, the function patterns, the
// format and version information read back, and the mask the penalty rules pick. (Whole symbols
// are decoded by a real decoder, zbarimg, in Tests/E2E/test_qr.py.)
import Testing
@testable import QRCode

@Suite struct QRCodeTests {
    @Test func reedSolomonMatchesTheStandardsWorkedExample() {
        // ISO/IEC 18004 annex I: "01234567" as version 1-M.
        let data: [UInt8] = [16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17]
        let ec = ReedSolomon.remainder(data, generator: ReedSolomon.generator(degree: 10))
        #expect(ec == [165, 36, 212, 193, 237, 54, 199, 135, 44, 85])
    }

    @Test func everyBlockIsACodewordOfItsCode() {
        var generator = SystemRandomNumberGenerator()
        for degree in [10, 16, 18, 22, 24, 26] {
            let poly = ReedSolomon.generator(degree: degree)
            for _ in 0..<20 {
                let data = (0..<Int.random(in: 1...44, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let word = data + ReedSolomon.remainder(data, generator: poly)
                // A codeword is divisible by the generator: it vanishes at α⁰ … α^(degree-1).
                for power in 0..<degree {
                    var value: UInt8 = 0
                    for coefficient in word { value = ReedSolomon.multiply(value, ReedSolomon.exp[power]) ^ coefficient }
                    #expect(value == 0, "degree \(degree), root α^\(power)")
                }
            }
        }
    }

    @Test func theSmallestVersionThatHoldsTheBytesIsChosen() throws {
        let capacities = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213]
        #expect((1...10).map { QRCode.capacity(version: $0) } == capacities)
        for (index, capacity) in capacities.enumerated() {
            #expect(try QRCode.encode(bytes: Array(repeating: 0x61, count: capacity)).version == index + 1)
            if index < 9 {
                #expect(try QRCode.encode(bytes: Array(repeating: 0x61, count: capacity + 1)).version == index + 2)
            }
        }
        #expect(throws: QRCode.Failure.tooLong(bytes: 214)) { try QRCode.encode(bytes: Array(repeating: 0x61, count: 214)) }
        #expect(throws: QRCode.Failure.empty) { try QRCode.encode("") }
    }

    @Test func dataCodewordsAreModeCountBytesTerminatorAndPadding() {
        let words = QRCode.dataCodewords(Array("AB".utf8), version: 1)
        // 0100 00000010 01000001 01000010 0000, then pad bytes.
        #expect(words == [0x40, 0x24, 0x14, 0x20, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11])
        let long = QRCode.dataCodewords(Array(repeating: 0x61, count: 200), version: 10)
        #expect(long.count == 216)
        #expect(Array(long.prefix(3)) == [0x40, 0x0C, 0x86])
    }

    @Test(arguments: 1...10) func functionPatternsFormatAndVersionReadBack(version: Int) throws {
        let text = String(repeating: "plume", count: 60).prefix(QRCode.capacity(version: version))
        let symbol = try QRCode.encode(String(text))
        #expect(symbol.version == version)
        #expect(symbol.size == 17 + 4 * version)
        let n = symbol.size
        // Finders: dark ring, light ring, dark 3×3 core; light separators.
        for (top, left) in [(0, 0), (0, n - 7), (n - 7, 0)] {
            for dy in 0..<7 {
                for dx in 0..<7 {
                    let ring = max(abs(dx - 3), abs(dy - 3))
                    #expect(symbol[top + dy, left + dx] == (ring != 2))
                }
            }
        }
        for index in 0..<8 {
            #expect(!symbol[7, index] && !symbol[index, 7] && !symbol[7, n - 1 - index] && !symbol[n - 8, index])
        }
        for index in 8..<(n - 8) {
            #expect(symbol[6, index] == (index % 2 == 0))
            #expect(symbol[index, 6] == (index % 2 == 0))
        }
        #expect(symbol[n - 8, 8])
        // Both copies of the format information say level M and the chosen mask.
        var first = 0, second = 0
        let firstPositions = (0...5).map { ($0, 8) } + [(7, 8), (8, 8), (8, 7)] + (9..<15).map { (8, 14 - $0) }
        let secondPositions = (0..<8).map { (8, n - 1 - $0) } + (8..<15).map { (n - 15 + $0, 8) }
        for (bit, position) in firstPositions.enumerated() where symbol[position.0, position.1] { first |= 1 << bit }
        for (bit, position) in secondPositions.enumerated() where symbol[position.0, position.1] { second |= 1 << bit }
        #expect(first == second)
        let format = first ^ 0x5412
        #expect(format >> 13 == 0b00, "level M")
        #expect((format >> 10) & 7 == symbol.mask)
        #expect(bchRemainder(format, generator: 0x537) == 0)
        if version >= 7 {
            var bits = 0
            for index in 0..<18 where symbol[index / 3, n - 11 + index % 3] { bits |= 1 << index }
            #expect(bits >> 12 == version)
            #expect(bchRemainder(bits, generator: 0x1F25) == 0)
            var mirrored = 0
            for index in 0..<18 where symbol[n - 11 + index % 3, index / 3] { mirrored |= 1 << index }
            #expect(mirrored == bits)
        }
    }

    @Test func theChosenMaskHasTheLowestPenalty() throws {
        for text in ["plume://look/1EAAB", "plume://swarm/1" + String(repeating: "Qx-9", count: 30), "x"] {
            let chosen = try QRCode.encode(text)
            var penalties: [Int] = []
            for mask in 0..<8 {
                let forced = try QRCode.encode(bytes: Array(text.utf8), mask: mask)
                #expect(forced.mask == mask)
                var symbol = Symbol(version: forced.version)
                symbol.dark = forced.modules
                penalties.append(symbol.penalty())
            }
            #expect(penalties[chosen.mask] == penalties.min())
            #expect(Set((0..<8).map { try! QRCode.encode(bytes: Array(text.utf8), mask: $0).modules }).count == 8)
        }
    }

    @Test func halfBlocksPairRowsAndIncludeTheQuietZone() throws {
        let symbol = try QRCode.encode("plume")
        let lines = symbol.halfBlockLines()
        let span = symbol.size + 8
        #expect(lines.count == (span + 1) / 2)
        #expect(lines.allSatisfy { $0.count == span })
        #expect(lines[0].allSatisfy { $0 == " " } && lines[1].allSatisfy { $0 == " " })
        for row in 0..<span {
            for column in 0..<span {
                let line = Array(lines[row / 2])
                let drawn: Bool
                switch line[column] {
                case "█": drawn = true
                case "▀": drawn = row % 2 == 0
                case "▄": drawn = row % 2 == 1
                default: drawn = false
                }
                #expect(drawn == symbol[row - 4, column - 4])
            }
        }
        #expect(QRCode.halfBlockSize(version: symbol.version) == (span, lines.count))
    }
}

private func bchRemainder(_ value: Int, generator: Int) -> Int {
    var rest = value
    let top = generator.bitWidth - generator.leadingZeroBitCount - 1
    while rest.bitWidth - rest.leadingZeroBitCount - 1 >= top {
        rest ^= generator << (rest.bitWidth - rest.leadingZeroBitCount - 1 - top)
    }
    return rest
}
