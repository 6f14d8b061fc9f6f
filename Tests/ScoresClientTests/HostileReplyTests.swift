// Replies no plume-server sends, from a raw socket that answers every connection with the same
// bytes: each must become a failure in plain words, within the client's deadline, and never a
// crash or a hang. Plus a listener that never answers, and a port where nothing listens.
import Foundation
import PlumeTestSupport
import ScoresAPI
import ScoresClient
import Testing

/// Answers each connection on a loopback port with `reply`, after reading the request.
final class CannedServer: @unchecked Sendable {
    let port: Int
    private let descriptor: Int32

    init(reply: [UInt8]) {
        let (port, fd) = TestPostgres.silentListener()
        self.port = port
        descriptor = fd
        let thread = Thread { [fd] in
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 { return }
                var buffer = [UInt8](repeating: 0, count: 65_536)
                _ = read(client, &buffer, buffer.count)
                var sent = 0
                while sent < reply.count {
                    let n = reply[sent...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
                    if n <= 0 { break }
                    sent += n
                }
                close(client)
            }
        }
        thread.start()
    }

    deinit { shutdown(descriptor, Int32(SHUT_RDWR)); close(descriptor) }

    var backend: RemoteBackend { RemoteBackend(base: URL(string: "http://127.0.0.1:\(port)")!, deadline: .seconds(2), maxBytes: 64 * 1024) }

    static func http(_ status: String, headers: [String] = [], body: String) -> [UInt8] {
        let head = (["HTTP/1.1 \(status)", "Content-Type: application/json", "Content-Length: \(body.utf8.count)", "Connection: close"] + headers)
            .joined(separator: "\r\n")
        return Array((head + "\r\n\r\n" + body).utf8)
    }
}

@Suite struct HostileReplyTests {
    static let cases: [(name: String, reply: [UInt8], kind: ScoresFailure.Kind, words: String)] = [
        ("not JSON", CannedServer.http("200 OK", body: "<html>hello</html>"), .malformed, "couldn't read"),
        ("JSON of another shape", CannedServer.http("200 OK", body: #"{"boards": 7}"#), .malformed, "couldn't read"),
        ("oversized", CannedServer.http("200 OK", body: String(repeating: "x", count: 200_000)), .malformed, "larger than"),
        ("429", CannedServer.http("429 Too Many Requests", headers: ["Retry-After: 17"], body: #"{"error":{"code":"rate_limited","message":"slow down"}}"#),
         .rateLimited, "17 s"),
        ("503", CannedServer.http("503 Service Unavailable", headers: ["Retry-After: 3"], body: #"{"error":{"code":"starting","message":"still loading"}}"#),
         .unavailable, "still loading"),
        ("500", CannedServer.http("500 Internal Server Error", body: "oops"), .unavailable, "HTTP 500"),
        ("404 without words", CannedServer.http("404 Not Found", body: "nope"), .malformed, "plume-server"),
        ("a refusal with escapes", CannedServer.http("409 Conflict", body: #"{"error":{"code":"x","message":"bad\u001b[31m \u202Ered"}}"#),
         .refused, "bad[31m red"),
        ("not HTTP", Array("SSH-2.0-OpenSSH_9.2\r\n".utf8), .malformed, "127.0.0.1"),
    ]

    @Test(arguments: cases.indices)
    func aBadReplyIsAFailureInWords(_ index: Int) async throws {
        let scenario = Self.cases[index]
        let server = CannedServer(reply: scenario.reply)
        let started = ContinuousClock.now
        do {
            _ = try await server.backend.boards()
            Issue.record("\(scenario.name): accepted")
        } catch {
            #expect(error.kind == scenario.kind || (scenario.name == "not HTTP" && error.kind == .offline), "\(scenario.name): \(error)")
            #expect(error.message.contains(scenario.words), "\(scenario.name): \(error.message)")
            #expect(!error.message.unicodeScalars.contains { $0.value < 32 || $0.value == 0x202E }, "\(scenario.name)")
            if scenario.kind == .rateLimited { #expect(error.retryAfter == 17) }
        }
        // Well inside the 2 s deadline for everything that answers at once.
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test func aServerThatNeverAnswersIsAbandonedAtTheDeadline() async throws {
        let (port, fd) = TestPostgres.silentListener()
        defer { close(fd) }
        let backend = RemoteBackend(base: URL(string: "http://127.0.0.1:\(port)")!, deadline: .seconds(1))
        let started = ContinuousClock.now
        await #expect(throws: ScoresFailure.self) { _ = try await backend.boards() }
        do { _ = try await backend.boards() } catch { #expect(error.kind == .timedOut, "\(error)") }
        // Two calls at a 1 s deadline: an answer, not a hang (the bound is loose for a loaded machine).
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    /// A submission may take longer than a read (the server scores a swarm on two boards of eight
    /// runs): it has its own, longer deadline, and is still abandoned at it.
    @Test func aSubmissionWaitsLongerThanAReadAndNotForEver() async throws {
        let (port, fd) = TestPostgres.silentListener()
        defer { close(fd) }
        let backend = RemoteBackend(base: URL(string: "http://127.0.0.1:\(port)")!, deadline: .seconds(1), submitDeadline: .seconds(3))
        let started = ContinuousClock.now
        do { _ = try await backend.boards() } catch { #expect(error.kind == .timedOut && error.message.contains("longer than 1 s"), "\(error)") }
        let read = ContinuousClock.now - started
        do {
            _ = try await backend.answer(APICalls.submit, CallInput(body: SubmitRequest(boardID: "lab-2026-11-29", code: "1x")), token: "plm_x", etag: nil)
            Issue.record("a silent server answered")
        } catch {
            #expect(error.kind == .timedOut && error.message.contains("longer than 3 s"), "\(error)")
        }
        let submit = ContinuousClock.now - started - read
        #expect(submit >= .seconds(3) && submit < .seconds(60), "\(submit)")
    }

    @Test func nothingListeningIsOffline() async throws {
        let port = TestPostgres.freePort()
        let backend = RemoteBackend(base: URL(string: "http://127.0.0.1:\(port)")!)
        do {
            _ = try await backend.boards()
            Issue.record("a closed port answered")
        } catch {
            #expect(error.kind == .offline)
            #expect(error.message.contains("isn't answering"))
        }
    }
}
