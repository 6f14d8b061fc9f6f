// A bounded pool for swarm verifications: at most `slots` simulations run at once, on their own
// threads (never the async executor's, so reads stay fast), and at most `queueLimit` wait. Past
// that a submission is refused at once with "busy, retry in a moment" — never left to hang.
import Dispatch
import SwarmSim
import Synchronization

final class SimulationPool: Sendable {
    let slots: Int
    let queueLimit: Int
    /// Cores shared out between the slots.
    let threadsPerSimulation: Int
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "plume.verify", attributes: .concurrent)

    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    init(slots: Int, queueLimit: Int, cores: Int = Swarm.availableThreads) {
        self.slots = max(1, slots)
        self.queueLimit = max(0, queueLimit)
        threadsPerSimulation = max(1, cores / max(1, slots))
    }

    /// (running, waiting) right now, for metrics.
    var load: (running: Int, waiting: Int) { state.withLock { ($0.running, $0.waiting.count) } }

    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws(LeaderboardError) -> T {
        try await acquire()
        defer { release() }
        return await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    private func acquire() async throws(LeaderboardError) {
        enum Admission { case now, wait, refuse }
        let admission: Admission = state.withLock { s in
            if s.running < slots {
                s.running += 1
                return .now
            }
            return s.waiting.count < queueLimit ? .wait : .refuse
        }
        switch admission {
        case .now: return
        case .refuse:
            throw LeaderboardError(.busy, .verifierBusy, "the server is busy checking other swarms — try again in a few seconds", retryAfter: 2)
        case .wait:
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let admitted: Bool = state.withLock { s in
                    // A slot may have freed between the check and now.
                    if s.running < slots {
                        s.running += 1
                        return true
                    }
                    s.waiting.append(continuation)
                    return false
                }
                if admitted { continuation.resume() }
            }
        }
    }

    private func release() {
        let next: CheckedContinuation<Void, Never>? = state.withLock { s in
            // Hand the slot straight to the first waiter (running stays the same).
            if !s.waiting.isEmpty { return s.waiting.removeFirst() }
            s.running -= 1
            return nil
        }
        next?.resume()
    }
}
