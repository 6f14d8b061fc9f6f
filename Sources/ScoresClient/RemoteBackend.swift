// The scores on a plume-server, over HTTP: each call of the /v1 JSON API sent as ScoresAPI declares
// it (APICalls: method, path, query, body), with ETags for board reads, bearer tokens, and every
// status turned into a failure in plain words.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GameState
import ScoresAPI

public final class RemoteBackend: ScoresBackend {
    public let base: URL
    public var place: String { base.host.map { host in base.port.map { "\(host):\($0)" } ?? host } ?? base.absoluteString }
    public var key: String { base.absoluteString }
    public var isLocal: Bool { false }
    private let http: HTTPFetcher
    /// A hosted game's pass (see `plume hosted`), sent with every request as Plume-Pass.
    let pass: String?

    public init(base: URL, deadline: Duration = .seconds(5), maxBytes: Int = 1 << 20, pass: String? = nil) {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        self.base = URL(string: text) ?? base
        http = HTTPFetcher(deadline: deadline, maxBytes: maxBytes)
        self.pass = pass
    }

    // MARK: Reads

    public func boards() async throws(ScoresFailure) -> BoardList {
        try decode(try await send(APICalls.boards, query: [(.include, APICalls.includeEarlier)]))
    }

    public func board(_ id: String) async throws(ScoresFailure) -> BoardInfo {
        try decode(try await send(APICalls.board, path: [.board: id]))
    }

    public func top(board: String, limit: Int, etag: String?) async throws(ScoresFailure) -> Fetched<BoardPage> {
        try fetched(try await send(APICalls.top, path: [.board: board], query: [(.pageLimit, String(limit))], etag: etag))
    }

    public func aroundMe(board: String, token: String, radius: Int, etag: String?) async throws(ScoresFailure) -> Fetched<BoardPage> {
        try fetched(try await send(APICalls.aroundMe, path: [.board: board], query: [(.radius, String(radius))], token: token, etag: etag))
    }

    public func contributors(limit: Int, etag: String?) async throws(ScoresFailure) -> Fetched<BoardPage> {
        try fetched(try await send(APICalls.contributors, query: [(.pageLimit, String(limit))], etag: etag))
    }

    public func causes() async throws(ScoresFailure) -> CauseList {
        try decode(try await send(APICalls.causes))
    }

    public func profile(token: String) async throws(ScoresFailure) -> OwnProfile {
        try decode(try await send(APICalls.ownProfile, token: token))
    }

    public func publicProfile(playerID: String, token: String?, etag: String?) async throws(ScoresFailure) -> Fetched<PublicProfile> {
        try fetched(try await send(APICalls.publicProfile, path: [.player: playerID], token: token, etag: etag))
    }

    public func record(playerID: String, limit: Int, cursor: String?) async throws(ScoresFailure) -> PlayerDays {
        var query: [(QueryParameter, String)] = [(.recordLimit, String(limit))]
        if let cursor { query.append((.recordCursor, cursor)) }
        return try decode(try await send(APICalls.record, path: [.player: playerID], query: query))
    }

    public func news(token: String, after: Int64) async throws(ScoresFailure) -> NewsPage {
        try decode(try await send(APICalls.news, query: [(.after, String(after))], token: token))
    }

    // MARK: Writes

    public func register(_ request: RegisterRequest) async throws(ScoresFailure) -> Registered {
        try decode(try await send(APICalls.register, request))
    }

    public func updateProfile(token: String, _ update: ProfileUpdate) async throws(ScoresFailure) -> OwnProfile {
        try decode(try await send(APICalls.updateProfile, update, token: token))
    }

    public func submit(token: String, _ request: SubmitRequest) async throws(ScoresFailure) -> SubmissionResult {
        try decode(try await send(APICalls.submit, request, token: token))
    }

    public func donate(token: String, _ request: DonationRequest) async throws(ScoresFailure) -> DonationResult {
        try decode(try await send(APICalls.donate, request, token: token))
    }

    // MARK: SSH keys

    public func keys(token: String) async throws(ScoresFailure) -> KeyList {
        try decode(try await send(APICalls.keys, token: token))
    }

    public func addKey(token: String, line: String) async throws(ScoresFailure) -> KeyInfo {
        try decode(try await send(APICalls.addKey, AddKeyRequest(publicKey: line), token: token))
    }

    public func removeKey(token: String, fingerprint: String) async throws(ScoresFailure) {
        _ = try await send(APICalls.removeKey, query: [(.fingerprint, fingerprint)], token: token)
    }

    // MARK: Following

    public func findPlayer(name: String) async throws(ScoresFailure) -> Identity {
        try decode(try await send(APICalls.findPlayer, query: [(.playerName, name)]))
    }

    public func following(token: String) async throws(ScoresFailure) -> FollowingList {
        try decode(try await send(APICalls.following, token: token))
    }

    public func follow(token: String, playerID: String) async throws(ScoresFailure) -> FollowedPlayer {
        try decode(try await send(APICalls.follow, path: [.player: playerID], token: token))
    }

    public func unfollow(token: String, playerID: String) async throws(ScoresFailure) {
        _ = try await send(APICalls.unfollow, path: [.player: playerID], token: token)
    }

    public func boardAmongFollowed(board: String, token: String, etag: String?) async throws(ScoresFailure) -> Fetched<BoardPage> {
        try fetched(try await send(APICalls.boardAmongFollowed, path: [.board: board], token: token, etag: etag))
    }

    // MARK: Settings

    public func settings(token: String) async throws(ScoresFailure) -> PlayerSettings {
        try decode(try await send(APICalls.settings, token: token))
    }

    public func changeSettings(token: String, _ settings: PlayerSettings) async throws(ScoresFailure) -> PlayerSettings {
        try decode(try await send(APICalls.changeSettings, settings, token: token))
    }

    // MARK: The Runway

    public func runwayDay(_ day: String, token: String?) async throws(ScoresFailure) -> RunwayDay {
        try decode(try await send(APICalls.runwayDay, path: [.day: day], token: token))
    }

    public func enterRunway(token: String, day: String, _ request: RunwayEntryRequest) async throws(ScoresFailure) -> RunwayEntered {
        try decode(try await send(APICalls.enterRunway, request, path: [.day: day], token: token))
    }

    public func runwayPair(token: String, day: String) async throws(ScoresFailure) -> RunwayPairDealt {
        try decode(try await send(APICalls.runwayPair, path: [.day: day], token: token))
    }

    public func runwayVote(token: String, _ request: RunwayVoteRequest) async throws(ScoresFailure) -> RunwayVoteRecorded {
        try decode(try await send(APICalls.runwayVote, request, token: token))
    }

    // MARK: Plumbing

    /// A query value, with everything but unreserved characters escaped.
    static func query(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    static func segment(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// Sends `call` as declared: its method; its path with `path`'s values put in; `query`'s values
    /// in the order given; the token, the ETag held and the body (as JSON) when given.
    private func send<Body: WirePayload & Encodable, Value: WirePayload>(
        _ call: APICall<Body, Value>, _ body: Body, path values: [PathParameter: String] = [:], query: [(QueryParameter, String)] = [],
        token: String? = nil, etag: String? = nil
    ) async throws(ScoresFailure) -> HTTPFetcher.Reply {
        guard let path = call.path.filled(values, escape: Self.segment) else {
            throw ScoresFailure(.malformed, "the request to \(call.path.template) is missing a part of its address")
        }
        let asked = query.map { parameter, value in parameter.name + "=" + Self.query(value) }
        var data: Data?
        if call.declaration.body != nil { data = try encode(body) }
        return try await fetch(call.method.rawValue, asked.isEmpty ? path : path + "?" + asked.joined(separator: "&"), token: token, etag: etag, body: data)
    }

    /// Sends a call that carries no body.
    private func send<Value: WirePayload>(
        _ call: APICall<NoBody, Value>, path values: [PathParameter: String] = [:], query: [(QueryParameter, String)] = [],
        token: String? = nil, etag: String? = nil
    ) async throws(ScoresFailure) -> HTTPFetcher.Reply {
        try await send(call, NoBody(), path: values, query: query, token: token, etag: etag)
    }

    private func fetch(_ method: String, _ path: String, token: String? = nil, etag: String? = nil, body: Data? = nil) async throws(ScoresFailure) -> HTTPFetcher.Reply {
        guard let url = URL(string: base.absoluteString + path) else {
            throw ScoresFailure(.malformed, "the address \(SafeText.quoted(base.absoluteString + path)) isn't a URL")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("plume/\(ClientVersion.current)", forHTTPHeaderField: "User-Agent")
        if let token { request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization") }
        if let pass { request.setValue(pass, forHTTPHeaderField: "Plume-Pass") }
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let reply = try await http.fetch(request)
        switch reply.status {
        case 200..<300, 304:
            return reply
        default:
            throw failure(reply)
        }
    }

    /// A refusal in the server's own words (`{"error":{"code","message"}}`), else in ours.
    private func failure(_ reply: HTTPFetcher.Reply) -> ScoresFailure {
        let said = try? JSONDecoder().decode(ErrorReply.self, from: reply.body)
        let code = said.flatMap { $0.error.code.word }
        let message = said.map { SafeText.strip($0.error.message) }
        let retry = reply.header("Retry-After").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { min(max($0, 1), 86_400) }
        switch reply.status {
        case 401:
            return ScoresFailure(.unauthorized, code: code, message ?? "the server doesn't know this player's token — register again")
        case 429:
            return ScoresFailure(.rateLimited, code: code, "too many requests — try again in \(retry ?? 60) s", retryAfter: retry ?? 60)
        case 503:
            return ScoresFailure(.unavailable, code: code, message ?? "\(place) is busy — try again shortly", retryAfter: retry)
        case 400..<500:
            if let message { return ScoresFailure(.refused, code: code, message) }
            return ScoresFailure(.malformed, "\(place) answered \(reply.status) without saying why — is it a plume-server?")
        default:
            return ScoresFailure(.unavailable, code: code, "\(place) had a problem (HTTP \(reply.status))", retryAfter: retry)
        }
    }

    private func decode<Value: Decodable>(_ reply: HTTPFetcher.Reply) throws(ScoresFailure) -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: reply.body)
        } catch {
            throw ScoresFailure(.malformed, "\(place) sent an answer the game couldn't read — is it a plume-server?")
        }
    }

    private func fetched<Value: Decodable & Sendable & Equatable>(_ reply: HTTPFetcher.Reply) throws(ScoresFailure) -> Fetched<Value> {
        if reply.status == 304 { return .unchanged }
        return .fresh(try decode(reply), etag: reply.header("ETag"))
    }

    private func encode(_ value: some Encodable) throws(ScoresFailure) -> Data {
        do { return try JSONEncoder().encode(value) } catch { throw ScoresFailure(.malformed, "the request couldn't be written: \(error)") }
    }
}

public enum ClientVersion {
    public static let current = "0.2.0"
}
