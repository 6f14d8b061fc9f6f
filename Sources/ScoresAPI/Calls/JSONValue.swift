// A JSON value built in code: the keywords of the API's schemas (JSONSchema.swift) and the OpenAPI
// document made from the calls' declarations. Plain values, no Foundation; the document's writer
// prints them with sorted keys, so the order a dictionary holds them in never shows.

public enum JSONValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var fields: [String: JSONValue] = [:]
        for (key, value) in elements { fields[key] = value }
        self = .object(fields)
    }
}

extension JSONValue {
    /// A whole number that fits any Swift `Int`.
    public static func number(_ value: Int) -> JSONValue { .integer(Int64(value)) }

    /// The fields of an object (empty for any other value).
    public var fields: [String: JSONValue] {
        if case .object(let fields) = self { return fields }
        return [:]
    }
}
