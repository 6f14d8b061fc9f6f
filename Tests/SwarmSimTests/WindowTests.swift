// The windowed run the contest scores with, and the metrics the Lab's briefs add.
import GameState
import Testing
@testable import SwarmSim

@Suite struct SwarmWindowTests {
    /// Two species that chase and scatter: states change every step, so a sample off by one step shows.
    let recipe = SwarmRecipe([
        Ingredient(population: 60, genome: Genome(clamping: [60, 4, 8, 0.4, 0.3, 20, 0.2, 0.6])),
        Ingredient(population: 40, genome: Genome(clamping: [90, 7, 12, 0.8, 0.05, 35, 0.5, 0.3])),
    ])

    @Test func theWindowReadsItsStepsAndAlwaysTheLast() {
        #expect(Swarm.sampleSteps(steps: 200, window: 60, every: 6) == Array(stride(from: 140, through: 200, by: 6)))
        #expect(Swarm.sampleSteps(steps: 200, window: 60, every: 6).count == 11)
        #expect(Swarm.sampleSteps(steps: 10, window: 4, every: 3) == [6, 9, 10])
        #expect(Swarm.sampleSteps(steps: 5, window: 60, every: 6) == [0, 5])
        #expect(Swarm.sampleSteps(steps: 7, window: 0, every: 1) == [7])
    }

    @Test func samplesAreThePlainRunsStatesAtThoseSteps() {
        var seen: [Int] = []
        var starts: [SwarmState] = []
        Swarm.sampled(recipe, seed: 9, steps: 30, window: 10, every: 4) { start, now in
            seen.append(now.step)
            starts.append(start)
            #expect(now == simulate(recipe, seed: 9, steps: now.step, threads: 1), "step \(now.step) differs from a plain run")
        }
        #expect(seen == [20, 24, 28, 30])
        #expect(starts.allSatisfy { $0 == Swarm(recipe: recipe, seed: 9).state })
    }

    @Test func oneThreadAndTwoSampleTheSameStates() {
        var one: [SwarmState] = [], two: [SwarmState] = []
        Swarm.sampled(recipe, seed: 3, steps: 24, window: 12, every: 6, threads: 1) { one.append($1) }
        Swarm.sampled(recipe, seed: 3, steps: 24, window: 12, every: 6, threads: 2) { two.append($1) }
        #expect(one.count == 3 && one == two)
    }
}

@Suite struct BlobAndSpeedTests {
    /// `count` agents of `kind` in a tight clump at (x, y), 2 units apart on a line.
    func clump(_ count: Int, at x: Double, _ y: Double, kind: Int32) -> [(x: Double, y: Double, vx: Double, vy: Double, kind: Int32)] {
        (0..<count).map { (x + Double($0) * 2, y, 0, 0, kind) }
    }

    func swarm(_ agents: [(x: Double, y: Double, vx: Double, vy: Double, kind: Int32)]) -> SwarmState {
        SwarmState(x: agents.map(\.x), y: agents.map(\.y), vx: agents.map(\.vx), vy: agents.map(\.vy), species: agents.map(\.kind))
    }

    @Test func eachSpeciesInOneBlobScoresOne() {
        let three = swarm(clump(10, at: 0, 0, kind: 0) + clump(10, at: 500, 0, kind: 1) + clump(10, at: 0, 500, kind: 2))
        #expect(SwarmMetrics.oneBlobShare(three) == 1)
        // Two species sharing one clump are still one blob each.
        let shared = swarm(clump(10, at: 0, 0, kind: 0) + clump(10, at: 1, 1, kind: 1))
        #expect(SwarmMetrics.oneBlobShare(shared) == 1)
    }

    @Test func aSpeciesSplitInTwoScoresHalf() {
        let split = swarm(clump(10, at: 0, 0, kind: 0) + clump(10, at: 1000, 0, kind: 0))
        #expect(SwarmMetrics.oneBlobShare(split) == 0.5)
        // One whole species and one split 15/5: the mean of 1 and 0.75.
        let mixed = swarm(clump(10, at: 0, 0, kind: 0) + clump(15, at: 0, 300, kind: 1) + clump(5, at: 900, 900, kind: 1))
        #expect(SwarmMetrics.oneBlobShare(mixed) == 0.875)
    }

    @Test func aChainLinksAcrossCellsAndAGapBreaksIt() {
        // 40 agents 25 apart: each within 30 of the next, so one group spanning many grid cells.
        let chain = swarm((0..<40).map { (Double($0) * 25, 0, 0, 0, 0) })
        #expect(SwarmMetrics.oneBlobShare(chain) == 1)
        // The same chain with the spacing over the radius: every agent alone.
        let apart = swarm((0..<40).map { (Double($0) * 31, 0, 0, 0, 0) })
        #expect(SwarmMetrics.oneBlobShare(apart) == 1.0 / 40)
        // Other species in between do not link a species' agents.
        let bridged = swarm([(0, 0, 0, 0, 0), (25, 0, 0, 0, 1), (50, 0, 0, 0, 0)])
        #expect(SwarmMetrics.oneBlobShare(bridged) == (0.5 + 1) / 2)
    }

    @Test func meanSpeedIsTheMeanOfTheAgentsSpeeds() {
        let moving = swarm([(0, 0, 3, 4, 0), (10, 0, 0, 0, 0), (20, 0, -6, 8, 1)])
        #expect(abs(SwarmMetrics.meanSpeed(moving) - 5) < 1e-12)
        #expect(SwarmMetrics.meanSpeed(swarm([])) == 0)
        #expect(SwarmMetrics.oneBlobShare(swarm([])) == 0)
    }
}
