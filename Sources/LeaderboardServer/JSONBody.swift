// Reading request bodies through the same Codable types the game's client writes them with: at
// most 16 KiB (413 beyond), a JSON object (400 otherwise), fields of the right types (422 naming
// the field). Unknown fields are ignored; a `score` a client sends is never read.
import Foundation
import Hummingbird
import ScoresAPI

enum JSONBody {
    static func decode<Body: Decodable>(_ type: Body.Type, from request: Request) async throws -> Body {
        let buffer = try await request.body.collect(upTo: ServerLimits.maxBodyBytes)
        guard buffer.readableBytes > 0 else { throw APIError.badRequest(.emptyBody, "the request needs a JSON object body") }
        let data = Data(buffer.readableBytesView)
        do {
            return try JSONDecoder().decode(Body.self, from: data)
        } catch let error as DecodingError {
            throw refusal(error, data)
        }
    }

    /// A decoding failure in the words a client developer needs: which field, and what it must be.
    static func refusal(_ error: DecodingError, _ data: Data) -> APIError {
        switch error {
        case .keyNotFound(let key, _):
            return APIError(.unprocessableContent, .missingField, "\"\(key.stringValue)\" is required")
        case .valueNotFound(_, let context) where !context.codingPath.isEmpty:
            return APIError(.unprocessableContent, .missingField, "\"\(field(context))\" is required")
        case .typeMismatch(let type, let context) where !context.codingPath.isEmpty:
            return APIError(.unprocessableContent, .wrongType, "\"\(field(context))\" must be \(words(for: type))")
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            // A number that doesn't fit the field (a fraction, or beyond 64 bits).
            return APIError(.unprocessableContent, .wrongType, "\"\(field(context))\" must be a whole number")
        default:
            guard let value = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) else {
                return APIError.badRequest(.malformedJSON, "the body is not valid JSON")
            }
            guard let fields = value as? [String: Any] else { return APIError.badRequest(.notAnObject, "the body must be a JSON object ({…})") }
            // The decoder calls a number that fits no field "not valid JSON" and names no field:
            // find it (every number the API takes is a whole number of at most 64 bits).
            if let unfit = fields.keys.sorted().first(where: { key in
                guard let number = fields[key] as? NSNumber else { return false }
                let double = Double(truncating: number)
                return double.rounded() != double || abs(double) >= 9.2e18
            }) {
                return APIError(.unprocessableContent, .wrongType, "\"\(unfit)\" must be a whole number")
            }
            return APIError.badRequest(.malformedJSON, "the body can't be read as this request's fields")
        }
    }

    private static func field(_ context: DecodingError.Context) -> String {
        context.codingPath.map(\.stringValue).joined(separator: ".")
    }

    private static func words(for type: Any.Type) -> String {
        switch type {
        case is String.Type, is String?.Type: "a string"
        case is Bool.Type, is Bool?.Type: "true or false"
        case is Int64.Type, is Int.Type, is Int64?.Type: "a whole number"
        default: "of another type"
        }
    }
}
