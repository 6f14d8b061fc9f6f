// Many small swarms stepped together (the Lab's evolution grid): each swarm runs whole on one
// thread, and the swarms are shared among the worker threads.

extension Swarm {
    /// Steps every swarm once. Swarm `i` goes to participant `i mod P`; a swarm's own step is
    /// single-threaded, so results are the same as stepping them one by one.
    public static func stepAll(_ swarms: inout [Swarm], threads: Int = Swarm.availableThreads) {
        let count = swarms.count
        guard count > 0 else { return }
        let participants = max(1, min(threads, WorkerPool.shared.helpers + 1, count))
        swarms.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let base = buffer.baseAddress!
            let ran = participants > 1 && WorkerPool.shared.run(participants: participants) { participant in
                var index = participant
                while index < count {
                    base[index].step(threads: 1)
                    index += participants
                }
            }
            if !ran {
                for index in 0..<count { base[index].step(threads: 1) }
            }
        }
    }
}
