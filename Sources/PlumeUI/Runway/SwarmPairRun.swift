// A dealt pair of swarms, running side by side on the Runway screen from one start: the seed the
// server deals with the pair (the first run the day's Lab board scored), so the two swarms a voter
// compares begin alike and only their recipes differ. Each has a camera of its own that follows
// it as the Lab's does; at the end of the run the board scored (SwarmRules.steps) both start again,
// so the pair loops through what was scored.
import Challenges
import GameState
import ScoresAPI
import SwarmSim

struct SwarmPairRun: Sendable {
    let pair: RunwayDealtPair
    let seed: UInt64
    let recipes: [SwarmRecipe]
    private(set) var swarms: [Swarm]
    private(set) var cameras: [Camera]
    /// Steps since the start (0 … SwarmRules.steps).
    private(set) var step = 0

    /// Nil unless both codes are swarms.
    init?(pair: RunwayDealtPair, seed: UInt64) {
        guard case .swarm(let left)? = try? ShareCode.decode(pair.left), case .swarm(let right)? = try? ShareCode.decode(pair.right) else {
            return nil
        }
        (self.pair, self.seed, recipes) = (pair, seed, [left, right])
        swarms = []
        cameras = []
        restart()
    }

    mutating func restart() {
        swarms = recipes.map { Swarm(recipe: $0, seed: seed) }
        cameras = swarms.map { swarm in
            var camera = Camera()
            camera.jump(to: swarm.state, dotsWide: 76, dotsHigh: 64)
            return camera
        }
        step = 0
    }

    /// One step of both, their cameras following in views of these dots; past the scored run,
    /// both start again.
    mutating func frame(dotsWide: Int, dotsHigh: Int, threads: Int = Swarm.availableThreads) {
        if step >= SwarmRules.steps { restart() }
        for index in swarms.indices {
            swarms[index].step(threads: threads)
            cameras[index].follow(swarms[index].state, dotsWide: dotsWide, dotsHigh: dotsHigh)
        }
        step += 1
    }

    /// "2 species · 150 agents": what a voter may know of a swarm (never whose it is).
    func words(_ side: Int) -> String {
        let recipe = recipes[side]
        return "\(recipe.ingredients.count) species · \(recipe.totalPopulation) agents"
    }
}
