// The request context: Hummingbird's core storage, the caller's address (for rate limits), a
// 16 KiB cap on request bodies, and the WebSocket a request may upgrade to.
import ConnectionGuard
import Hummingbird
import HummingbirdWebSocket
import Leaderboard
import NIOCore

public struct AppContext: RequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Whom per-address limits count the request against: the peer's IP address (an IPv6 one by
    /// its /64), or the player a trusted proxy names; "unknown" in tests that call the router
    /// directly.
    public internal(set) var remoteAddress: String
    /// The connection's own peer address.
    public let peerAddress: String
    /// The pass of a game this server hosts over SSH, when the request is one's (see HostedPassMiddleware).
    public internal(set) var hostedPass: HostedPass?
    /// A WebSocket's handler, when the request upgrades to one (watching a game).
    public let webSocket: WebSocketHandlerReference<AppContext>

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress.map(ClientAddress.canonical) ?? "unknown"
        remoteAddress = ClientAddress.key(peerAddress)
        webSocket = .init()
    }

    public var maxUploadSize: Int { ServerLimits.maxBodyBytes }
}

public enum ServerLimits {
    /// Request bodies: every API body is well under 1 KiB; 16 KiB leaves room and nothing more.
    public static let maxBodyBytes = 16 * 1024
}
