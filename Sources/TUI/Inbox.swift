// Messages that arrive from other threads — answers to commands, links from other programs —
// waiting for the program loop to pick them up. It also counts work still under way, so the
// loop knows to look again soon rather than sleep until a key.
import Synchronization

public final class Inbox<Message: Sendable>: Sendable {
    private struct State {
        var waiting: [Message] = []
        var underWay = 0
    }

    private let state = Mutex(State())

    public init() {}

    public func post(_ messages: [Message]) {
        state.withLock { $0.waiting += messages }
    }

    /// Says a piece of work has started whose outcome will be posted with `finish`.
    public func begin() { state.withLock { $0.underWay += 1 } }

    /// Posts the outcome of work announced with `begin`.
    public func finish(_ messages: [Message]) {
        state.withLock {
            $0.waiting += messages
            $0.underWay = max(0, $0.underWay - 1)
        }
    }

    /// Whether outcomes are still to come, or have come and wait to be taken.
    public var expecting: Bool { state.withLock { $0.underWay > 0 || !$0.waiting.isEmpty } }

    /// Everything posted so far, oldest first.
    public func take() -> [Message] {
        state.withLock { state in
            defer { state.waiting.removeAll() }
            return state.waiting
        }
    }
}
