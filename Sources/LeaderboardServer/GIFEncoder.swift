// An animated GIF (GIF89a), written by hand: a global palette of up to 256 colours, frames of
// palette indices, each compressed with GIF's variable-width LZW, looping for ever. Enough for the
// server's moving pictures (a page's `img-src 'self'` allows it, and no script runs).
//
// The LZW: codes start one bit wider than the palette's (at least 3 bits); the table grows one
// entry a code, the width one bit each time the next free code passes 2^width, to at most 12 bits;
// a full table (4 096 codes) is cleared. Codes are packed least-significant bit first into
// sub-blocks of at most 255 bytes.

struct GIFEncoder {
    struct Colour: Equatable, Sendable {
        var red: UInt8, green: UInt8, blue: UInt8
    }

    enum Problem: Error, Equatable {
        case size(width: Int, height: Int)
        case palette(count: Int)
        case frame(pixels: Int, expected: Int)
        case index(Int)
    }

    let width: Int
    let height: Int
    /// Bits an index needs (1…8): the palette is padded to 2^bits colours.
    let bits: Int
    /// Colours given: an index at or past this is refused (the padding is not a colour).
    let colours: Int
    private var bytes: [UInt8] = []
    private var finished = false

    /// A GIF of `width` × `height` pixels (1…65 535 each) over `palette` (1…256 colours).
    init(width: Int, height: Int, palette: [Colour]) throws(Problem) {
        guard (1...65_535).contains(width), (1...65_535).contains(height) else { throw .size(width: width, height: height) }
        guard (1...256).contains(palette.count) else { throw .palette(count: palette.count) }
        (self.width, self.height, colours) = (width, height, palette.count)
        var bits = 1
        while 1 << bits < palette.count { bits += 1 }
        self.bits = bits
        bytes.reserveCapacity(4096)
        bytes += Array("GIF89a".utf8)
        append16(width)
        append16(height)
        // A global colour table of 2^bits entries, `bits` of colour resolution, not sorted.
        bytes += [0x80 | UInt8((bits - 1) << 4) | UInt8(bits - 1), 0, 0]
        for colour in palette + Array(repeating: Colour(red: 0, green: 0, blue: 0), count: (1 << bits) - palette.count) {
            bytes += [colour.red, colour.green, colour.blue]
        }
        // NETSCAPE2.0: loop for ever.
        bytes += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
    }

    /// Adds a frame of `width × height` palette indices, row by row, shown for `delay` hundredths
    /// of a second.
    mutating func add(frame pixels: [UInt8], delay: Int) throws(Problem) {
        precondition(!finished, "a finished GIF takes no more frames")
        guard pixels.count == width * height else { throw .frame(pixels: pixels.count, expected: width * height) }
        if let wrong = pixels.first(where: { Int($0) >= colours }) { throw .index(Int(wrong)) }
        // Graphic control: leave the frame in place (disposal 1), the delay, no transparency.
        bytes += [0x21, 0xF9, 0x04, 1 << 2]
        append16(min(max(delay, 0), 65_535))
        bytes += [0x00, 0x00]
        // The image: the whole screen, no local palette, not interlaced.
        bytes += [0x2C]
        append16(0)
        append16(0)
        append16(width)
        append16(height)
        bytes += [0x00]
        let minimum = max(2, bits)
        bytes.append(UInt8(minimum))
        let data = Self.compress(pixels, minimumCodeSize: minimum, colours: 1 << bits)
        var start = 0
        while start < data.count {
            let end = min(start + 255, data.count)
            bytes.append(UInt8(end - start))
            bytes += data[start..<end]
            start = end
        }
        bytes.append(0x00)
    }

    /// The file, with its trailer.
    mutating func finish() -> [UInt8] {
        if !finished {
            bytes.append(0x3B)
            finished = true
        }
        return bytes
    }

    private mutating func append16(_ value: Int) {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]
    }

    /// GIF's LZW of `pixels` (each below `colours`).
    static func compress(_ pixels: [UInt8], minimumCodeSize: Int, colours: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var out: [UInt8] = []
        out.reserveCapacity(pixels.count / 2)
        var pending = 0, pendingBits = 0
        func emit(_ code: Int, _ width: Int) {
            pending |= code << pendingBits
            pendingBits += width
            while pendingBits >= 8 {
                out.append(UInt8(pending & 0xFF))
                pending >>= 8
                pendingBits -= 8
            }
        }
        // The table: the code for (prefix code, next index) at prefix × colours + index, −1 none;
        // the slots set since the last clear, so a clear resets only those.
        var table = [Int16](repeating: -1, count: 4096 * colours)
        var used: [Int] = []
        used.reserveCapacity(4096)
        var next = end + 1, width = minimumCodeSize + 1
        emit(clear, width)
        guard var prefix = pixels.first.map(Int.init) else {
            emit(end, width)
            if pendingBits > 0 { out.append(UInt8(pending & 0xFF)) }
            return out
        }
        for pixel in pixels.dropFirst() {
            let slot = prefix * colours + Int(pixel)
            if table[slot] >= 0 {
                prefix = Int(table[slot])
                continue
            }
            emit(prefix, width)
            if next < 4096 {
                table[slot] = Int16(next)
                used.append(slot)
                next += 1
                if next > 1 << width, width < 12 { width += 1 }
            } else {
                emit(clear, width)
                for slot in used { table[slot] = -1 }
                used.removeAll(keepingCapacity: true)
                (next, width) = (end + 1, minimumCodeSize + 1)
            }
            prefix = Int(pixel)
        }
        emit(prefix, width)
        emit(end, width)
        if pendingBits > 0 { out.append(UInt8(pending & 0xFF)) }
        return out
    }
}
