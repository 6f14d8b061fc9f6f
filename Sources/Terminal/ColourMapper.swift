// Maps the app's 24-bit colours onto what the terminal can show: the xterm 256-colour palette,
// the 16 (or 8) ANSI colours, or nothing at all when NO_COLOR is set.
import TUI

public enum ColourDepth: Equatable, Sendable {
    case none, eight, sixteen, palette256
}

public enum ColourMapper {
    /// -1 is the terminal's own default colour.
    public static func index(_ colour: Colour, depth: ColourDepth) -> Int32 {
        guard case .rgb(let r, let g, let b) = colour else { return -1 }
        switch depth {
        case .none: return -1
        case .palette256: return palette256(r, g, b)
        case .sixteen: return ansi16(r, g, b)
        case .eight: return nearestANSI(r, g, b, among: 8)
        }
    }

    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The nearest of the 6×6×6 cube and the 24-step grey ramp.
    static func palette256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int32 {
        func nearestLevel(_ v: UInt8) -> Int {
            cubeLevels.indices.min { abs(cubeLevels[$0] - Int(v)) < abs(cubeLevels[$1] - Int(v)) }!
        }
        let (ri, gi, bi) = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyIndex = max(0, min(23, (average - 8 + 5) / 10))
        let grey = 8 + greyIndex * 10
        func distance(_ c: (Int, Int, Int)) -> Int {
            let dr = c.0 - Int(r), dg = c.1 - Int(g), db = c.2 - Int(b)
            return dr * dr + dg * dg + db * db
        }
        // The grey ramp only for colours that are nearly grey: it is often nearer in plain RGB
        // distance, but turns a deep purple sky or a navy coat grey.
        let nearlyGrey = Int(max(r, g, b)) - Int(min(r, g, b)) <= 24
        return nearlyGrey && distance((grey, grey, grey)) < distance(cube) ? Int32(232 + greyIndex) : Int32(16 + 36 * ri + 6 * gi + bi)
    }

    /// xterm's default values for the 16 ANSI colours.
    static let ansi: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    static func ansi16(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int32 { nearestANSI(r, g, b, among: 16) }

    /// The nearest of the first `count` ANSI colours (8 on terminals without the bright ones:
    /// a grey then becomes white, not black, so dim text stays readable on a dark screen).
    static func nearestANSI(_ r: UInt8, _ g: UInt8, _ b: UInt8, among count: Int) -> Int32 {
        func distance(_ index: Int) -> Int {
            let p = ansi[index]
            return (p.0 - Int(r)) * (p.0 - Int(r)) + (p.1 - Int(g)) * (p.1 - Int(g)) + (p.2 - Int(b)) * (p.2 - Int(b))
        }
        return Int32((0..<count).min { distance($0) < distance($1) }!)
    }
}
