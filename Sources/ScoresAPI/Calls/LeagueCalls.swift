// The week's leagues: a player's group and anyone's view of a group — each call declared once,
// with the shapes of the JSON it carries.

extension PathParameter {
    public static let group = PathParameter("group", .string, "A league group's id, as GET /v1/leagues/me gives it")
}

extension QueryParameter {
    /// A past week, YYYY-Www.
    public static let week = QueryParameter(
        "week", JSONSchema.string.pattern("^[0-9]{4}-W[0-9]{2}$"), "An ISO week, YYYY-Www (UTC): this week when absent",
        refusal: .unprocessable(.invalidWeek))
}

extension APICalls {
    /// Every call this file declares: `APICalls.all` lists the group in one line.
    static let leagueCalls: [CallDeclaration] = [
        league.declaration, leagueGroup.declaration,
    ]

    public static let league = APICall<NoBody, LeagueTable>(
        "league", .get, CallPath("/v1/leagues/me"), auth: .player,
        summary: "Your league group this week (or a past week, with where it took you)",
        notes: "A player's first week points of a week place them in a group of at most 30 of their tier. When the week ends (Monday 00:00 UTC) the top of each group moves up a tier and the bottom down; a player with no points that week moves down one. Before their first points of the week, group is null and members empty; so it is, with their points, while their seat waits for last week's close (a moment after the week turns). Of a week without a group, tier is the player's tier now.",
        query: [.week],
        reply: .ok("The group's table"),
        refusals: [.unavailable(.starting)])

    public static let leagueGroup = APICall<NoBody, LeagueTable>(
        "leagueGroup", .get, CallPath("/v1/leagues/{group}", .group), auth: .anyone,
        summary: "A league group's table: its week, tier, members and points",
        reply: .ok("The group's table", conditional: true),
        refusals: [.notFound(.groupNotFound), .unavailable(.starting)])
}

// MARK: The JSON

extension LeagueMember: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("player_id", .string), .required("name", .string), .required("points", JSONSchema.integer.minimum(0)),
                .required("rank", JSONSchema.integer.minimum(1)),
                .optional("moved", JSONSchema.words(LeagueMove.self).described("Once the group has closed")))
    }
}

extension LeagueTable: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("week", .string.described("YYYY-Www (ISO week, UTC)")),
                .required("tier", JSONSchema.words(LeagueTier.self).described("From the first a new player joins to the highest")),
                .required("tier_name", .string),
                .required("group", JSONSchema.string.orNull.described("null before the player's first points of the week")),
                .required("closes_at", JSONSchema.string.format("date-time")), .required("closed", .boolean),
                .required("promote", JSONSchema.integer.minimum(0).described("How many of the group move up at the close")),
                .required("demote", JSONSchema.integer.minimum(0).described("How many move down")),
                .required("members", .array(of: .named(LeagueMember.self))),
                .optional("rank", JSONSchema.integer.minimum(1).described("Yours (GET /v1/leagues/me)")),
                .optional("points", JSONSchema.integer.minimum(0).described("Yours")),
                .optional("moved", JSONSchema.words(LeagueMove.self).described("Yours, once closed")),
                .optional("next_tier", JSONSchema.words(LeagueTier.self).described("Your tier after the close")))
    }
}
