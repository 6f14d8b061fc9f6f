// HTTP for the game, on Foundation's URLSession (no NIO in `plume`). Every request has a hard
// deadline and a cap on what is read: a slow server is abandoned at the deadline, an oversized
// reply is cut off as soon as it passes the cap, and neither ever holds up the game.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ScoresAPI

final class HTTPFetcher: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    struct Reply: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data

        func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// A request abandoned after this long counts as timed out, in seconds (unless the request
    /// names its own).
    let deadline: Double
    /// The longest deadline a request may name: URLSession's own timeouts are set to it.
    static let longestDeadline = 60.0
    /// Replies larger than this are not read.
    let maxBytes: Int

    private final class Pending {
        var data = Data()
        var response: HTTPURLResponse?
        let continuation: CheckedContinuation<Reply, any Error>
        init(_ continuation: CheckedContinuation<Reply, any Error>) { self.continuation = continuation }
    }

    private let lock = NSLock()
    private var pending: [Int: Pending] = [:]
    private let queue: OperationQueue = {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        return queue
    }()
    private var session: URLSession!

    init(deadline: Duration = .seconds(5), maxBytes: Int = 1 << 20) {
        self.deadline = Double(deadline.components.seconds) + Double(deadline.components.attoseconds) / 1e18
        self.maxBytes = maxBytes
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = max(self.deadline, Self.longestDeadline)
        configuration.timeoutIntervalForResource = max(self.deadline, Self.longestDeadline)
        // ETags are the game's business: no cache may answer for the server.
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    }

    /// `request`'s reply, or `.timedOut` after `deadline` seconds (the fetcher's own by default).
    func fetch(_ request: URLRequest, deadline: Double? = nil) async throws(ScoresFailure) -> Reply {
        do {
            return try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request)
                let id = task.taskIdentifier
                lock.withLock { pending[id] = Pending(continuation) }
                let seconds = min(deadline ?? self.deadline, max(self.deadline, Self.longestDeadline))
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in
                    let host = request.url?.host ?? "the server"
                    self?.finish(id, .failure(ScoresFailure(.timedOut, "\(host) took longer than \(Int(seconds)) s to answer")))
                    task.cancel()
                }
                task.resume()
            }
        } catch let failure as ScoresFailure {
            throw failure
        } catch {
            throw ScoresFailure(.offline, "the request failed: \(error.localizedDescription)")
        }
    }

    private func finish(_ id: Int, _ result: Result<Reply, ScoresFailure>) {
        guard let entry = lock.withLock({ pending.removeValue(forKey: id) }) else { return }
        entry.continuation.resume(with: result.mapError { $0 as any Error })
    }

    private func entry(_ id: Int) -> Pending? { lock.withLock { pending[id] } }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        guard let entry = entry(dataTask.taskIdentifier) else { return completionHandler(.cancel) }
        entry.response = response as? HTTPURLResponse
        if response.expectedContentLength > Int64(maxBytes) {
            finish(dataTask.taskIdentifier, .failure(tooLarge))
            return completionHandler(.cancel)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let entry = entry(dataTask.taskIdentifier) else { return }
        entry.data.append(data)
        if entry.data.count > maxBytes {
            finish(dataTask.taskIdentifier, .failure(tooLarge))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let id = task.taskIdentifier
        guard let entry = entry(id) else { return }
        if let error {
            return finish(id, .failure(Self.failure(error, host: task.originalRequest?.url?.host ?? "the server")))
        }
        guard let response = entry.response ?? task.response as? HTTPURLResponse else {
            return finish(id, .failure(ScoresFailure(.malformed, "the server's answer wasn't HTTP")))
        }
        var headers: [String: String] = [:]
        for (key, value) in response.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key] = value }
        }
        finish(id, .success(Reply(status: response.statusCode, headers: headers, body: entry.data)))
    }

    private var tooLarge: ScoresFailure {
        ScoresFailure(.malformed, "the server's answer was larger than \(maxBytes / 1024) KiB, so it wasn't read")
    }

    static func failure(_ error: any Error, host: String) -> ScoresFailure {
        let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code)
        switch code {
        case .timedOut:
            return ScoresFailure(.timedOut, "\(host) took too long to answer")
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted, .serverCertificateHasUnknownRoot,
             .serverCertificateNotYetValid, .clientCertificateRejected, .clientCertificateRequired:
            return ScoresFailure(.tls, "a secure connection to \(host) couldn't be made (TLS: \(error.localizedDescription))")
        case .cannotFindHost, .dnsLookupFailed:
            return ScoresFailure(.offline, "\(host) couldn't be found")
        case .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet:
            return ScoresFailure(.offline, "\(host) isn't answering")
        case .badServerResponse, .cannotParseResponse:
            return ScoresFailure(.malformed, "\(host) sent something that isn't an HTTP answer")
        default:
            return ScoresFailure(.offline, "\(host) couldn't be reached (\(error.localizedDescription))")
        }
    }
}
