// Every call of the leaderboard's JSON API, in one list. Each is declared once, in the file of its
// feature (PlayerCalls, BoardCalls, CauseCalls, DaysCalls, FollowCalls, RunwayCalls,
// HostingCalls); the server registers its routes from them, the game's remote client sends them,
// and the OpenAPI document (`plume-server openapi`, `make openapi`) is written from this list.
// A new call is its declaration, its line here, and what uses it.

public enum APICalls {
    /// In the order the document's readers meet them: players, days, following, boards and
    /// scores, causes, the runway, keys, settings and watching.
    public static let all: [CallDeclaration] = [
        register.declaration, findPlayer.declaration, ownProfile.declaration, updateProfile.declaration, erase.declaration,
        publicProfile.declaration, record.declaration, news.declaration,
        following.declaration, follow.declaration, unfollow.declaration, boardAmongFollowed.declaration,
        boards.declaration, board.declaration, top.declaration, aroundMe.declaration, aroundPlayer.declaration, standing.declaration,
        submit.declaration, contributors.declaration,
        causes.declaration, donate.declaration,
        runwayDay.declaration, enterRunway.declaration, runwayPair.declaration, runwayVote.declaration,
        keys.declaration, addKey.declaration, removeKey.declaration, settings.declaration, changeSettings.declaration,
        watchList.declaration,
    ]
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
