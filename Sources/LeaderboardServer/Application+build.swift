// Builds the leaderboard server: the store named by the configuration, the service over it, and
// the Hummingbird application, with the features and the metrics registry the assembler (the
// plume-server program, or a test) hands in. Tests call the same functions the binary does.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Leaderboard
import Logging
import ServiceLifecycle
import Synchronization
import Challenges
import ConnectionGuard
import NIOCore
import GameState

public enum LeaderboardServerError: Error, CustomStringConvertible {
    case content(String)
    case setting(String)

    public var description: String {
        switch self {
        case .content(let text): "Plume's content could not be loaded: \(text)"
        case .setting(let text): text
        }
    }
}

/// The service over a store, with the bundled catalog, challenges and causes; migrated.
public func makeService(store: any LeaderboardStore, configuration: ServerConfiguration,
                        clock: (@Sendable () -> Int64)? = nil) async throws -> LeaderboardService {
    let catalog: Catalog, book: ChallengeBook, causes: [Cause]
    do {
        catalog = try Catalog.bundled.get()
        book = try ChallengeBook.bundled.get()
        causes = try Causes.bundled.get()
    } catch {
        throw LeaderboardServerError.content("\(error)")
    }
    try await store.migrate()
    if let clock {
        return LeaderboardService(store: store, catalog: catalog, book: book, causes: causes, simulationSlots: configuration.simulationSlots,
                                  verificationQueue: configuration.verificationQueue, clock: clock)
    }
    return LeaderboardService(store: store, catalog: catalog, book: book, causes: causes, simulationSlots: configuration.simulationSlots,
                              verificationQueue: configuration.verificationQueue)
}

/// The router with every route and middleware, and each feature's routes; `metrics` is this
/// application's own registry; `gate` is the listener's (nil when the router is called directly,
/// as in tests).
public func buildRouter(service: LeaderboardService, configuration: ServerConfiguration, metrics: ServerMetrics,
                        gate: ConnectionGate? = nil, features: [any ServerFeature] = []) -> Router<AppContext> {
    let router = Router(context: AppContext.self)
    if !configuration.trustedProxies.isEmpty {
        router.add(middleware: ClientAddressMiddleware(trusted: Set(configuration.trustedProxies.compactMap(ClientAddress.parse)),
                                                       header: configuration.forwardedHeader))
    }
    router.add(middleware: HostedPassMiddleware(service: service))
    router.add(middleware: RequestMetricsMiddleware(series: metrics.requests))
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: ErrorMiddleware())
    if !configuration.allowedOrigins.isEmpty {
        router.add(middleware: CORSMiddleware(allowOrigin: .custom(configuration.allowedOrigins.joined(separator: ", ")),
                                              allowHeaders: [.authorization, .contentType, .ifNoneMatch],
                                              allowMethods: [.get, .post, .patch, .delete, .options]))
    }
    router.add(middleware: AddressRateLimitMiddleware(limiter: RateLimiter(limit: configuration.requestsPerMinute, per: .seconds(60))))
    OpsRoutes(service: service, metrics: metrics, gate: gate, features: features).register(on: router)
    APIRoutes(service: service, limits: .init(registrations: RateLimiter(limit: configuration.registrationsPerHour, per: .seconds(3600)),
                                             submissions: RateLimiter(limit: configuration.submissionsPerMinute, per: .seconds(60)),
                                             votes: RateLimiter(limit: configuration.votesPerMinute, per: .seconds(60))),
              erased: { playerID in for feature in features { feature.playerErased(playerID) } })
        .register(on: router)
    PageRoutes(service: service, baseURL: configuration.baseURL).register(on: router)
    for feature in features { feature.register(on: router) }
    router.get("/") { _, _ in await HomePage.render(service, features: features) }
    return router
}

/// The whole server: store, service, router, and the rank index as a service that loads after the
/// port is open (so the server answers within a second) and then follows the change log; each
/// feature is made once the service is ready, and its services run beside the rank index.
public func buildApplication(_ configuration: ServerConfiguration, store: any LeaderboardStore, logger: Logger, metrics: ServerMetrics,
                             features makers: [ServerFeatureMaker] = []) async throws -> some ApplicationProtocol {
    var wished = configuration.connections
    for proxy in configuration.trustedProxies {
        guard let address = ClientAddress.parse(proxy) else {
            throw LeaderboardServerError.setting("trusted-proxy: \"\(proxy)\" is not an IP address (name each proxy by its address)")
        }
        wished.exempt.insert(address)
    }
    // A feature's programs on this host (every game hosted over SSH) talk to the API from here:
    // the HTTP per-address cap must not count them as one player (their requests are counted by
    // their players' addresses).
    if makers.contains(where: { $0.callsFromThisHost }) {
        wished.exempt.formUnion(["127.0.0.1", "::1"] + [ClientAddress.parse(configuration.host)].compactMap { $0 })
    }
    let service = try await makeService(store: store, configuration: configuration)
    logger.info("leaderboard store ready", metadata: ["store": "\(store.label)"])
    // Descriptors first: the caps are sized to the open-file limit, raised as far as it goes.
    let files = FileLimit.raise()
    let gate = ConnectionGate(wished: wished, fileLimit: files.current)
    let limits = gate.limits
    logger.notice("connection limits", metadata: [
        "open_files": "\(files.current)", "open_files_before": "\(files.before)",
        "max_connections": "\(limits.maxConnections)", "overflow": "\(gate.overflow)", "per_address": "\(limits.maxPerAddress)",
        "head_s": "\(limits.headSeconds)", "body_min_bytes_per_s": "\(limits.minimumBodyRate)", "idle_s": "\(limits.idleSeconds)",
        "exempt": "\(limits.exempt.sorted().joined(separator: ","))",
    ])
    if limits.maxConnections < wished.maxConnections {
        logger.warning("max-connections lowered to fit the open-file limit", metadata: [
            "wished": "\(wished.maxConnections)", "allowed": "\(limits.maxConnections)", "open_files": "\(files.current)"])
    }
    var made: [any ServerFeature] = []
    for maker in makers {
        made.append(try await maker.make(ServerSite(configuration: configuration, service: service, fileLimit: files.current, logger: logger)))
    }
    let features = made
    let router = buildRouter(service: service, configuration: configuration, metrics: metrics, gate: gate, features: features)
    let services: [any Service] = [RankIndexService(service: service, follow: .milliseconds(configuration.followMilliseconds), logger: logger)]
        + features.flatMap { $0.services }
    // A server with a feature that takes WebSockets (watching games) offers the upgrade.
    let http1 = HTTP1Channel.Configuration(additionalChannelHandlers: [HTTPConnectionGuard(gate: gate)])
    let server: HTTPServerBuilder = !features.contains(where: { $0.takesWebSockets }) ? .http1(configuration: http1)
        : .http1WebSocketUpgrade(webSocketRouter: router, configuration: .init(http1: http1, ws: .init(maxFrameSize: 1 << 16)))
    return Application(router: router,
                       server: server,
                       configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "plume-server",
                                            backlog: 4096, availableConnectionsDelegate: GateAcceptance(gate: gate)),
                       services: services,
                       onServerRunning: { listener in
                           if let port = listener.localAddress?.port {
                               var local = configuration
                               local.port = port
                               for feature in features { feature.listening(at: local.loopbackURL) }
                           }
                           // Hopeless connections are reset before any of the HTTP pipeline is built.
                           do {
                               try await listener.eventLoop.submit {
                                   try listener.pipeline.syncOperations.addHandler(AcceptFilter(gate: gate), position: .first)
                               }.get()
                               try await listener.setOption(ChannelOptions.maxMessagesPerRead, value: 64)
                           } catch {
                               logger.warning("the accept filter could not be added; the connection handler still turns connections away",
                                              metadata: ["error": "\(error)"])
                           }
                       },
                       logger: logger)
}

/// Loads the rank index, then keeps it in step with the store until shutdown.
struct RankIndexService: Service {
    let service: LeaderboardService
    let follow: Duration
    let logger: Logger

    func run() async throws {
        try await service.loadIndex()
        logger.info("rank index ready", metadata: ["records": "\(service.index.recordCount)",
                                                    "seconds": "\(String(format: "%.2f", service.indexLoadSeconds ?? 0))"])
        // PostgreSQL wakes the follower on every commit (LISTEN/NOTIFY); the poll is the backstop.
        let logger = logger
        // The runways taking votes are refitted in the background, a few times a second.
        let lastRunwayFailure = Mutex<String?>(nil)
        let runway = Task {
            await service.keepRunway(every: follow) { error in
                let reason = "\(error)"
                // Logged once per distinct failure, not on every pass.
                if lastRunwayFailure.withLock({ last in defer { last = reason }; return last != reason }) {
                    logger.error("can't refresh the runway; the people's boards may fall behind until it can", metadata: ["reason": "\(reason)"])
                }
            }
        }
        defer { runway.cancel() }
        // Closed days and runways become news within a minute of closing, written once on
        // whichever server gets there first.
        let lastClosingFailure = Mutex<String?>(nil)
        let closings = Task {
            await service.keepClosing(every: .seconds(LeaderboardLimits.closingIntervalSeconds)) { error in
                let reason = "\(error)"
                if lastClosingFailure.withLock({ last in defer { last = reason }; return last != reason }) {
                    logger.error("can't write the news of closed days; it waits for the next pass", metadata: ["reason": "\(reason)"])
                }
            }
        }
        defer { closings.cancel() }
        await cancelWhenGracefulShutdown {
            await service.follow(every: follow, wake: service.store.changeSignals()) { event in
                switch event {
                case .failing(let reason):
                    logger.error("can't read the change log; ranks may fall behind until it can", metadata: ["reason": "\(reason)"])
                case .recovered(let seconds):
                    logger.notice("reading the change log again", metadata: ["outage_seconds": "\(String(format: "%.1f", seconds))"])
                case .rebuilt(let lastRead, let oldestKept, let seconds):
                    logger.warning("change-log entries this process had not read were pruned; rank index rebuilt from the records",
                                   metadata: ["last_read": "\(lastRead)", "oldest_kept": "\(oldestKept)",
                                              "seconds": "\(String(format: "%.2f", seconds))"])
                }
            }
        }
    }
}

/// Logs each request with its id, route, status and time — never its headers (tokens) or body
/// (e-mail addresses).
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, context, status: response.status.code, started)
            return response
        } catch let error as any HTTPResponseError {
            log(request, context, status: error.status.code, started)
            throw error
        }
    }

    private func log(_ request: Request, _ context: Context, status: Int, _ started: ContinuousClock.Instant) {
        let ms = (ContinuousClock.now - started) / .milliseconds(1)
        context.logger.info("request", metadata: ["method": "\(request.method)", "path": "\(request.uri.path)",
                                                   "status": "\(status)", "ms": "\(String(format: "%.1f", ms))"])
    }
}

/// Behind trusted proxies: the player's address from X-Forwarded-For or Forwarded, as the key the
/// per-address limits count by.
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = AppContext
    let trusted: Set<String>
    let header: ClientAddress.ForwardingHeader

    func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws -> Response {
        var context = context
        let values = request.headers[values: header == .forwarded ? .forwarded : .xForwardedFor]
        let client = ClientAddress.resolve(peer: context.peerAddress, values: values, header: header, trusted: trusted)
        context.remoteAddress = ClientAddress.key(client)
        return try await next(request, context)
    }
}

/// Per-address request limit for everything but the health probes.
struct AddressRateLimitMiddleware: RouterMiddleware {
    typealias Context = AppContext
    let limiter: RateLimiter

    func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        if path != "/healthz", path != "/readyz", path != "/metrics", let wait = limiter.check(context.remoteAddress) {
            throw APIError.tooMany("requests from this address", retryAfter: wait)
        }
        return try await next(request, context)
    }
}

/// A game this server hosts over SSH sends its pass in `Plume-Pass` on every request, from this
/// host: the request counts against the SSH client's address rather than loopback's, and the
/// registration route binds the pass's key. A pass from anywhere but loopback is ignored; an
/// expired or forged one is refused in words.
struct HostedPassMiddleware: RouterMiddleware {
    typealias Context = AppContext
    static let header = HTTPField.Name("Plume-Pass")!
    let service: LeaderboardService

    func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws -> Response {
        guard let text = request.headers[Self.header], Self.isLoopback(context.peerAddress) else { return try await next(request, context) }
        guard let pass = try await service.openPass(text) else {
            throw APIError(.unauthorized, .invalidToken, "this game's sign-in has expired — reconnect to go on playing")
        }
        var context = context
        context.hostedPass = pass
        context.remoteAddress = ClientAddress.key(pass.client)
        return try await next(request, context)
    }

    static func isLoopback(_ address: String) -> Bool { address == "::1" || address.hasPrefix("127.") }
}
