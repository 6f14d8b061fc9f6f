// `plume-server serve` (the default): run the HTTP server until SIGTERM or SIGINT, finishing
// in-flight requests first; and `plume-server config`, which prints what serve would use.
import ArgumentParser
import Foundation
import HostingRoutes
import Hummingbird
import LeaderboardServer
import Logging
import ServerSettings

/// The options `serve` and `config` share: a property per entry of `Settings.all`, named after
/// its key (`maxConnectionsPerAddress` is `--max-connections-per-address`), its help, variable
/// and default taken from there. Tests/E2E/test_operator.py checks that every setting has its
/// flag and that every flag reaches its setting.
struct ServerOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOption

    @Option(help: Settings.named("host").help) var host: String?
    @Option(help: Settings.named("port").help) var port: Int?
    @Option(help: Settings.named("allowed-origin").help) var allowedOrigin: [String] = []
    @Option(help: Settings.named("rate-limit").help) var rateLimit: Int?
    @Option(help: Settings.named("submit-rate-limit").help) var submitRateLimit: Int?
    @Option(help: Settings.named("vote-rate-limit").help) var voteRateLimit: Int?
    @Option(help: Settings.named("register-rate-limit").help) var registerRateLimit: Int?
    @Option(help: Settings.named("simulations").help) var simulations: Int?
    @Option(help: Settings.named("poll-ms").help) var pollMs: Int?
    @Option(help: Settings.named("public-url").help) var publicUrl: String?
    @Option(help: Settings.named("max-connections").help) var maxConnections: Int?
    @Option(help: Settings.named("max-connections-per-address").help) var maxConnectionsPerAddress: Int?
    @Option(help: Settings.named("head-timeout").help) var headTimeout: Int?
    @Option(help: Settings.named("min-body-rate").help) var minBodyRate: Int?
    @Option(help: Settings.named("idle-timeout").help) var idleTimeout: Int?
    @Option(help: Settings.named("trusted-proxy").help) var trustedProxy: [String] = []
    @Option(help: Settings.named("forwarded-header").help) var forwardedHeader: String?
    @Option(help: Settings.named("ssh-port").help) var sshPort: Int?
    @Option(help: Settings.named("ssh-host-key").help) var sshHostKey: String?
    @Option(help: Settings.named("ssh-homes").help) var sshHomes: String?
    @Option(help: Settings.named("plume").help) var plume: String?
    @Option(help: Settings.named("ssh-host-name").help) var sshHostName: String?
    @Option(help: Settings.named("relay-url").help) var relayUrl: String?
    @Option(help: Settings.named("ssh-key-check").help) var sshKeyCheck: Int?
    @Option(help: Settings.named("ssh-max-sessions").help) var sshMaxSessions: Int?
    @Option(help: Settings.named("ssh-max-sessions-per-address").help) var sshMaxSessionsPerAddress: Int?
    @Option(help: Settings.named("ssh-max-unauthenticated").help) var sshMaxUnauthenticated: Int?
    @Option(help: Settings.named("ssh-connections-per-minute").help) var sshConnectionsPerMinute: Int?
    @Option(help: Settings.named("ssh-auth-timeout").help) var sshAuthTimeout: Int?
    @Option(help: Settings.named("ssh-idle-minutes").help) var sshIdleMinutes: Int?
    @Option(help: Settings.named("ssh-session-minutes").help) var sshSessionMinutes: Int?
    @Option(help: Settings.named("ssh-game-memory").help) var sshGameMemory: Int?
    @Option(help: Settings.named("ssh-game-cpu").help) var sshGameCpu: Int?
    @Option(help: Settings.named("watch-max-per-game").help) var watchMaxPerGame: Int?
    @Option(help: Settings.named("watch-max-per-address").help) var watchMaxPerAddress: Int?
    @Option(help: Settings.named("watch-max").help) var watchMax: Int?
    @Option(help: Settings.named("log-level").help) var logLevel: String?
    @Option(help: Settings.named("log-format").help) var logFormat: String?

    /// The options given on the command line, by setting key, read from the properties above
    /// (and the database option they share with the operator commands).
    var flags: [String: SettingValue] {
        var given: [String: SettingValue] = [:]
        func collect(_ options: Any) {
            for child in Mirror(reflecting: options).children {
                // A wrapped property's storage is its name after an underscore.
                guard let label = child.label, label.hasPrefix("_") else { continue }
                let key = Settings.key(property: String(label.dropFirst()))
                switch child.value {
                case let option as Option<String?>: given[key] = option.wrappedValue.map { .text($0) }
                case let option as Option<Int?>: given[key] = option.wrappedValue.map { .number($0) }
                case let option as Option<[String]>: given[key] = option.wrappedValue.isEmpty ? nil : .list(option.wrappedValue)
                case let group as OptionGroup<DatabaseOption>: collect(group.wrappedValue)
                default: break
                }
            }
        }
        collect(self)
        return given.filter { given in Settings.all.contains { $0.key == given.key } }
    }

    func resolved() throws -> EffectiveSettings {
        try Settings.resolved(flags: flags, configFile: database.config)
    }
}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the leaderboard over HTTP, and with --ssh-port the game over SSH (the default).",
        discussion: """
            Runs until SIGTERM or SIGINT, finishing the requests in flight. On a SQLite database \
            the server holds a shared lock on DATABASE.lock (its pid inside) for its whole life: \
            several servers may share the file, but `plume-server restore` is refused meanwhile. \
            With --log-format json every line is one JSON object; a line written while a request \
            is handled carries its request_id.
            """)

    @OptionGroup var options: ServerOptions

    func run() async throws {
        let settings = try options.resolved()
        ServerLogging.bootstrap(settings.logFormat)
        var logger = Logger(label: "plume-server")
        logger.logLevel = settings.logLevel
        // Held for the server's life: a restore is refused meanwhile.
        let hold = try DatabaseHold.take(settings.server.database, exclusive: false)
        defer { withExtendedLifetime(hold) {} }
        let store = try openStore(settings.server.database, logger: logger)
        // The one place the server is put together: the HTTP server, its metrics registry, and
        // play over SSH when it is asked for.
        let features = settings.hostingConfiguration.map { [HostingFeature.maker($0)] } ?? []
        let app: any ApplicationProtocol
        do {
            app = try await buildApplication(settings.serverConfiguration, store: store, logger: logger, metrics: ServerMetrics(), features: features)
        } catch let error as LeaderboardServerError {
            throw OperatorError(error.description)
        }
        try await app.runService()
    }
}

struct Config: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the effective configuration: each setting, its value and where it came from.",
        discussion: """
            A setting comes from its flag, else its environment variable, else the config file \
            (--config or PLUME_CONFIG), else the default. The output is itself a config file; a \
            database password is shown as ****.
            """)

    @OptionGroup var options: ServerOptions

    @Flag(help: "Print every setting instead, as a Markdown table: its key, variable, default, values and words (the table in docs/operating.md).")
    var table = false

    func run() async throws {
        print(table ? Settings.table() : Settings.render(try options.resolved()))
    }
}
