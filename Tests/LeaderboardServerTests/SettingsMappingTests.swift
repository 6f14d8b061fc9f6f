// ServerSettings holds the server's settings with their built-in defaults, written there alone:
// the configurations are made of its values (`ServerConfiguration(values:)`,
// `HostingConfiguration(values:)`, and with no values, of the defaults). Here every value is set
// away from its default and must arrive in the configuration: a setting the configuration dropped
// would be shown by `plume-server config` and docs/operating.md and not be what the server does.
// ServerSettings also tells a PostgreSQL address apart without linking the store; its answers
// are held to the store's.
import ConnectionGuard
import HostedGames
import LeaderboardPostgres
import LeaderboardServer
import ServerSettings
import Testing

/// The names of the fields of `values` left as in `defaults`. Expected to be none, so that a
/// setting added to the values fails here until it is set (and checked) below too.
private func unchanged<Values>(_ values: Values, from defaults: Values) -> [String] {
    var names: [String] = []
    for (given, built) in zip(Mirror(reflecting: values).children, Mirror(reflecting: defaults).children)
    where String(describing: given.value) == String(describing: built.value) {
        names.append(given.label ?? "?")
    }
    return names
}

@Suite struct SettingsMappingTests {
    @Test func everyHTTPSettingReachesTheServerConfiguration() {
        var values = ServerValues()
        values.database = "postgres://plume@db.example/plume"
        values.host = "0.0.0.0"
        values.port += 1
        values.allowedOrigins = ["https://plume.example"]
        values.requestsPerMinute += 2
        values.submissionsPerMinute += 3
        values.votesPerMinute += 4
        values.registrationsPerHour += 5
        values.simulationSlots += 6
        values.followMilliseconds += 7
        values.publicURL = "https://scores.plume.example"
        values.connections.maxConnections += 8
        values.connections.maxPerAddress += 9
        values.connections.headSeconds += 10
        values.connections.minimumBodyRate += 11
        values.connections.idleSeconds += 12
        values.trustedProxies = ["10.0.0.1"]
        values.forwardedHeader = .forwarded
        #expect(unchanged(values, from: ServerValues()) == [])
        #expect(unchanged(values.connections, from: ConnectionValues()) == [])

        let configuration = ServerConfiguration(values: values)
        #expect(configuration.database == values.database)
        #expect(configuration.host == values.host)
        #expect(configuration.port == values.port)
        #expect(configuration.allowedOrigins == values.allowedOrigins)
        #expect(configuration.requestsPerMinute == values.requestsPerMinute)
        #expect(configuration.submissionsPerMinute == values.submissionsPerMinute)
        #expect(configuration.votesPerMinute == values.votesPerMinute)
        #expect(configuration.registrationsPerHour == values.registrationsPerHour)
        #expect(configuration.simulationSlots == values.simulationSlots)
        #expect(configuration.followMilliseconds == values.followMilliseconds)
        #expect(configuration.publicURL == values.publicURL)
        #expect(configuration.trustedProxies == values.trustedProxies)
        #expect(configuration.forwardedHeader == .forwarded)
        let connections = values.connections, limits = configuration.connections
        #expect(limits.maxConnections == connections.maxConnections)
        #expect(limits.maxPerAddress == connections.maxPerAddress)
        #expect(limits.headSeconds == connections.headSeconds)
        #expect(limits.minimumBodyRate == connections.minimumBodyRate)
        #expect(limits.idleSeconds == connections.idleSeconds)
        #expect(limits.exempt.isEmpty)
    }

    @Test func theForwardedHeaderSettingNamesTheHeaderTheServerReads() {
        #expect(ForwardedHeader.allCases.map(\.rawValue) == ClientAddress.ForwardingHeader.allCases.map(\.rawValue))
        for header in ForwardedHeader.allCases {
            var values = ServerValues()
            values.forwardedHeader = header
            #expect(ServerConfiguration(values: values).forwardedHeader.rawValue == header.rawValue)
        }
    }

    @Test func everySSHSettingReachesTheHostingConfiguration() {
        var values = HostingValues()
        values.hostName = "host-b"
        values.relayURL = "http://10.0.0.2:8787"
        values.keyCheckSeconds += 1
        values.maxSessions += 2
        values.maxPerAddress += 3
        values.maxUnauthenticated += 4
        values.attemptsPerMinute += 5
        values.authSeconds += 6
        values.idleMinutes += 7
        values.sessionMinutes += 8
        values.gameMemoryMiB += 9
        values.gameCPUSeconds += 10
        values.watchPerGame += 11
        values.watchPerAddress += 12
        values.watchAll += 13
        #expect(unchanged(values, from: HostingValues()) == [])

        let configuration = HostingConfiguration(values: values)
        #expect(configuration.hostName == values.hostName)
        #expect(configuration.relayURL == values.relayURL)
        #expect(configuration.keyCheckSeconds == values.keyCheckSeconds)
        let limits = configuration.limits
        #expect(limits.maxSessions == values.maxSessions)
        #expect(limits.maxPerAddress == values.maxPerAddress)
        #expect(limits.maxUnauthenticated == values.maxUnauthenticated)
        #expect(limits.attemptsPerMinute == values.attemptsPerMinute)
        #expect(limits.authSeconds == values.authSeconds)
        #expect(limits.idleMinutes == values.idleMinutes)
        #expect(limits.sessionMinutes == values.sessionMinutes)
        #expect(limits.gameMemoryMiB == values.gameMemoryMiB)
        #expect(limits.gameCPUSeconds == values.gameCPUSeconds)
        #expect(limits.watch.perGame == values.watchPerGame)
        #expect(limits.watch.perAddress == values.watchPerAddress)
        #expect(limits.watch.all == values.watchAll)
    }

    @Test func aPostgreSQLAddressIsToldApartAsTheStoreTellsIt() {
        for database in ["postgres://plume@db.example/plume", "postgresql://plume:secret@db.example:5432/plume", "plume-scores.sqlite",
                         "/var/lib/plume/plume-scores.sqlite", "postgres:/plume", "POSTGRES://plume@db/plume", "./postgres://x", ""] {
            #expect(Settings.isPostgres(database) == PostgresLocation.isURL(database), "\(database)")
        }
    }
}
