// The JSON API under /v1: each call ScoresAPI declares (APICalls), registered from its declaration
// (CallRouter: method, path, sign-in, body, status) with the rule the service runs for it. The
// rules are the table the game's local board answers from too (Leaderboard's CallHandlers); what
// is the server's own is here: rate limits, the log, a hosted game's pass, erasing, SSH keys and a
// board's first page served already encoded. The list of games being watched is the hosting
// feature's (HostingRoutes).
import ConnectionGuard
import Foundation
import Hummingbird
import Leaderboard
import ScoresAPI

struct APIRoutes {
    let service: LeaderboardService
    let limits: Limits
    /// Forgets what this server's features keep for an erased player outside the database (their
    /// saves from playing over SSH).
    var erased: @Sendable (String) -> Void = { _ in }

    struct Limits: Sendable {
        let registrations: RateLimiter
        let submissions: RateLimiter
        /// Runway votes and entries, per player.
        let votes: RateLimiter
    }

    func register(on router: Router<AppContext>) {
        let calls = CallRouter(router, service: service), perCall = rateLimits
        // Every shared rule, with its rate limit; those that need HTTP are this server's own.
        let own = [APICalls.register.declaration, APICalls.top.declaration, APICalls.contributors.declaration].map(\.name)
        let shared = SharedRoutes(calls: calls, service: service, limits: perCall, own: own)
        for handler in CallHandlers.all { handler.accept(shared) }
        registerOwn(calls, limits: perCall)
    }

    /// Each call's rate limit, by operation name: counted after sign-in, before the body is read.
    var rateLimits: [String: CallLimit] {
        let registrations = CallLimit(limits.registrations, "registrations from this address") { context, _ in context.remoteAddress }
        let follows = CallLimit(limits.submissions, "follows") { _, player in "follow " + (player?.publicID ?? "") }
        let submissions = CallLimit(limits.submissions, "submissions") { _, player in player?.publicID ?? "" }
        let donations = CallLimit(limits.submissions, "donations") { _, player in player?.publicID ?? "" }
        let votes = CallLimit(limits.votes, "runway entries and votes") { _, player in player?.publicID ?? "" }
        return [
            APICalls.register.declaration.name: registrations,
            APICalls.follow.declaration.name: follows, APICalls.unfollow.declaration.name: follows,
            APICalls.submit.declaration.name: submissions, APICalls.donate.declaration.name: donations,
            APICalls.enterRunway.declaration.name: votes, APICalls.runwayVote.declaration.name: votes,
        ]
    }

    // MARK: What only a server does

    /// Registering (a hosted game's player registers with the key they connected with, and it is
    /// logged), erasing (this server's features forget the player too), SSH keys (logged; never the
    /// one a hosted game connected with), and the first page of a board, served already encoded.
    func registerOwn(_ calls: CallRouter, limits: [String: CallLimit]) {
        calls.on(APICalls.register, limit: limits[APICalls.register.declaration.name]) { call in
            let registered = if let pass = call.context.hostedPass { try await service.register(call.body, pass: pass) } else { try await service.register(call.body) }
            call.context.logger.info("player registered", metadata: ["player": "\(registered.playerID)"])
            return registered
        }
        calls.on(APICalls.erase) { call in
            let player = try call.signedIn
            try await service.erase(player)
            erased(player.publicID)
            return NoBody()
        }
        calls.on(APICalls.addKey) { call in
            let player = try call.signedIn
            let key = try await service.addKey(player, line: call.body.publicKey)
            call.context.logger.info("key added", metadata: ["player": "\(player.publicID)", "fingerprint": "\(key.fingerprint)"])
            return key
        }
        // ?fingerprint=SHA256:… (a fingerprint may hold "/", so not in the path).
        calls.on(APICalls.removeKey) { call in
            let player = try call.signedIn
            guard let fingerprint = call.request.uri.queryParameters.get("fingerprint"), !fingerprint.isEmpty else {
                throw APIError.badRequest(.missingField, "say which key: ?fingerprint=SHA256:…")
            }
            try await service.removeKey(player, fingerprint: fingerprint, inUse: call.context.hostedPass?.fingerprint)
            return NoBody()
        }
        calls.encoded(APICalls.top) { call in
            let board = try call.parameter(.board)
            let arguments = call.arguments
            let limit = try arguments.integer(.pageLimit, in: LeaderboardLimits.pageRows, default: LeaderboardLimits.defaultPageRows)
            if let cursor = arguments.query(.pageCursor) {
                return .value(try await service.top(boardID: board, limit: limit, cursor: cursor))
            }
            return .encoded(try await service.topPage(boardID: board, limit: limit))
        }
        calls.encoded(APICalls.contributors) { call in
            let limit = try call.arguments.integer(.pageLimit, in: LeaderboardLimits.pageRows, default: LeaderboardLimits.defaultPageRows)
            return .encoded(try await service.topPage(boardID: Board.contributors.id, limit: limit))
        }
    }
}

/// Registers each shared rule as a route, with its rate limit, unless the server answers it its own way.
struct SharedRoutes: CallHandlerVisitor {
    let calls: CallRouter
    let service: LeaderboardService
    let limits: [String: CallLimit]
    let own: [String]

    func visit<Body: WireValue, Value: WireValue>(_ handler: CallHandler<Body, Value>) {
        let name = handler.call.declaration.name
        guard !own.contains(name) else { return }
        let service = service
        calls.on(handler.call, limit: limits[name]) { call in try await handler.answer(service, call.arguments) }
    }
}
