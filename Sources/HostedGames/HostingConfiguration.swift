// What `plume-server --ssh-port` serves with: where the host key, the players' homes and the
// game are, the address the games reach this server's API at, and every limit. The defaults
// suit a small public server on a 2-core machine; those an operator can set are ServerSettings'
// (HostingValues, and the HTTP server's address in ServerValues) and are written there alone:
// `HostingConfiguration()` is made of `HostingValues()`.
import ServerSettings

public struct HostingConfiguration: Sendable {
    public var host: String
    public var port = 2222
    /// The host key file (made on first start, mode 0600).
    public var hostKeyPath = "plume-ssh-host-key"
    /// Whether the host key is kept in the database instead (hosts on one PostgreSQL, when the
    /// operator names no file): every host presents the one key the first of them made.
    public var hostKeyInDatabase = false
    /// A directory per player (saves, slots, settings) under here, mode 0700.
    public var homes = "plume-players"
    /// The `plume` binary each session runs.
    public var plumePath = "plume"
    /// Where the games reach this server's HTTP API (loopback).
    public var apiURL: String
    /// The server's public address, for links the game shows (its pages).
    public var webURL: String
    /// The host name players connect to, for the messages that tell them how ("ssh -t -p 2222 HOST").
    public var publicHost = "localhost"
    /// This host's name among the hosts on one store (leases, the watch menu); nil: the machine's
    /// name and this process's id.
    public var hostName: String?
    /// Where the other hosts reach this one's HTTP listener, to relay its games to their
    /// watchers; nil: `apiURL` (hosts on one machine).
    public var relayURL: String?
    /// Seconds between reads of the host key and the announced next one (a rotation reaches
    /// every host within this).
    public var keyCheckSeconds: Int
    public var limits: HostingLimits

    /// Play over SSH as `values` set it, on the HTTP server's default address (the server's own
    /// address, port and places are filled in by whoever starts it); `HostingConfiguration()`
    /// is the built-in defaults.
    public init(values: HostingValues = HostingValues()) {
        let http = ServerValues()
        let local = "http://\(http.host):\(http.port)"
        host = http.host
        apiURL = local
        webURL = local
        hostName = values.hostName
        relayURL = values.relayURL
        keyCheckSeconds = values.keyCheckSeconds
        limits = HostingLimits(values: values)
    }
}

public struct HostingLimits: Sendable, Equatable {
    /// Games running at once; a connection past it is told the server is full.
    public var maxSessions: Int
    /// Connections (playing or not yet signed in) from one address at once (IPv6: one /64).
    public var maxPerAddress: Int
    /// Connections not yet signed in, from everyone, at once.
    public var maxUnauthenticated: Int
    /// New connections one address may open per minute.
    public var attemptsPerMinute: Int
    /// Seconds a connection has to sign in.
    public var authSeconds: Int
    /// Minutes without a key from the player before the game ends (its look is saved).
    public var idleMinutes: Int
    /// Minutes a session may last.
    public var sessionMinutes: Int
    /// Each game's address space, in MiB.
    public var gameMemoryMiB: Int
    /// Each game's CPU time, in seconds.
    public var gameCPUSeconds: Int
    /// Added to each game's nice value: the server's own work goes first (not a setting).
    public var gameNice = 10
    /// Seconds between SIGHUP and SIGKILL for a game whose player has gone (not a setting).
    public var hangUpGraceSeconds = 5
    /// Watchers per game, per address and in all.
    public var watch: WatchLimits

    /// The limits as `values` set them; `HostingLimits()` is the built-in defaults.
    public init(values: HostingValues = HostingValues()) {
        maxSessions = values.maxSessions
        maxPerAddress = values.maxPerAddress
        maxUnauthenticated = values.maxUnauthenticated
        attemptsPerMinute = values.attemptsPerMinute
        authSeconds = values.authSeconds
        idleMinutes = values.idleMinutes
        sessionMinutes = values.sessionMinutes
        gameMemoryMiB = values.gameMemoryMiB
        gameCPUSeconds = values.gameCPUSeconds
        watch = WatchLimits(values: values)
    }
}
