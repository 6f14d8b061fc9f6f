// Play and watching over SSH as a feature of the HTTP server: the watch pages, their WebSocket and
// the relay between hosts (WatchRoutes), the home page's card with the SSH commands and the host
// key, the plume_ssh_* and plume_watch* lines of /metrics (HostingMetrics), an erased player's
// saves forgotten, and the SSH listener run beside HTTP. plume-server hands `maker` to
// buildApplication, which makes the feature once the leaderboard's service is ready: the host key
// is read (or made), the game to run checked, and the SSH server built.
import Foundation
import HostedGames
import Hummingbird
import Leaderboard
import LeaderboardServer
import Logging
import ServiceLifecycle

package struct HostingFeature: ServerFeature {
    package let hosting: HostedServer
    let service: LeaderboardService
    /// Origins whose pages may open the watch WebSocket: this server's own, and the allowed origins.
    let origins: Set<String>

    package init(hosting: HostedServer, service: LeaderboardService, origins: Set<String>) {
        self.hosting = hosting
        self.service = service
        self.origins = origins
    }

    package func register(on router: Router<AppContext>) {
        let watch = WatchRoutes(hosting: hosting, service: service, origins: origins)
        watch.register(on: router)
        watch.registerSocket(on: router)
    }

    /// Watching a game in the browser is a WebSocket.
    package var takesWebSockets: Bool { true }

    package func homeSection() async -> String? {
        let host = hosting.configuration.publicHost, port = hosting.port ?? hosting.configuration.port
        var ssh: [String: Any] = ["command": hosting.playCommand, "watch": hosting.watchCommand, "fingerprint": hosting.hostKey.fingerprint,
                                  "knownHosts": hosting.hostKey.knownHostsLine(host: host, port: port)]
        if let next = hosting.nextHostKey {
            ssh["next"] = ["fingerprint": next.fingerprint, "knownHosts": next.knownHostsLine(host: host, port: port)]
        }
        return HostingPages.templates.render("playHere", ssh)
    }

    package func renderMetrics(into metrics: ServerMetrics) {
        HostingMetrics.render(hosting, into: metrics)
    }

    /// Their saves from playing here.
    package func playerErased(_ publicID: String) {
        hosting.forget(player: publicID)
    }

    /// The SSH listener.
    package var services: [any Service] { [hosting] }

    /// Games reach the API where the HTTP listener came to be.
    package func listening(at apiURL: String) {
        hosting.apiListening(at: apiURL)
    }
}

extension HostingFeature {
    /// Play over SSH as plume-server hands it to buildApplication. Its games call the API from
    /// this host, so loopback is spared the HTTP per-address cap.
    package static func maker(_ configuration: HostingConfiguration) -> ServerFeatureMaker {
        ServerFeatureMaker(callsFromThisHost: true) { site in try await make(configuration, on: site) }
    }

    /// The SSH server over the site's service, with its API address and public host taken from
    /// the HTTP server's configuration. A missing game or an unreadable key stops start-up in
    /// words for the operator.
    static func make(_ configuration: HostingConfiguration, on site: ServerSite) async throws -> HostingFeature {
        var wanted = configuration
        let key: HostKey
        do {
            key = wanted.hostKeyInDatabase ? try await HostKey.shared(in: site.service.store) : try HostKey.loadOrCreate(at: wanted.hostKeyPath)
        } catch let problem as HostKey.Problem {
            throw LeaderboardServerError.setting(problem.description)
        }
        // Absolute: each game starts in its player's directory.
        wanted.plumePath = URL(fileURLWithPath: wanted.plumePath).standardizedFileURL.path
        guard FileManager.default.isExecutableFile(atPath: wanted.plumePath) else {
            throw LeaderboardServerError.setting("the game to host over SSH is not at \(wanted.plumePath) (install plume beside plume-server, or give --plume PATH)")
        }
        let logger = site.logger
        logger.notice(key.created ? "SSH host key made" : "SSH host key", metadata: [
            "fingerprint": "\(key.fingerprint)", "kept": "\(wanted.hostKeyInDatabase ? "in the database" : wanted.hostKeyPath)"])
        let server = site.configuration
        wanted.apiURL = server.loopbackURL
        wanted.webURL = server.baseURL
        wanted.publicHost = URLComponents(string: server.baseURL)?.host ?? server.host
        let hosting = HostedServer(configuration: wanted, hostKey: key, service: site.service, fileLimit: site.fileLimit, logger: logger)
        return HostingFeature(hosting: hosting, service: site.service, origins: server.webSocketOrigins)
    }
}
