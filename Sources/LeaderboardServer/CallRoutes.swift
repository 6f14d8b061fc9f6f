// A route made from a call's declaration (ScoresAPI's APICalls): the method and path are the
// declared ones; the player is signed in as the call's auth says (401 without a token when one is
// required; a token sent to a call that reads one optionally is checked too); a rate limit, when
// the route has one, is counted next; then the body is read as the call's request type
// (`JSONBody`: the same Codable type the game's client writes); and the answer is written with
// the declared status — an ETag and 304 for a conditional read, no body for 204.
import ConnectionGuard
import Hummingbird
import Leaderboard
import ScoresAPI

/// What a call's handler is given.
package struct CallRequest<Body: Sendable>: Sendable {
    package let request: Request
    package let context: AppContext
    /// The signed-in player: always for a call that needs one, when a token was sent for one that
    /// reads it optionally, never otherwise.
    package let player: PlayerRecord?
    package let body: Body

    /// A parameter of the call's path.
    package func parameter(_ parameter: PathParameter) throws -> String { try context.parameters.text(parameter.name) }

    /// The signed-in player of a call that needs one.
    package var signedIn: PlayerRecord {
        get throws {
            guard let player else { throw APIError(.unauthorized, .missingToken, "sign in first: send your token as \"Authorization: Bearer <token>\"") }
            return player
        }
    }

    /// What the call's shared rule (CallHandlers) reads: the player, the body, the path's values
    /// and the query; what it asked wrongly is refused 400.
    package var arguments: CallArguments<Body> {
        let (request, context) = (request, context)
        return CallArguments(player: player, body: body,
                             path: { parameter in try context.parameters.text(parameter.name) },
                             query: { name in request.uri.queryParameters.get(name) },
                             refusal: { code, message in APIError(.badRequest, code, message) })
    }
}

/// What a handler answers: a value to encode, or a body already encoded (a board's cached first page).
package enum CallAnswer<Value: Sendable>: Sendable {
    case value(Value)
    case encoded(EncodedPage)
}

/// A per-route rate limit, counted after sign-in and before the body is read.
package struct CallLimit: Sendable {
    let limiter: RateLimiter
    /// What is counted, in the refusal's words ("too many <what>").
    let what: String
    /// Whom it is counted against.
    let key: @Sendable (AppContext, PlayerRecord?) -> String

    package init(_ limiter: RateLimiter, _ what: String, key: @escaping @Sendable (AppContext, PlayerRecord?) -> String) {
        (self.limiter, self.what, self.key) = (limiter, what, key)
    }
}

/// The router, for registering calls: `calls.on(APICalls.ownProfile) { try await service.ownProfile(try $0.signedIn) }`.
package struct CallRouter {
    let router: Router<AppContext>
    let service: LeaderboardService

    package init(_ router: Router<AppContext>, service: LeaderboardService) { (self.router, self.service) = (router, service) }

    /// Registers `call`; `handle` answers a value.
    package func on<Body: WirePayload & Decodable, Value: WirePayload & Encodable>(
        _ call: APICall<Body, Value>, limit: CallLimit? = nil, _ handle: @escaping @Sendable (CallRequest<Body>) async throws -> Value
    ) {
        encoded(call, limit: limit) { request in .value(try await handle(request)) }
    }

    /// Registers `call`; `answer` may answer with a body already encoded.
    package func encoded<Body: WirePayload & Decodable, Value: WirePayload & Encodable>(
        _ call: APICall<Body, Value>, limit: CallLimit? = nil, _ answer: @escaping @Sendable (CallRequest<Body>) async throws -> CallAnswer<Value>
    ) {
        let (declared, auth, service) = (call.reply, call.auth, service)
        router.on(RouterPath(call.path.routerPath), method: call.method.http) { request, context in
            let player = try await CallRoutes.player(auth, request, service)
            if let limit, let wait = limit.limiter.check(limit.key(context, player)) { throw APIError.tooMany(limit.what, retryAfter: wait) }
            let body: Body
            if let nothing = NoBody() as? Body { body = nothing } else { body = try await JSONBody.decode(Body.self, from: request) }
            let answered = try await answer(CallRequest(request: request, context: context, player: player, body: body))
            return try CallRoutes.response(answered, declared, request)
        }
    }
}

enum CallRoutes {
    /// The player a request signs in as, as the call's auth says.
    static func player(_ auth: CallAuth, _ request: Request, _ service: LeaderboardService) async throws -> PlayerRecord? {
        switch auth {
        case .anyone: nil
        case .player: try await service.authenticate(token: try request.bearerToken())
        case .playerIfSent: request.headers[.authorization] == nil ? nil : try await service.authenticate(token: try request.bearerToken())
        }
    }

    static func response<Value: Encodable>(_ answer: CallAnswer<Value>, _ declared: CallReply, _ request: Request) throws -> Response {
        if declared.status == 204 { return Response(status: .noContent) }
        let status = Self.status(declared.status)
        switch answer {
        case .encoded(let page):
            return declared.conditional ? Reply.etagged(page, request: request) : Reply.bytes(page.body, status: status)
        case .value(let value):
            return declared.conditional ? try Reply.etagged(value, request: request) : try Reply.json(value, status: status)
        }
    }
}

extension CallRoutes {
    /// The status by its name where it has one (so the status line reads "201 Created").
    static func status(_ code: Int) -> HTTPResponse.Status {
        switch code {
        case 200: .ok
        case 201: .created
        case 204: .noContent
        default: HTTPResponse.Status(code: code)
        }
    }
}

extension CallMethod {
    var http: HTTPRequest.Method {
        switch self {
        case .get: .get
        case .put: .put
        case .post: .post
        case .patch: .patch
        case .delete: .delete
        }
    }
}
