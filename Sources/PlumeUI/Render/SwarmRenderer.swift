// Draws a swarm with braille dots, 2×4 dots per cell, each cell coloured by the species with
// most agents in it; a camera follows the swarm and zooms to fit it. A swarm of few agents may be
// drawn with each agent a small disc of dots, so that a handful of them still reads as a swarm.
// The camera (SwarmSim's `Camera`) frames it, as it frames any picture of a swarm.
import SwarmSim
import TUI

public enum SwarmRenderer {
    /// Distinct, readable colours for up to 16 species.
    public static let palette: [Colour] = [
        .rgb(255, 99, 132), .rgb(54, 162, 235), .rgb(255, 206, 86), .rgb(75, 192, 120), .rgb(153, 102, 255), .rgb(255, 159, 64),
        .rgb(0, 206, 209), .rgb(240, 240, 240), .rgb(233, 30, 99), .rgb(139, 195, 74), .rgb(121, 134, 203), .rgb(255, 112, 67),
        .rgb(77, 182, 172), .rgb(186, 104, 200), .rgb(255, 241, 118), .rgb(161, 136, 127),
    ]

    /// Braille dot bits by (column 0–1, row 0–3), per Unicode's braille pattern layout.
    private static let dotBits: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    /// The radius in dots of the disc each agent is drawn as: a swarm of a few agents (Heartbeat
    /// has four) would otherwise be as many specks; a larger one is drawn a dot an agent.
    public static func markRadius(agents: Int) -> Int {
        agents < 10 ? 2 : agents < 40 ? 1 : 0
    }

    public static func draw(_ state: SwarmState, camera: Camera, into grid: inout Grid, x: Int, y: Int, width: Int, height: Int,
                            markRadius: Int = 0) {
        guard width > 0, height > 0 else { return }
        var bits = [UInt32](repeating: 0, count: width * height)
        var counts = [[Int]](repeating: [], count: width * height)
        let dotsWide = width * 2, dotsHigh = height * 4
        let radius = max(0, min(markRadius, 8))
        // The dots of a disc around an agent's own (just the one at radius 0).
        var disc: [(x: Int, y: Int)] = []
        for dy in -radius...radius {
            for dx in -radius...radius where dx * dx + dy * dy <= radius * (radius + 1) { disc.append((dx, dy)) }
        }
        let reach = Double(radius)
        for i in 0..<state.count {
            let at = camera.dot(x: state.x[i], y: state.y[i], dotsWide: dotsWide, dotsHigh: dotsHigh)
            // Far off the view (or not a number): nothing of it is drawn.
            guard at.x >= -reach - 1, at.y >= -reach - 1, at.x < Double(dotsWide) + reach, at.y < Double(dotsHigh) + reach else { continue }
            let (column, row) = (Int(at.x.rounded(.down)), Int(at.y.rounded(.down)))
            let species = Int(state.species[i])
            for offset in disc {
                let (dotX, dotY) = (column + offset.x, row + offset.y)
                guard dotX >= 0, dotY >= 0, dotX < dotsWide, dotY < dotsHigh else { continue }
                let cell = (dotY / 4) * width + dotX / 2
                bits[cell] |= dotBits[dotX % 2][dotY % 4]
                if counts[cell].count <= species { counts[cell] += [Int](repeating: 0, count: species + 1 - counts[cell].count) }
                counts[cell][species] += 1
            }
        }
        for row in 0..<height {
            for column in 0..<width {
                let index = row * width + column
                guard bits[index] != 0 else { grid[x + column, y + row] = .blank; continue }
                let majority = counts[index].indices.max { counts[index][$0] < counts[index][$1] } ?? 0
                grid[x + column, y + row] = Cell(Unicode.Scalar(0x2800 + bits[index])!, fg: palette[majority % palette.count])
            }
        }
    }
}
