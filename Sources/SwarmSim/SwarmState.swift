// The positions and velocities of every agent, structure-of-arrays, and how a run begins.
import GameState

public struct SwarmState: Sendable, Equatable {
    public var x: [Double]
    public var y: [Double]
    public var vx: [Double]
    public var vy: [Double]
    /// The ingredient (species) index of each agent.
    public var species: [Int32]
    /// Steps taken since the start.
    public var step: Int

    public var count: Int { x.count }

    public init(x: [Double], y: [Double], vx: [Double], vy: [Double], species: [Int32], step: Int = 0) {
        precondition(Set([x.count, y.count, vx.count, vy.count, species.count]).count == 1, "arrays differ in length")
        (self.x, self.y, self.vx, self.vy, self.species, self.step) = (x, y, vx, vy, species, step)
    }

    /// Sayama's start: positions uniform in a 300×300 square centred on the origin, velocities
    /// uniform in ±5 per axis, drawn from SplitMix64(seed) in agent order. Agents are laid out
    /// species by species, in recipe order.
    public init(populations: [Int], seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let total = populations.reduce(0, +)
        var x = [Double](), y = [Double](), vx = [Double](), vy = [Double](), species = [Int32]()
        x.reserveCapacity(total); y.reserveCapacity(total); vx.reserveCapacity(total); vy.reserveCapacity(total)
        let half = SwarmLimits.startSquare / 2, speed = SwarmLimits.startSpeed
        for (index, population) in populations.enumerated() {
            for _ in 0..<population {
                x.append(rng.unit() * SwarmLimits.startSquare - half)
                y.append(rng.unit() * SwarmLimits.startSquare - half)
                vx.append((rng.unit() * 2 - 1) * speed)
                vy.append((rng.unit() * 2 - 1) * speed)
                species.append(Int32(index))
            }
        }
        self.init(x: x, y: y, vx: vx, vy: vy, species: species)
    }
}
