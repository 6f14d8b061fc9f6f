// How many connections a listener keeps, and how long each may take over what. The figures an
// operator sets are wishes; `fitted(to:)` turns them into caps that always leave descriptors for
// the rest of the process (the runtime, the database, other listeners, a health probe). There
// are no defaults here: each listener names its own figures (the HTTP server's are its settings',
// ServerSettings' ConnectionValues).

public struct ConnectionLimits: Sendable, Equatable {
    /// Connections served at once, from every address. Past it, a connection is still accepted
    /// but only answered "busy" (the overflow), and past the overflow nothing more is accepted.
    public var maxConnections: Int
    /// Connections open at once from one address (an IPv6 address counts by its /64). Addresses
    /// in `exempt` (trusted proxies) have no per-address cap.
    public var maxPerAddress: Int
    /// Seconds a new connection has to send its first complete request head.
    public var headSeconds: Int
    /// Bytes a second a request body must at least arrive at: its deadline is the head timeout
    /// plus its declared length (at most the size cap) at this rate.
    public var minimumBodyRate: Int
    /// Seconds an idle connection (nothing in flight) is kept for its next request.
    public var idleSeconds: Int
    /// Peers exempt from the per-address cap (their own connections count toward the total).
    public var exempt: Set<String>

    public init(maxConnections: Int, maxPerAddress: Int, headSeconds: Int, minimumBodyRate: Int, idleSeconds: Int,
                exempt: Set<String> = []) {
        self.maxConnections = maxConnections
        self.maxPerAddress = maxPerAddress
        self.headSeconds = headSeconds
        self.minimumBodyRate = minimumBodyRate
        self.idleSeconds = idleSeconds
        self.exempt = exempt
    }

    /// Descriptors kept back for everything that is not a client connection.
    public static func headroom(forFileLimit limit: Int) -> Int { max(256, limit / 16) }

    /// The caps as they will be enforced under an open-file limit: served plus twice the overflow
    /// (the overflow, and as many descriptors being shed) never reach `limit - headroom`.
    /// `clamped` says whether the wish was lowered.
    public func fitted(toFileLimit limit: Int) -> (limits: ConnectionLimits, overflow: Int, clamped: Bool) {
        let room = max(32, limit - Self.headroom(forFileLimit: limit))
        let overflow = max(8, min(room / 16, max(8, maxConnections / 32)))
        var fitted = self
        fitted.maxConnections = max(8, min(maxConnections, room - 2 * overflow))
        return (fitted, overflow, fitted.maxConnections < maxConnections)
    }

    /// How long a body of `declared` bytes (nil: unknown, the cap counts) may take after its head.
    public func bodySeconds(declared: Int?, cap: Int) -> Int {
        let bytes = min(max(0, declared ?? cap), cap)
        return headSeconds + (bytes + minimumBodyRate - 1) / max(1, minimumBodyRate)
    }
}
