// Everything an operator can set for the HTTP server: the settings' values (ServerSettings'
// ServerValues) as the server takes them. The built-in defaults (127.0.0.1:8787 on
// ./plume-scores.sqlite, no other set-up) are ServerSettings' alone: `ServerConfiguration()` is
// made of `ServerValues()`. (Play over SSH has its own, HostingConfiguration, handed in as a feature.)
import ConnectionGuard
import Foundation
import Leaderboard
import ServerSettings

public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// A file path (SQLite) or `postgres://user[:pass]@host[:port]/db`.
    public var database: String
    /// Origins allowed to call the API from a browser (CORS); empty allows none.
    public var allowedOrigins: [String]
    /// Requests per minute from one address (0: no limit).
    public var requestsPerMinute: Int
    /// Score submissions and donations per minute for one player (0: no limit).
    public var submissionsPerMinute: Int
    /// Runway votes and entries per minute for one player (0: no limit).
    public var votesPerMinute: Int
    /// Registrations per hour from one address (0: no limit).
    public var registrationsPerHour: Int
    /// Swarm simulations run at once; more wait in a short queue, then get 503.
    public var simulationSlots: Int
    /// Swarm verifications waiting for a slot before new ones are refused (not a setting).
    public var verificationQueue = LeaderboardLimits.verificationQueue
    /// How often the rank index reads other processes' changes (PostgreSQL also wakes it at once).
    public var followMilliseconds: Int
    /// The address shown in links on pages and in the feed (default: http://host:port).
    public var publicURL: String?
    /// Connection caps and deadlines; the caps are lowered at start to fit the open-file limit.
    public var connections: ConnectionLimits
    /// Reverse proxies whose X-Forwarded-For or Forwarded header names the player (exact
    /// addresses); their own connections have no per-address cap.
    public var trustedProxies: [String]
    /// The header those proxies write: X-Forwarded-For (nginx, HAProxy, most load balancers) or
    /// Forwarded (RFC 7239). Only that one is read.
    public var forwardedHeader: ClientAddress.ForwardingHeader

    /// The server as `values` set it; `ServerConfiguration()` is the built-in defaults.
    public init(values: ServerValues = ServerValues()) {
        host = values.host
        port = values.port
        database = values.database
        allowedOrigins = values.allowedOrigins
        requestsPerMinute = values.requestsPerMinute
        submissionsPerMinute = values.submissionsPerMinute
        votesPerMinute = values.votesPerMinute
        registrationsPerHour = values.registrationsPerHour
        simulationSlots = values.simulationSlots
        followMilliseconds = values.followMilliseconds
        publicURL = values.publicURL
        let connections = values.connections
        self.connections = ConnectionLimits(maxConnections: connections.maxConnections, maxPerAddress: connections.maxPerAddress,
                                            headSeconds: connections.headSeconds, minimumBodyRate: connections.minimumBodyRate,
                                            idleSeconds: connections.idleSeconds)
        trustedProxies = values.trustedProxies
        switch values.forwardedHeader {
        case .xForwardedFor: forwardedHeader = .xForwardedFor
        case .forwarded: forwardedHeader = .forwarded
        }
    }

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
