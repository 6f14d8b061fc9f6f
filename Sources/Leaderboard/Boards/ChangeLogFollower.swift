// Keeping this process's rank index exact: every write, this process's or another's, appends to
// the store's change log, and the follower applies the log in id order. It is never silently
// wrong: when entries it had not read were pruned (a process cut off from the database for
// longer than the log is kept), it rebuilds the index from the records; a failure is reported
// once per outage and its end once; and its freshness is always readable for /metrics and
// /readyz.
import Foundation
import Synchronization

/// How fresh the follower is.
public struct FollowerStatus: Sendable, Equatable {
    /// The last change-log id applied to the index.
    public var applied: Int64 = 0
    /// The newest id the log held when it was last read.
    public var newest: Int64 = 0
    /// When (the service's clock, milliseconds) the log was last read to its end.
    public var currentAt: Int64?
    /// When the current outage began, and why; nil while reads succeed.
    public var failingSince: Int64?
    public var failure: String?
    /// Rebuilds forced by a gap in the log, and failed reads, since start.
    public var rebuilds = 0
    public var failures = 0
    /// A rebuild asked for (at start), done by the next pass; and how long the last one took.
    var rebuildWanted = false
    var loadSeconds: Double?

    public var changesBehind: Int64 { max(0, newest - applied) }

    /// Seconds since the index was last known to be current (infinity before the first read).
    public func lagSeconds(now: Int64) -> Double {
        currentAt.map { Double(max(0, now - $0)) / 1000 } ?? .infinity
    }
}

/// What the follower tells the log (the server logs each as one line).
public enum FollowerEvent: Sendable, Equatable {
    /// Reading the change log failed; reported once per outage.
    case failing(reason: String)
    /// Reads work again after an outage that lasted `seconds`.
    case recovered(seconds: Double)
    /// Entries after `lastRead` had been pruned (the oldest kept is `oldestKept`): the index was
    /// rebuilt from the records.
    case rebuilt(lastRead: Int64, oldestKept: Int64, seconds: Double)
}

/// Runs catch-up passes one at a time (two overlapping passes could apply an older read over a
/// newer one), without making callers queue one by one: a caller waits for a pass that starts
/// after it asked — the running one if none is running yet, else the single pass queued behind
/// it, which every caller that arrives before it starts shares. Sixteen writers catching up at
/// once cost two passes, not sixteen.
actor ChangeFollower {
    private var running: Task<Void, any Error>?
    private var queued: Task<Void, any Error>?
    static let batch = 1000

    func pass(_ work: @escaping @Sendable () async throws -> Void) async throws {
        if let queued { return try await queued.value }
        let previous = running
        let task = Task<Void, any Error> {
            if let previous {
                _ = await previous.result
                await self.promote()
            }
            try await work()
        }
        if previous == nil { running = task } else { queued = task }
        let result = await task.result
        if running == task { running = nil }
        try result.get()
    }

    /// The queued pass starts: callers from now on queue behind it.
    private func promote() {
        running = queued
        queued = nil
    }
}

/// The follower's state and where its events go, shared by every caller.
final class FollowerState: Sendable {
    let status = Mutex(FollowerStatus())
    let report = Mutex<(@Sendable (FollowerEvent) -> Void)?>(nil)

    func tell(_ event: FollowerEvent) { report.withLock { $0 }?(event) }
}

extension LeaderboardService {
    public var followerStatus: FollowerStatus { followerState.status.withLock { $0 } }

    /// Applies the store's change log to the index (this process's writes and every other's),
    /// or rebuilds the index when entries it had not read were pruned.
    public func catchUp() async throws {
        do {
            try await follower.pass { [self] in try await catchUpAlone() }
            recovered()
        } catch {
            failed(error)
            throw error
        }
    }

    /// Builds the index afresh from the records (in the next pass), then applies whatever
    /// changed meanwhile.
    func rebuildIndex() async throws {
        followerState.status.withLock { $0.rebuildWanted = true }
        try await follower.pass { [self] in try await catchUpAlone() }
    }

    /// Follows the change log until cancelled: every `interval`, or sooner when `wake` yields
    /// (PostgreSQL's LISTEN). Entries older than the retention are pruned every ten minutes.
    /// `report` hears of outages, recoveries and rebuilds.
    public func follow(every interval: Duration, wake: AsyncStream<Void>? = nil,
                       report: @escaping @Sendable (FollowerEvent) -> Void = { _ in }) async {
        followerState.report.withLock { $0 = report }
        // A failed catch-up is recorded (and reported once per outage) by catchUp itself.
        let wakeTask = wake.map { stream in
            Task { [weak self] in
                for await _ in stream { try? await self?.catchUp() }
            }
        }
        defer { wakeTask?.cancel() }
        var lastPrune = ContinuousClock.now
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            try? await catchUp()
            if ContinuousClock.now - lastPrune > .seconds(600) {
                lastPrune = .now
                do { try await pruneChangeLog() } catch { failed(error) }
            }
        }
    }

    /// Forgets change-log entries older than the retention (by the service's clock); the newest
    /// entry always stays, so a reader can tell what it missed.
    public func pruneChangeLog() async throws {
        try await store.pruneChanges(before: now / 1000 - Int64(changeLogRetentionSeconds))
    }

    private func catchUpAlone() async throws {
        let ends = try await store.changeLog()
        let (last, wanted) = followerState.status.withLock { status in
            defer { status.rebuildWanted = false }
            return (status.applied, status.rebuildWanted)
        }
        if wanted {
            followerState.status.withLock { $0.loadSeconds = nil }
            let seconds = try await rebuildAlone()
            followerState.status.withLock { $0.loadSeconds = seconds }
            return
        }
        guard ends.continues(from: last) else {
            let seconds = try await rebuildAlone()
            followerState.status.withLock { $0.rebuilds += 1 }
            followerState.tell(.rebuilt(lastRead: last, oldestKept: ends.oldest, seconds: seconds))
            return
        }
        try await apply(after: last, newest: ends.newest)
    }

    private func rebuildAlone() async throws -> Double {
        let started = ContinuousClock.now
        let ends = try await store.changeLog()
        let all = try await store.rankedKeys()
        index.replaceAll(with: all.mapValues { BoardIndex(sorted: $0) })
        followerState.status.withLock { $0.applied = ends.newest }
        try await apply(after: ends.newest, newest: ends.newest)
        pages.invalidateAll()
        return (ContinuousClock.now - started) / .seconds(1)
    }

    /// Reads the log after `last` to its end, applying each change.
    private func apply(after last: Int64, newest: Int64) async throws {
        var applied = last
        while true {
            let changes = try await store.changes(after: applied, limit: ChangeFollower.batch)
            for change in changes {
                if change.board.isEmpty {
                    pages.invalidateAll()
                } else {
                    index.board(change.board).set(player: change.player, to: change.key)
                    pages.invalidate(board: change.board)
                }
                applied = change.id
            }
            followerState.status.withLock { $0.applied = applied }
            if changes.count < ChangeFollower.batch { break }
        }
        let readAt = now
        followerState.status.withLock { status in
            status.newest = max(newest, applied)
            status.currentAt = readAt
        }
    }

    private func failed(_ error: any Error) {
        let reason = String(describing: error)
        let first = followerState.status.withLock { status -> Bool in
            status.failures += 1
            status.failure = reason
            guard status.failingSince == nil else { return false }
            status.failingSince = now
            return true
        }
        if first { followerState.tell(.failing(reason: reason)) }
    }

    private func recovered() {
        let now = now
        let since = followerState.status.withLock { status -> Int64? in
            defer { (status.failingSince, status.failure) = (nil, nil) }
            return status.failingSince
        }
        if let since { followerState.tell(.recovered(seconds: Double(max(0, now - since)) / 1000)) }
    }
}
