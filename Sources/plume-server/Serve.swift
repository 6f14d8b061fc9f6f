// `plume-server serve` (the default): run the HTTP server until SIGTERM or SIGINT, finishing
// in-flight requests first.
import ArgumentParser
import Foundation
import Hummingbird
import LeaderboardServer
import Logging

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the leaderboard over HTTP (the default).")

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

    @Option(name: .customLong("register-rate-limit"), help: "Registrations per hour from one address; 0 off. Env: PLUME_REGISTER_RATE_LIMIT. (default: 10)")
    var registerRateLimit: Int?

    @Option(name: .customLong("simulations"), help: "Swarm verifications run at once (more wait briefly, then get 503). Env: PLUME_SIMULATIONS. (default: 2)")
    var simulations: Int?

    @Option(name: .customLong("poll-ms"), help: "How often, in milliseconds, to read the change log for other processes' writes (PostgreSQL also wakes at once on NOTIFY). Env: PLUME_POLL_MS. (default: 250)")
    var pollMilliseconds: Int?

    @Option(name: .customLong("public-url"), help: "The server's address as players see it, for links in pages and the feed. Env: PLUME_PUBLIC_URL. (default: http://host:port)")
    var publicURL: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical. Env: LOG_LEVEL. (default: info)")
    var logLevel: String?

    func run() async throws {
        var configuration = ServerConfiguration()
        configuration.database = database.resolved
        configuration.host = host ?? Environment.value("PLUME_HOST") ?? configuration.host
        configuration.port = try Environment.integer(port, "PLUME_PORT", default: configuration.port, range: 0...65_535)
        configuration.allowedOrigins = allowedOrigins.isEmpty
            ? (Environment.value("PLUME_ALLOWED_ORIGINS")?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? [])
            : allowedOrigins
        configuration.requestsPerMinute = try Environment.integer(rateLimit, "PLUME_RATE_LIMIT", default: configuration.requestsPerMinute, range: 0...10_000_000)
        configuration.submissionsPerMinute = try Environment.integer(submitRateLimit, "PLUME_SUBMIT_RATE_LIMIT", default: configuration.submissionsPerMinute, range: 0...10_000_000)
        configuration.registrationsPerHour = try Environment.integer(registerRateLimit, "PLUME_REGISTER_RATE_LIMIT", default: configuration.registrationsPerHour, range: 0...10_000_000)
        configuration.simulationSlots = try Environment.integer(simulations, "PLUME_SIMULATIONS", default: configuration.simulationSlots, range: 1...64)
        configuration.followMilliseconds = try Environment.integer(pollMilliseconds, "PLUME_POLL_MS", default: configuration.followMilliseconds, range: 10...3_600_000)
        configuration.publicURL = publicURL ?? Environment.value("PLUME_PUBLIC_URL")
        let levelText = logLevel ?? Environment.value("LOG_LEVEL") ?? "info"
        guard let level = Logger.Level(rawValue: levelText) else { throw ValidationError("unknown log level \"\(levelText)\"") }
        var logger = Logger(label: "plume-server")
        logger.logLevel = level
        let app: any ApplicationProtocol
        do {
            app = try await buildApplication(configuration, store: try openStore(configuration.database, logger: logger), logger: logger)
        } catch let error as LeaderboardServerError {
            throw ValidationError(error.description)
        }
        try await app.runService()
    }
}
