// Every refusal as `{"error":{"code":"…","message":"…"}}` with a 4xx status (503 only when the
// server is busy or starting, with Retry-After). No error reaches the client as an HTML page or
// an empty 500.
import Foundation
import Hummingbird
import GameState
import Leaderboard
import ScoresAPI

public struct APIError: Error, HTTPResponseError {
    public let status: HTTPResponse.Status
    public let code: Spelled<ErrorCode>
    public let message: String
    public var retryAfter: Int?

    public init(_ status: HTTPResponse.Status, _ code: ErrorCode, _ message: String, retryAfter: Int? = nil) {
        self.init(status, Spelled(code), message, retryAfter: retryAfter)
    }

    /// A code spelled as the request goes: a status the router answers by itself (`http_416`), or
    /// a query parameter's `invalid_<name>`.
    public init(_ status: HTTPResponse.Status, _ code: Spelled<ErrorCode>, _ message: String, retryAfter: Int? = nil) {
        (self.status, self.code, self.message, self.retryAfter) = (status, code, message, retryAfter)
    }

    init(_ error: LeaderboardError) {
        let status: HTTPResponse.Status = switch error.kind {
        case .invalid: .unprocessableContent
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .conflict, .closed: .conflict
        case .busy, .unavailable: .serviceUnavailable
        }
        self.init(status, error.code, error.message, retryAfter: error.retryAfterSeconds)
    }

    public var headers: HTTPFields {
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        if let retryAfter { fields[.retryAfter] = String(retryAfter) }
        if status == .unauthorized { fields[.wwwAuthenticate] = "Bearer realm=\"plume\"" }
        return fields
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let json = (try? Self.encoder.encode(ErrorReply(code: code, message: message))) ?? Data("{}".utf8)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: json)))
    }

    private static let encoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return encoder
    }()

    static func badRequest(_ code: ErrorCode, _ message: String) -> APIError { APIError(.badRequest, code, message) }
}

/// Maps whatever a route threw onto an `APIError`, and answers a request no route matched.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw error
        } catch let error as LeaderboardError {
            throw APIError(error)
        } catch let error as any HTTPResponseError {
            throw Self.translate(error.status)
        } catch is CancellationError {
            throw APIError(.serviceUnavailable, .cancelled, "the server is shutting down — try again shortly", retryAfter: 5)
        } catch {
            // A store failure (database gone, disk full): say so, never leak details.
            context.logger.error("request failed", metadata: ["error": "\(String(describing: type(of: error)))"])
            throw APIError(.serviceUnavailable, .storageUnavailable, "the leaderboard's database is not answering — try again shortly", retryAfter: 5)
        }
    }

    static func translate(_ status: HTTPResponse.Status) -> APIError {
        switch status {
        case .contentTooLarge: APIError(.contentTooLarge, .bodyTooLarge, "the request body is over \(ServerLimits.maxBodyBytes / 1024) KiB")
        case .notFound: APIError(.notFound, .notFound, "there is nothing at that address")
        case .methodNotAllowed: APIError(.methodNotAllowed, .methodNotAllowed, "that method is not allowed here")
        default: APIError(status, Spelled(rawValue: "http_\(status.code)"), "the request was refused: \(status.reasonPhrase.lowercased())")
        }
    }
}

extension APIError {
    static func tooMany(_ what: String, retryAfter: Int) -> APIError {
        APIError(.tooManyRequests, .rateLimited, "too many \(what) — try again in \(retryAfter) second\(retryAfter == 1 ? "" : "s")", retryAfter: retryAfter)
    }
}
