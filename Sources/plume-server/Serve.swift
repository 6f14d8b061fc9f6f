// `plume-server serve` (the default): run the HTTP server until SIGTERM or SIGINT, finishing
// in-flight requests first; and `plume-server config`, which prints what serve would use.
import ArgumentParser
import Foundation
import Hummingbird
import LeaderboardServer
import Logging

/// The options `serve` and `config` share. Each is a key of `Settings.all`; its environment
/// variable and its line in the config file are named there.
struct ServerOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOption

    @Option(help: "Address to listen on. Env: PLUME_HOST. (default: 127.0.0.1)")
    var host: String?

    @Option(help: "Port to listen on. Env: PLUME_PORT. (default: 8787)")
    var port: Int?

    @Option(name: .customLong("allowed-origin"), help: ArgumentHelp(
        "A browser origin allowed to call the API (CORS); repeat for more. Env: PLUME_ALLOWED_ORIGINS, comma-separated. (default: none)",
        valueName: "origin"))
    var allowedOrigins: [String] = []

    @Option(name: .customLong("rate-limit"), help: "Requests per minute from one address; 0 turns it off. Env: PLUME_RATE_LIMIT. (default: 600)")
    var rateLimit: Int?

    @Option(name: .customLong("submit-rate-limit"), help: "Submissions and donations per minute for one player; 0 off. Env: PLUME_SUBMIT_RATE_LIMIT. (default: 60)")
    var submitRateLimit: Int?

    @Option(name: .customLong("vote-rate-limit"), help: "Runway votes and entries per minute for one player; 0 off. Env: PLUME_VOTE_RATE_LIMIT. (default: 60)")
    var voteRateLimit: Int?

    @Option(name: .customLong("register-rate-limit"), help: "Registrations per hour from one address; 0 off. Env: PLUME_REGISTER_RATE_LIMIT. (default: 10)")
    var registerRateLimit: Int?

    @Option(name: .customLong("simulations"), help: "Swarm verifications run at once (more wait briefly, then get 503). Env: PLUME_SIMULATIONS. (default: 2)")
    var simulations: Int?

    @Option(name: .customLong("poll-ms"), help: "How often, in milliseconds, to read the change log for other processes' writes (PostgreSQL also wakes at once on NOTIFY). Env: PLUME_POLL_MS. (default: 250)")
    var pollMilliseconds: Int?

    @Option(name: .customLong("public-url"), help: "The server's address as players see it, for links in pages and the feed. Env: PLUME_PUBLIC_URL. (default: http://host:port)")
    var publicURL: String?

    @Option(name: .customLong("max-connections"), help: "Connections served at once; past it a new one is answered 503 and closed, and past a small overflow nothing more is accepted. Lowered at start to leave descriptors free under the open-file limit. Env: PLUME_MAX_CONNECTIONS. (default: 4096)")
    var maxConnections: Int?

    @Option(name: .customLong("max-connections-per-address"), help: "Connections one client address (IPv6: one /64) may hold open; more are closed as they are accepted. Trusted proxies have no cap. Env: PLUME_MAX_CONNECTIONS_PER_ADDRESS. (default: 64)")
    var maxConnectionsPerAddress: Int?

    @Option(name: .customLong("head-timeout"), help: "Seconds a new connection has to send a whole request head before it is closed. Env: PLUME_HEAD_TIMEOUT. (default: 10)")
    var headTimeout: Int?

    @Option(name: .customLong("min-body-rate"), help: "Bytes a second a request body must at least arrive at: a body may take the head timeout plus its length (at most 16 KiB) at this rate. Env: PLUME_MIN_BODY_RATE. (default: 1024)")
    var minBodyRate: Int?

    @Option(name: .customLong("idle-timeout"), help: "Seconds a kept-alive connection may wait for its next request head. Env: PLUME_IDLE_TIMEOUT. (default: 30)")
    var idleTimeout: Int?

    @Option(name: .customLong("trusted-proxy"), help: ArgumentHelp(
        "The address of a reverse proxy whose X-Forwarded-For or Forwarded header names the player (for rate limits); repeat for more. Its own connections have no per-address cap. Env: PLUME_TRUSTED_PROXIES, comma-separated. (default: none)",
        valueName: "address"))
    var trustedProxies: [String] = []

    @Option(name: .customLong("forwarded-header"), help: "The header the trusted proxies write: x-forwarded-for or forwarded (RFC 7239); only that one is read. Env: PLUME_FORWARDED_HEADER. (default: x-forwarded-for)")
    var forwardedHeader: String?

    @Option(name: .customLong("ssh-port"), help: "Also serve the game over SSH on this port (players run `ssh -p PORT host`); off unless given. Env: PLUME_SSH_PORT. (default: off)")
    var sshPort: Int?

    @Option(name: .customLong("ssh-host-key"), help: ArgumentHelp("The SSH host key file, made on first start (Ed25519, mode 0600). Env: PLUME_SSH_HOST_KEY. (default: plume-ssh-host-key beside the database)", valueName: "path"))
    var sshHostKey: String?

    @Option(name: .customLong("ssh-homes"), help: ArgumentHelp("Where each SSH player's saves and settings are kept, a directory per player. Env: PLUME_SSH_HOMES. (default: plume-players beside the database)", valueName: "path"))
    var sshHomes: String?

    @Option(name: .customLong("plume"), help: ArgumentHelp("The plume binary each SSH session runs. Env: PLUME_GAME. (default: plume beside plume-server)", valueName: "path"))
    var plume: String?

    @Option(name: .customLong("ssh-max-sessions"), help: "Games played over SSH at once; past it a player is told the server is full. Env: PLUME_SSH_MAX_SESSIONS. (default: 64)")
    var sshMaxSessions: Int?

    @Option(name: .customLong("ssh-max-sessions-per-address"), help: "Games one address (IPv6: one /64) may have open at once. Env: PLUME_SSH_MAX_SESSIONS_PER_ADDRESS. (default: 4)")
    var sshMaxSessionsPerAddress: Int?

    @Option(name: .customLong("ssh-max-unauthenticated"), help: "SSH connections still signing in, from everyone, at once; more are reset. Env: PLUME_SSH_MAX_UNAUTHENTICATED. (default: 32)")
    var sshMaxUnauthenticated: Int?

    @Option(name: .customLong("ssh-connections-per-minute"), help: "New SSH connections one address may open a minute; more are reset. Env: PLUME_SSH_CONNECTIONS_PER_MINUTE. (default: 20)")
    var sshConnectionsPerMinute: Int?

    @Option(name: .customLong("ssh-auth-timeout"), help: "Seconds an SSH connection has to sign in. Env: PLUME_SSH_AUTH_TIMEOUT. (default: 30)")
    var sshAuthTimeout: Int?

    @Option(name: .customLong("ssh-idle-minutes"), help: "Minutes without a key from the player before a game over SSH ends (it is saved). Env: PLUME_SSH_IDLE_MINUTES. (default: 30)")
    var sshIdleMinutes: Int?

    @Option(name: .customLong("ssh-session-minutes"), help: "Minutes a game over SSH may last. Env: PLUME_SSH_SESSION_MINUTES. (default: 240)")
    var sshSessionMinutes: Int?

    @Option(name: .customLong("ssh-game-memory"), help: "Each SSH game's address space, in MiB. Env: PLUME_SSH_GAME_MEMORY. (default: 2048)")
    var sshGameMemory: Int?

    @Option(name: .customLong("ssh-game-cpu"), help: "Each SSH game's CPU time, in seconds. Env: PLUME_SSH_GAME_CPU. (default: 3600)")
    var sshGameCPU: Int?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical. Env: LOG_LEVEL. (default: info)")
    var logLevel: String?

    @Option(name: .customLong("log-format"), help: "text (a line per event) or json (one JSON object per line, for log collectors). Env: PLUME_LOG_FORMAT. (default: text)")
    var logFormat: String?

    /// The options given on the command line, by setting key.
    var flags: [String: SettingValue] {
        var given: [String: SettingValue] = [:]
        given["database"] = database.database.map { .text($0) }
        given["host"] = host.map { .text($0) }
        given["port"] = port.map { .number($0) }
        given["allowed-origin"] = allowedOrigins.isEmpty ? nil : .list(allowedOrigins)
        given["rate-limit"] = rateLimit.map { .number($0) }
        given["submit-rate-limit"] = submitRateLimit.map { .number($0) }
        given["vote-rate-limit"] = voteRateLimit.map { .number($0) }
        given["register-rate-limit"] = registerRateLimit.map { .number($0) }
        given["simulations"] = simulations.map { .number($0) }
        given["poll-ms"] = pollMilliseconds.map { .number($0) }
        given["public-url"] = publicURL.map { .text($0) }
        given["max-connections"] = maxConnections.map { .number($0) }
        given["max-connections-per-address"] = maxConnectionsPerAddress.map { .number($0) }
        given["head-timeout"] = headTimeout.map { .number($0) }
        given["min-body-rate"] = minBodyRate.map { .number($0) }
        given["idle-timeout"] = idleTimeout.map { .number($0) }
        given["trusted-proxy"] = trustedProxies.isEmpty ? nil : .list(trustedProxies)
        given["forwarded-header"] = forwardedHeader.map { .text($0) }
        given["ssh-port"] = sshPort.map { .number($0) }
        given["ssh-host-key"] = sshHostKey.map { .text($0) }
        given["ssh-homes"] = sshHomes.map { .text($0) }
        given["plume"] = plume.map { .text($0) }
        given["ssh-max-sessions"] = sshMaxSessions.map { .number($0) }
        given["ssh-max-sessions-per-address"] = sshMaxSessionsPerAddress.map { .number($0) }
        given["ssh-max-unauthenticated"] = sshMaxUnauthenticated.map { .number($0) }
        given["ssh-connections-per-minute"] = sshConnectionsPerMinute.map { .number($0) }
        given["ssh-auth-timeout"] = sshAuthTimeout.map { .number($0) }
        given["ssh-idle-minutes"] = sshIdleMinutes.map { .number($0) }
        given["ssh-session-minutes"] = sshSessionMinutes.map { .number($0) }
        given["ssh-game-memory"] = sshGameMemory.map { .number($0) }
        given["ssh-game-cpu"] = sshGameCPU.map { .number($0) }
        given["log-level"] = logLevel.map { .text($0) }
        given["log-format"] = logFormat.map { .text($0) }
        return given
    }

    func resolved() throws -> EffectiveSettings {
        try Settings.resolve(flags: flags, configFile: database.config)
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
        let app: any ApplicationProtocol
        do {
            app = try await buildApplication(settings.server, store: store, logger: logger)
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

    func run() async throws {
        print(Settings.render(try options.resolved()))
    }
}
