// The settings' values as plain Swift, with their built-in defaults: what the HTTP server, its
// connection guard and play over SSH are configured with. This module configures them and so
// links none of them; they link it instead. The defaults are written here and nowhere else:
// LeaderboardServer's ServerConfiguration and HostedGames' HostingConfiguration are made of
// these values (`init(values:)`, whose default is these defaults), ConnectionGuard's
// ConnectionLimits has no defaults of its own, and plume-server makes each part's configuration
// from the settings in effect (Configurations.swift there). LeaderboardServerTests'
// SettingsMappingTests checks that every value arrives in its configuration.

/// The leaderboard's HTTP server (LeaderboardServer's ServerConfiguration).
public struct ServerValues: Sendable, Equatable {
    /// A file path (SQLite) or `postgres://user[:pass]@host[:port]/db`.
    public var database = "plume-scores.sqlite"
    public var host = "127.0.0.1"
    public var port = 8787
    public var allowedOrigins: [String] = []
    public var requestsPerMinute = 600
    public var submissionsPerMinute = 60
    public var votesPerMinute = 60
    public var registrationsPerHour = 10
    public var simulationSlots = 2
    public var followMilliseconds = 250
    public var publicURL: String?
    public var connections = ConnectionValues()
    public var trustedProxies: [String] = []
    public var forwardedHeader = ForwardedHeader.xForwardedFor

    public init() {}
}

/// The HTTP listener's connection caps and deadlines (ConnectionGuard's ConnectionLimits).
public struct ConnectionValues: Sendable, Equatable {
    public var maxConnections = 4096
    public var maxPerAddress = 64
    public var headSeconds = 10
    public var minimumBodyRate = 1024
    public var idleSeconds = 30

    public init() {}
}

/// The header trusted proxies write (ConnectionGuard's ClientAddress.ForwardingHeader), spelled
/// as the setting takes it.
public enum ForwardedHeader: String, Sendable, CaseIterable {
    case xForwardedFor = "x-forwarded-for"
    case forwarded
}

/// Play over SSH (HostedGames' HostingConfiguration and its limits). Where the key, the homes and
/// the game are is derived from the other settings (SettingsPlaces.swift).
public struct HostingValues: Sendable, Equatable {
    /// nil: the machine's name and the process id.
    public var hostName: String?
    /// nil: this server's loopback address.
    public var relayURL: String?
    public var keyCheckSeconds = 30
    public var maxSessions = 64
    public var maxPerAddress = 4
    public var maxUnauthenticated = 32
    public var attemptsPerMinute = 20
    public var authSeconds = 30
    public var idleMinutes = 30
    public var sessionMinutes = 240
    public var gameMemoryMiB = 2048
    public var gameCPUSeconds = 3600
    public var watchPerGame = 100
    public var watchPerAddress = 8
    public var watchAll = 500

    public init() {}
}
