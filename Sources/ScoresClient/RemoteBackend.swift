// The scores on a plume-server, over HTTP: any call of the /v1 JSON API sent as ScoresAPI declares
// it (APICalls: method, path, query, body), in one generic method, with ETags for conditional
// reads, bearer tokens, and every status turned into a failure in plain words.
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

    /// How long a submission may take: the server scores a swarm on two boards of eight runs
    /// each, and may have others waiting before it (reads keep the shorter deadline).
    let submitDeadline: Double

    public init(base: URL, deadline: Duration = .seconds(5), submitDeadline: Duration = .seconds(30), maxBytes: Int = 1 << 20, pass: String? = nil) {
        self.submitDeadline = Double(submitDeadline.components.seconds)
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        self.base = URL(string: text) ?? base
        http = HTTPFetcher(deadline: deadline, maxBytes: maxBytes)
        self.pass = pass
    }

    /// Sends `call` as declared: its method; its path with the input's values put in; its query
    /// in the order given; the token, the ETag held and the body (as JSON) when there are.
    public func answer<Request: WireValue, Reply: WireValue>(_ call: APICall<Request, Reply>, _ input: CallInput<Request>,
                                                             token: String?, etag: String?) async throws(ScoresFailure) -> Fetched<Reply> {
        guard let path = call.path.filled(input.path, escape: Self.segment) else {
            throw ScoresFailure(.malformed, "the request to \(call.path.template) is missing a part of its address")
        }
        let asked = input.query.map { $0.parameter.name + "=" + Self.query($0.value) }
        var data: Data?
        if call.declaration.body != nil { data = try encode(input.body) }
        let reply = try await fetch(call.method.rawValue, asked.isEmpty ? path : path + "?" + asked.joined(separator: "&"),
                                    token: token, etag: etag, body: data,
                                    deadline: call.declaration.name == APICalls.submit.declaration.name ? submitDeadline : nil)
        if reply.status == 304 { return .unchanged }
        // A call answered with no body (204).
        if let nothing = NoBody() as? Reply { return .fresh(nothing, etag: nil) }
        return .fresh(try decode(reply), etag: reply.header("ETag"))
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

    private func fetch(_ method: String, _ path: String, token: String? = nil, etag: String? = nil, body: Data? = nil,
                       deadline: Double? = nil) async throws(ScoresFailure) -> HTTPFetcher.Reply {
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
        let reply = try await http.fetch(request, deadline: deadline)
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

    private func encode(_ value: some Encodable) throws(ScoresFailure) -> Data {
        do { return try JSONEncoder().encode(value) } catch { throw ScoresFailure(.malformed, "the request couldn't be written: \(error)") }
    }
}

public enum ClientVersion {
    public static let current = "0.2.0"
}
