// One game per player across every host on one store. Before a game starts its host claims the
// player's lease in the store; while the game runs, the host renews the lease every
// `syncInterval` with the files of the player's directory that changed (GameKeeper), so a host
// that dies loses at most that much play, and its leases lapse after `leaseLifetime`. A second
// connection, on this host or another, asks for the lease: the host holding it sees the request
// within `askInterval`, tells its player the game moved, hangs the game up (it saves), writes the
// last files and gives the lease back in one transaction; the new host then takes it and starts
// from those files. A session that lost its lease (it stalled past the expiry) writes nothing.
import Foundation
import Leaderboard
import Logging
import Synchronization

final class HostDesk: Sendable {
    static let leaseLifetime: Duration = .seconds(15)
    static let syncInterval: Duration = .seconds(2)
    static let askInterval: Duration = .milliseconds(250)
    /// How long a new connection waits for the game elsewhere to give its lease back (a host
    /// that died: until the lease lapses), before it is told to try again.
    static let claimPatience: Duration = .seconds(20)

    /// This host's name in the store (leases, the watch menu, metrics).
    let host: String
    let store: any StoreExecutor
    let logger: Logger
    let figures: FiguresBox
    let watch: WatchDesk

    struct Entry: Sendable {
        let keeper: GameKeeper
        /// The fingerprint of the key that plays it.
        let fingerprint: String
        /// Another connection asks for the game: end it, saved.
        let asked: @Sendable () -> Void
        /// The lease is gone: end the game (its writes are refused).
        let lost: @Sendable () -> Void
    }

    private let entries = Mutex<[String: Entry]>([:])

    init(host: String, store: any StoreExecutor, logger: Logger, figures: FiguresBox, watch: WatchDesk) {
        (self.host, self.store, self.logger, self.figures, self.watch) = (host, store, logger, figures, watch)
    }

    static func milliseconds(_ date: Date = Date()) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    enum Claim { case taken(tookOver: Bool), busy }

    /// Takes the lease for `lease.owner`, asking whoever holds it to give it back and waiting
    /// (at most `claimPatience`) until they do or it lapses.
    func claim(_ lease: HostedLease) async throws -> Claim {
        let clock = ContinuousClock()
        let start = clock.now
        var lastAsked: ContinuousClock.Instant?
        while true {
            let now = Self.milliseconds()
            if try await store.claimGame(lease, now: now, expires: now + Int64(Self.leaseLifetime / .milliseconds(1))) {
                if lastAsked != nil { figures.update { $0.takeOvers += 1 } }
                return .taken(tookOver: lastAsked != nil)
            }
            if clock.now - start > Self.claimPatience { return .busy }
            if lastAsked.map({ clock.now - $0 > .seconds(1) }) ?? true {
                try await store.askForGame(owner: lease.owner, by: lease.session, now: now)
                lastAsked = clock.now
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    func add(_ entry: Entry) {
        entries.withLock { $0[entry.keeper.lease.owner] = entry }
    }

    /// Whether a game of this key runs here (a new connection of it takes that game over).
    func hasGame(fingerprint: String) -> Bool {
        entries.withLock { $0.values.contains { $0.fingerprint == fingerprint } }
    }

    /// The game ended: its last files are written and its lease given back (at most `patience`).
    /// True when they were.
    @discardableResult
    func finish(_ keeper: GameKeeper, patience: Duration = .seconds(10)) async -> Bool {
        let saved = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                switch await keeper.sync(release: true) {
                case .kept, .asked: return true
                case .lost, .failed: return false
                }
            }
            group.addTask { try? await Task.sleep(for: patience); return false }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        entries.withLock { entries in
            if entries[keeper.lease.owner]?.keeper === keeper { entries[keeper.lease.owner] = nil }
        }
        return saved
    }

    var playing: Int { entries.withLock { $0.count } }

    /// Looks for requests every `askInterval` and renews every game's lease every `syncInterval`,
    /// until cancelled.
    func run() async {
        let clock = ContinuousClock()
        var nextSync = clock.now + Self.syncInterval
        while !Task.isCancelled {
            try? await Task.sleep(for: Self.askInterval)
            let current = entries.withLock { $0 }
            guard !current.isEmpty else { continue }
            if let asked = try? await store.gamesAskedFor(host: host) {
                for (owner, session) in asked {
                    guard let entry = current[owner], entry.keeper.lease.session == session else { continue }
                    if await entry.keeper.markAsked() { entry.asked() }
                }
            }
            // A player who refuses to be watched loses their watchers at once, on every host.
            if let refusing = try? await store.unwatchablePlayers() { watch.apply(unwatchable: refusing) }
            guard clock.now >= nextSync else { continue }
            nextSync = clock.now + Self.syncInterval
            await withTaskGroup(of: Void.self) { group in
                for entry in current.values {
                    let watchers = watch.feed(owner: entry.keeper.lease.owner)?.watcherCount ?? 0
                    entry.keeper.status.update { $0.watchers = watchers }
                    group.addTask {
                        switch await entry.keeper.sync(release: false) {
                        case .lost: entry.lost()
                        case .asked: if await entry.keeper.markAsked() { entry.asked() }
                        case .kept, .failed: break
                        }
                    }
                }
            }
        }
    }
}

/// What a running game's session knows of it, for its lease: written on the session's event
/// loop, read by the keeper.
final class GameStatus: Sendable {
    private let state: Mutex<HostedGameState>

    init(columns: Int, rows: Int) {
        state = Mutex(HostedGameState(lastInput: HostDesk.milliseconds(), screen: "", watchers: 0, columns: columns, rows: rows))
    }

    var snapshot: HostedGameState { state.withLock { $0 } }

    func update(_ change: (inout HostedGameState) -> Void) { state.withLock { change(&$0) } }
}

/// One game's lease and files: syncs run one at a time.
actor GameKeeper {
    nonisolated let lease: HostedLease
    nonisolated let status: GameStatus
    private var files: HomeFiles
    private let store: any StoreExecutor
    private let logger: Logger
    private let figures: FiguresBox
    private var previous: Task<SyncOutcome, Never>?
    private var asked = false
    private var lost = false

    enum SyncOutcome: Sendable { case kept, asked, lost, failed }

    init(lease: HostedLease, files: HomeFiles, status: GameStatus, store: any StoreExecutor, logger: Logger, figures: FiguresBox) {
        (self.lease, self.files, self.status, self.store, self.logger, self.figures) = (lease, files, status, store, logger, figures)
    }

    /// True the first time: the session is told once.
    func markAsked() -> Bool {
        defer { asked = true }
        return !asked
    }

    /// Renews the lease with the files that changed; with `release`, gives it back after.
    @discardableResult
    func sync(release: Bool) async -> SyncOutcome {
        let before = previous
        let task = Task { [self] in
            _ = await before?.value
            return await syncNow(release: release)
        }
        previous = task
        return await task.value
    }

    private func syncNow(release: Bool) async -> SyncOutcome {
        guard !lost else { return .lost }
        let scan = files.scan()
        if !scan.skipped.isEmpty {
            logger.warning("hosted files left out of the save (too big or too many)", metadata: ["owner": "\(lease.owner)", "paths": "\(scan.skipped.prefix(5))"])
        }
        let now = HostDesk.milliseconds()
        do {
            let wanted = try await store.renewGame(lease, state: status.snapshot, expires: now + Int64(HostDesk.leaseLifetime / .milliseconds(1)),
                                                   changes: scan.changes, at: now, release: release)
            files.took(scan)
            if !scan.changes.isEmpty {
                let bytes = scan.changes.kept.reduce(0) { $0 + $1.body.utf8.count }
                figures.update {
                    $0.savesWritten += 1
                    $0.saveBytes += bytes
                }
            }
            return wanted ? .asked : .kept
        } catch is LeaseLost {
            lost = true
            figures.update { $0.leasesLost += 1 }
            logger.warning("a hosted game's lease was lost; its changes since the last save are not written", metadata: ["owner": "\(lease.owner)"])
            return .lost
        } catch {
            logger.error("can't save a hosted game to the store", metadata: ["owner": "\(lease.owner)", "error": "\(error)"])
            return .failed
        }
    }
}
