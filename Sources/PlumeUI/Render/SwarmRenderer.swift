// Draws a swarm with braille dots, 2×4 dots per cell, each cell coloured by the species with
// most agents in it; a camera follows the swarm and zooms to fit it.
import SwarmSim
import TUI

public struct Camera: Equatable, Sendable {
    public var centreX = 0.0, centreY = 0.0
    /// World units per dot.
    public var scale = 4.0

    public init() {}

    /// Eases toward framing the middle 90 % of agents (so a few strays don't zoom it out).
    public mutating func follow(_ state: SwarmState, dotsWide: Int, dotsHigh: Int, smoothing: Double = 0.2) {
        guard state.count > 0, dotsWide > 0, dotsHigh > 0 else { return }
        let xs = state.x.sorted(), ys = state.y.sorted()
        let low = state.count / 20, high = max(low, state.count - 1 - state.count / 20)
        let (x0, x1, y0, y1) = (xs[low], xs[high], ys[low], ys[high])
        let wantedScale = max(0.5, max((x1 - x0) / Double(dotsWide), (y1 - y0) / Double(dotsHigh)) * 1.25)
        let target = ((x0 + x1) / 2, (y0 + y1) / 2)
        guard target.0.isFinite, target.1.isFinite, wantedScale.isFinite else { return }
        centreX += (target.0 - centreX) * smoothing
        centreY += (target.1 - centreY) * smoothing
        scale += (wantedScale - scale) * smoothing
    }

    public mutating func jump(to state: SwarmState, dotsWide: Int, dotsHigh: Int) {
        follow(state, dotsWide: dotsWide, dotsHigh: dotsHigh, smoothing: 1)
    }
}

public enum SwarmRenderer {
    /// Distinct, readable colours for up to 16 species.
    public static let palette: [Colour] = [
        .rgb(255, 99, 132), .rgb(54, 162, 235), .rgb(255, 206, 86), .rgb(75, 192, 120), .rgb(153, 102, 255), .rgb(255, 159, 64),
        .rgb(0, 206, 209), .rgb(240, 240, 240), .rgb(233, 30, 99), .rgb(139, 195, 74), .rgb(121, 134, 203), .rgb(255, 112, 67),
        .rgb(77, 182, 172), .rgb(186, 104, 200), .rgb(255, 241, 118), .rgb(161, 136, 127),
    ]

    /// Braille dot bits by (column 0–1, row 0–3), per Unicode's braille pattern layout.
    private static let dotBits: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    public static func draw(_ state: SwarmState, camera: Camera, into grid: inout Grid, x: Int, y: Int, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        var bits = [UInt32](repeating: 0, count: width * height)
        var counts = [[Int]](repeating: [], count: width * height)
        let dotsWide = width * 2, dotsHigh = height * 4
        for i in 0..<state.count {
            let dx = (state.x[i] - camera.centreX) / camera.scale + Double(dotsWide) / 2
            let dy = (state.y[i] - camera.centreY) / camera.scale + Double(dotsHigh) / 2
            guard dx >= 0, dy >= 0, dx < Double(dotsWide), dy < Double(dotsHigh) else { continue }
            let column = Int(dx), row = Int(dy)
            let cell = (row / 4) * width + column / 2
            bits[cell] |= dotBits[column % 2][row % 4]
            let species = Int(state.species[i])
            if counts[cell].count <= species { counts[cell] += [Int](repeating: 0, count: species + 1 - counts[cell].count) }
            counts[cell][species] += 1
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
