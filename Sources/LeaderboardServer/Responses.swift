// Small helpers shared by the routes (a feature's too): JSON responses, ETags and bearer tokens
// (query numbers are read by the calls' shared rules, Leaderboard's CallArguments).
import Foundation
import Hummingbird
import Leaderboard
import ScoresAPI

package enum Reply {
    package static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        bytes(Array(try LeaderboardService.encoder.encode(value)), status: status)
    }

    package static func bytes(_ body: [UInt8], status: HTTPResponse.Status = .ok, type: String = "application/json; charset=utf-8",
                      extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: type]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// A board read: 304 when the client already holds this body, else the body with its ETag.
    static func etagged(_ page: EncodedPage, request: Request) -> Response {
        let extra: HTTPFields = [.eTag: page.etag, .cacheControl: "no-cache"]
        if let held = request.headers[.ifNoneMatch], held.split(separator: ",").contains(where: {
            let tag = $0.trimmingCharacters(in: .whitespaces)
            return tag == page.etag || tag == "W/" + page.etag || tag == "*"
        }) {
            var headers = extra
            headers[.contentType] = "application/json; charset=utf-8"
            return Response(status: .notModified, headers: headers)
        }
        return bytes(page.body, extra: extra)
    }

    static func etagged(_ value: some Encodable, request: Request) throws -> Response {
        etagged(EncodedPage(body: Array(try LeaderboardService.encoder.encode(value))), request: request)
    }
}

extension Request {
    /// The bearer token, or 401 when there is none.
    func bearerToken() throws -> String {
        guard let header = headers[.authorization] else {
            throw APIError(.unauthorized, .missingToken, "sign in first: send your token as \"Authorization: Bearer <token>\"")
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty else {
            throw APIError(.unauthorized, .missingToken, "the Authorization header must read \"Bearer <token>\"")
        }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }
}

extension Parameters {
    /// The path parameter `name`, or 404 when the route has none.
    package func text(_ name: String) throws -> String {
        guard let value = get(name) else { throw APIError(.notFound, .notFound, "there is nothing at that address") }
        return value
    }
}
