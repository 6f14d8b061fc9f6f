// The request context: Hummingbird's core storage, the caller's address (for rate limits), and
// a 16 KiB cap on request bodies.
import Hummingbird
import NIOCore

public struct AppContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The peer's IP address, or "unknown" (tests that call the router directly).
    public let remoteAddress: String

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    public var maxUploadSize: Int { ServerLimits.maxBodyBytes }
}

public enum ServerLimits {
    /// Request bodies: every API body is well under 1 KiB; 16 KiB leaves room and nothing more.
    public static let maxBodyBytes = 16 * 1024
    /// Rate-limit buckets remembered at once (oldest forgotten first).
    public static let rateLimitKeys = 100_000
}
