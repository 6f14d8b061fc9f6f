// Reading request bodies: at most 16 KiB (413 beyond), a JSON object (400 otherwise), fields of
// the right types (422 naming the field). Unknown fields are ignored; a `score` a client sends
// is never read.
import Foundation
import Hummingbird

/// Any JSON value, keeping booleans, whole numbers and fractions apart.
enum JSONValue: Decodable {
    case null, bool(Bool), integer(Int64), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int64.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }
}

struct JSONBody {
    let fields: [String: JSONValue]

    static func read(_ request: Request, context: some RequestContext) async throws -> JSONBody {
        let buffer = try await request.body.collect(upTo: ServerLimits.maxBodyBytes)
        guard buffer.readableBytes > 0 else { throw APIError.badRequest("empty_body", "the request needs a JSON object body") }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(buffer.readableBytesView))
        } catch {
            throw APIError.badRequest("malformed_json", "the body is not valid JSON")
        }
        guard case .object(let fields) = value else {
            throw APIError.badRequest("not_an_object", "the body must be a JSON object ({…})")
        }
        return JSONBody(fields: fields)
    }

    func has(_ key: String) -> Bool { fields[key] != nil }

    func string(_ key: String, required: Bool = false) throws -> String? {
        switch fields[key] {
        case nil, .null?:
            if required { throw APIError(.unprocessableContent, "missing_field", "\"\(key)\" is required") }
            return nil
        case .string(let text)?: return text
        default: throw APIError(.unprocessableContent, "wrong_type", "\"\(key)\" must be a string")
        }
    }

    func bool(_ key: String) throws -> Bool? {
        switch fields[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        default: throw APIError(.unprocessableContent, "wrong_type", "\"\(key)\" must be true or false")
        }
    }

    /// A whole number; fractions, strings and booleans are refused.
    func integer(_ key: String, required: Bool = false) throws -> Int64? {
        switch fields[key] {
        case nil, .null?:
            if required { throw APIError(.unprocessableContent, "missing_field", "\"\(key)\" is required") }
            return nil
        case .integer(let value)?: return value
        case .number(let value)? where value.rounded() == value && abs(value) < 9.0e18: return Int64(value)
        default: throw APIError(.unprocessableContent, "wrong_type", "\"\(key)\" must be a whole number")
        }
    }
}
