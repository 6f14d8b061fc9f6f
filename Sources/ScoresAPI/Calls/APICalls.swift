// Every call of the leaderboard's JSON API, in one list. Each is declared once, in the file of its
// feature (PlayerCalls, DaysCalls, FollowCalls, BoardCalls, CauseCalls, RunwayCalls,
// HostingCalls), which also lists its calls as one group (`followCalls`); the server registers its
// routes from them, the game's remote client sends them, and the OpenAPI document
// (`plume-server openapi`, `make openapi`) is written from this list. A new call is its
// declaration and its entry in its file's group; a new feature's file is one more line here.

public enum APICalls {
    /// Every call, a feature's group a line. Nothing reads meaning into the order: the OpenAPI
    /// document is written with its paths and schemas by name (OpenAPIDocumentTests checks the
    /// calls in any order write the same document), and routes are registered from CallHandlers.
    public static let all: [CallDeclaration] = [
        playerCalls,
        daysCalls,
        leagueCalls,
        crewCalls,
        followCalls,
        boardCalls,
        causeCalls,
        runwayCalls,
        hostingCalls,
    ].flatMap { $0 }
}

// MARK: Every refusal's body

extension ErrorReply: WireSchema {
    public static let schemaName = "Error"

    public static var schema: JSONSchema {
        .object(.required("error", .object(
            .required("code", .string.described("Machine-readable: why the request was refused (a client acts on those it knows)")),
            .required("message", .string.described("Plain words for a person")))))
    }
}
