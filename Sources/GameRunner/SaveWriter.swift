// Writes the saved game off the input path: the game hands over each new state (cheap, never
// waits for the disk), and a background queue writes the latest one at most once a second.
// Quitting, SIGTERM and SIGHUP flush what is pending, so a crash loses at most the last second.
// A write that fails is said and tried again (with a growing pause), and by every flush.
import Dispatch
import Foundation
import PlumeUI
import Synchronization

public final class SaveWriter: Sendable {
    private struct State {
        /// The newest game not yet written, the one being written, and the last one on disk.
        var pending: SavedGame?
        var writing: SavedGame?
        var written: SavedGame?
        var lastWrite = -Double.infinity
        var scheduled = false
        var writes = 0
        /// Writes failed in a row (the pause before the next try grows with them).
        var failures = 0
    }

    public let store: SaveStore
    /// Seconds between writes while changes keep coming.
    public let interval: Double
    /// The longest pause before trying a failed write again.
    public static let longestRetry = 30.0
    private let state: Mutex<State>
    /// Held while a write runs, so a flush waits for one under way and writes never overlap.
    private let writing = Mutex(())
    private let queue = DispatchQueue(label: "plume.save")
    private let clock: @Sendable () -> Double
    private let failed: @Sendable (String) -> Void
    /// How a game reaches the disk (the store's atomic write; tests slow it down).
    private let write: @Sendable (SavedGame) throws -> Void

    /// `written`: the game as it is on disk (nothing is written until it changes). `failed`
    /// hears why a background write failed, in words.
    public convenience init(store: SaveStore, written: SavedGame?, interval: Double = 1,
                clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime },
                failed: @escaping @Sendable (String) -> Void) {
        self.init(store: store, written: written, interval: interval, clock: clock, failed: failed, write: { try store.save($0) })
    }

    init(store: SaveStore, written: SavedGame?, interval: Double, clock: @escaping @Sendable () -> Double,
         failed: @escaping @Sendable (String) -> Void, write: @escaping @Sendable (SavedGame) throws -> Void) {
        self.store = store
        self.interval = interval
        self.clock = clock
        self.failed = failed
        self.write = write
        state = Mutex(State(written: written))
    }

    /// How many times the file was written.
    public var writes: Int { state.withLock { $0.writes } }

    /// Hands over the game to keep; returns at once. A game the same as the newest one handed
    /// over (written, being written or waiting) is not written again.
    public func save(_ game: SavedGame) {
        let changed = state.withLock { state in
            guard game != (state.pending ?? state.writing ?? state.written) else { return false }
            state.pending = game
            return true
        }
        if changed { schedule() }
    }

    /// Writes whatever is pending now and returns when it is on disk; nil, or why it couldn't be.
    @discardableResult
    public func flush() -> String? { writePending() }

    /// Starts a background write after the pause it is due, unless one is already set.
    private func schedule() {
        let delay: Double? = state.withLock { state in
            guard state.pending != nil, !state.scheduled else { return nil }
            state.scheduled = true
            let pause = state.failures == 0 ? interval : min(Self.longestRetry, interval * Double(1 << min(state.failures, 5)))
            return max(0, state.lastWrite + pause - clock())
        }
        guard let delay else { return }
        queue.asyncAfter(deadline: .now() + delay) { [self] in
            state.withLock { $0.scheduled = false }
            if let why = writePending() {
                failed(why)
                schedule()
            }
        }
    }

    private func writePending() -> String? {
        writing.withLock { _ in
            guard let game = state.withLock({ state -> SavedGame? in
                state.writing = state.pending
                state.pending = nil
                return state.writing
            }) else { return nil }
            do {
                try write(game)
                state.withLock {
                    $0.written = game
                    $0.writing = nil
                    $0.writes += 1
                    $0.failures = 0
                    $0.lastWrite = clock()
                }
                return nil
            } catch {
                state.withLock {
                    // Kept for the next try, unless something newer came meanwhile.
                    if $0.pending == nil { $0.pending = game }
                    $0.writing = nil
                    $0.failures += 1
                    $0.lastWrite = clock()
                }
                return "\(error.localizedDescription) (\(store.file.path))"
            }
        }
    }
}
