// Writes the saved game off the input path: the game hands over each new state (cheap, never
// waits for the disk), and a background queue writes the latest one at most once a second.
// Quitting, SIGTERM and SIGHUP flush what is pending, so a crash loses at most the last second.
import Dispatch
import Foundation
import PlumeUI
import Synchronization

public final class SaveWriter: Sendable {
    private struct State {
        /// The newest game not yet written, and the last one written (or loaded).
        var pending: SavedGame?
        var written: SavedGame?
        var lastWrite = -Double.infinity
        var scheduled = false
        var writes = 0
    }

    public let store: SaveStore
    /// Seconds between writes while changes keep coming.
    public let interval: Double
    private let state: Mutex<State>
    /// Held while a write runs, so a flush waits for one under way and writes never overlap.
    private let writing = Mutex(())
    private let queue = DispatchQueue(label: "plume.save")
    private let clock: @Sendable () -> Double
    private let failed: @Sendable (String) -> Void

    /// `written`: the game as it is on disk (nothing is written until it changes). `failed`
    /// hears why a write failed, in words.
    public init(store: SaveStore, written: SavedGame?, interval: Double = 1,
                clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime },
                failed: @escaping @Sendable (String) -> Void) {
        self.store = store
        self.interval = interval
        self.clock = clock
        self.failed = failed
        state = Mutex(State(written: written))
    }

    /// How many times the file was written (for the tests and the benchmark).
    public var writes: Int { state.withLock { $0.writes } }

    /// Hands over the game to keep; returns at once. Unchanged games are not written again.
    public func save(_ game: SavedGame) {
        let delay: Double? = state.withLock { state in
            guard game != (state.pending ?? state.written) else { return nil }
            state.pending = game
            guard !state.scheduled else { return nil }
            state.scheduled = true
            return max(0, state.lastWrite + interval - clock())
        }
        guard let delay else { return }
        queue.asyncAfter(deadline: .now() + delay) { [self] in
            state.withLock { $0.scheduled = false }
            writePending()
        }
    }

    /// Writes whatever is pending now and returns when it is on disk (quit, SIGTERM, SIGHUP).
    public func flush() { writePending() }

    private func writePending() {
        writing.withLock { _ in
            guard let game = state.withLock({ state -> SavedGame? in
                defer { state.pending = nil }
                return state.pending
            }) else { return }
            do {
                try store.save(game)
                state.withLock {
                    $0.written = game
                    $0.writes += 1
                    $0.lastWrite = clock()
                }
            } catch {
                state.withLock { $0.lastWrite = clock() }
                failed("\(error.localizedDescription) (\(store.file.path))")
            }
        }
    }
}
