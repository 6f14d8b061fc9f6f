// The API's OpenAPI document is written from the calls' declarations (ScoresAPI's APICalls), never
// by hand: the committed copy, which the server serves at /v1/openapi.json, is what they write;
// each declaration holds together; and the server answers every declared call at its path.
import Challenges
import Foundation
import HTTPTypes
import PlumeTestSupport
import ScoresAPI
import ScoresAPIDocument
import Testing

@Suite struct OpenAPIDocumentTests {
    static let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/LeaderboardServer/openapi.json").standardized

    @Test func theCommittedDocumentIsTheOneTheDeclarationsWrite() throws {
        let committed = try String(contentsOf: Self.committed, encoding: .utf8)
        let written = OpenAPI.text
        guard committed != written else { return }
        let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let new = written.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
        let has = line < old.count ? old[line].trimmingCharacters(in: .whitespaces) : "(its end)"
        let says = line < new.count ? new[line].trimmingCharacters(in: .whitespaces) : "(their end)"
        Issue.record("""
            Sources/LeaderboardServer/openapi.json is not what the calls' declarations write: run `make openapi` and commit the \
            file. First difference, line \(line + 1): the file has \(has), the declarations write \(says)
            """)
    }

    /// `APICalls.all` is a line per feature's group, in no order that means anything: the document
    /// is written from the calls by path and name, so the calls in any order write it the same.
    @Test func theDocumentDoesNotFollowTheOrderOfTheCalls() {
        #expect(OpenAPI.document(calls: APICalls.all.reversed()).written() == OpenAPI.text)
    }

    @Test func eachCallIsDeclaredOnceAndHoldsTogether() {
        var routes = Set<String>(), names = Set<String>()
        for call in APICalls.all {
            #expect(routes.insert(call.method.rawValue + " " + call.path.template).inserted, "\(call.name): declared twice")
            #expect(names.insert(call.name).inserted, "two calls are named \(call.name)")
            #expect(call.path.template.hasPrefix("/v1/"), "\(call.name)")
            #expect(call.path.namedInTemplate == call.path.parameters.map(\.name), "\(call.name): its path names \(call.path.namedInTemplate)")
            // An answer without a body is a 204, and only such an answer.
            #expect((call.replySchema == nil) == (call.reply.status == 204), "\(call.name)")
            #expect(call.body == nil || [CallMethod.post, .put, .patch].contains(call.method), "\(call.name): a body on a \(call.method.rawValue)")
            #expect(!call.reply.conditional || call.method == .get, "\(call.name)")
            #expect(call.auth != .anyone || !call.allRefusals.contains { $0.status == 401 } || !call.headers.isEmpty, "\(call.name)")
        }
    }

    @Test func everySchemaTheDocumentRefersToIsInIt() {
        let document = OpenAPI.document()
        let schemas = document.fields["components"]?.fields["schemas"]?.fields ?? [:]
        var references: Set<String> = []
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let fields):
                if case .string(let reference)? = fields["$ref"] { references.insert(reference) }
                for field in fields.values { walk(field) }
            case .array(let items):
                for item in items { walk(item) }
            default:
                break
            }
        }
        walk(document)
        #expect(references.contains("#/components/schemas/Error") && references.contains("#/components/schemas/BoardPage"))
        let prefix = "#/components/schemas/"
        for reference in references {
            let name = String(reference.dropFirst(prefix.count))
            #expect(reference.hasPrefix(prefix) && schemas[name] != nil && schemas[name] != JSONValue.null, "\(reference)")
        }
        // Every path the API had before its document was written from declarations.
        let paths = document.fields["paths"]?.fields ?? [:]
        for path in ["/v1/players", "/v1/players/me", "/v1/scores", "/v1/boards/{board}/top", "/v1/boards/{board}/around/me", "/v1/donations",
                     "/v1/causes", "/v1/contributors/top", "/v1/watch", "/v1/relay/{player}", "/TopScores.xml", "/p/{player}", "/l/{code}"] {
            #expect(paths[path] != nil, "\(path)")
        }
    }

    @Test func theDocumentIsWrittenWithSortedKeysTwoSpacesAndANewlineAtTheEnd() throws {
        let value: JSONValue = ["b": [1, "x\n\"é\u{01}"], "a": [:], "c": [], "B": true, "d": .null]
        #expect(value.written() == """
            {
              "B": true,
              "a": {},
              "b": [
                1,
                "x\\n\\"é\\u0001"
              ],
              "c": [],
              "d": null
            }

            """)
        let parsed = try JSONSerialization.jsonObject(with: Data(OpenAPI.text.utf8)) as? [String: Any]
        #expect(parsed?["openapi"] as? String == "3.1.0")
    }

    /// The document says the lowest score any day's rules let onto the runway.
    @Test func theRunwayMinimumTheDocumentStatesIsTheLowestOfTheRules() {
        #expect(StyleRules.allCases.map(RunwayEntry.minimumScore).min() == WireLimits.leastRunwayMinimum)
    }
}

extension RouterTests {
    /// Every declared call reaches a handler at its declared method and path: none is answered by
    /// the router's own "nothing at that address" or "method not allowed". (The list of games being
    /// watched is the hosting feature's: a server without it answers 404, as documented.)
    @Test func everyDeclaredCallReachesItsHandler() async throws {
        try await withServer(.sqlite) { client in
            let values: [String: String] = ["board": "contributors", "player": "AAAAAAAAAAAAAAAAAAAAAA", "day": "2026-01-01"]
            for call in APICalls.all where call.name != APICalls.watchList.declaration.name {
                let path = call.path.filled(Dictionary(uniqueKeysWithValues: call.path.parameters.map { ($0, values[$0.name] ?? "x") })) { $0 } ?? ""
                let method = try #require(HTTPRequest.Method(call.method.rawValue))
                let reply = try await client.call(method, path, json: call.body == nil ? nil : "{}")
                #expect(reply.errorCode != "not_found" && reply.errorCode != "method_not_allowed", "\(call.method.rawValue) \(path): \(reply.text)")
            }
        }
    }
}
