// The leaderboard's doors: the server as a whole in this process (any method, path, query,
// headers and body against the built router over a real SQLite file), each JSON request body
// type on its own, SSH public key lines, sealed runway tickets and hosted passes (never opened
// when forged: what opens is spelled canonically), and forwarding headers with client addresses.
// Rules for the server: never a 5xx, and a refusal of the API carries a code from ErrorCode's list.
import ConnectionGuard
import Crypto
import Foundation
import GameState
import HTTPTypes
import Hummingbird
import Leaderboard
import LeaderboardServer
import Logging
import NIOCore
import NIOEmbedded
import ScoresAPI
import Synchronization

enum ServerDoors {
    static let harnesses = [
        Harness("server", "a whole HTTP request (method, path, query, headers, body) to the built router") { checkRequest($0) },
        Harness("json-bodies", "each JSON request body type on its own") { checkBody($0) },
        Harness("ssh-key", "an SSH public key line (the keys API, a hosted player's key)") { checkKey(text($0)) },
        Harness("sealed", "sealed runway tickets and hosted passes") { checkSealed(text($0)) },
        Harness("forwarded", "forwarding header chains and client addresses") { checkForwarded($0) },
    ]

    // MARK: The server, in process

    /// Runs async work from the fuzzer's synchronous callback.
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let result = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let outcome: Result<T, any Error>
            do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        return try result.withLock { $0! }.get()
    }

    struct Served: Sendable {
        let responder: Router<AppContext>.Responder
        let logger: Logger
    }

    /// A real server's router over a SQLite file of its own, with a player to sign requests as.
    static let served: Served = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plume-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var configuration = ServerConfiguration()
        configuration.database = folder.appendingPathComponent("scores.sqlite").path
        // Rate limits off: the fuzzer is one address sending many requests.
        configuration.requestsPerMinute = 0
        configuration.submissionsPerMinute = 0
        configuration.votesPerMinute = 0
        configuration.registrationsPerHour = 0
        let settings = configuration
        do {
            return try wait {
                let configuration = settings
                let store = try SQLiteStore(path: configuration.database)
                let service = try await makeService(store: store, configuration: configuration)
                try await service.loadIndex()
                _ = try await service.register(RegisterRequest(name: "Fuzz"))
                var logger = Logger(label: "plume-fuzz")
                logger.logLevel = .critical
                return Served(responder: buildRouter(service: service, configuration: configuration, metrics: ServerMetrics()).buildResponder(), logger: logger)
            }
        } catch {
            fatalError("the server to fuzz can't be made: \(error)")
        }
    }()

    /// A request from bytes: "METHOD PATH" on the first line, then header lines, an empty line
    /// and the body; anything malformed is still sent as well as it can be.
    static func request(_ bytes: [UInt8]) -> Request {
        let split = bytes.firstRange(of: [10, 10]) ?? bytes.endIndex..<bytes.endIndex
        let head = text(Array(bytes[..<split.lowerBound])).split(separator: "\n", omittingEmptySubsequences: false)
        let body = Array(bytes[split.upperBound...])
        let first = head.first.map { $0.split(separator: " ", maxSplits: 1) } ?? []
        let method = first.first.flatMap { HTTPRequest.Method(String($0)) } ?? .get
        var path = first.count > 1 ? String(first[1]) : "/"
        if !path.hasPrefix("/") { path = "/" + path }
        var fields = HTTPFields()
        for line in head.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let name = HTTPField.Name(String(parts[0]).trimmingCharacters(in: .whitespaces)) else { continue }
            fields.append(HTTPField(name: name, value: String(parts[1]).trimmingCharacters(in: .whitespaces)))
        }
        let head2 = HTTPRequest(method: method, scheme: "http", authority: "127.0.0.1", path: path, headerFields: fields)
        return Request(head: head2, body: RequestBody(buffer: ByteBuffer(bytes: body)))
    }

    static let knownCodes = Set(ErrorCode.allCases.map(\.rawValue))

    static func checkRequest(_ bytes: [UInt8]) -> String? {
        let served = served
        let request = request(bytes)
        let answer: (status: Int, type: String, body: [UInt8])
        do {
            answer = try wait {
                let context = AppContext(source: ApplicationRequestContextSource(channel: EmbeddedChannel(), logger: served.logger))
                do {
                    let response = try await served.responder.respond(to: request, context: context)
                    let collector = Collector()
                    try await response.body.write(collector)
                    return (response.status.code, response.headers[.contentType] ?? "", collector.bytes.withLock { $0 })
                } catch let error as any HTTPResponseError {
                    return (error.status.code, "thrown", [])
                }
            }
        } catch {
            return "the router threw \(error) for \(request.method) \(request.uri)"
        }
        if answer.status >= 500 { return "\(request.method) \(request.uri) answered \(answer.status)" }
        guard (400..<500).contains(answer.status), request.uri.path.hasPrefix("/v1/"), answer.type.hasPrefix("application/json") else { return nil }
        guard let reply = try? JSONDecoder().decode(ErrorReply.self, from: Data(answer.body)) else {
            return "\(request.method) \(request.uri) answered \(answer.status) without an error body"
        }
        return rule(knownCodes.contains(reply.error.code.rawValue) && !reply.error.message.isEmpty,
                    "\(request.method) \(request.uri) answered \(answer.status) with the undocumented code \(reply.error.code.rawValue)")
    }

    /// Gathers a response body.
    final class Collector: ResponseBodyWriter, Sendable {
        let bytes = Mutex<[UInt8]>([])
        func write(_ buffer: ByteBuffer) async throws { bytes.withLock { $0 += buffer.readableBytesView } }
        func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    // MARK: Bodies, keys, sealed things, addresses

    static func roundTrip<Body: Codable & Equatable>(_ type: Body.Type, _ data: Data) -> String? {
        guard let body = try? JSONDecoder().decode(Body.self, from: data) else { return nil }
        guard let again = try? JSONDecoder().decode(Body.self, from: JSONEncoder().encode(body)) else { return "a \(Body.self) read is written unreadably" }
        return rule(again == body, "a \(Body.self) read and written is another value")
    }

    static func checkBody(_ bytes: [UInt8]) -> String? {
        guard let first = bytes.first else { return nil }
        let data = Data(bytes.dropFirst())
        switch first % 10 {
        case 0: return roundTrip(RegisterRequest.self, data)
        case 1: return roundTrip(SubmitRequest.self, data)
        case 2: return roundTrip(ProfileUpdate.self, data)
        case 3: return roundTrip(DonationRequest.self, data)
        case 4: return roundTrip(AddKeyRequest.self, data)
        case 5: return roundTrip(RunwayEntryRequest.self, data)
        case 6: return roundTrip(RunwayVoteRequest.self, data)
        case 8: return roundTrip(CrewRequest.self, data)
        case 9: return roundTrip(CrewInviteRequest.self, data)
        default: return roundTrip(PlayerSettings.self, data)
        }
    }

    static func checkKey(_ line: String) -> String? {
        let key: SSHPublicKey
        do { key = try SSHPublicKey.parse(line) } catch { return LinkDoors.checkWords(error.message) }
        guard let again = try? SSHPublicKey.parse(key.type + " " + Data(key.blob).base64EncodedString()) else { return "an accepted key's own line is refused" }
        return rule(again.fingerprint == key.fingerprint && key.fingerprint.hasPrefix("SHA256:"), "an accepted key's own line is another key")
    }

    /// The servers' key for the fuzzer's sealed things: fixed, so the corpus holds genuine ones.
    static let key = SymmetricKey(data: Data(repeating: 7, count: 32))

    static func checkSealed(_ text: String) -> String? {
        if let ticket = try? RunwayTicket.open(text, key: key, voter: "fuzz-voter", now: 0) {
            if let broken = canonical(text, prefix: "rt1.") { return broken }
            if ticket.voter != "fuzz-voter" { return "a ticket for another voter opened" }
        }
        if HostedPass.open(text, key: key, now: 0) != nil, let broken = canonical(text, prefix: HostedPass.prefix) { return broken }
        return nil
    }

    /// What opens is spelled as the server spells it: one spelling per sealed box.
    static func canonical(_ text: String, prefix: String) -> String? {
        guard text.hasPrefix(prefix), let bytes = try? Base64URL.decode(text.utf8.dropFirst(prefix.utf8.count)) else {
            return "\(text.debugDescription) opened without its prefix and base64url"
        }
        return rule(prefix + Base64URL.encode(bytes) == text, "\(text.debugDescription) opened though it is not the canonical spelling")
    }

    static func checkForwarded(_ bytes: [UInt8]) -> String? {
        let lines = text(bytes).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let peer = lines.first ?? ""
        let values = Array(lines.dropFirst())
        // What is taken for an address is made of an address's characters only.
        for text in [peer] + values.flatMap({ $0.split(separator: ",").map(String.init) }) where ClientAddress.parse(text) != nil {
            // (Spaces and tabs around it are a header's own: RFC 9110's optional whitespace.)
            let inner = text.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            if inner.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "\(text.debugDescription) was taken for an address" }
        }
        for header in ClientAddress.ForwardingHeader.allCases {
            for trusted in [Set<String>(), [ClientAddress.canonical(peer)]] {
                let resolved = ClientAddress.resolve(peer: peer, values: values, header: header, trusted: trusted)
                if resolved != peer, ClientAddress.parse(resolved) == nil { return "resolved to \(resolved.debugDescription), not an address" }
                if trusted.isEmpty, resolved != ClientAddress.canonical(peer) { return "an untrusted peer's header was believed" }
            }
        }
        let key = ClientAddress.key(peer)
        return rule(ClientAddress.key(key) == key || ClientAddress.parse(peer) == nil, "an address's key is not its own key")
    }
}
