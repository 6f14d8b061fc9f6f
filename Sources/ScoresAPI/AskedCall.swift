// The game's one command for any declared call, and the answer it hears. A screen asks for a call
// by its declaration (`ScoresCommand.ask(APICalls.runwayPair, path: [.day: day])`) and reads the
// answer back by the same declaration (`replied.reply(to: APICalls.runwayPair)`), so a new call
// the game makes is its declaration in APICalls and the screen that uses it: no command, event or
// backend method of its own. The types are erased on the way (a command is one Equatable value)
// and recovered from the declaration on the way back.

/// A body or a reply with its type erased, compared as the value it holds.
public struct AnyWireValue: Sendable, Equatable, CustomStringConvertible {
    public let value: any Sendable
    private let equals: @Sendable (any Sendable) -> Bool

    public init<Value: Sendable & Equatable>(_ value: Value) {
        self.value = value
        equals = { other in (other as? Value) == value }
    }

    public static func == (a: AnyWireValue, b: AnyWireValue) -> Bool { a.equals(b.value) }

    public var description: String { String(describing: value) }
}

/// What a call in flight is about: calls with the same key replace each other's answers, so one
/// on its way per key is enough. Calls on one path (reading the SSH keys, adding one, removing
/// one) share a topic, so they go one at a time; a read is about its path's values (one board's
/// top, one day's runway), a change about its topic alone unless the asker names what it is about
/// (a vote, its ticket).
public struct CallKey: Hashable, Sendable, CustomStringConvertible {
    /// The call's path template.
    public let topic: String
    public let about: String
    /// Whether the player waits for the answer on the Scores screen ("refreshing…"); else it
    /// goes on behind whatever the screen shows. Not part of the key: the calls that share a
    /// topic say the same.
    public let awaited: Bool

    /// `awaited` defaults to whether the call is a read (GET).
    public init<Request: WirePayload, Reply: WirePayload>(_ call: APICall<Request, Reply>, about: String = "", awaited: Bool? = nil) {
        (topic, self.about, self.awaited) = (call.path.template, about, awaited ?? (call.method == .get))
    }

    public static func == (a: CallKey, b: CallKey) -> Bool { a.topic == b.topic && a.about == b.about }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(topic)
        hasher.combine(about)
    }

    public var description: String { about.isEmpty ? topic : "\(topic) (\(about))" }
}

/// A declared call as the game asks it: which call, its path values, query and body, and what it
/// is about; it knows how to have any backend answer it, with the types of its declaration.
public struct AskedCall: Sendable, Equatable, CustomStringConvertible {
    public let declaration: CallDeclaration
    public let path: [PathParameter: String]
    public let query: [QueryValue]
    public let body: AnyWireValue
    /// Sent without the player's token even though the call takes one when sent (`.playerIfSent`):
    /// another player's profile asked for as anyone sees it.
    public let anonymous: Bool
    public let key: CallKey
    private let respond: @Sendable (any ScoresBackend, String?, String?) async throws(ScoresFailure) -> Fetched<AnyWireValue>

    /// `about` names what a change is about when two of them may be on their way at once (a vote,
    /// by its ticket); `awaited` is `CallKey.awaited`.
    public init<Request: WireValue, Reply: WireValue>(_ call: APICall<Request, Reply>, _ input: CallInput<Request>, about: String? = nil,
                                                      anonymous: Bool = false, awaited: Bool? = nil) {
        declaration = call.declaration
        (path, query, body, self.anonymous) = (input.path, input.query, AnyWireValue(input.body), anonymous)
        let values = call.path.parameters.compactMap { input.path[$0] }.joined(separator: "/")
        key = CallKey(call, about: about ?? (call.method == .get ? values : ""), awaited: awaited)
        respond = { backend, token, etag throws(ScoresFailure) in
            switch try await backend.answer(call, input, token: token, etag: etag) {
            case .fresh(let reply, let etag): return .fresh(AnyWireValue(reply), etag: etag)
            case .unchanged: return .unchanged
            }
        }
    }

    /// Has `backend` answer the call with the declared types (`token` and `etag` as the session
    /// holds them).
    public func answer(from backend: any ScoresBackend, token: String?, etag: String?) async throws(ScoresFailure) -> Fetched<AnyWireValue> {
        try await respond(backend, token, etag)
    }

    /// Whether this is `call`.
    public func asks<Request: WirePayload, Reply: WirePayload>(_ call: APICall<Request, Reply>) -> Bool {
        declaration.name == call.declaration.name
    }

    /// What it was asked with, typed, when it is `call`.
    public func input<Request: WireValue, Reply: WirePayload>(of call: APICall<Request, Reply>) -> CallInput<Request>? {
        guard asks(call), let body = body.value as? Request else { return nil }
        return CallInput(path: path, query: query, body: body)
    }

    public static func == (a: AskedCall, b: AskedCall) -> Bool {
        a.declaration.name == b.declaration.name && a.path == b.path && a.query == b.query && a.body == b.body
            && a.anonymous == b.anonymous && a.key == b.key
    }

    public var description: String {
        let values = declaration.path.parameters.compactMap { path[$0] }
        return declaration.name + "(" + (values + query.map { "\($0.parameter.name)=\($0.value)" }).joined(separator: ", ") + ")"
    }
}

/// A declared call's answer: the call asked, its reply, and whether a conditional read found the
/// copy held unchanged (the held copy is the reply then).
public struct Replied: Sendable, Equatable {
    public let asked: AskedCall
    public let value: AnyWireValue
    public let unchanged: Bool

    public init(_ asked: AskedCall, erased value: AnyWireValue, unchanged: Bool = false) {
        (self.asked, self.value, self.unchanged) = (asked, value, unchanged)
    }

    public init<Reply: Sendable & Equatable>(_ asked: AskedCall, _ reply: Reply, unchanged: Bool = false) {
        self.init(asked, erased: (reply as? AnyWireValue) ?? AnyWireValue(reply), unchanged: unchanged)
    }

    /// The reply, typed, when this answers `call`.
    public func reply<Request: WirePayload, Reply: WirePayload>(to call: APICall<Request, Reply>) -> Reply? {
        guard asked.asks(call) else { return nil }
        return value.value as? Reply
    }
}
