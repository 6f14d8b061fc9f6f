// One protocol for wherever the scores live: a plume-server over HTTP, or the same leaderboard
// service in-process over a SQLite file (the local board). The game cannot tell them apart. Each
// answers any call APICalls declares through one generic method, typed by the declaration.

/// Why a scores request did not get an answer the game can use, in words for a player.
public struct ScoresFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// Nothing answered: refused, unreachable, no such host.
        case offline
        /// An answer took longer than the client waits (5 s); the request was abandoned.
        case timedOut
        /// A TLS handshake or certificate problem.
        case tls
        /// 429: too many requests; `retryAfter` says when to try again.
        case rateLimited
        /// 503 or any other server-side fault.
        case unavailable
        /// 401: the token is not (or no longer) valid.
        case unauthorized
        /// A definite "no" from the leaderboard (name taken, board closed, not enough points…).
        case refused
        /// A reply that isn't the JSON the game expects, or is larger than it reads.
        case malformed
    }

    public var kind: Kind
    /// The leaderboard's machine code for a refusal (`name_taken`, `board_closed`…), when it sent
    /// one this build knows (the game acts on those; for any other it shows the message).
    public var code: ErrorCode?
    public var message: String
    public var retryAfter: Int?

    public init(_ kind: Kind, code: ErrorCode? = nil, _ message: String, retryAfter: Int? = nil) {
        (self.kind, self.code, self.message, self.retryAfter) = (kind, code, message, retryAfter)
    }

    public var description: String { message }

    /// Whether trying the same request later may work: a submission that fails this way waits
    /// in the outbox. A refusal is final; so is a reply the game cannot read.
    public var isTransient: Bool {
        switch kind {
        case .offline, .timedOut, .tls, .rateLimited, .unavailable, .unauthorized: true
        case .refused, .malformed: false
        }
    }
}

/// A read that may be answered "unchanged since the copy you hold" (HTTP 304).
public enum Fetched<Value: Sendable & Equatable>: Sendable, Equatable {
    case fresh(Value, etag: String?)
    case unchanged
}

/// Who the player is on one leaderboard (the token itself stays with the client).
public struct Identity: Codable, Sendable, Equatable {
    public var playerID: String
    public var name: String

    public init(playerID: String, name: String) { (self.playerID, self.name) = (playerID, name) }

    enum CodingKeys: String, CodingKey { case playerID = "player_id", name }
}

public protocol ScoresBackend: Sendable {
    /// What the screen says it shows: "Local board", or the server's host.
    var place: String { get }
    /// The key credentials and the outbox are kept under: "local", or the server's URL.
    var key: String { get }
    var isLocal: Bool { get }

    /// Answers any declared call as its declaration says: `token` signs the player in (the
    /// session sends it where the call takes one), `etag` is the copy held of a conditional read,
    /// answered `.unchanged` when it still holds. A call this place doesn't answer is refused in
    /// words (the local board has no SSH keys and no watchers).
    func answer<Request: WireValue, Reply: WireValue>(_ call: APICall<Request, Reply>, _ input: CallInput<Request>,
                                                      token: String?, etag: String?) async throws(ScoresFailure) -> Fetched<Reply>
}

extension ScoresBackend {
    /// The reply to a call made without an ETag.
    public func call<Request: WireValue, Reply: WireValue>(_ call: APICall<Request, Reply>, _ input: CallInput<Request>,
                                                           token: String? = nil) async throws(ScoresFailure) -> Reply {
        switch try await answer(call, input, token: token, etag: nil) {
        case .fresh(let reply, _): return reply
        case .unchanged: throw ScoresFailure.unexpected304
        }
    }
}

extension ScoresFailure {
    /// A 304 to a read that sent no ETag, or that the session holds no copy for.
    public static let unexpected304 = ScoresFailure(.malformed, "the server said \"unchanged\" about something the game never had")
}
