// Challenge metrics on constructed states, and evolution that always yields valid recipes.
import GameState
import Testing
@testable import SwarmSim
import PlumeBench

func state(_ agents: [(x: Double, y: Double, vx: Double, vy: Double)], species: [Int32]? = nil) -> SwarmState {
    SwarmState(x: agents.map(\.x), y: agents.map(\.y), vx: agents.map(\.vx), vy: agents.map(\.vy),
               species: species ?? [Int32](repeating: 0, count: agents.count))
}

@Suite struct SwarmMetricsTests {
    /// Four agents on a circle of radius 10 about (100, 50), each moving counter-clockwise.
    let milling = state([(110, 50, 0, 2), (100, 60, -2, 0), (90, 50, 0, -2), (100, 40, 2, 0)])
    /// The same places, everyone heading east.
    let marching = state([(110, 50, 3, 0), (100, 60, 3, 0), (90, 50, 3, 0), (100, 40, 3, 0)])

    @Test func cohesionIsTheMeanDistanceToTheCentroid() {
        #expect(SwarmMetrics.centroid(milling) == (100, 50))
        #expect(abs(SwarmMetrics.cohesion(milling) - 10) < 1e-12)
        #expect(SwarmMetrics.cohesion(state([(5, 5, 0, 0), (5, 5, 1, 1)])) == 0)
    }

    @Test func rotationIsOneForMillingAndZeroForMarching() {
        #expect(abs(SwarmMetrics.rotation(milling) - 1) < 1e-12)
        var clockwise = milling
        clockwise.vx = clockwise.vx.map { -$0 }
        clockwise.vy = clockwise.vy.map { -$0 }
        #expect(abs(SwarmMetrics.rotation(clockwise) + 1) < 1e-12)
        #expect(abs(SwarmMetrics.rotation(marching)) < 1e-12)
    }

    @Test func polarisationIsOneForMarchingAndZeroForMilling() {
        #expect(abs(SwarmMetrics.polarisation(marching) - 1) < 1e-12)
        #expect(abs(SwarmMetrics.polarisation(milling)) < 1e-12)
        #expect(SwarmMetrics.polarisation(state([(0, 0, 0, 0)])) == 0)
    }

    @Test func travelIsTheCentroidsDisplacement() {
        var moved = marching
        moved.x = moved.x.map { $0 + 30 }
        moved.y = moved.y.map { $0 - 40 }
        #expect(abs(SwarmMetrics.travel(from: marching, to: moved) - 50) < 1e-12)
    }

    @Test func spreadCountsOccupiedCells() {
        #expect(SwarmMetrics.spread(state([(1, 1, 0, 0), (2, 2, 0, 0), (25, 1, 0, 0), (-1, -1, 0, 0)]), cell: 20) == 3)
        #expect(SwarmMetrics.spread(milling, cell: 1000) == 1)
    }

    @Test func segregationIsOneWhenSortedAndNearZeroWhenMixed() {
        // Two clumps far apart, one per species: every close pair is same-species.
        var agents: [(x: Double, y: Double, vx: Double, vy: Double)] = []
        var kinds: [Int32] = []
        for i in 0..<40 {
            agents.append((Double(i % 2) * 1000 + Double(i % 7), Double(i % 5), 0, 0))
            kinds.append(Int32(i % 2))
        }
        #expect(abs(SwarmMetrics.segregation(state(agents, species: kinds)) - 1) < 1e-12)
        // One clump, species interleaved on a fine lattice: close to chance.
        var mixed: [(x: Double, y: Double, vx: Double, vy: Double)] = []
        for i in 0..<400 { mixed.append((Double(i % 20) * 2, Double(i / 20) * 2, 0, 0)) }
        let alternate = (0..<400).map { Int32(($0 % 20 + $0 / 20) % 2) }
        let random = (0..<400).map { Int32(($0 * 7919 % 13) % 2) }
        // A checkerboard at nearest-neighbour range: every close pair differs, mixing beyond chance.
        #expect(SwarmMetrics.segregation(state(mixed, species: alternate), radius: 2.5) < -0.9)
        #expect(abs(SwarmMetrics.segregation(state(mixed, species: random))) < 0.15)
        #expect(SwarmMetrics.segregation(milling) == 0)
    }
}

@Suite struct EvolutionTests {
    @Test func mutationStaysInRangeAndValid() throws {
        var rng = SplitMix64(seed: 77)
        var changedParameters = 0, changedCounts = 0
        for seed in 0..<3_000 {
            let parent = SwarmRecipe.random(ingredients: 1 + rng.below(16), using: &rng)
            let child = Evolution.mutate(parent, seed: UInt64(seed))
            #expect(child.isValid, "\(child.problems())")
            if child.ingredients.count != parent.ingredients.count { changedCounts += 1 }
            if child.ingredients.first?.genome != parent.ingredients.first?.genome { changedParameters += 1 }
            // Every value is one Plume can share.
            #expect(try ShareCode.decode(ShareCode.encode(.swarm(child))) == .swarm(child))
        }
        // With a 10 % rate per parameter, most first ingredients change somewhere; counts change often.
        #expect(changedParameters > 1_000)
        #expect(changedCounts > 500)
    }

    @Test func aMutatedParameterMovesAtMostAQuarterOfItsRange() {
        let parent = SwarmRecipe([Ingredient(population: 10, genome: Genome(clamping: [150, 10, 20, 0.5, 0.5, 50, 0.25, 0.5]))])
        for seed in 0..<2_000 {
            let child = Evolution.mutate(parent, seed: UInt64(seed))
            guard child.ingredients.count == 1 else { continue }
            for parameter in Genome.Parameter.allCases {
                let moved = abs(child.ingredients[0].genome.hundredths(parameter) - parent.ingredients[0].genome.hundredths(parameter))
                #expect(moved <= parameter.maxHundredths / 4 + 1)
            }
        }
    }

    @Test func mutationIsDeterministicPerSeed() {
        let parent = BenchmarkRecipes.smallRadius(seed: 5)
        #expect(Evolution.mutate(parent, seed: 9) == Evolution.mutate(parent, seed: 9))
        #expect((0..<20).map { Evolution.mutate(parent, seed: $0) }.contains { $0 != parent })
    }

    @Test func mixingTakesIngredientsFromBothParents() {
        let a = SwarmRecipe((0..<4).map { Ingredient(population: 50, genome: Genome(clamping: [Double($0) + 1, 1, 1, 0.1, 0.1, 1, 0.1, 0.1])) })
        let b = SwarmRecipe((0..<4).map { Ingredient(population: 50, genome: Genome(clamping: [Double($0) + 101, 1, 1, 0.1, 0.1, 1, 0.1, 0.1])) })
        for seed in 0..<500 {
            let child = Evolution.mix(a, b, seed: UInt64(seed))
            #expect(child.isValid)
            let radii = child.ingredients.map { $0.genome[.radius] }
            #expect(radii.contains { $0 <= 4 } && radii.contains { $0 >= 101 })
            #expect(child.totalPopulation <= 300)
        }
    }
}
