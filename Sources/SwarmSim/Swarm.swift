// A running swarm: species, state, seed, and the step loop that spreads cells over threads.
import CSwarmKernel
import Foundation
import GameState
import Synchronization

public struct Swarm: Sendable {
    public let species: [Species]
    public let seed: UInt64
    public private(set) var state: SwarmState
    /// Each agent's neighbour count in the last step (all zero before the first).
    public private(set) var neighbourCounts: [Int32]
    private var workspace = Workspace()

    /// The instruction set the neighbour kernel runs with on this CPU (results are identical on all).
    public static var kernelInstructionSet: String { String(cString: swarm_kernel_isa()) }

    /// Every core this machine has.
    public static var availableThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// A swarm from a recipe. `agents` scales the recipe's populations proportionally (every
    /// ingredient keeps at least one agent); by default the recipe's own populations are used.
    public init(recipe: SwarmRecipe, seed: UInt64, agents: Int? = nil) {
        let populations = recipe.ingredients.map(\.population)
        let wanted = agents.map { min(max($0, populations.count), SwarmLimits.maxAgents) }
        let scaled = wanted.map { SwarmRecipe.scaled(populations, to: $0) } ?? populations
        self.init(species: recipe.ingredients.map { Species($0.genome) }, state: SwarmState(populations: scaled, seed: seed), seed: seed)
    }

    /// A swarm from an explicit state (tests and tools build states by hand).
    public init(species: [Species], state: SwarmState, seed: UInt64) {
        precondition(state.species.allSatisfy { Int($0) < species.count && $0 >= 0 }, "agent of unknown species")
        self.species = species
        self.state = state
        self.seed = seed
        neighbourCounts = [Int32](repeating: 0, count: state.count)
    }

    public mutating func run(steps: Int, threads: Int = Swarm.availableThreads) {
        for _ in 0..<steps { step(threads: threads) }
    }

    /// One synchronous step of Sayama's kinetics.
    public mutating func step(threads: Int = Swarm.availableThreads) {
        let n = state.count
        guard n > 0 else { state.step += 1; return }
        if !isKnownUniquelyReferenced(&workspace) { workspace = Workspace() }
        let work = workspace
        let largest = species.map(\.radius).max() ?? 0
        let cellSize = max(1, largest / SwarmLimits.cellsPerLargestRadius)
        work.grid.build(state, cellSize: cellSize)
        work.prepare(agents: n, threads: threads)
        let reach = species.map { Int32(($0.radius / cellSize).rounded(.up)) }
        // Threads pay off once a step has enough work: many agents, or many neighbours each.
        let lastInteractions = neighbourCounts.reduce(0) { $0 + Int($1) }
        let busy = n >= SwarmLimits.parallelThreshold || lastInteractions >= SwarmLimits.parallelInteractions
        let workers = busy ? max(1, min(threads, WorkerPool.shared.helpers + 1)) : 1

        species.withUnsafeBufferPointer { params in
        reach.withUnsafeBufferPointer { reach in
        state.species.withUnsafeBufferPointer { kinds in
        work.grid.agent.withUnsafeBufferPointer { agent in
        work.grid.sx.withUnsafeBufferPointer { sx in
        work.grid.sy.withUnsafeBufferPointer { sy in
        work.grid.svx.withUnsafeBufferPointer { svx in
        work.grid.svy.withUnsafeBufferPointer { svy in
        neighbourCounts.withUnsafeMutableBufferPointer { counts in
            let inputs = StepInputs(
                agent: agent.baseAddress!, sx: sx.baseAddress!, sy: sy.baseAddress!, svx: svx.baseAddress!, svy: svy.baseAddress!,
                species: kinds.baseAddress!, params: params.baseAddress!, reach: reach.baseAddress!,
                newVX: work.newVX, newVY: work.newVY, neighbours: counts.baseAddress!, seed: seed, step: state.step)
            let grid = work.grid
            let items = work.items
            for buffer in work.buffers { buffer.cell = -1 }
            if workers == 1 {
                for item in items { Self.process(item, grid: grid, inputs: inputs, buffer: work.buffers[0]) }
            } else {
                // Items are handed out one at a time; a worker re-gathers only when its next item
                // belongs to another cell. If the pool is busy with another swarm, step alone:
                // the result is the same either way.
                let next = Counter()
                let ran = WorkerPool.shared.run(participants: workers) { worker in
                    let buffer = work.buffers[worker]
                    while true {
                        let index = next.take()
                        if index >= items.count { break }
                        Self.process(items[index], grid: grid, inputs: inputs, buffer: buffer)
                    }
                }
                if !ran {
                    for item in items { Self.process(item, grid: grid, inputs: inputs, buffer: work.buffers[0]) }
                }
            }
        }}}}}}}}}

        for i in 0..<n {
            state.vx[i] = work.newVX[i]
            state.vy[i] = work.newVY[i]
            state.x[i] += state.vx[i]
            state.y[i] += state.vy[i]
        }
        state.step += 1
    }

    private static func process(_ item: WorkItem, grid: NeighbourGrid, inputs: StepInputs, buffer: CandidateBuffer) {
        let cell = Int(item.cell)
        if buffer.cell != cell {
            let start = Int(grid.cellStart[cell]), end = Int(grid.cellStart[cell + 1])
            var reach: Int32 = 0
            for p in start..<end { reach = max(reach, inputs.reach[Int(inputs.species[Int(inputs.agent[p])])]) }
            SayamaKinetics.gather(cell: cell, reach: Int(reach), grid: grid, inputs: inputs, into: buffer)
        }
        for p in Int(item.start)..<Int(item.end) { SayamaKinetics.update(sortedPosition: p, inputs: inputs, candidates: buffer) }
    }
}

/// Hands out work item numbers to the workers of one step.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func take() -> Int { value.add(1, ordering: .relaxed).oldValue }
}

/// A slice of one cell's agents: the unit handed to a worker, small enough that a dense blob
/// in a single cell still spreads over every core.
struct WorkItem: Sendable {
    var cell: Int32, start: Int32, end: Int32
    static let agentsPerItem: Int32 = 32
}

/// Buffers reused from step to step. Owned by one Swarm value (copied on write).
final class Workspace: @unchecked Sendable {
    var grid = NeighbourGrid()
    var buffers: [CandidateBuffer] = []
    var newVX: UnsafeMutablePointer<Double> = .allocate(capacity: 1)
    var newVY: UnsafeMutablePointer<Double> = .allocate(capacity: 1)
    var items: [WorkItem] = []
    private var capacity = 0

    func prepare(agents n: Int, threads: Int) {
        if n > capacity {
            newVX.deallocate(); newVY.deallocate()
            newVX = .allocate(capacity: n); newVY = .allocate(capacity: n)
            capacity = n
        }
        while buffers.count < max(1, min(threads, 64)) { buffers.append(CandidateBuffer()) }
        for buffer in buffers { buffer.reserve(n) }
        items.removeAll(keepingCapacity: true)
        for cell in 0..<grid.cellCount {
            var start = grid.cellStart[cell]
            let end = grid.cellStart[cell + 1]
            while start < end {
                let stop = min(end, start + WorkItem.agentsPerItem)
                items.append(WorkItem(cell: Int32(cell), start: start, end: stop))
                start = stop
            }
        }
    }

    deinit { newVX.deallocate(); newVY.deallocate() }
}

/// Runs `recipe` from `seed` for `steps` steps and returns the final state.
public func simulate(_ recipe: SwarmRecipe, seed: UInt64, steps: Int, agents: Int? = nil,
                     threads: Int = Swarm.availableThreads) -> SwarmState {
    var swarm = Swarm(recipe: recipe, seed: seed, agents: agents)
    swarm.run(steps: steps, threads: threads)
    return swarm.state
}
