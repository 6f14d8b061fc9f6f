// The settings in effect (plain values, ServerSettings) made into what each part of the server is
// configured with: the HTTP server's ServerConfiguration with its connection limits, and play
// over SSH's HostingConfiguration when ssh-port is set. Each part reads its own values
// (`ServerConfiguration(values:)`, `HostingConfiguration(values:)`), whose built-in defaults are
// ServerSettings' alone; here the places and the SSH port are added.
import HostedGames
import LeaderboardServer
import ServerSettings

extension EffectiveSettings {
    var serverConfiguration: ServerConfiguration { ServerConfiguration(values: server) }

    /// Play over SSH, when ssh-port is set: listening beside HTTP, with the host key, the players'
    /// homes and the game where the settings place them. The API address and the public host are
    /// filled in from the HTTP server's configuration when the server is built.
    var hostingConfiguration: HostingConfiguration? {
        guard let port = sshPort else { return nil }
        var configuration = HostingConfiguration(values: hosting)
        configuration.host = server.host
        configuration.port = port
        configuration.hostKeyPath = hostKeyPath
        configuration.hostKeyInDatabase = hostKeyInDatabase
        configuration.homes = homesPath
        configuration.plumePath = plumePath
        return configuration
    }
}
