// Builds the leaderboard server: the store named by the configuration, the service over it, and
// the Hummingbird application. Tests call the same functions the binary does.
import Foundation
import Hummingbird
import Leaderboard
import LeaderboardPostgres
import Logging
import ServiceLifecycle
import Challenges
import GameState

public enum LeaderboardServerError: Error, CustomStringConvertible {
    case content(String)

    public var description: String {
        switch self {
        case .content(let text): "Plume's content could not be loaded: \(text)"
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

/// The router with every route and middleware.
public func buildRouter(service: LeaderboardService, configuration: ServerConfiguration) -> Router<AppContext> {
    let router = Router(context: AppContext.self)
    router.add(middleware: MetricsMiddleware())
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: ErrorMiddleware())
    if !configuration.allowedOrigins.isEmpty {
        router.add(middleware: CORSMiddleware(allowOrigin: .custom(configuration.allowedOrigins.joined(separator: ", ")),
                                              allowHeaders: [.authorization, .contentType, .ifNoneMatch],
                                              allowMethods: [.get, .post, .patch, .delete, .options]))
    }
    router.add(middleware: AddressRateLimitMiddleware(limiter: RateLimiter(limit: configuration.requestsPerMinute, per: .seconds(60))))
    OpsRoutes(service: service, metrics: .shared).register(on: router)
    APIRoutes(service: service, limits: .init(registrations: RateLimiter(limit: configuration.registrationsPerHour, per: .seconds(3600)),
                                             submissions: RateLimiter(limit: configuration.submissionsPerMinute, per: .seconds(60))))
        .register(on: router)
    PageRoutes(service: service, baseURL: configuration.baseURL).register(on: router)
    router.get("/") { _, _ in HomePage.render(service) }
    return router
}

/// The whole server: store, service, router, and the rank index as a service that loads after the
/// port is open (so the server answers within a second) and then follows the change log.
public func buildApplication(_ configuration: ServerConfiguration, store: any LeaderboardStore, logger: Logger) async throws -> some ApplicationProtocol {
    let service = try await makeService(store: store, configuration: configuration)
    logger.info("leaderboard store ready", metadata: ["store": "\(store.label)"])
    let router = buildRouter(service: service, configuration: configuration)
    return Application(router: router, configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "plume-server"),
                       services: [RankIndexService(service: service, follow: .milliseconds(configuration.followMilliseconds), logger: logger)],
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
