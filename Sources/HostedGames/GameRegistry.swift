// The games running now, so that a stopping server can end every one cleanly (SIGHUP: the game
// saves and restores its terminal; SIGKILL after a grace period) and wait for them, and so that
// games can be counted per address.
import Foundation
import Synchronization

final class GameRegistry: Sendable {
    struct Entry: Sendable {
        let process: GameProcess
        let addressKey: String
        /// Tells the session the server is stopping (its closing words change).
        let stopping: @Sendable () -> Void
    }

    private struct State {
        var games: [Int32: Entry] = [:]
        var perAddress: [String: Int] = [:]
        var waiters: [CheckedContinuation<Void, Never>] = []
        var closed = false
    }

    private let state = Mutex(State())

    enum Place { case granted, full, addressFull, closed }

    /// Takes a place for a game from `addressKey`, if one is free. `replacing`: the connection
    /// will take over a game of its own running here, whose place comes free as it starts, so
    /// the caps don't turn it away.
    func reserve(addressKey: String, maxGames: Int, maxPerAddress: Int, replacing: Bool = false) -> Place {
        state.withLock { state in
            if state.closed { return .closed }
            let all = state.perAddress.values.reduce(0, +)
            if all >= maxGames, !replacing { return .full }
            if state.perAddress[addressKey, default: 0] >= maxPerAddress, !replacing { return .addressFull }
            state.perAddress[addressKey, default: 0] += 1
            return .granted
        }
    }

    /// Gives back a place taken with `reserve` (the game ended, or never started).
    func release(addressKey: String, pid: Int32?) {
        let waiters: [CheckedContinuation<Void, Never>] = state.withLock { state in
            if let count = state.perAddress[addressKey], count > 1 { state.perAddress[addressKey] = count - 1 } else { state.perAddress[addressKey] = nil }
            if let pid { state.games[pid] = nil }
            guard state.games.isEmpty, state.perAddress.isEmpty else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume() }
    }

    func started(_ entry: Entry) {
        let stopNow = state.withLock { state in
            state.games[entry.process.pid] = entry
            return state.closed
        }
        if stopNow {
            entry.stopping()
            entry.process.signal(SIGHUP)
        }
    }

    var running: Int { state.withLock { $0.games.count } }

    /// Refuses new games, hangs up on every running one, kills what is left after `grace`, and
    /// returns once every game has been reaped.
    func endAll(grace: Duration) async {
        let entries = state.withLock { state in
            state.closed = true
            return Array(state.games.values)
        }
        for entry in entries {
            entry.stopping()
            entry.process.signal(SIGHUP)
        }
        let killer = Task {
            try await Task.sleep(for: grace)
            for entry in state.withLock({ Array($0.games.values) }) { entry.process.signal(SIGKILL) }
            // A game killed is reaped at once; a session still signing its player in (a database
            // that does not answer) is not waited for past this.
            try await Task.sleep(for: .seconds(5))
            let waiters = state.withLock { state in
                defer { state.waiters = [] }
                return state.waiters
            }
            waiters.forEach { $0.resume() }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state in
                if state.games.isEmpty, state.perAddress.isEmpty { return true }
                state.waiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
        killer.cancel()
    }
}
