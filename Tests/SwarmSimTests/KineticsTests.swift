// Single steps computed by hand, one term at a time, and the engine against brute force.
import GameState
import Testing
@testable import SwarmSim
import PlumeBench

/// A species with only the named terms switched on (no pace keeping, generous top speed).
func species(radius: Double = 50, vn: Double = 0, vm: Double = 40, c1: Double = 0, c2: Double = 0, c3: Double = 0, c4: Double = 0, c5: Double = 0) -> Species {
    var genome = Genome(clampingHundredths: [Int](repeating: 0, count: 8))
    for (parameter, value) in zip(Genome.Parameter.allCases, [radius, vn, vm, c1, c2, c3, c4, c5]) {
        genome.set(parameter, hundredths: Hundredths.from(value)!)
    }
    return Species(genome)
}

func swarm(_ agents: [(x: Double, y: Double, vx: Double, vy: Double)], _ kind: Species, seed: UInt64 = 1) -> Swarm {
    let state = SwarmState(x: agents.map(\.x), y: agents.map(\.y), vx: agents.map(\.vx), vy: agents.map(\.vy),
                           species: [Int32](repeating: 0, count: agents.count))
    return Swarm(species: [kind], state: state, seed: seed)
}

@Suite struct HandComputedStepTests {
    @Test func cohesionPullsTowardTheNeighboursCentre() {
        var s = swarm([(0, 0, 0, 0), (10, 0, 0, 0)], species(radius: 20, c1: 0.5))
        s.step()
        // a = c1 (x̄ − x) = 0.5 · 10 = 5 for the first, −5 for the second; x' = x + v'.
        #expect(s.state.vx == [5, -5])
        #expect(s.state.vy == [0, 0])
        #expect(s.state.x == [5, 5])
        #expect(s.neighbourCounts == [1, 1])
    }

    @Test func alignmentMatchesTheNeighboursVelocity() {
        var s = swarm([(0, 0, 1, 0), (5, 0, 3, 0)], species(radius: 20, c2: 1))
        s.step()
        #expect(s.state.vx == [3, 1])
    }

    @Test func separationAtAKnownDistance() {
        // B at (4, 3): |d|² = 25, so A's term is (−4, −3)/25 and a = 10 · (−0.16, −0.12).
        var s = swarm([(0, 0, 0, 0), (4, 3, 0, 0)], species(radius: 20, c3: 10))
        s.step()
        #expect(abs(s.state.vx[0] - -1.6) < 1e-12 && abs(s.state.vy[0] - -1.2) < 1e-12)
        #expect(abs(s.state.vx[1] - 1.6) < 1e-12 && abs(s.state.vy[1] - 1.2) < 1e-12)
    }

    @Test func aLoneAgentJittersWithinHalfAUnit() {
        var s = swarm((0..<500).map { (Double($0) * 1000, 0, 0, 0) }, species(radius: 20))
        for _ in 0..<4 {
            s.step()
            #expect(s.neighbourCounts.allSatisfy { $0 == 0 })
        }
        // Four steps of accelerations each in [−0.5, 0.5): velocity within [−2, 2], and spread out.
        #expect(s.state.vx.allSatisfy { $0 >= -2 && $0 < 2 })
        #expect(Set(s.state.vx).count == 500)
        var one = swarm([(0, 0, 0, 0)], species(radius: 20))
        one.step()
        #expect(one.state.vx[0] >= -0.5 && one.state.vx[0] < 0.5 && one.state.vy[0] >= -0.5 && one.state.vy[0] < 0.5)
    }

    @Test func speedIsClampedToVm() {
        var s = swarm([(0, 0, 0, 0), (100, 0, 0, 0)], species(radius: 200, vm: 7, c1: 1))
        s.step()
        #expect(abs(s.state.vx[0] - 7) < 1e-12 && abs(s.state.vx[1] - -7) < 1e-12)
    }

    @Test(arguments: [(7.0, 40.0, 7.0), (30.0, 10.0, 10.0), (0.0, 10.0, 0.0)])
    func paceKeepingWithC5OfOneSnapsSpeedToMinOfVnAndVm(_ vn: Double, _ vm: Double, _ expected: Double) {
        var s = swarm([(0, 0, 3, 4)], species(radius: 20, vn: vn, vm: vm, c5: 1))
        s.step()
        let speed = (s.state.vx[0] * s.state.vx[0] + s.state.vy[0] * s.state.vy[0]).squareRoot()
        #expect(abs(speed - expected) < 1e-9, "speed \(speed)")
    }

    @Test func theRadiusIsStrict() {
        // (3, 4) is exactly 5 away: R = 5 does not reach it, R = 5.01 does.
        var outside = swarm([(0, 0, 0, 0), (3, 4, 0, 0)], species(radius: 5, c1: 1))
        outside.step()
        #expect(outside.neighbourCounts == [0, 0])
        var inside = swarm([(0, 0, 0, 0), (3, 4, 0, 0)], species(radius: 5.01, c1: 1))
        inside.step()
        #expect(inside.neighbourCounts == [1, 1])
        #expect(inside.state.vx[0] == 3 && inside.state.vy[0] == 4)
    }

    @Test func coincidentAgentsStayFiniteAndCountAsNeighbours() {
        var s = swarm([(7, 7, 1, 0), (7, 7, -1, 0), (7, 7, 0, 1)], species(radius: 10, c1: 1, c2: 0.5, c3: 100))
        s.step()
        #expect(s.neighbourCounts == [2, 2, 2])
        #expect(s.state.vx.allSatisfy(\.isFinite) && s.state.vy.allSatisfy(\.isFinite))
        // Separation from a coincident agent is 0/0.001 = 0; only alignment acts: a = 0.5(v̄ − v).
        let expected: Double = 1 + 0.5 * (-0.5 - 1)
        #expect(s.state.vx[0] == expected)
    }

    @Test func randomSteeringHappensAtRateC4() {
        // Pairs far apart, each pair neighbours only itself; c4 = 0.5 steers about half of them.
        let agents: [(x: Double, y: Double, vx: Double, vy: Double)] = (0..<4_000).map { index in
            let x: Double = Double(index / 2) * 1000 + Double(index % 2)
            return (x, 0, 0, 0)
        }
        var s = swarm(agents, species(radius: 5, c4: 0.5))
        s.step()
        let steered = s.state.vx.filter { $0 != 0 }.count
        #expect(steered > 1_800 && steered < 2_200, "\(steered) of 4000 steered")
        #expect(s.state.vx.allSatisfy { $0 >= -5 && $0 < 5 })
    }
}

@Suite struct EngineAgainstReferenceTests {
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func gridStepMatchesBruteForceOnRandomRecipes(_ seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let recipe = SwarmRecipe.random(ingredients: 1 + rng.below(6), using: &rng)
        var s = Swarm(recipe: recipe, seed: seed, agents: 400 + rng.below(800))
        s.run(steps: Int(seed) * 7, threads: 2)  // let some structure form first
        let before = s.state
        let expected = Reference.step(before, species: s.species, seed: seed)
        s.step(threads: 2)
        #expect(s.neighbourCounts.map(Int.init) == expected.neighbours)
        for i in 0..<before.count {
            #expect(abs(s.state.vx[i] - expected.vx[i]) <= 1e-9 * max(1, abs(expected.vx[i])), "agent \(i)")
            #expect(abs(s.state.vy[i] - expected.vy[i]) <= 1e-9 * max(1, abs(expected.vy[i])), "agent \(i)")
        }
    }

    @Test func denseLargeRadiusBlobMatchesBruteForce() {
        let recipe = BenchmarkRecipes.largeRadius(seed: 3)
        var s = Swarm(recipe: recipe, seed: 3, agents: 600)
        s.run(steps: 60)
        let expected = Reference.step(s.state, species: s.species, seed: 3)
        s.step()
        #expect(s.neighbourCounts.map(Int.init) == expected.neighbours)
        #expect(expected.neighbours.reduce(0, +) / 600 > 300, "the blob should be dense")
        #expect(zip(s.state.vx, expected.vx).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($1)) })
    }
}

@Suite struct DeterminismTests {
    @Test func sameRecipeAndSeedGiveBitIdenticalStatesOnAnyThreadCount() {
        for recipe in [BenchmarkRecipes.largeRadius(seed: 9), BenchmarkRecipes.smallRadius(seed: 9)] {
            let one = simulate(recipe, seed: 42, steps: 40, agents: 2_500, threads: 1)
            let two = simulate(recipe, seed: 42, steps: 40, agents: 2_500, threads: 2)
            let eight = simulate(recipe, seed: 42, steps: 40, agents: 2_500, threads: 8)
            let again = simulate(recipe, seed: 42, steps: 40, agents: 2_500, threads: 8)
            #expect(one == two)
            #expect(one == eight)
            #expect(eight == again)
            #expect(one.step == 40)
        }
    }

    @Test func anotherSeedGivesAnotherRun() {
        let recipe = BenchmarkRecipes.smallRadius(seed: 2)
        #expect(simulate(recipe, seed: 1, steps: 5) != simulate(recipe, seed: 2, steps: 5))
    }

    @Test func aCopiedSwarmEvolvesIndependently() {
        var a = Swarm(recipe: BenchmarkRecipes.smallRadius(seed: 4), seed: 4)
        a.step()
        var b = a
        b.step()
        #expect(a.state.step == 1 && b.state.step == 2)
        a.step()
        #expect(a.state == b.state)
    }

    @Test func populationsScaleProportionally() {
        let recipe = SwarmRecipe([Ingredient(population: 100, genome: Genome(clamping: [10, 1, 2, 0.1, 0.1, 1, 0, 0])),
                                  Ingredient(population: 50, genome: Genome(clamping: [20, 1, 2, 0.1, 0.1, 1, 0, 0]))])
        let s = Swarm(recipe: recipe, seed: 1, agents: 3_000)
        #expect(s.state.count == 3_000)
        #expect(s.state.species.filter { $0 == 0 }.count == 2_000)
        #expect(s.state.x.allSatisfy { $0 >= -150 && $0 < 150 })
        #expect(s.state.vx.allSatisfy { $0 >= -5 && $0 < 5 })
    }
}

@Suite struct BatchStepTests {
    @Test func steppingManySwarmsTogetherMatchesSteppingThemOneByOne() {
        var rng = SplitMix64(seed: 11)
        let recipes = (0..<9).map { _ in SwarmRecipe.random(ingredients: 3, using: &rng) }
        var together = recipes.enumerated().map { Swarm(recipe: $1, seed: UInt64($0), agents: 300) }
        var alone = together
        for _ in 0..<30 { Swarm.stepAll(&together) }
        for index in alone.indices { alone[index].run(steps: 30, threads: 1) }
        #expect(together.map(\.state) == alone.map(\.state))
    }
}
