// The settings in effect (plain values, ServerSettings) made into what each part of the server is
// configured with: the HTTP server's ServerConfiguration with its connection limits, and play
// over SSH's HostingConfiguration when ssh-port is set. The one place the two sides meet.
import ConnectionGuard
import HostedGames
import LeaderboardServer
import ServerSettings

extension EffectiveSettings {
    var serverConfiguration: ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.database = server.database
        configuration.host = server.host
        configuration.port = server.port
        configuration.allowedOrigins = server.allowedOrigins
        configuration.requestsPerMinute = server.requestsPerMinute
        configuration.submissionsPerMinute = server.submissionsPerMinute
        configuration.votesPerMinute = server.votesPerMinute
        configuration.registrationsPerHour = server.registrationsPerHour
        configuration.simulationSlots = server.simulationSlots
        configuration.followMilliseconds = server.followMilliseconds
        configuration.publicURL = server.publicURL
        let connections = server.connections
        configuration.connections = ConnectionLimits(maxConnections: connections.maxConnections, maxPerAddress: connections.maxPerAddress,
                                                     headSeconds: connections.headSeconds, minimumBodyRate: connections.minimumBodyRate,
                                                     idleSeconds: connections.idleSeconds)
        configuration.trustedProxies = server.trustedProxies
        switch server.forwardedHeader {
        case .xForwardedFor: configuration.forwardedHeader = .xForwardedFor
        case .forwarded: configuration.forwardedHeader = .forwarded
        }
        return configuration
    }

    /// Play over SSH, when ssh-port is set: listening beside HTTP, with the host key, the players'
    /// homes and the game where the settings place them. The API address and the public host are
    /// filled in from the HTTP server's configuration when the server is built.
    var hostingConfiguration: HostingConfiguration? {
        guard let port = sshPort else { return nil }
        var configuration = HostingConfiguration()
        configuration.host = server.host
        configuration.port = port
        configuration.hostKeyPath = hostKeyPath
        configuration.hostKeyInDatabase = hostKeyInDatabase
        configuration.homes = homesPath
        configuration.plumePath = plumePath
        configuration.hostName = hosting.hostName
        configuration.relayURL = hosting.relayURL
        configuration.keyCheckSeconds = hosting.keyCheckSeconds
        configuration.limits.maxSessions = hosting.maxSessions
        configuration.limits.maxPerAddress = hosting.maxPerAddress
        configuration.limits.maxUnauthenticated = hosting.maxUnauthenticated
        configuration.limits.attemptsPerMinute = hosting.attemptsPerMinute
        configuration.limits.authSeconds = hosting.authSeconds
        configuration.limits.idleMinutes = hosting.idleMinutes
        configuration.limits.sessionMinutes = hosting.sessionMinutes
        configuration.limits.gameMemoryMiB = hosting.gameMemoryMiB
        configuration.limits.gameCPUSeconds = hosting.gameCPUSeconds
        configuration.limits.watch.perGame = hosting.watchPerGame
        configuration.limits.watch.perAddress = hosting.watchPerAddress
        configuration.limits.watch.all = hosting.watchAll
        return configuration
    }
}
