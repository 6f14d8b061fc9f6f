// The leaderboard's OpenAPI 3.1 document, written from the calls' declarations (APICalls.all in
// ScoresAPI) and the few routes that are not JSON calls (OtherRoutes.swift): nothing in it is
// written by hand. `plume-server openapi` prints it; `make openapi` writes it to
// Sources/LeaderboardServer/openapi.json, which the server serves at /v1/openapi.json, and a test
// fails when the committed file is not what the declarations say.
import ScoresAPI

public enum OpenAPI {
    public static let title = "Plume leaderboard"
    public static let version = "1.0.0"
    public static let summary = "Global high scores for Plume. Scores are never sent by clients: a submission is a share code, and the server recomputes the score."
    /// Where a server started with no options answers.
    public static let defaultServer = "http://127.0.0.1:8787"

    /// The document's text, as committed.
    public static var text: String { document().written() }

    public static func document(calls: [CallDeclaration] = APICalls.all, others: [OtherRoute] = OtherRoute.all) -> JSONValue {
        var schemas = Schemas()
        var paths: [String: [String: JSONValue]] = [:]
        for call in calls {
            paths[call.path.template, default: [:]][call.method.rawValue.lowercased()] = operation(call, &schemas)
        }
        for route in others {
            paths[route.path, default: [:]]["get"] = route.operation(&schemas)
        }
        let bearer: JSONValue = ["type": "http", "scheme": "bearer"]
        let info: JSONValue = ["title": .string(title), "version": .string(version), "description": .string(summary)]
        let server: JSONValue = ["url": .string(defaultServer)]
        return [
            "openapi": "3.1.0",
            "info": info,
            "servers": [server],
            "paths": .object(paths.mapValues { JSONValue.object($0) }),
            "components": ["schemas": .object(schemas.named), "securitySchemes": ["bearer": bearer]],
        ]
    }

    // MARK: An operation

    static func operation(_ call: CallDeclaration, _ schemas: inout Schemas) -> JSONValue {
        var fields: [String: JSONValue] = ["operationId": .string(call.name), "summary": .string(call.summary)]
        if let notes = call.notes { fields["description"] = .string(notes) }
        switch call.auth {
        case .anyone: break
        case .player: fields["security"] = [["bearer": []]]
        case .playerIfSent: fields["security"] = [[:], ["bearer": []]]
        }
        var parameters: [JSONValue] = []
        for parameter in call.path.parameters { parameters.append(path(parameter: parameter, &schemas)) }
        for query in call.query {
            var parameter: [String: JSONValue] = ["name": .string(query.name), "in": "query", "schema": schemas.json(query.schema)]
            if query.isRequired { parameter["required"] = true }
            if let description = query.description { parameter["description"] = .string(description) }
            parameters.append(.object(parameter))
        }
        for header in call.headers {
            var parameter: [String: JSONValue] = ["name": .string(header.name), "in": "header", "required": false, "schema": ["type": "string"]]
            if let description = header.description { parameter["description"] = .string(description) }
            parameters.append(.object(parameter))
        }
        if !parameters.isEmpty { fields["parameters"] = .array(parameters) }
        if let body = call.body {
            fields["requestBody"] = ["required": true, "content": ["application/json": ["schema": schemas.json(body)]]]
        }
        var responses = refusals(call.allRefusals, &schemas)
        var answer: [String: JSONValue] = ["description": .string(call.reply.words)]
        if let reply = call.replySchema { answer["content"] = ["application/json": ["schema": schemas.json(reply)]] }
        if call.reply.conditional {
            answer["headers"] = [
                "ETag": ["schema": ["type": "string"], "description": "Send it back in If-None-Match to be answered 304 while nothing changed"],
                "Cache-Control": ["schema": ["type": "string"], "description": "no-cache: keep the copy, ask again with its ETag"],
            ]
            responses["304"] = ["description": "Unchanged since the ETag sent in If-None-Match"]
        }
        responses[String(call.reply.status)] = .object(answer)
        fields["responses"] = .object(responses)
        return .object(fields)
    }

    static func path(parameter: PathParameter, _ schemas: inout Schemas) -> JSONValue {
        var fields: [String: JSONValue] = ["name": .string(parameter.name), "in": "path", "required": true, "schema": schemas.json(parameter.schema)]
        if let description = parameter.description { fields["description"] = .string(description) }
        return .object(fields)
    }

    /// One response per status, in the usual words (or the call's own) and naming the codes it can
    /// carry; each has the error body, and 429 and 503 say when to try again.
    static func refusals(_ refusals: [CallRefusal], _ schemas: inout Schemas) -> [String: JSONValue] {
        var responses: [String: JSONValue] = [:]
        let statuses = Set(refusals.map(\.status)).sorted()
        for status in statuses {
            let given = refusals.filter { $0.status == status }
            let words = given.compactMap(\.words).first ?? CallRefusal.usualWords(status)
            var codes: [String] = []
            for refusal in given where !codes.contains(refusal.code.rawValue) { codes.append(refusal.code.rawValue) }
            var response: [String: JSONValue] = [
                "description": .string(words + ". Codes: " + codes.joined(separator: ", ") + "."),
                "content": ["application/json": ["schema": schemas.json(JSONSchema.named(ErrorReply.self))]],
            ]
            if status == 429 || status == 503 {
                response["headers"] = ["Retry-After": ["schema": ["type": "integer"], "description": "Seconds to wait before trying again"]]
            }
            responses[String(status)] = .object(response)
        }
        return responses
    }
}

/// The named schemas a document refers to, gathered as it is written: each once, under its name.
struct Schemas {
    private(set) var named: [String: JSONValue] = [:]

    /// A schema as JSON; a named one becomes a `$ref`, and its schema joins the document's.
    mutating func json(_ schema: JSONSchema) -> JSONValue {
        var fields = schema.keywords
        if let reference = schema.reference {
            fields["$ref"] = .string("#/components/schemas/" + reference.name)
            if named[reference.name] == nil {
                named[reference.name] = .null  // taken before it is written: a schema may refer to itself
                let written = json(reference.schema())
                named[reference.name] = written
            }
        }
        if let items = schema.items.first { fields["items"] = json(items) }
        if !schema.properties.isEmpty {
            var properties: [String: JSONValue] = [:]
            for property in schema.properties { properties[property.name] = json(property.schema) }
            fields["properties"] = .object(properties)
            let required = schema.properties.filter(\.isRequired).map { JSONValue.string($0.name) }
            if !required.isEmpty { fields["required"] = .array(required) }
        }
        return .object(fields)
    }
}
