// `plume-server openapi`: the API's OpenAPI 3.1 document on standard output, written from the
// calls' declarations (ScoresAPI's APICalls). `make openapi` writes it to
// Sources/LeaderboardServer/openapi.json, the copy a server serves at /v1/openapi.json.
import ArgumentParser
import ScoresAPIDocument

struct OpenAPICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi",
        abstract: "Print the API's OpenAPI document.",
        discussion: """
            Writes the OpenAPI 3.1 description of the JSON API to standard output, made from the \
            declarations of its calls in the code. It is what a server serves at /v1/openapi.json \
            once `make openapi` has written it to Sources/LeaderboardServer/openapi.json (a test \
            fails while the two differ).
            """)

    func run() {
        print(OpenAPI.text, terminator: "")
    }
}
