// Everything an operator can set for the HTTP server, with the embedded defaults: 127.0.0.1:8787
// on ./plume-scores.sqlite, no other set-up. (Play over SSH has its own, HostingConfiguration,
// handed in as a feature.)
import ConnectionGuard
import Foundation

public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port = 8787
    /// A file path (SQLite) or `postgres://user[:pass]@host[:port]/db`.
    public var database = "plume-scores.sqlite"
    /// Origins allowed to call the API from a browser (CORS); empty allows none.
    public var allowedOrigins: [String] = []
    /// Requests per minute from one address (0: no limit).
    public var requestsPerMinute = 600
    /// Score submissions and donations per minute for one player (0: no limit).
    public var submissionsPerMinute = 60
    /// Runway votes and entries per minute for one player (0: no limit).
    public var votesPerMinute = 60
    /// Registrations per hour from one address (0: no limit).
    public var registrationsPerHour = 10
    /// Swarm simulations run at once; more wait in a short queue, then get 503.
    public var simulationSlots = 2
    public var verificationQueue = 32
    /// How often the rank index reads other processes' changes (PostgreSQL also wakes it at once).
    public var followMilliseconds = 250
    /// The address shown in links on pages and in the feed (default: http://host:port).
    public var publicURL: String?
    /// Connection caps and deadlines; the caps are lowered at start to fit the open-file limit.
    public var connections = ConnectionLimits()
    /// Reverse proxies whose X-Forwarded-For or Forwarded header names the player (exact
    /// addresses); their own connections have no per-address cap.
    public var trustedProxies: [String] = []
    /// The header those proxies write: X-Forwarded-For (nginx, HAProxy, most load balancers) or
    /// Forwarded (RFC 7239). Only that one is read.
    public var forwardedHeader = ClientAddress.ForwardingHeader.xForwardedFor

    public init() {}

    /// Where a game on this machine reaches the API: loopback when listening on every address.
    package var loopbackURL: String {
        let local = switch host {
        case "0.0.0.0", "": "127.0.0.1"
        case "::", "[::]": "[::1]"
        default: host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        }
        return "http://\(local):\(port)"
    }

    /// The server's address as players see it: the public URL, else http://host:port.
    package var baseURL: String {
        if let publicURL, !publicURL.isEmpty { return publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "http://\(shownHost):\(port)"
    }

    /// The origins whose pages may open this server's WebSockets: its own (from its public
    /// address) and the allowed origins.
    package var webSocketOrigins: Set<String> {
        var origins = Set(allowedOrigins.map { $0.lowercased() })
        if let url = URLComponents(string: baseURL), let scheme = url.scheme, let host = url.host {
            origins.insert("\(scheme)://\(host)\(url.port.map { ":\($0)" } ?? "")".lowercased())
        }
        return origins
    }
}
