// Each call's rule, bound once: which service method answers a declared call (APICalls) and how it
// reads the call's path, query and body. The server's routes (LeaderboardServer's APIRoutes) and
// the game's local board (ScoresClient's LocalBackend) answer from this one table, and each adds
// only what is its own around it: the server HTTP (the player signed in from a header, rate limits,
// the log, a hosted game's pass, a first page already encoded), the local board what a server does
// in the background (closing days, refitting the runway). No HTTP here: the game links this.
import ScoresAPI

/// What a call's rule is given, wherever the call came from: the player signed in as the call's
/// auth says, its body, its path's values and its query.
public struct CallArguments<Body: Sendable>: Sendable {
    /// The signed-in player: always for a call that needs one, when a token was sent for one that
    /// reads it optionally, never otherwise.
    public let player: PlayerRecord?
    public let body: Body
    private let pathValue: @Sendable (PathParameter) throws -> String
    private let queryValue: @Sendable (String) -> String?
    private let refuse: @Sendable (Spelled<ErrorCode>, String) -> any Error

    /// `refusal` words what the request asked wrongly (the server answers it 400).
    public init(player: PlayerRecord?, body: Body, path: @escaping @Sendable (PathParameter) throws -> String,
                query: @escaping @Sendable (String) -> String?, refusal: @escaping @Sendable (Spelled<ErrorCode>, String) -> any Error) {
        (self.player, self.body, pathValue, queryValue, refuse) = (player, body, path, query, refusal)
    }

    /// A parameter of the call's path.
    public func parameter(_ parameter: PathParameter) throws -> String { try pathValue(parameter) }

    /// A query parameter's value, if sent.
    public func query(_ parameter: QueryParameter) -> String? { queryValue(parameter.name) }

    /// The signed-in player of a call that needs one.
    public var signedIn: PlayerRecord {
        get throws {
            guard let player else { throw LeaderboardError(.unauthorized, .missingToken, "sign in first: send your token as \"Authorization: Bearer <token>\"") }
            return player
        }
    }

    /// A whole-number query parameter in `range`, `fallback` when absent; refused as
    /// `invalid_<name>` otherwise.
    public func integer(_ parameter: QueryParameter, in range: ClosedRange<Int>, default fallback: Int) throws -> Int {
        guard let text = query(parameter) else { return fallback }
        guard text.utf8.count <= 9, let value = Int(text), range.contains(value) else {
            throw refuse(Spelled(rawValue: "invalid_\(parameter.name)"),
                         "\(parameter.name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// What the request asked wrongly, in words.
    public func refused(_ code: ErrorCode, _ message: String) -> any Error { refuse(Spelled(code), message) }
}

/// A call's rule: the declared call and what answers it.
public struct CallHandler<Body: WireValue, Value: WireValue>: Sendable {
    public let call: APICall<Body, Value>
    public let answer: @Sendable (LeaderboardService, CallArguments<Body>) async throws -> Value

    public init(_ call: APICall<Body, Value>, _ answer: @escaping @Sendable (LeaderboardService, CallArguments<Body>) async throws -> Value) {
        (self.call, self.answer) = (call, answer)
    }
}

/// What takes each rule of the table with its types (the server, registering its routes).
public protocol CallHandlerVisitor {
    func visit<Body: WireValue, Value: WireValue>(_ handler: CallHandler<Body, Value>)
}

/// A rule with its types erased, as the table holds it.
public struct AnyCallHandler: Sendable {
    /// The call's operation name.
    public let name: String
    fileprivate let handler: any Sendable
    private let visit: @Sendable (any CallHandlerVisitor) -> Void

    public init<Body: WireValue, Value: WireValue>(_ handler: CallHandler<Body, Value>) {
        name = handler.call.declaration.name
        self.handler = handler
        visit = { visitor in visitor.visit(handler) }
    }

    /// `CallHandler(call, answer)`, erased: a line of the table.
    public static func on<Body: WireValue, Value: WireValue>(
        _ call: APICall<Body, Value>, _ answer: @escaping @Sendable (LeaderboardService, CallArguments<Body>) async throws -> Value
    ) -> AnyCallHandler {
        AnyCallHandler(CallHandler(call, answer))
    }

    /// Hands the rule, typed, to `visitor`.
    public func accept(_ visitor: any CallHandlerVisitor) { visit(visitor) }
}

public enum CallHandlers {
    /// Every rule, a feature's group a line, each group in its feature's folder (`<Feature>Handlers.swift`):
    /// players, their days, their settings and keys, following, boards and causes, the runway. The
    /// server's own (erasing, SSH keys added and removed, watching) are in its routes.
    public static let all: [AnyCallHandler] = [
        players,
        days,
        leagues,
        crews,
        hosting,
        following,
        boards,
        runway,
    ].flatMap { $0 }

    private static let byName: [String: AnyCallHandler] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The rule for `call`, if the table has one.
    public static func handler<Body: WireValue, Value: WireValue>(for call: APICall<Body, Value>) -> CallHandler<Body, Value>? {
        byName[call.declaration.name]?.handler as? CallHandler<Body, Value>
    }
}
