// The swarm show's moving picture: two swarms running side by side from one start, as an animated
// GIF the runway page shows (its `img-src 'self'` allows it; no script runs). Each panel frames its
// swarm with the game's camera, an agent a small square in its species' colour (Pictures' colours)
// on the pages' dark ground, through the run the Lab board scores (SwarmRules.steps), a frame every
// few steps, looping. Drawn on the simulation pool (LeaderboardService.verifier.onPool).
import Challenges
import GameState
import SwarmSim

enum SwarmAnimation {
    /// Each panel's side, the gap between them, and the whole picture.
    static let panel = 144, gutter = 8
    static let width = 2 * panel + gutter, height = panel
    /// A frame every `stride` steps, each shown `delay` hundredths of a second.
    static let stride = 4, delay = 8
    static var frames: Int { SwarmRules.steps / stride + 1 }

    /// Palette: 0 the ground, 1 the gap, then the species' colours.
    static let palette: [GIFEncoder.Colour] = [colour("#101820"), colour("#2a3440")] + Pictures.speciesColours.map(colour)

    static func colour(_ hex: String) -> GIFEncoder.Colour {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        return GIFEncoder.Colour(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// The GIF of `left` beside `right`, both from `seed`; `still`: only the run's last frame, for
    /// a browser that asks for reduced motion (the page's <picture> chooses it).
    static func pair(_ left: SwarmRecipe, _ right: SwarmRecipe, seed: UInt64, threads: Int, still: Bool = false) -> [UInt8] {
        var swarms = [Swarm(recipe: left, seed: seed), Swarm(recipe: right, seed: seed)]
        var cameras = swarms.map { swarm in
            var camera = Camera()
            camera.jump(to: swarm.state, dotsWide: panel, dotsHigh: panel)
            return camera
        }
        // The palette is fixed and the size valid: the encoder refuses neither.
        var gif = try! GIFEncoder(width: width, height: height, palette: palette)
        for frame in 0..<frames {
            if frame > 0 {
                for index in swarms.indices {
                    for _ in 0..<stride { swarms[index].step(threads: threads) }
                    cameras[index].follow(swarms[index].state, dotsWide: panel, dotsHigh: panel)
                }
            }
            var pixels = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in panel..<(panel + gutter) { pixels[y * width + x] = 1 }
            }
            guard !still || frame == frames - 1 else { continue }
            for index in swarms.indices {
                draw(swarms[index].state, camera: cameras[index], into: &pixels, left: index * (panel + gutter))
            }
            // Each frame its delay; the last holds a moment before the loop starts again.
            try! gif.add(frame: pixels, delay: frame == frames - 1 ? delay * 6 : delay)
        }
        return gif.finish()
    }

    /// A swarm's agents into a panel whose left edge is `left`: a 2 × 2 square each (3 × 3 when
    /// there are few, as the game draws a few agents larger).
    static func draw(_ state: SwarmState, camera: Camera, into pixels: inout [UInt8], left: Int) {
        let size = state.count < 40 ? 3 : 2
        let colours = Pictures.speciesColours.count
        for i in 0..<state.count {
            let at = camera.dot(x: state.x[i], y: state.y[i], dotsWide: panel, dotsHigh: panel)
            guard at.x.isFinite, at.y.isFinite else { continue }
            let (px, py) = (Int(at.x.rounded(.down)), Int(at.y.rounded(.down)))
            let index = UInt8(2 + Int(state.species[i]) % colours)
            for dy in 0..<size {
                for dx in 0..<size {
                    let (x, y) = (px + dx, py + dy)
                    guard x >= 0, x < panel, y >= 0, y < panel else { continue }
                    pixels[y * width + left + x] = index
                }
            }
        }
    }
}
