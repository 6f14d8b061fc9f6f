// The server's routes that are not calls of the JSON API but belong in its document: pictures,
// pages and the feed a browser or the seed game reads, the operators' health, readiness and
// metrics, the document itself, and the relay between hosts (a stream of frames, not JSON). Each
// is a GET; they are documented here, and registered by the route groups that serve them.
import ScoresAPI

/// A route documented beside the calls: what it answers, and with what.
public struct OtherRoute: Sendable {
    public let name: String
    public let path: String
    public let summary: String
    public let notes: String?
    public let parameters: [PathParameter]
    /// Headers it reads (in the document's words).
    public let headers: [HeaderParameter]
    /// What it answers, by status: the words, the media type and the body's schema.
    public let answers: [Int: Answer]
    /// Refusals with the usual error body.
    public let refusals: [CallRefusal]

    public struct Answer: Sendable {
        public let words: String
        public let media: String
        public let schema: JSONSchema
    }

    static func answer(_ words: String, _ media: String, _ schema: JSONSchema = .string) -> Answer {
        Answer(words: words, media: media, schema: schema)
    }

    func operation(_ schemas: inout Schemas) -> JSONValue {
        var fields: [String: JSONValue] = ["operationId": .string(name), "summary": .string(summary)]
        if let notes { fields["description"] = .string(notes) }
        var listed: [JSONValue] = []
        for parameter in parameters { listed.append(OpenAPI.path(parameter: parameter, &schemas)) }
        for header in headers {
            var parameter: [String: JSONValue] = ["name": .string(header.name), "in": "header", "required": false, "schema": ["type": "string"]]
            if let description = header.description { parameter["description"] = .string(description) }
            listed.append(.object(parameter))
        }
        if !listed.isEmpty { fields["parameters"] = .array(listed) }
        var responses = OpenAPI.refusals(refusals, &schemas)
        for (status, answer) in answers {
            responses[String(status)] = ["description": .string(answer.words), "content": [answer.media: ["schema": schemas.json(answer.schema)]]]
        }
        fields["responses"] = .object(responses)
        return .object(fields)
    }
}

extension OtherRoute {
    /// Every route documented beside the calls.
    public static let all: [OtherRoute] = [
        OtherRoute(name: "lookPicture", path: "/v1/looks/{file}", summary: "A look as SVG: /v1/looks/{code}.svg", notes: nil,
                   parameters: [PathParameter("file", .string)], headers: [],
                   answers: [200: answer("SVG", "image/svg+xml")], refusals: [.notFound(.notFound), .tooMany(.rateLimited)]),
        OtherRoute(name: "swarmShowPicture", path: "/v1/runway/{day}/swarms.gif",
                   summary: "The swarm show's moving picture: two of the day's swarms side by side from one start (the runway page shows it)",
                   notes: "While the show takes votes, two of its swarms chosen by the ten-minute window, named nowhere; once voting has closed, the people's first beside its second. Drawn on the simulation pool.",
                   parameters: [.day], headers: [],
                   answers: [200: answer("An animated GIF, 296 × 144, looping", "image/gif")],
                   refusals: [.notFound(.notFound), .notFound(.invalidDay), .unprocessable(.invalidDay), .tooMany(.rateLimited), .unavailable(.verifierBusy)]),
        OtherRoute(name: "swarmShowStill", path: "/v1/runway/{day}/swarms-still.gif",
                   summary: "The swarm show's picture held still: the last frame of swarms.gif alone",
                   notes: "What the runway page shows a browser that asks for reduced motion (prefers-reduced-motion: reduce).",
                   parameters: [.day], headers: [],
                   answers: [200: answer("A GIF of one frame, 296 × 144", "image/gif")],
                   refusals: [.notFound(.notFound), .notFound(.invalidDay), .unprocessable(.invalidDay), .tooMany(.rateLimited), .unavailable(.verifierBusy)]),
        OtherRoute(name: "openAPIDocument", path: "/v1/openapi.json", summary: "This document", notes: nil, parameters: [], headers: [],
                   answers: [200: answer("OpenAPI 3.1", "application/json", .anyObject)], refusals: []),
        OtherRoute(name: "topScoresFeed", path: "/TopScores.xml", summary: "The seed game's feed: top 50 contributors", notes: nil,
                   parameters: [], headers: [],
                   answers: [200: answer("XML", "application/xml")], refusals: [.tooMany(.rateLimited), .unavailable(.storageUnavailable)]),
        OtherRoute(name: "playerPage", path: "/p/{player}", summary: "A player's web page", notes: nil, parameters: [.player], headers: [],
                   answers: [200: answer("HTML", "text/html"), 404: answer("No such player (HTML)", "text/html")],
                   refusals: [.tooMany(.rateLimited)]),
        OtherRoute(name: "linkPage", path: "/l/{code}", summary: "What a browser shows for a plume:// link", notes: nil,
                   parameters: [PathParameter("code", .string)], headers: [],
                   answers: [200: answer("HTML", "text/html"), 404: answer("Damaged link (HTML)", "text/html")],
                   refusals: [.tooMany(.rateLimited), .unavailable(.verifierBusy)]),
        OtherRoute(name: "liveness", path: "/healthz", summary: "Liveness", notes: nil, parameters: [], headers: [],
                   answers: [200: answer("Alive", "application/json", .anyObject)], refusals: []),
        OtherRoute(name: "readiness", path: "/readyz", summary: "Readiness: database reachable, rank index loaded", notes: nil,
                   parameters: [], headers: [],
                   answers: [200: answer("Ready", "application/json", .anyObject), 503: answer("Not ready", "application/json", .anyObject)],
                   refusals: []),
        OtherRoute(name: "metrics", path: "/metrics", summary: "Prometheus metrics", notes: nil, parameters: [], headers: [],
                   answers: [200: answer("Text exposition format", "text/plain")], refusals: []),
        OtherRoute(name: "relay", path: "/v1/relay/{player}", summary: "A game's output for another host's watchers (hosts on one database only)",
                   notes: "Signed with the hosts' shared key in X-Plume-Relay; the body streams frames of a type byte, a 32-bit length and the payload (0: output, 1: the end and why).",
                   parameters: [PathParameter("player", .string)], headers: [HeaderParameter("X-Plume-Relay")],
                   answers: [200: answer("The game's output, streamed", "application/octet-stream", .bytes)],
                   refusals: [.forbidden(.invalidRelay), .notFound(.notPlaying), .conflict(.notWatchable), .tooMany(.watchersFull),
                              .tooMany(.rateLimited), .unavailable(.storageUnavailable)]),
    ]
}
