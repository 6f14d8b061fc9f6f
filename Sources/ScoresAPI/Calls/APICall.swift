// A call of the leaderboard's JSON API, declared once: its method and path, who may make it, the
// query and headers it reads, what it sends and what it gets back (types, and so schemas), the
// status of its answer and the refusals it can give. The server's route, the game's remote client
// and the OpenAPI document all read the same declaration (APICalls and the files beside this one).

/// The HTTP methods the API uses.
public enum CallMethod: String, Sendable, CaseIterable {
    case get = "GET"
    case put = "PUT"
    case post = "POST"
    case patch = "PATCH"
    case delete = "DELETE"
}

/// Who may make a call.
public enum CallAuth: Sendable, Equatable {
    /// Anyone: no token is read.
    case anyone
    /// A signed-in player: `Authorization: Bearer <token>` (a hosted game's pass is a token too);
    /// refused with 401 without one.
    case player
    /// Anyone; with the player's own token the answer says more (a token sent is checked, 401).
    case playerIfSent
}

/// A parameter in a call's path, such as `{board}`. Two are the same parameter when they have
/// the same name.
public struct PathParameter: Sendable, Hashable {
    public let name: String
    public let schema: JSONSchema
    public let description: String?

    public init(_ name: String, _ schema: JSONSchema, _ description: String? = nil) {
        (self.name, self.schema, self.description) = (name, schema, description)
    }

    public static func == (a: PathParameter, b: PathParameter) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A call's path: a template with its parameters in braces, `/v1/boards/{board}/top`.
public struct CallPath: Sendable, Equatable {
    public let template: String
    /// The parameters the template names, in its order.
    public let parameters: [PathParameter]

    public init(_ template: String, _ parameters: PathParameter...) {
        (self.template, self.parameters) = (template, parameters)
    }

    /// The text between the slashes: a literal, or a parameter's name in braces.
    public var segments: [Substring] { template.split(separator: "/") }

    /// The names in braces, in order (a test checks each is a declared parameter).
    public var namedInTemplate: [String] { segments.compactMap(Self.parameterName) }

    /// As Hummingbird's router spells it: `v1/boards/:board/top`.
    public var routerPath: String {
        segments.map { (segment: Substring) -> String in Self.parameterName(segment).map { ":" + $0 } ?? String(segment) }
            .joined(separator: "/")
    }

    /// The path with each parameter's value put in by `escape`; nil when a value is missing.
    public func filled(_ values: [PathParameter: String], escape: (String) -> String) -> String? {
        var path = ""
        for segment in segments {
            path += "/"
            guard let name = Self.parameterName(segment) else {
                path += segment
                continue
            }
            guard let value = values.first(where: { $0.key.name == name })?.value else { return nil }
            path += escape(value)
        }
        return path
    }

    static func parameterName(_ segment: Substring) -> String? {
        guard segment.count > 2, segment.hasPrefix("{"), segment.hasSuffix("}") else { return nil }
        return String(segment.dropFirst().dropLast())
    }
}

/// A query parameter a call reads. Two are the same parameter when they have the same name.
public struct QueryParameter: Sendable, Hashable {
    public let name: String
    public let schema: JSONSchema
    public let isRequired: Bool
    public let description: String?
    /// How a value that isn't what the schema says (or a missing required one) is refused.
    public let refusal: CallRefusal?

    public init(_ name: String, _ schema: JSONSchema, required: Bool = false, _ description: String? = nil, refusal: CallRefusal? = nil) {
        (self.name, self.schema, self.isRequired, self.description, self.refusal) = (name, schema, required, description, refusal)
    }

    public static func == (a: QueryParameter, b: QueryParameter) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A request header a call reads besides the ones every call reads (Authorization, If-None-Match).
public struct HeaderParameter: Sendable {
    public let name: String
    public let description: String?
    /// How a header that doesn't do what it should is refused.
    public let refusal: CallRefusal?

    public init(_ name: String, _ description: String? = nil, refusal: CallRefusal? = nil) {
        (self.name, self.description, self.refusal) = (name, description, refusal)
    }
}

/// A refusal a call can give: an HTTP status and the machine code in its body
/// (`{"error":{"code":…,"message":…}}`, `ErrorReply`).
public struct CallRefusal: Sendable, Hashable {
    public let status: Int
    public let code: ErrorCode
    /// How the document words this status for the call, when not in the usual words.
    public let words: String?

    public init(_ status: Int, _ code: ErrorCode, words: String? = nil) { (self.status, self.code, self.words) = (status, code, words) }

    public static func badRequest(_ code: ErrorCode) -> CallRefusal { CallRefusal(400, code) }
    public static func unauthorized(_ code: ErrorCode) -> CallRefusal { CallRefusal(401, code) }
    public static func forbidden(_ code: ErrorCode) -> CallRefusal { CallRefusal(403, code) }
    public static func notFound(_ code: ErrorCode) -> CallRefusal { CallRefusal(404, code) }
    public static func conflict(_ code: ErrorCode) -> CallRefusal { CallRefusal(409, code) }
    public static func tooLarge(_ code: ErrorCode) -> CallRefusal { CallRefusal(413, code) }
    public static func unprocessable(_ code: ErrorCode) -> CallRefusal { CallRefusal(422, code) }
    public static func tooMany(_ code: ErrorCode) -> CallRefusal { CallRefusal(429, code) }
    public static func unavailable(_ code: ErrorCode) -> CallRefusal { CallRefusal(503, code) }

    /// The same refusal, worded for this call.
    public func worded(_ words: String) -> CallRefusal { CallRefusal(status, code, words: words) }

    /// How the document words a refusal's status when the call says nothing of its own.
    public static func usualWords(_ status: Int) -> String {
        status == 503 ? "Busy, starting, shutting down or without its database; Retry-After says when to try again"
            : "Refused, with the reason in plain words"
    }

    /// What any call can be answered with: too many requests from one address (429, with
    /// Retry-After), and a server shutting down, at its connection limit or without its database
    /// (503, with Retry-After).
    public static let anyCall: [CallRefusal] = [
        .tooMany(.rateLimited), .unavailable(.storageUnavailable), .unavailable(.cancelled), .unavailable(.overloaded),
    ]
    /// What a call with a JSON body can be answered with: a body that is missing, not JSON, not an
    /// object or over the size limit, or a field missing or of the wrong type (`JSONBody`).
    public static let anyBody: [CallRefusal] = [
        .badRequest(.emptyBody), .badRequest(.malformedJSON), .badRequest(.notAnObject), .tooLarge(.bodyTooLarge),
        .unprocessable(.missingField), .unprocessable(.wrongType),
    ]
    /// What a call that reads a token can be answered with: none, or one of no player.
    public static let anyToken: [CallRefusal] = [.unauthorized(.missingToken), .unauthorized(.invalidToken)]
}

/// How a call is answered when it goes well.
public struct CallReply: Sendable, Equatable {
    public let status: Int
    /// What the answer is, in the document's words.
    public let words: String
    /// A conditional read: the answer carries an ETag and `Cache-Control: no-cache`, and a request
    /// whose If-None-Match holds that tag is answered 304 with no body.
    public let conditional: Bool

    public static func ok(_ words: String, conditional: Bool = false) -> CallReply {
        CallReply(status: 200, words: words, conditional: conditional)
    }

    public static func created(_ words: String) -> CallReply { CallReply(status: 201, words: words, conditional: false) }
    public static func noContent(_ words: String) -> CallReply { CallReply(status: 204, words: words, conditional: false) }
}

/// Everything a call declares, whatever its types: what the document and the tests read.
public struct CallDeclaration: Sendable {
    /// The operation's name in the document (`operationId`).
    public let name: String
    public let method: CallMethod
    public let path: CallPath
    public let auth: CallAuth
    public let summary: String
    /// More words for the document, when the summary doesn't say enough.
    public let notes: String?
    public let query: [QueryParameter]
    public let headers: [HeaderParameter]
    /// The request body's schema; nil when the call sends none.
    public let body: JSONSchema?
    public let reply: CallReply
    /// The answer's schema; nil when it has no body (204).
    public let replySchema: JSONSchema?
    /// The refusals particular to this call (`allRefusals` adds those of its shape).
    public let refusals: [CallRefusal]

    /// Every refusal the call can give: its own, its parameters' and headers', those of a call
    /// with a body or a token, and those of any call; each once, in that order.
    public var allRefusals: [CallRefusal] {
        var all = refusals + query.compactMap(\.refusal) + headers.compactMap(\.refusal)
        if body != nil { all += CallRefusal.anyBody }
        if auth != .anyone { all += CallRefusal.anyToken }
        all += CallRefusal.anyCall
        var seen = Set<CallRefusal>()
        return all.filter { seen.insert(CallRefusal($0.status, $0.code)).inserted }
    }
}

/// A call whose request body is a `Request` and whose answer is a `Reply` (`NoBody` for none).
public struct APICall<Request: WirePayload, Reply: WirePayload>: Sendable {
    public let declaration: CallDeclaration

    public init(_ name: String, _ method: CallMethod, _ path: CallPath, auth: CallAuth, summary: String, notes: String? = nil,
                query: [QueryParameter] = [], headers: [HeaderParameter] = [], reply: CallReply, refusals: [CallRefusal] = []) {
        declaration = CallDeclaration(name: name, method: method, path: path, auth: auth, summary: summary, notes: notes, query: query,
                                      headers: headers, body: Request.bodySchema, reply: reply, replySchema: Reply.bodySchema,
                                      refusals: refusals)
    }

    public var method: CallMethod { declaration.method }
    public var path: CallPath { declaration.path }
    public var auth: CallAuth { declaration.auth }
    public var reply: CallReply { declaration.reply }
}
