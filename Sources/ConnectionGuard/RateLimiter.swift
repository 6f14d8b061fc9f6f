// Token buckets keyed by address or player: `limit` requests per `window`, refilled smoothly.
// Used by the HTTP routes (a refused request gets 429 with Retry-After, whole seconds until one
// more is allowed) and by the SSH listener (connection attempts per address).
import Foundation
import Synchronization

public final class RateLimiter: Sendable {
    public let limit: Int
    let window: Double
    /// Buckets remembered at once (all are forgotten when full: a flood of new keys costs memory once).
    let maxKeys: Int
    private let buckets = Mutex<[String: (tokens: Double, at: Double)]>([:])

    /// `limit` 0 turns the limiter off.
    public init(limit: Int, per window: Duration, maxKeys: Int = 100_000) {
        self.limit = limit
        self.window = window / .seconds(1)
        self.maxKeys = maxKeys
    }

    /// Nil when allowed; otherwise seconds to wait.
    public func check(_ key: String, now: Double = ProcessInfo.processInfo.systemUptime) -> Int? {
        guard limit > 0 else { return nil }
        let rate = Double(limit) / window
        return buckets.withLock { all in
            var bucket = all[key] ?? (Double(limit), now)
            bucket.tokens = min(Double(limit), bucket.tokens + (now - bucket.at) * rate)
            bucket.at = now
            defer {
                if all.count >= maxKeys, all[key] == nil { all.removeAll(keepingCapacity: true) }
                all[key] = bucket
            }
            guard bucket.tokens >= 1 else { return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up))) }
            bucket.tokens -= 1
            return nil
        }
    }
}
