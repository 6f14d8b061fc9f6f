// The count of one listener's connections, shared by every event loop. Each accepted connection
// asks `admit(peer:)`: refused when its address already holds its share; served while a served
// place is free; overflow when none is (answered "busy" at once, then closed); and shed (closed at
// once, nothing read) when the overflow is full too. Refused and shed connections give their
// descriptor back at once, so the backlog drains and a newcomer gets an answer — if only a reset
// — rather than a hang. As a last guard the accept loop reports each accepted and closed
// descriptor (`accepted()`, `closed()`) and asks `isAccepting`: past `ceiling` it stops
// accepting until one closes, so the process never runs out of descriptors. Counters are for
// /metrics; nothing here knows HTTP or SSH.
import Synchronization

public final class ConnectionGate: Sendable {
    public let limits: ConnectionLimits
    /// Places past `limits.maxConnections` for connections that are only told to come back.
    public let overflow: Int

    /// How an accepted connection is to be treated; give it back with `release(_:)` once closed.
    public enum Admission: Sendable, Equatable {
        case served(key: String)
        case overflow(key: String)
        case refused(key: String)

        public var key: String {
            switch self {
            case .served(let key), .overflow(let key), .refused(let key): key
            }
        }
    }

    /// Why a connection was closed by the server before the peer was done.
    public enum Closure: String, Sendable, CaseIterable {
        /// The request head, the body or the answer took too long, or the connection sat idle.
        case head, body, response, idle
        /// Turned away at accept: the address's share was taken, or every place and the overflow.
        case refusedPerAddress = "per_address", shed
        /// Told 503 (counted when admitted to the overflow).
        case overflow
    }

    public struct Figures: Sendable, Equatable {
        /// Descriptors accepted and not yet closed (served, overflow and refused-but-closing).
        public var open = 0
        public var served = 0
        public var overflowing = 0
        /// Distinct addresses (keys) holding a connection now.
        public var addresses = 0
        /// Times accepting paused because served + overflow were full.
        public var acceptPauses = 0
        public var closed: [String: Int] = [:]
        public var accepted = 0
    }

    private struct State {
        var figures = Figures()
        var perKey: [String: Int] = [:]
        var paused = false
    }

    private let state = Mutex(State())

    public init(limits: ConnectionLimits, overflow: Int) {
        self.limits = limits
        self.overflow = overflow
    }

    /// A gate sized for the process's open-file limit (see `ConnectionLimits.fitted`).
    public convenience init(wished: ConnectionLimits, fileLimit: Int) {
        let fitted = wished.fitted(toFileLimit: fileLimit)
        self.init(limits: fitted.limits, overflow: fitted.overflow)
    }

    // MARK: The accept loop

    /// The most descriptors this listener holds at once: served, overflow, and as many again as
    /// the overflow for connections being shed.
    public var ceiling: Int { limits.maxConnections + 2 * overflow }

    /// Counts a descriptor the accept loop took.
    public func accepted() {
        state.withLock {
            $0.figures.open += 1
            $0.figures.accepted += 1
        }
    }

    public func closed() { state.withLock { $0.figures.open -= 1 } }

    /// False once served + overflow are full; counts each pause once.
    public var isAccepting: Bool {
        state.withLock { state in
            let accepting = state.figures.open < ceiling
            if !accepting, !state.paused { state.figures.acceptPauses += 1 }
            state.paused = !accepting
            return accepting
        }
    }

    // MARK: Each connection

    /// `peer` is the connection's address as text (nil when the socket has none: a Unix socket).
    public func admit(peer: String?) -> Admission {
        let (key, exempt) = identity(of: peer)
        return state.withLock { state in
            if turnsAway(key: key, exempt: exempt, &state) { return .refused(key: key) }
            state.perKey[key, default: 0] += 1
            state.figures.addresses = state.perKey.count
            if state.figures.served >= limits.maxConnections {
                state.figures.overflowing += 1
                state.figures.closed[Closure.overflow.rawValue, default: 0] += 1
                return .overflow(key: key)
            }
            state.figures.served += 1
            return .served(key: key)
        }
    }

    /// Whether a connection from `peer` would be refused or shed now; counts it if so. (The
    /// accept filter asks this before any pipeline is built; `admit` asks it again.)
    public func turnsAway(peer: String?) -> Bool {
        let (key, exempt) = identity(of: peer)
        return state.withLock { turnsAway(key: key, exempt: exempt, &$0) }
    }

    /// The key `peer` counts under, and whether it is exempt from the per-address share (a
    /// trusted proxy, or no address at all).
    private func identity(of peer: String?) -> (key: String, exempt: Bool) {
        guard let peer else { return ("local", true) }
        return (ClientAddress.key(peer), limits.exempt.contains(ClientAddress.canonical(peer)))
    }

    /// The address's share is taken, or every place and the overflow are: counted, and true.
    private func turnsAway(key: String, exempt: Bool, _ state: inout State) -> Bool {
        if !exempt, state.perKey[key, default: 0] >= limits.maxPerAddress {
            state.figures.closed[Closure.refusedPerAddress.rawValue, default: 0] += 1
            return true
        }
        if state.figures.served >= limits.maxConnections, state.figures.overflowing >= overflow {
            state.figures.closed[Closure.shed.rawValue, default: 0] += 1
            return true
        }
        return false
    }

    public func release(_ admission: Admission) {
        state.withLock { state in
            switch admission {
            case .refused: return
            case .served: state.figures.served -= 1
            case .overflow: state.figures.overflowing -= 1
            }
            let key = admission.key
            if let count = state.perKey[key], count > 1 { state.perKey[key] = count - 1 } else { state.perKey[key] = nil }
            state.figures.addresses = state.perKey.count
        }
    }

    /// A connection closed at a deadline.
    public func count(_ closure: Closure) {
        state.withLock { $0.figures.closed[closure.rawValue, default: 0] += 1 }
    }

    public var figures: Figures { state.withLock { $0.figures } }

    /// True while every served place is taken: a load balancer should send new players elsewhere.
    public var isSaturated: Bool { state.withLock { $0.figures.served >= limits.maxConnections } }
}
