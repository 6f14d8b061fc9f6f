// The GIF encoder: a tiny GIF byte for byte as an independent encoder wrote it (and Pillow read
// it: two frames, 2 × 1), and random pictures of palettes from 1 to 256 colours read back by a GIF
// decoder written here from the format's rules — among them pictures long enough to fill the LZW
// table and clear it several times.
import GameState
import Testing
@testable import LeaderboardServer

@Suite struct GIFEncoderTests {
    @Test func aTinyGIFIsByteForByteTheFormat() throws {
        var gif = try GIFEncoder(width: 2, height: 1, palette: [.init(red: 16, green: 24, blue: 32), .init(red: 255, green: 128, blue: 0), .init(red: 0, green: 200, blue: 255)])
        try gif.add(frame: [0, 1], delay: 5)
        try gif.add(frame: [2, 2], delay: 5)
        let hex = gif.finish().map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        #expect(hex == "47494638396102000100910000101820ff800000c8ff00000021ff0b4e45545343415045322e30030100000021f90404050000002c0000000002000100000202440a0021f90404050000002c0000000002000100000202940a003b")
    }

    @Test(arguments: [1, 2, 3, 4, 5, 31, 256]) func randomPicturesReadBack(_ colours: Int) throws {
        var rng = SplitMix64(seed: UInt64(colours))
        func byte() -> UInt8 { UInt8(rng.below(256)) }
        let palette = (0..<colours).map { _ in GIFEncoder.Colour(red: byte(), green: byte(), blue: byte()) }
        let (width, height) = (300, 97)
        // Mostly noise (the table fills and clears), then a mostly flat frame (long runs).
        let frames: [[UInt8]] = [
            (0..<width * height).map { _ in UInt8(rng.below(palette.count)) },
            (0..<width * height).map { $0 % 89 == 0 ? UInt8(palette.count - 1) : 0 },
        ]
        var gif = try GIFEncoder(width: width, height: height, palette: palette)
        for frame in frames { try gif.add(frame: frame, delay: 7) }
        let decoded = try GIFReader(gif.finish())
        #expect(decoded.width == width && decoded.height == height && decoded.loops)
        #expect(Array(decoded.palette.prefix(palette.count)) == palette)
        #expect(decoded.frames == frames && decoded.delays == [7, 7])
    }

    @Test func wrongFramesAreRefused() throws {
        var gif = try GIFEncoder(width: 3, height: 2, palette: [.init(red: 0, green: 0, blue: 0), .init(red: 1, green: 1, blue: 1), .init(red: 2, green: 2, blue: 2)])
        #expect(throws: GIFEncoder.Problem.frame(pixels: 5, expected: 6)) { try gif.add(frame: [0, 0, 0, 0, 0], delay: 1) }
        #expect(throws: GIFEncoder.Problem.index(3)) { try gif.add(frame: [0, 0, 3, 0, 0, 0], delay: 1) }
        #expect(throws: GIFEncoder.Problem.size(width: 0, height: 5)) { try GIFEncoder(width: 0, height: 5, palette: [.init(red: 0, green: 0, blue: 0)]) }
        #expect(throws: GIFEncoder.Problem.palette(count: 0)) { try GIFEncoder(width: 1, height: 1, palette: []) }
    }
}

/// A GIF reader of what the encoder writes (a global palette, full-screen frames, no interlace);
/// SwarmAnimationTests reads the swarm show's pictures with it too.
struct GIFReader {
    struct Bad: Error { let why: String }
    var width = 0, height = 0, loops = false
    var palette: [GIFEncoder.Colour] = []
    var frames: [[UInt8]] = []
    var delays: [Int] = []

    init(_ bytes: [UInt8]) throws {
        var at = 0
        func take(_ count: Int) throws -> ArraySlice<UInt8> {
            guard at + count <= bytes.count else { throw Bad(why: "ends early at \(at)") }
            defer { at += count }
            return bytes[at..<at + count]
        }
        func u16() throws -> Int { let two = try take(2); return Int(two.first!) | Int(two.last!) << 8 }
        func blocks() throws -> [UInt8] {
            var data: [UInt8] = []
            while true {
                let size = Int(try take(1).first!)
                if size == 0 { return data }
                data += try take(size)
            }
        }
        guard Array(try take(6)) == Array("GIF89a".utf8) else { throw Bad(why: "not GIF89a") }
        (width, height) = (try u16(), try u16())
        let packed = try take(3).first!
        guard packed & 0x80 != 0 else { throw Bad(why: "no global palette") }
        let entries = 1 << (Int(packed & 7) + 1)
        let table = Array(try take(3 * entries))
        palette = stride(from: 0, to: table.count, by: 3).map { GIFEncoder.Colour(red: table[$0], green: table[$0 + 1], blue: table[$0 + 2]) }
        while true {
            switch try take(1).first! {
            case 0x21:
                let label = try take(1).first!
                let data = try blocks()
                if label == 0xF9 { delays.append(Int(data[1]) | Int(data[2]) << 8) }
                if label == 0xFF, data.starts(with: Array("NETSCAPE2.0".utf8)) { loops = true }
            case 0x2C:
                guard try u16() == 0, try u16() == 0, try u16() == width, try u16() == height, try take(1).first! == 0 else { throw Bad(why: "a frame not of the whole screen") }
                let minimum = Int(try take(1).first!)
                frames.append(try Self.decompress(try blocks(), minimumCodeSize: minimum, count: width * height))
            case 0x3B:
                return
            case let other:
                throw Bad(why: "unknown block \(other)")
            }
        }
    }

    static func decompress(_ data: [UInt8], minimumCodeSize: Int, count: Int) throws -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var table: [[UInt8]] = []
        func reset() { table = (0..<clear).map { [UInt8($0)] } + [[], []] }
        reset()
        var width = minimumCodeSize + 1, bit = 0
        var out: [UInt8] = [], previous: [UInt8]?
        while true {
            guard bit + width <= data.count * 8 else { throw Bad(why: "no end code") }
            var code = 0
            for offset in 0..<width where data[(bit + offset) / 8] >> ((bit + offset) % 8) & 1 == 1 { code |= 1 << offset }
            bit += width
            if code == clear {
                reset()
                (width, previous) = (minimumCodeSize + 1, nil)
                continue
            }
            if code == end { break }
            let entry: [UInt8]
            if code < table.count {
                entry = table[code]
                if let previous { table.append(previous + [entry[0]]) }
            } else if code == table.count, let previous {
                entry = previous + [previous[0]]
                table.append(entry)
            } else {
                throw Bad(why: "code \(code) past the table (\(table.count))")
            }
            out += entry
            previous = entry
            if table.count == 1 << width, width < 12 { width += 1 }
        }
        guard out.count == count else { throw Bad(why: "\(out.count) pixels, not \(count)") }
        return out
    }
}
