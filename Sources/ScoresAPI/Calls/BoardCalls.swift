// Boards and scores: the list of boards, one board, its top (keyset-paged), a player's
// neighbourhood and standing, the highest contributors, and submitting a share code — each call
// declared once, with the shapes of the JSON it carries.

extension PathParameter {
    public static let board = PathParameter(
        "board", JSONSchema.string.maxLength(BoardID.maxBytes),
        "style-YYYY-MM-DD, swarm-<challenge>[-sN][-YYYY-Www], lab-YYYY-MM-DD, contributors, people-YYYY-MM-DD or swarmshow-YYYY-MM-DD")
}

extension QueryParameter {
    /// Rows of a page, a whole number in `range` (`fallback` when absent).
    public static func limit(_ range: ClosedRange<Int>, default fallback: Int) -> QueryParameter {
        QueryParameter("limit", JSONSchema.integer.within(range).byDefault(fallback), refusal: .badRequest(.invalidLimit))
    }

    /// Where the page before ended.
    public static func cursor(_ description: String) -> QueryParameter {
        QueryParameter("cursor", .string, description, refusal: .unprocessable(.invalidCursor))
    }

    /// A board page's rows.
    public static let pageLimit = limit(WireLimits.pageRows, default: WireLimits.defaultPageRows)
    /// Where the board page before ended.
    public static let pageCursor = cursor("next_cursor from the previous page")

    public static let radius = QueryParameter(
        "radius", JSONSchema.integer.within(WireLimits.aroundRadius).byDefault(WireLimits.defaultAroundRadius), refusal: .badRequest(.invalidRadius))

    /// What a histogram counts.
    public static let histogramOf = QueryParameter(
        "of", JSONSchema.words(HistogramOf.self),
        "score (the default, any board); ingredients or agents (a board that keeps costs)", refusal: .badRequest(.invalidHistogram))

    /// `?include=earlier` on the board list; other words are ignored.
    public static let include = QueryParameter(
        "include", .string, "A comma-separated list; \"earlier\" adds earlier days' boards. Other words are ignored.")
}

extension APICalls {
    /// Every call this file declares: `APICalls.all` lists the group in one line.
    static let boardCalls: [CallDeclaration] = [
        boards.declaration, board.declaration, top.declaration, aroundMe.declaration, aroundPlayer.declaration, standing.declaration,
        submit.declaration, contributors.declaration, histogram.declaration,
    ]

    /// The word `include` takes for earlier days' boards.
    public static let includeEarlier = "earlier"

    public static let boards = APICall<NoBody, BoardList>(
        "boards", .get, CallPath("/v1/boards"), auth: .anyone,
        summary: "The boards open now; with include=earlier, also the last \(WireLimits.earlierDays) days' style and people's boards (what a game lists)",
        query: [.include],
        reply: .ok("Boards"))

    public static let board = APICall<NoBody, BoardInfo>(
        "board", .get, CallPath("/v1/boards/{board}", .board), auth: .anyone,
        summary: "One board",
        reply: .ok("Board"),
        refusals: [.notFound(.boardNotFound)])

    public static let top = APICall<NoBody, BoardPage>(
        "top", .get, CallPath("/v1/boards/{board}/top", .board), auth: .anyone,
        summary: "Top of a board, keyset-paged",
        query: [.pageLimit, .pageCursor],
        reply: .ok("Rows", conditional: true),
        refusals: [.notFound(.boardNotFound), .unavailable(.starting)])

    public static let aroundMe = APICall<NoBody, BoardPage>(
        "aroundMe", .get, CallPath("/v1/boards/{board}/around/me", .board), auth: .player,
        summary: "You and your neighbours",
        query: [.radius],
        reply: .ok("Rows", conditional: true),
        refusals: [.notFound(.boardNotFound), .notFound(.noRecord), .unavailable(.starting)])

    public static let aroundPlayer = APICall<NoBody, BoardPage>(
        "aroundPlayer", .get, CallPath("/v1/boards/{board}/around/{player}", .board, .player), auth: .anyone,
        summary: "A player and their neighbours",
        notes: "A people's board still taking votes names no one and is refused (404).",
        query: [.radius],
        reply: .ok("Rows", conditional: true),
        refusals: [.notFound(.boardNotFound), .notFound(.playerNotFound), .notFound(.noRecord), .unavailable(.starting)])

    public static let standing = APICall<NoBody, Standing>(
        "standing", .get, CallPath("/v1/boards/{board}/players/{player}", .board, .player), auth: .anyone,
        summary: "A player's rank and record",
        notes: "A people's board still taking votes names no one and is refused (404).",
        reply: .ok("Standing", conditional: true),
        refusals: [.notFound(.boardNotFound), .notFound(.playerNotFound), .notFound(.noRecord), .unavailable(.starting)])

    public static let contributors = APICall<NoBody, BoardPage>(
        "contributors", .get, CallPath("/v1/contributors/top"), auth: .anyone,
        summary: "Highest contributors",
        query: [.pageLimit],
        reply: .ok("Rows", conditional: true),
        refusals: [.unavailable(.starting)])

    public static let histogram = APICall<NoBody, BoardHistogram>(
        "histogram", .get, CallPath("/v1/boards/{board}/histogram", .board), auth: .playerIfSent,
        summary: "How the players' bests on a board spread; with your token, where yours stands",
        notes: "Score buckets: 0–99, 100–199, …, 900–999 and 1000 (the contributors board: 1–9, 10–99, 100–999, …). With a token of a player who has a best on the board, you gives its score, rank and the per cent of the other players ranked below.",
        query: [.histogramOf],
        reply: .ok("Buckets", conditional: true),
        refusals: [.notFound(.boardNotFound), .badRequest(.invalidHistogram), .unprocessable(.invalidHistogram), .unavailable(.starting)])

    public static let submit = APICall<SubmitRequest, SubmissionResult>(
        "submit", .post, CallPath("/v1/scores"), auth: .player,
        summary: "Submit a share code; the server computes the score",
        notes: "A swarm counts on its challenge's season board and on this week's board of the season together, each scored on its own seeds: the other board's result is in also.",
        reply: .ok("The official score and rank"),
        refusals: [.forbidden(.playerBanned), .notFound(.boardNotFound), .conflict(.boardClosed),
                   .unprocessable(.invalidCode), .unprocessable(.boardTakesDonations), .unprocessable(.boardTakesVotes),
                   .unprocessable(.wrongKind), .unprocessable(.lookNotWearable), .unprocessable(.swarmTooLarge),
                   .unprocessable(.swarmTooSmall), .unprocessable(.swarmBreaksBrief), .conflict(.codeTaken), .tooMany(.rateLimited), .unavailable(.verifierBusy)])
}

// MARK: The JSON

extension BoardInfo: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("id", .string), .required("kind", .words(BoardKind.self)), .required("period", .words(BoardPeriod.self)),
                .required("title", .string), .required("brief", .string), .required("open", .boolean),
                .optional("opens_at", .string), .optional("closes_at", .string), .required("records", .integer),
                .optional("season", .integer))
    }
}

extension BoardList: WireSchema {
    public static var schema: JSONSchema { .object(.required("boards", .array(of: .named(BoardInfo.self)))) }
}

extension BoardRow: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("rank", JSONSchema.integer.minimum(1)), .required("player_id", .string), .required("name", .string),
                .required("score", .integer), .required("detail", .number), .required("at", .string),
                .required("code", .string.described("The share code that earned the score (empty while the board's runway takes votes)")),
                .optional("avatar_look", .string),
                .required("tied", .boolean.described("Whether another record on the board has the same score (ranks still differ)")),
                .optional("group_rank", JSONSchema.integer.minimum(1).described("In a board among the players someone follows: the rank within that group")),
                .optional("crew_id", JSONSchema.string.described("On a crews' board: the crew (player_id is empty there)")))
    }
}

extension BoardPage: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("board", .named(BoardInfo.self)), .required("rows", .array(of: .named(BoardRow.self))),
                .optional("next_cursor", .string.described("Pass as cursor for the next page; absent on the last")))
    }
}

extension Standing: WireSchema {
    public static var schema: JSONSchema { .object(.required("board", .named(BoardInfo.self)), .required("row", .named(BoardRow.self))) }
}

extension SubmitRequest: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("board_id", .string), .required("code", JSONSchema.string.maxLength(WireLimits.maxCodeBytes).described("A share code, or its plume:// link")))
    }
}

extension BestSummary: WireSchema {
    public static let schemaName = "Best"

    public static var schema: JSONSchema {
        .object(.required("score", .integer), .required("detail", .number), .required("at", .string), .required("code", .string))
    }
}

extension HistogramBucket: WireSchema {
    public static var schema: JSONSchema { .object(.required("from", .integer), .required("to", .integer), .required("count", .integer.minimum(0))) }
}

extension HistogramYou: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("score", .integer), .required("rank", .integer.minimum(1)),
                .required("percentile", JSONSchema.integer.within(0...100).described("Per cent of the other players ranked below")))
    }
}

extension BoardHistogram: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("board", .string), .required("of", .words(HistogramOf.self)), .required("total", .integer.minimum(0)),
                .required("buckets", .array(of: .named(HistogramBucket.self))), .optional("you", .named(HistogramYou.self)))
    }
}

extension SubmissionResult: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("board_id", .string), .required("score", .integer), .required("detail", .number),
                .optional("rank", .integer.described("The player's rank on the board after this submission (their best's rank)")),
                .optional("players", .integer.described("Players on the board after this submission")),
                .optional("percentile", JSONSchema.integer.within(0...100).described("Per cent of the board's other players ranked below your best")),
                .required("tied", .boolean), .required("personal_best", .boolean),
                .optional("previous_best", .named(BestSummary.self)),
                .required("best", .named(BestSummary.self)),
                .optional("also", JSONSchema.array(of: .named(SubmissionResult.self)).described("Other boards the same submission counted for")))
    }
}
