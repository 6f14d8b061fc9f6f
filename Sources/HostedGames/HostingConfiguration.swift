// What `plume-server --ssh-port` serves with: where the host key, the players' homes and the
// game are, the address the games reach this server's API at, and every limit. The defaults
// suit a small public server on a 2-core machine.

public struct HostingConfiguration: Sendable {
    public var host = "127.0.0.1"
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
    public var apiURL = "http://127.0.0.1:8787"
    /// The server's public address, for links the game shows (its pages).
    public var webURL = "http://127.0.0.1:8787"
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
    public var keyCheckSeconds = 30
    public var limits = HostingLimits()

    public init() {}
}

public struct HostingLimits: Sendable, Equatable {
    /// Games running at once; a connection past it is told the server is full.
    public var maxSessions = 64
    /// Connections (playing or not yet signed in) from one address at once (IPv6: one /64).
    public var maxPerAddress = 4
    /// Connections not yet signed in, from everyone, at once.
    public var maxUnauthenticated = 32
    /// New connections one address may open per minute.
    public var attemptsPerMinute = 20
    /// Seconds a connection has to sign in.
    public var authSeconds = 30
    /// Minutes without a key from the player before the game ends (its look is saved).
    public var idleMinutes = 30
    /// Minutes a session may last.
    public var sessionMinutes = 240
    /// Each game's address space, in MiB.
    public var gameMemoryMiB = 2048
    /// Each game's CPU time, in seconds.
    public var gameCPUSeconds = 3600
    /// Added to each game's nice value: the server's own work goes first.
    public var gameNice = 10
    /// Seconds between SIGHUP and SIGKILL for a game whose player has gone.
    public var hangUpGraceSeconds = 5
    /// Watchers per game, per address and in all.
    public var watch = WatchLimits()

    public init() {}
}
