// What a JSON value on the wire looks like, written once beside the calls that carry it: a small
// description language for the subset of JSON Schema the API's OpenAPI document uses (types,
// properties and which are required, enums read from the vocabularies' `allCases`, arrays,
// formats, lengths, bounds, defaults and descriptions). A wire type says its shape by conforming
// to `WireSchema`; a call's request and reply types bring their schemas with them.
//
//     extension Registered: WireSchema {
//         public static var schema: JSONSchema {
//             .object(.required("player_id", .string), .required("name", .string), .required("token", .string))
//         }
//     }

/// A JSON Schema. Build one from the static members (`.string`, `.integer`, `.object(…)`,
/// `.words(BoardKind.self)`, `.named(BoardInfo.self)`…) and refine it with the modifiers
/// (`.maxLength(512)`, `.within(1...100)`, `.described("…")`, `.orNull`…).
public struct JSONSchema: Sendable {
    /// Keywords that hold plain values: "type", "format", "maxLength", "enum", "description"…
    public private(set) var keywords: [String: JSONValue]
    /// An array's item schema (none for any other type).
    public private(set) var items: [JSONSchema]
    /// An object's properties in the order declared: `required` lists them in this order.
    public private(set) var properties: [JSONProperty]
    /// A schema the document names and refers to (`$ref`), read when the document is written.
    public private(set) var reference: SchemaReference?

    init(keywords: [String: JSONValue], items: [JSONSchema] = [], properties: [JSONProperty] = [], reference: SchemaReference? = nil) {
        (self.keywords, self.items, self.properties, self.reference) = (keywords, items, properties, reference)
    }
}

/// A property of an object schema.
public struct JSONProperty: Sendable {
    public let name: String
    public let schema: JSONSchema
    /// Whether every value has it (absent otherwise: never `null` unless the schema says so).
    public let isRequired: Bool

    /// A property every value has.
    public static func required(_ name: String, _ schema: JSONSchema) -> JSONProperty {
        JSONProperty(name: name, schema: schema, isRequired: true)
    }

    /// A property a value may leave out.
    public static func optional(_ name: String, _ schema: JSONSchema) -> JSONProperty {
        JSONProperty(name: name, schema: schema, isRequired: false)
    }
}

/// A named schema: its name among the document's schemas, and the schema itself, read lazily
/// (a type may refer to itself, as a submission's `also` does).
public struct SchemaReference: Sendable {
    public let name: String
    public let schema: @Sendable () -> JSONSchema
}

// MARK: Building

extension JSONSchema {
    init(type: String) { self.init(keywords: ["type": .string(type)]) }

    public static var string: JSONSchema { JSONSchema(type: "string") }
    public static var integer: JSONSchema { JSONSchema(type: "integer") }
    public static var number: JSONSchema { JSONSchema(type: "number") }
    public static var boolean: JSONSchema { JSONSchema(type: "boolean") }
    /// Any JSON object: one this document does not describe further.
    public static var anyObject: JSONSchema { JSONSchema(type: "object") }
    /// Bytes, as a reply that is not JSON.
    public static var bytes: JSONSchema { JSONSchema.string.format("binary") }

    /// A string that is one of a vocabulary's words, listed in the order of its cases.
    public static func words<Word: WireVocabulary>(_ vocabulary: Word.Type) -> JSONSchema {
        JSONSchema.string.with("enum", .array(Word.allCases.map { JSONValue.string($0.rawValue) }))
    }

    public static func array(of items: JSONSchema) -> JSONSchema {
        JSONSchema(keywords: ["type": "array"], items: [items])
    }

    public static func object(_ properties: JSONProperty...) -> JSONSchema {
        JSONSchema(keywords: ["type": "object"], properties: properties)
    }

    /// A wire type's schema, by name: the document lists it once among its schemas and refers to it.
    public static func named<Value: WireSchema>(_ type: Value.Type) -> JSONSchema {
        JSONSchema(keywords: [:], reference: SchemaReference(name: Value.schemaName, schema: { Value.schema }))
    }
}

// MARK: Refining

extension JSONSchema {
    public func described(_ words: String) -> JSONSchema { with("description", .string(words)) }
    public func format(_ name: String) -> JSONSchema { with("format", .string(name)) }
    public func pattern(_ expression: String) -> JSONSchema { with("pattern", .string(expression)) }
    public func minLength(_ count: Int) -> JSONSchema { with("minLength", .number(count)) }
    public func maxLength(_ count: Int) -> JSONSchema { with("maxLength", .number(count)) }
    public func minimum(_ value: Int) -> JSONSchema { with("minimum", .number(value)) }
    public func maximum(_ value: Int) -> JSONSchema { with("maximum", .number(value)) }
    public func within(_ range: ClosedRange<Int>) -> JSONSchema { minimum(range.lowerBound).maximum(range.upperBound) }
    /// The value a request that leaves it out is read with.
    public func byDefault(_ value: Int) -> JSONSchema { with("default", .number(value)) }
    public func byDefault(_ value: String) -> JSONSchema { with("default", .string(value)) }
    /// How many items an array holds.
    public func counting(_ range: ClosedRange<Int>) -> JSONSchema {
        with("minItems", .number(range.lowerBound)).with("maxItems", .number(range.upperBound))
    }
    /// An object that takes no property besides those declared.
    public var closed: JSONSchema { with("additionalProperties", false) }

    /// The same, or `null`.
    public var orNull: JSONSchema {
        guard case .string(let type)? = keywords["type"] else { return self }
        return with("type", [.string(type), "null"])
    }

    func with(_ keyword: String, _ value: JSONValue) -> JSONSchema {
        var schema = self
        schema.keywords[keyword] = value
        return schema
    }
}

// MARK: What calls carry

/// What a call carries one way or the other: a JSON value whose type says its schema, or nothing.
public protocol WirePayload: Sendable {
    /// The body's schema; nil when the call carries no body this way.
    static var bodySchema: JSONSchema? { get }
}

/// A wire type that says what its JSON looks like.
public protocol WireSchema: WirePayload {
    /// Its name among the document's schemas (the type's own name unless it says otherwise).
    static var schemaName: String { get }
    static var schema: JSONSchema { get }
}

extension WireSchema {
    public static var schemaName: String { String(describing: Self.self) }
    public static var bodySchema: JSONSchema? { JSONSchema.named(Self.self) }
}

/// No body: the request of a call that sends none, the reply of one answered 204.
public struct NoBody: WirePayload, Codable, Equatable {
    public init() {}
    public static var bodySchema: JSONSchema? { nil }
}
