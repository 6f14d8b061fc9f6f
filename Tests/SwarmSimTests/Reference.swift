// A brute-force, scalar, one-thread implementation of the same step, written straight from the
// rules: the yardstick for the grid-and-kernel engine.
@testable import SwarmSim

enum Reference {
    /// New velocities and neighbour counts for every agent, all pairs checked.
    static func step(_ state: SwarmState, species: [Species], seed: UInt64) -> (vx: [Double], vy: [Double], neighbours: [Int]) {
        let n = state.count
        var outX = [Double](repeating: 0, count: n), outY = outX, counts = [Int](repeating: 0, count: n)
        for i in 0..<n {
            let s = species[Int(state.species[i])]
            var count = 0.0, mx = 0.0, my = 0.0, mvx = 0.0, mvy = 0.0, sepx = 0.0, sepy = 0.0
            for j in 0..<n where j != i {
                let dx = state.x[j] - state.x[i], dy = state.y[j] - state.y[i]
                let d2 = dx * dx + dy * dy
                guard d2 < s.radius * s.radius else { continue }
                count += 1
                mx += state.x[j]; my += state.y[j]; mvx += state.vx[j]; mvy += state.vy[j]
                let d = d2 == 0 ? 0.001 : d2
                sepx += (state.x[i] - state.x[j]) / d
                sepy += (state.y[i] - state.y[j]) / d
            }
            var ax: Double, ay: Double
            let step = state.step
            if count == 0 {
                ax = CounterRandom.unit(seed: seed, step: step, agent: i, draw: 0) - 0.5
                ay = CounterRandom.unit(seed: seed, step: step, agent: i, draw: 1) - 0.5
            } else {
                ax = s.c1 * (mx / count - state.x[i]) + s.c2 * (mvx / count - state.vx[i]) + s.c3 * sepx
                ay = s.c1 * (my / count - state.y[i]) + s.c2 * (mvy / count - state.vy[i]) + s.c3 * sepy
                if CounterRandom.unit(seed: seed, step: step, agent: i, draw: 2) < s.c4 {
                    ax += CounterRandom.unit(seed: seed, step: step, agent: i, draw: 3) * 10 - 5
                    ay += CounterRandom.unit(seed: seed, step: step, agent: i, draw: 4) * 10 - 5
                }
            }
            var vx = state.vx[i] + ax, vy = state.vy[i] + ay
            var speed = (vx * vx + vy * vy).squareRoot()
            if speed > s.maxSpeed { vx *= s.maxSpeed / speed; vy *= s.maxSpeed / speed }
            speed = (vx * vx + vy * vy).squareRoot()
            if speed == 0 { speed = 0.001 }
            vx += s.c5 * (s.normalSpeed - speed) / speed * vx
            vy += s.c5 * (s.normalSpeed - speed) / speed * vy
            speed = (vx * vx + vy * vy).squareRoot()
            if speed > s.maxSpeed { vx *= s.maxSpeed / speed; vy *= s.maxSpeed / speed }
            (outX[i], outY[i], counts[i]) = (vx, vy, Int(count))
        }
        return (outX, outY, counts)
    }
}
