// The swarm show's moving picture as the server draws it: the size, the frames and the loop a GIF
// reader finds, two panels each with its swarm in it, and a picture that depends only on the pair
// and the start.
import Challenges
import GameState
import Testing
@testable import LeaderboardServer

@Suite struct SwarmAnimationTests {
    static let left = SwarmRecipe([Ingredient(population: 120, genome: Genome(clamping: [60, 3, 7, 0.6, 0.3, 10, 0.05, 0.5]))])
    static let right = SwarmRecipe([Ingredient(population: 80, genome: Genome(clamping: [40, 6, 7, 0.1, 0.8, 30, 0.2, 0.2])),
                                    Ingredient(population: 50, genome: Genome(clamping: [90, 2, 5, 0.9, 0.1, 5, 0.3, 0.1]))])

    @Test func twoSwarmsSideBySideLoopingFromOneStart() throws {
        let gif = SwarmAnimation.pair(Self.left, Self.right, seed: 7, threads: 1)
        #expect(Array(gif.prefix(6)) == Array("GIF89a".utf8))
        #expect(Int(gif[6]) | Int(gif[7]) << 8 == SwarmAnimation.width && Int(gif[8]) | Int(gif[9]) << 8 == SwarmAnimation.height)
        #expect(gif.count < 512 * 1024 && gif.last == 0x3B)
        let read = try GIFReader(gif)
        let frames = read.frames
        #expect(read.loops && read.width == SwarmAnimation.width && read.height == SwarmAnimation.height)
        #expect(frames.count == SwarmAnimation.frames && frames.count == SwarmRules.steps / SwarmAnimation.stride + 1)
        #expect(read.delays.dropLast().allSatisfy { $0 == SwarmAnimation.delay } && read.delays.last! > SwarmAnimation.delay)
        // Each panel holds agents (a colour past the ground and the gap), the gap none.
        let width = SwarmAnimation.width, panel = SwarmAnimation.panel
        for frame in [frames[0], frames[frames.count / 2], frames[frames.count - 1]] {
            let left = (0..<SwarmAnimation.height).contains { y in (0..<panel).contains { frame[y * width + $0] >= 2 } }
            let right = (0..<SwarmAnimation.height).contains { y in (panel + SwarmAnimation.gutter..<width).contains { frame[y * width + $0] >= 2 } }
            let gap = (0..<SwarmAnimation.height).allSatisfy { y in (panel..<panel + SwarmAnimation.gutter).allSatisfy { frame[y * width + $0] == 1 } }
            #expect(left && right && gap)
        }
        // The right swarm has two species: two colours of agents in its panel.
        var colours = Set<UInt8>()
        for y in 0..<SwarmAnimation.height {
            for x in panel + SwarmAnimation.gutter..<width where frames[0][y * width + x] >= 2 { colours.insert(frames[0][y * width + x]) }
        }
        #expect(colours.count == 2)
        // The same pair from the same start draws the same picture; another start, another.
        #expect(SwarmAnimation.pair(Self.left, Self.right, seed: 7, threads: 2) == gif)
        #expect(SwarmAnimation.pair(Self.left, Self.right, seed: 8, threads: 1) != gif)
        // Held still (reduced motion): the run's last frame alone.
        let still = try GIFReader(SwarmAnimation.pair(Self.left, Self.right, seed: 7, threads: 1, still: true))
        #expect(still.frames.count == 1 && still.frames[0] == frames[frames.count - 1])
    }
}
