// Sayama's Swarm Chemistry kinetics (2009), one synchronous step: every agent reads the
// previous step's state only.
//
//  1. Neighbours of i: all j ≠ i with |xj − xi|² < R² (strict).
//  2. No neighbours: a = (U[−0.5, 0.5), U[−0.5, 0.5)).
//  3. Otherwise a = c1(x̄ − xi) + c2(v̄ − vi) + c3 Σ (xi − xj)/|xi − xj|² (0 → 0.001), and with
//     probability c4, a += (U[−5, 5), U[−5, 5)).
//  4. v' = v + a, clamped to Vm; pace keeping v' += c5 (Vn − |v'|)/|v'| · v' (|v'| 0 → 0.001),
//     clamped to Vm again.
//  5. After all agents: v = v', x = x + v.
//
// Each agent's sums run over its candidates in an order fixed by the state alone (cells in
// index order, agents in cell order, eight lanes combined in lane order — see CSwarmKernel),
// and its random draws are addressed by (seed, step, agent), so results are bit-identical for
// any thread count and on any CPU.
import CSwarmKernel

/// Raw pointers handed to worker threads; each worker writes only its own cells' agents.
struct StepInputs: @unchecked Sendable {
    let agent: UnsafePointer<Int32>
    let sx: UnsafePointer<Double>, sy: UnsafePointer<Double>
    let svx: UnsafePointer<Double>, svy: UnsafePointer<Double>
    let species: UnsafePointer<Int32>
    let params: UnsafePointer<Species>
    let reach: UnsafePointer<Int32>  // per species: cells to scan each way
    let newVX: UnsafeMutablePointer<Double>, newVY: UnsafeMutablePointer<Double>
    let neighbours: UnsafeMutablePointer<Int32>
    let seed: UInt64
    let step: Int
}

/// One worker's gather buffer: the candidates of the cell being processed.
final class CandidateBuffer: @unchecked Sendable {
    var capacity = 0
    var x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>
    var vx: UnsafeMutablePointer<Double>, vy: UnsafeMutablePointer<Double>
    /// Candidates gathered, and the same rounded up to whole kernel lanes (padding is far away).
    var count = 0
    var paddedCount = 0
    /// The cell whose window is gathered (−1: none yet).
    var cell = -1

    init() {
        x = .allocate(capacity: 1); y = .allocate(capacity: 1); vx = .allocate(capacity: 1); vy = .allocate(capacity: 1)
    }

    func reserve(_ agents: Int) {
        let wanted = agents + Int(SWARM_KERNEL_LANES)
        guard wanted > capacity else { return }
        release()
        capacity = max(wanted, 64)
        x = .allocate(capacity: capacity); y = .allocate(capacity: capacity)
        vx = .allocate(capacity: capacity); vy = .allocate(capacity: capacity)
    }

    private func release() {
        x.deallocate(); y.deallocate(); vx.deallocate(); vy.deallocate()
    }

    deinit { release() }
}

enum SayamaKinetics {
    /// Gathers the candidates for cell `c` (every agent within `reach` cells) into `buffer`,
    /// padded to whole kernel lanes.
    static func gather(cell c: Int, reach k: Int, grid: NeighbourGrid, inputs: StepInputs, into buffer: CandidateBuffer) {
        buffer.count = 0
        buffer.cell = c
        let cx = grid.cellX[c], cy = grid.cellY[c]
        func append(_ other: Int) {
            let start = Int(grid.cellStart[other]), end = Int(grid.cellStart[other + 1])
            let n = buffer.count
            (buffer.x + n).update(from: inputs.sx + start, count: end - start)
            (buffer.y + n).update(from: inputs.sy + start, count: end - start)
            (buffer.vx + n).update(from: inputs.svx + start, count: end - start)
            (buffer.vy + n).update(from: inputs.svy + start, count: end - start)
            buffer.count = n + end - start
        }
        let side = 2 * k + 1
        if side * side <= grid.cellCount {
            for dy in -k...k {
                for dx in -k...k {
                    if let other = grid.cell(cx &+ Int32(dx), cy &+ Int32(dy)) { append(other) }
                }
            }
        } else {
            // Few occupied cells: cheaper to test each than to probe every window position.
            for other in 0..<grid.cellCount where abs(Int(grid.cellX[other]) - Int(cx)) <= k && abs(Int(grid.cellY[other]) - Int(cy)) <= k {
                append(other)
            }
        }
        let lanes = Int(SWARM_KERNEL_LANES)
        buffer.paddedCount = (buffer.count + lanes - 1) / lanes * lanes
        for j in buffer.count..<buffer.paddedCount {
            buffer.x[j] = swarm_kernel_far(); buffer.y[j] = swarm_kernel_far()
            buffer.vx[j] = 0; buffer.vy[j] = 0
        }
    }

    /// Computes the new velocity of the agent at sorted position `p` from the candidates.
    @inline(__always)
    static func update(sortedPosition p: Int, inputs: StepInputs, candidates b: CandidateBuffer) {
        let i = Int(inputs.agent[p])
        let s = inputs.params[Int(inputs.species[i])]
        let xi = inputs.sx[p], yi = inputs.sy[p], vxi = inputs.svx[p], vyi = inputs.svy[p]
        var sums = swarm_sums()
        swarm_accumulate(b.x, b.y, b.vx, b.vy, b.paddedCount, xi, yi, s.radiusSquared, &sums)
        // The agent is among its own candidates: at distance 0 it added exactly 1 to the count
        // (when R > 0), 0 to the offsets and separation, and vi to Σv, which Σ(vj − vi) cancels.
        let n = sums.n - (s.radiusSquared > 0 ? 1 : 0)
        let (sdx, sdy, sepx, sepy) = (sums.dx, sums.dy, sums.sepx, sums.sepy)
        let sdvx = sums.vx - sums.n * vxi, sdvy = sums.vy - sums.n * vyi

        var ax: Double, ay: Double
        if n == 0 {
            ax = CounterRandom.unit(seed: inputs.seed, step: inputs.step, agent: i, draw: 0) - 0.5
            ay = CounterRandom.unit(seed: inputs.seed, step: inputs.step, agent: i, draw: 1) - 0.5
        } else {
            ax = s.c1 * (sdx / n) + s.c2 * (sdvx / n) + s.c3 * sepx
            ay = s.c1 * (sdy / n) + s.c2 * (sdvy / n) + s.c3 * sepy
            if CounterRandom.unit(seed: inputs.seed, step: inputs.step, agent: i, draw: 2) < s.c4 {
                ax += CounterRandom.unit(seed: inputs.seed, step: inputs.step, agent: i, draw: 3) * 10 - 5
                ay += CounterRandom.unit(seed: inputs.seed, step: inputs.step, agent: i, draw: 4) * 10 - 5
            }
        }
        (ax, ay) = finiteDirection(ax, ay)
        let (nvx, nvy) = paceKept(vx: vxi + ax, vy: vyi + ay, species: s)
        inputs.newVX[i] = nvx
        inputs.newVY[i] = nvy
        inputs.neighbours[i] = Int32(n)
    }

    /// Step 4: clamp to Vm, pace keeping, clamp again.
    @inline(__always)
    static func paceKept(vx: Double, vy: Double, species s: Species) -> (Double, Double) {
        var (vx, vy) = clamped(vx, vy, to: s.maxSpeed)
        var speed = (vx * vx + vy * vy).squareRoot()
        if speed == 0 { speed = 0.001 }
        let factor = s.c5 * (s.normalSpeed - speed) / speed
        vx += factor * vx
        vy += factor * vy
        return clamped(vx, vy, to: s.maxSpeed)
    }

    @inline(__always)
    static func clamped(_ vx: Double, _ vy: Double, to limit: Double) -> (Double, Double) {
        let speed = (vx * vx + vy * vy).squareRoot()
        guard speed > limit else { return (vx, vy) }
        let scale = limit / speed
        return (vx * scale, vy * scale)
    }

    /// Near-coincident agents can make the separation sum overflow. Only the direction of such
    /// an acceleration matters (the speed is clamped to Vm next), so keep that and stay finite.
    @inline(__always)
    static func finiteDirection(_ ax: Double, _ ay: Double) -> (Double, Double) {
        if ax.isFinite && ay.isFinite && abs(ax) < 1e100 && abs(ay) < 1e100 { return (ax, ay) }
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : v.isInfinite ? (v < 0 ? -1 : 1) : 0 }
        let bothInfinite = ax.isInfinite || ay.isInfinite
        if bothInfinite { return (unit(ax) * 1e100, unit(ay) * 1e100) }
        let m = max(abs(ax.isNaN ? 0 : ax), abs(ay.isNaN ? 0 : ay))
        return m > 0 ? ((ax.isNaN ? 0 : ax) / m * 1e100, (ay.isNaN ? 0 : ay) / m * 1e100) : (0, 0)
    }
}
