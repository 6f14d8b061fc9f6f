// Following: finding a player by name, the players one follows, following and stopping, and a
// board among the players one follows — each call declared once, with the shapes of the JSON it
// carries. Following is one way and private.

extension QueryParameter {
    /// A player's exact name, case ignored.
    public static let playerName = QueryParameter("name", .string, required: true, refusal: .badRequest(.missingField))
}

extension APICalls {
    /// Every call this file declares: `APICalls.all` lists the group in one line.
    static let followCalls: [CallDeclaration] = [
        findPlayer.declaration, following.declaration, follow.declaration, unfollow.declaration, boardAmongFollowed.declaration,
    ]

    public static let findPlayer = APICall<NoBody, Identity>(
        "findPlayer", .get, CallPath("/v1/players"), auth: .anyone,
        summary: "A player by exact name (case ignored)",
        query: [.playerName],
        reply: .ok("The player"),
        refusals: [.notFound(.playerNotFound)])

    public static let following = APICall<NoBody, FollowingList>(
        "following", .get, CallPath("/v1/players/me/following"), auth: .player,
        summary: "The players you follow (private), oldest follow first, with how they did today",
        reply: .ok("The list"))

    public static let follow = APICall<NoBody, FollowedPlayer>(
        "follow", .put, CallPath("/v1/players/me/following/{player}", .player), auth: .player,
        summary: "Follow a player (one way; following twice is harmless; at most \(WireLimits.follows))",
        reply: .ok("Followed"),
        refusals: [.forbidden(.playerBanned), .notFound(.playerNotFound), .unprocessable(.cantFollowYourself).worded("Following yourself"),
                   .conflict(.tooManyFollows).worded("Following past the cap"), .tooMany(.rateLimited)])

    public static let unfollow = APICall<NoBody, NoBody>(
        "unfollow", .delete, CallPath("/v1/players/me/following/{player}", .player), auth: .player,
        summary: "Stop following a player (stopping twice is harmless)",
        reply: .noContent("Not following them (any more)"),
        refusals: [.notFound(.playerNotFound), .tooMany(.rateLimited)])

    public static let boardAmongFollowed = APICall<NoBody, BoardPage>(
        "boardAmongFollowed", .get, CallPath("/v1/boards/{board}/following", .board), auth: .player,
        summary: "The board among the players you follow: you and them, in board order, with global and group ranks",
        notes: "Read from the rank index (no scan of the board). A people's board still taking votes names no one and is refused (404).",
        reply: .ok("The rows", conditional: true),
        refusals: [.notFound(.boardNotFound), .notFound(.noRecord), .unavailable(.starting)])
}

// MARK: The JSON

extension FollowedPlayer: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("player_id", .string), .required("name", .string),
                .required("since", JSONSchema.string.format("date-time").described("When the follow began")),
                .optional("today_score", .integer.described("On today's style board, if they have played today")),
                .optional("today_rank", JSONSchema.integer.minimum(1)))
    }
}

extension FollowingList: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("players", .array(of: .named(FollowedPlayer.self))),
                .required("limit", .integer.described("The most players one player may follow")),
                .required("today_board_id", .string.described("Today's style board, whose score today_score is")))
    }
}
