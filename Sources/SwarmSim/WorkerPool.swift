// Persistent worker threads for the step loop. A step lasts well under a millisecond at
// thousands of agents, shorter than it takes a general-purpose queue to wake a thread, so the
// workers spin briefly between steps and then sleep (a paused Lab costs no CPU).
import Foundation
import Synchronization

final class WorkerPool: @unchecked Sendable {
    /// One helper per core beyond the caller's.
    static let shared = WorkerPool(helpers: max(0, ProcessInfo.processInfo.activeProcessorCount - 1))

    typealias Job = @Sendable (Int) -> Void

    let helpers: Int
    private let condition = NSCondition()
    private let generation = Atomic<Int>(0)
    private let pending = Atomic<Int>(0)
    private let inUse = Mutex<Bool>(false)
    // Guarded by `condition`: the job of the current generation and how many helpers join it.
    private var job: Job?
    private var joining = 0
    private var published = 0

    /// How long an idle helper spins before it sleeps.
    private static let spinIterations = 500_000

    init(helpers: Int) {
        self.helpers = helpers
        for index in 0..<helpers {
            let thread = Thread { [unowned self] in self.work(as: index + 1) }
            thread.name = "plume-swarm-\(index + 1)"
            thread.start()
        }
    }

    /// Runs `job(0)` on the calling thread and `job(1)…job(participants − 1)` on helpers, and
    /// returns when all are done. Returns false, running nothing, if another caller holds the pool.
    func run(participants: Int, _ job: @escaping Job) -> Bool {
        let acquired = inUse.withLock { busy in
            if busy { return false }
            busy = true
            return true
        }
        guard acquired else { return false }
        defer { inUse.withLock { $0 = false } }
        let joining = min(max(0, participants - 1), helpers)
        pending.store(joining, ordering: .sequentiallyConsistent)
        condition.lock()
        self.job = job
        self.joining = joining
        published += 1
        generation.store(published, ordering: .sequentiallyConsistent)
        condition.broadcast()
        condition.unlock()
        job(0)
        var spins = 0
        while pending.load(ordering: .sequentiallyConsistent) > 0 {
            spins += 1
            if spins > 1_000 { sched_yield() }
        }
        return true
    }

    private func work(as index: Int) {
        var seen = 0
        while true {
            var spins = 0
            while generation.load(ordering: .acquiring) == seen && spins < Self.spinIterations { spins += 1 }
            condition.lock()
            while published == seen { condition.wait() }
            // Read the generation's job and size together, under the lock, so a helper never
            // runs one generation's job twice or another generation's job.
            seen = published
            let current = job, wanted = index <= joining
            condition.unlock()
            if wanted, let current {
                current(index)
                pending.subtract(1, ordering: .sequentiallyConsistent)
            }
        }
    }
}
