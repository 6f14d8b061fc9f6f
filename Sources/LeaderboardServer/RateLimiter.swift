// Token buckets keyed by address or player: `limit` requests per `window`, refilled smoothly.
// A refused request gets 429 with Retry-After (whole seconds until one more is allowed).
import Foundation
import Synchronization

final class RateLimiter: Sendable {
    let limit: Int
    let window: Double
    private let buckets = Mutex<[String: (tokens: Double, at: Double)]>([:])

    /// `limit` 0 turns the limiter off.
    init(limit: Int, per window: Duration) {
        self.limit = limit
        self.window = window / .seconds(1)
    }

    /// Nil when allowed; otherwise seconds to wait.
    func check(_ key: String, now: Double = ProcessInfo.processInfo.systemUptime) -> Int? {
        guard limit > 0 else { return nil }
        let rate = Double(limit) / window
        return buckets.withLock { all in
            var bucket = all[key] ?? (Double(limit), now)
            bucket.tokens = min(Double(limit), bucket.tokens + (now - bucket.at) * rate)
            bucket.at = now
            defer {
                if all.count >= ServerLimits.rateLimitKeys, all[key] == nil { all.removeAll(keepingCapacity: true) }
                all[key] = bucket
            }
            guard bucket.tokens >= 1 else { return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up))) }
            bucket.tokens -= 1
            return nil
        }
    }
}

extension APIError {
    static func tooMany(_ what: String, retryAfter: Int) -> APIError {
        APIError(.tooManyRequests, .rateLimited, "too many \(what) — try again in \(retryAfter) second\(retryAfter == 1 ? "" : "s")", retryAfter: retryAfter)
    }
}
