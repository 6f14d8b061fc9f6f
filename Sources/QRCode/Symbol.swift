// The module matrix while a symbol is drawn: which modules are dark, and which belong to the
// function patterns (never masked, never carrying data).

struct Symbol {
    let version: Int
    let size: Int
    var dark: [Bool]
    var function: [Bool]

    init(version: Int) {
        self.version = version
        size = 17 + 4 * version
        dark = Array(repeating: false, count: size * size)
        function = Array(repeating: false, count: size * size)
    }

    private mutating func set(_ row: Int, _ column: Int, _ isDark: Bool) {
        dark[row * size + column] = isDark
        function[row * size + column] = true
    }

    mutating func drawFunctionPatterns() {
        for index in 0..<size {
            set(6, index, index % 2 == 0)
            set(index, 6, index % 2 == 0)
        }
        for (row, column) in [(3, 3), (3, size - 4), (size - 4, 3)] { drawFinder(row, column) }
        let centres = Layout.table[version - 1].alignment
        for row in centres {
            for column in centres {
                let onFinder = (row == 6 && column == 6) || (row == 6 && column == centres.last!) || (row == centres.last! && column == 6)
                if !onFinder { drawAlignment(row, column) }
            }
        }
        // Reserve the format areas now (drawn for real once the mask is known) and draw the rest.
        drawFormat(mask: 0)
        drawVersion()
    }

    /// A 7×7 finder with its light separator, clipped at the symbol's edge.
    private mutating func drawFinder(_ row: Int, _ column: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let r = row + dy, c = column + dx
                guard r >= 0, r < size, c >= 0, c < size else { continue }
                let ring = max(abs(dx), abs(dy))
                set(r, c, ring != 2 && ring != 4)
            }
        }
    }

    private mutating func drawAlignment(_ row: Int, _ column: Int) {
        for dy in -2...2 {
            for dx in -2...2 { set(row + dy, column + dx, max(abs(dx), abs(dy)) != 1) }
        }
    }

    /// Level M (bits 00) and the mask, BCH(15,5)-protected and XOR-ed with 101010000010010, in
    /// both copies; and the dark module beside the lower-left finder.
    mutating func drawFormat(mask: Int) {
        let data = mask
        var rest = data
        for _ in 0..<10 { rest = (rest << 1) ^ ((rest >> 9) * 0x537) }
        let bits = ((data << 10) | rest) ^ 0x5412
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { set(index, 8, bit(index)) }
        set(7, 8, bit(6))
        set(8, 8, bit(7))
        set(8, 7, bit(8))
        for index in 9..<15 { set(8, 14 - index, bit(index)) }
        for index in 0..<8 { set(8, size - 1 - index, bit(index)) }
        for index in 8..<15 { set(size - 15 + index, 8, bit(index)) }
        set(size - 8, 8, true)
    }

    /// Versions 7 and up carry their number, BCH(18,6)-protected, beside two finders.
    private mutating func drawVersion() {
        guard version >= 7 else { return }
        var rest = version
        for _ in 0..<12 { rest = (rest << 1) ^ ((rest >> 11) * 0x1F25) }
        let bits = (version << 12) | rest
        for index in 0..<18 {
            let isDark = (bits >> index) & 1 == 1
            let a = size - 11 + index % 3, b = index / 3
            set(b, a, isDark)
            set(a, b, isDark)
        }
    }

    /// The codewords' bits, most significant first, in the zig-zag of two-module columns from the
    /// bottom right, skipping the vertical timing column. Remainder modules stay light.
    mutating func placeData(_ codewords: [UInt8]) {
        var index = 0
        let total = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let row = upward ? size - 1 - step : step
                for column in [right, right - 1] where !function[row * size + column] && index < total {
                    dark[row * size + column] = (codewords[index >> 3] >> UInt8(7 - (index & 7))) & 1 == 1
                    index += 1
                }
            }
            right -= 2
        }
    }

    mutating func apply(mask: Int) {
        for row in 0..<size {
            for column in 0..<size where !function[row * size + column] {
                let flip: Bool
                switch mask {
                case 0: flip = (row + column) % 2 == 0
                case 1: flip = row % 2 == 0
                case 2: flip = column % 3 == 0
                case 3: flip = (row + column) % 3 == 0
                case 4: flip = (row / 2 + column / 3) % 2 == 0
                case 5: flip = (row * column) % 2 + (row * column) % 3 == 0
                case 6: flip = ((row * column) % 2 + (row * column) % 3) % 2 == 0
                default: flip = ((row + column) % 2 + (row * column) % 3) % 2 == 0
                }
                if flip { dark[row * size + column].toggle() }
            }
        }
    }

    /// The four penalty rules: runs of five or more, 2×2 blocks, finder-like 1:1:3:1:1 patterns
    /// with four light modules on one side, and the dark share's distance from half.
    func penalty() -> Int {
        var score = 0
        let finderLike: [[Bool]] = [
            [true, false, true, true, true, false, true, false, false, false, false],
            [false, false, false, false, true, false, true, true, true, false, true],
        ]
        for horizontal in [true, false] {
            for line in 0..<size {
                func at(_ index: Int) -> Bool { horizontal ? dark[line * size + index] : dark[index * size + line] }
                var run = 1
                for index in 1..<size {
                    if at(index) == at(index - 1) {
                        run += 1
                    } else {
                        if run >= 5 { score += run - 2 }
                        run = 1
                    }
                }
                if run >= 5 { score += run - 2 }
                for start in 0...(size - 11) {
                    for pattern in finderLike where (0..<11).allSatisfy({ at(start + $0) == pattern[$0] }) { score += 40 }
                }
            }
        }
        for row in 0..<(size - 1) {
            for column in 0..<(size - 1) {
                let colour = dark[row * size + column]
                if dark[row * size + column + 1] == colour, dark[(row + 1) * size + column] == colour, dark[(row + 1) * size + column + 1] == colour {
                    score += 3
                }
            }
        }
        let darkCount = dark.lazy.filter { $0 }.count
        let percent = darkCount * 100 / dark.count
        score += 10 * (abs(percent - 50) / 5)
        return score
    }
}
