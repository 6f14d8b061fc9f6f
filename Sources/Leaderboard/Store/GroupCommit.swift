// Group commit for SQLite's one writer: writes that arrive while a transaction is being committed
// wait for it, then go together in the next one, each in a savepoint of its own. With
// synchronous=FULL a commit costs a sync of the log to disk, so sixteen votes arriving at once
// cost one sync rather than sixteen. A write is answered only after its transaction commits, so
// an acknowledged write survives kill -9 as before; one that fails (a used ticket, a limit) rolls
// back its own savepoint and leaves the others in the batch alone.
import GRDB
import Synchronization

final class GroupCommit: Sendable {
    private let pool: DatabasePool
    /// Writes in one transaction at most: a long batch would hold every one of them until the end.
    private let batchLimit: Int
    private let queue = Mutex<(waiting: [any PendingWrite], draining: Bool)>(([], false))

    init(pool: DatabasePool, batchLimit: Int = 64) {
        self.pool = pool
        self.batchLimit = batchLimit
    }

    /// Runs `work` in the next group transaction and returns its value once that has committed.
    func write<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let write = Pending(work: work, continuation: continuation)
            let starts = queue.withLock { state -> Bool in
                state.waiting.append(write)
                guard !state.draining else { return false }
                state.draining = true
                return true
            }
            if starts { Task.detached { await self.drain() } }
        }
    }

    /// Commits batches until nothing waits. Only one drain runs at a time.
    private func drain() async {
        while true {
            let batch = queue.withLock { state -> [any PendingWrite] in
                let batch = Array(state.waiting.prefix(batchLimit))
                state.waiting.removeFirst(batch.count)
                if batch.isEmpty { state.draining = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            do {
                try await pool.write { db in
                    for write in batch { write.run(db) }
                }
                for write in batch { write.committed() }
            } catch {
                for write in batch { write.failed(error) }
            }
        }
    }
}

private protocol PendingWrite: Sendable {
    /// Runs the write in a savepoint, keeping its value or its error.
    func run(_ db: Database)
    /// The transaction committed: answer with the kept value or error.
    func committed()
    /// The transaction did not commit: nothing of the write was kept.
    func failed(_ error: any Error)
}

private final class Pending<T: Sendable>: PendingWrite {
    let work: @Sendable (Database) throws -> T
    let continuation: CheckedContinuation<T, any Error>
    let outcome = Mutex<Result<T, any Error>?>(nil)

    init(work: @escaping @Sendable (Database) throws -> T, continuation: CheckedContinuation<T, any Error>) {
        self.work = work
        self.continuation = continuation
    }

    func run(_ db: Database) {
        var value: T?
        let result: Result<T, any Error>
        do {
            try db.inSavepoint {
                value = try work(db)
                return .commit
            }
            result = value.map { .success($0) } ?? .failure(DatabaseError(resultCode: .SQLITE_MISUSE, message: "a grouped write returned nothing"))
        } catch {
            result = .failure(error)
        }
        outcome.withLock { $0 = result }
    }

    func committed() {
        let result = outcome.withLock { $0 } ?? .failure(DatabaseError(resultCode: .SQLITE_MISUSE, message: "a grouped write did not run"))
        continuation.resume(with: result)
    }

    func failed(_ error: any Error) {
        continuation.resume(throwing: error)
    }
}
