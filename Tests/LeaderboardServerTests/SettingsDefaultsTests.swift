// ServerSettings is a leaf: it links none of what it configures, so it holds its own defaults and
// its own reading of a PostgreSQL address, and plume-server makes the configurations from them.
// Here the two sides are held to the same figures: a default changed on one side alone would make
// `plume-server config` and docs/operating.md say one thing and the server do another.
import ConnectionGuard
import HostedGames
import LeaderboardPostgres
import LeaderboardServer
import ServerSettings
import Testing

@Suite struct SettingsDefaultsTests {
    @Test func theHTTPSettingsDefaultsAreTheServerConfigurationsOwn() {
        let values = EffectiveSettings().server, configuration = ServerConfiguration()
        #expect(values.database == configuration.database)
        #expect(values.host == configuration.host)
        #expect(values.port == configuration.port)
        #expect(values.allowedOrigins == configuration.allowedOrigins)
        #expect(values.requestsPerMinute == configuration.requestsPerMinute)
        #expect(values.submissionsPerMinute == configuration.submissionsPerMinute)
        #expect(values.votesPerMinute == configuration.votesPerMinute)
        #expect(values.registrationsPerHour == configuration.registrationsPerHour)
        #expect(values.simulationSlots == configuration.simulationSlots)
        #expect(values.followMilliseconds == configuration.followMilliseconds)
        #expect(values.publicURL == configuration.publicURL)
        #expect(values.trustedProxies == configuration.trustedProxies)
        #expect(values.forwardedHeader.rawValue == configuration.forwardedHeader.rawValue)
        #expect(ForwardedHeader.allCases.map(\.rawValue) == ClientAddress.ForwardingHeader.allCases.map(\.rawValue))
        let connections = values.connections, limits = ConnectionLimits()
        #expect(configuration.connections == limits)
        #expect(connections.maxConnections == limits.maxConnections)
        #expect(connections.maxPerAddress == limits.maxPerAddress)
        #expect(connections.headSeconds == limits.headSeconds)
        #expect(connections.minimumBodyRate == limits.minimumBodyRate)
        #expect(connections.idleSeconds == limits.idleSeconds)
    }

    @Test func theSSHSettingsDefaultsAreTheHostingConfigurationsOwn() {
        let values = EffectiveSettings().hosting, configuration = HostingConfiguration()
        #expect(values.hostName == configuration.hostName)
        #expect(values.relayURL == configuration.relayURL)
        #expect(values.keyCheckSeconds == configuration.keyCheckSeconds)
        let limits = configuration.limits
        #expect(values.maxSessions == limits.maxSessions)
        #expect(values.maxPerAddress == limits.maxPerAddress)
        #expect(values.maxUnauthenticated == limits.maxUnauthenticated)
        #expect(values.attemptsPerMinute == limits.attemptsPerMinute)
        #expect(values.authSeconds == limits.authSeconds)
        #expect(values.idleMinutes == limits.idleMinutes)
        #expect(values.sessionMinutes == limits.sessionMinutes)
        #expect(values.gameMemoryMiB == limits.gameMemoryMiB)
        #expect(values.gameCPUSeconds == limits.gameCPUSeconds)
        #expect(values.watchPerGame == limits.watch.perGame)
        #expect(values.watchPerAddress == limits.watch.perAddress)
        #expect(values.watchAll == limits.watch.all)
    }

    @Test func aPostgreSQLAddressIsToldApartAsTheStoreTellsIt() {
        for database in ["postgres://plume@db.example/plume", "postgresql://plume:secret@db.example:5432/plume", "plume-scores.sqlite",
                         "/var/lib/plume/plume-scores.sqlite", "postgres:/plume", "POSTGRES://plume@db/plume", "./postgres://x", ""] {
            #expect(Settings.isPostgres(database) == PostgresLocation.isURL(database), "\(database)")
        }
    }
}
