// The Lab's evolution grid (Sayama's interactive evolution): the current recipe's mutants run
// side by side as live mini-swarms, and the player picks one to be the next parent, mixes two,
// or re-rolls.
import GameState
import SwarmSim

public struct EvolutionState: Sendable {
    /// Keys 1–9 choose, so at most nine children.
    public static let maxChildren = 9

    public private(set) var parent: SwarmRecipe
    public private(set) var children: [SwarmRecipe] = []
    public private(set) var swarms: [Swarm] = []
    public var cameras: [Camera] = []
    public var running = true
    /// Children chosen for mixing, in order (mixing happens at the second).
    public var marked: [Int] = []
    public var mixing = false
    /// Agents per mini-swarm (the recipe's own populations when nil).
    public let agents: Int?
    private let seed: UInt64
    private var round: UInt64 = 0

    public init(parent: SwarmRecipe, count: Int, seed: UInt64, agents: Int? = nil) {
        self.parent = parent
        self.seed = seed
        self.agents = agents
        breed(count: count)
    }

    /// A fresh set of mutants of the same parent.
    public mutating func reroll() {
        round += 1
        breed(count: children.count)
    }

    /// `count` mutants, each different from the parent and from one another.
    private mutating func breed(count: Int) {
        marked = []
        mixing = false
        var made: [SwarmRecipe] = []
        var attempt: UInt64 = 0
        while made.count < max(1, min(Self.maxChildren, count)) && attempt < 400 {
            attempt += 1
            let child = Evolution.mutate(parent, seed: seed &+ round &* 0x9E37_79B9_7F4A_7C15 &+ attempt &* 0xBF58_476D_1CE4_E5B9)
            if child != parent && !made.contains(child) { made.append(child) }
        }
        children = made
        swarms = made.enumerated().map { Swarm(recipe: $1, seed: seed &+ UInt64($0), agents: agents) }
        cameras = swarms.map { swarm in
            var camera = Camera()
            camera.jump(to: swarm.state, dotsWide: 48, dotsHigh: 20)
            return camera
        }
    }

    /// One step of every mini-swarm, shared among the cores.
    public mutating func frame(dotsWide: Int, dotsHigh: Int) {
        Swarm.stepAll(&swarms)
        for index in swarms.indices { cameras[index].follow(swarms[index].state, dotsWide: dotsWide, dotsHigh: dotsHigh) }
    }
}
