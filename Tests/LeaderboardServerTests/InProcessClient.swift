// Requests answered by an application's own responder, in this process, with the application's
// services running beside them — the server as `plume-server` assembles it, less the socket.
// (The router tests used HummingbirdTesting's router client for this; it brought an HTTP client
// library and HTTP/2 into the test build, about 180 files of a fresh build.)
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import ServiceLifecycle
import Synchronization

/// One reply: status, headers and the whole body.
struct InProcessReply: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: ByteBuffer
    /// The body as text.
    var text: String { String(buffer: body) }
}

/// Asks an application's responder as the server does for a request from a connection: a context
/// made from the application's source, and an error that escapes the responder (the router has
/// already answered every error that carries a response) answered 500, as the server answers it.
struct InProcessClient<Responder: HTTPResponder>: Sendable
where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
    let responder: Responder
    let logger: Logger

    func execute(_ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields = [:], body: ByteBuffer? = nil) async throws
        -> InProcessReply
    {
        var headers = headers
        if let body { headers[.contentLength] = String(body.readableBytes) }
        let request = Request(
            head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: uri, headerFields: headers),
            body: RequestBody(buffer: body ?? ByteBuffer())
        )
        let context = Responder.Context(source: ApplicationRequestContextSource(channel: NIOAsyncTestingChannel(), logger: logger))
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch {
            response = Response(status: .internalServerError)
        }
        let collected = Collected()
        try await response.body.write(collected)
        return InProcessReply(status: response.status, headers: response.headers, body: collected.body.withLock { $0 })
    }

    /// The body as it is written, in order.
    private final class Collected: ResponseBodyWriter, Sendable {
        let body = Mutex(ByteBuffer())
        func write(_ buffer: ByteBuffer) async throws {
            body.withLock { $0.writeImmutableBuffer(buffer) }
        }
        func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}

extension ApplicationProtocol where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
    /// Runs `body` with a client of this application while its services run (as under
    /// `plume-server`: the processes it runs before serving first, then the services started);
    /// the services are shut down gracefully when `body` ends, however it ends.
    func withInProcessClient<Value: Sendable>(_ body: @Sendable (InProcessClient<Responder>) async throws -> Value) async throws -> Value {
        let client = InProcessClient(responder: try await responder, logger: logger)
        for process in processesRunBeforeServerStart {
            try await process()
        }
        if services.isEmpty { return try await body(client) }
        let (started, startedNow) = AsyncStream.makeStream(of: Void.self)
        let group = ServiceGroup(configuration: .init(services: services + [StartedSignal(started: startedNow)], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            defer { tasks.cancelAll() }
            do {
                // The last service starts after the others: once it runs, every service has started.
                await started.first { _ in true }
                let value = try await body(client)
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
                return value
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
        }
    }
}

/// A service that says it has started, then waits for the shutdown.
private struct StartedSignal: Service {
    let started: AsyncStream<Void>.Continuation
    func run() async throws {
        started.finish()
        try? await gracefulShutdown()
    }
}
