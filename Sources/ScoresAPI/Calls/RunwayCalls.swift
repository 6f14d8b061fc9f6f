// The Runway: a day's runway, entering a look or a swarm, the pair to judge and a vote on it — each
// call declared once, with the shapes of the JSON it carries. Days are YYYY-MM-DD (UTC). A day has
// two shows: the looks (the default) and the swarm show (`?show=swarm`, the day's Lab swarms); an
// entry goes to the show of its code's kind, and a vote to the show of its ticket.

extension PathParameter {
    public static let day = PathParameter("day", JSONSchema.string.pattern("^[0-9]{4}-[0-9]{2}-[0-9]{2}$"), "the runway's day, YYYY-MM-DD (UTC)")
}

extension QueryParameter {
    /// Which of a day's two shows.
    public static let show = QueryParameter(
        "show", JSONSchema.words(RunwayShow.self).byDefault("look"), "look (the default: the day's looks) or swarm (the swarm show)",
        refusal: .badRequest(.invalidShow))
}

extension APICalls {
    /// Every call this file declares: `APICalls.all` lists the group in one line.
    static let runwayCalls: [CallDeclaration] = [
        runwayDay.declaration, enterRunway.declaration, runwayPair.declaration, runwayVote.declaration,
    ]

    public static let runwayDay = APICall<NoBody, RunwayDay>(
        "runwayDay", .get, CallPath("/v1/runway/{day}", .day), auth: .playerIfSent,
        summary: "A day's runway show: theme or brief, counts, when entries and votes close; with a token, the player's entry and votes",
        query: [.show],
        reply: .ok("The day's runway"),
        refusals: [.unprocessable(.invalidDay), .notFound(.invalidDay), .unavailable(.starting)])

    public static let enterRunway = APICall<RunwayEntryRequest, RunwayEntered>(
        "enterRunway", .put, CallPath("/v1/runway/{day}/entry", .day), auth: .player,
        summary: "Enter (or replace) the player's look on today's runway, or their swarm in today's swarm show",
        notes: "A look must reach the day's runway minimum on the day's theme (500 under the v1 style rules, 400 under v2 and v3); a refusal below it says what the look fell short on. A swarm must keep the day's Lab brief and score 400 or more on it; a swarm another player holds on a swarm board or in a swarm show is refused code_taken.",
        reply: .ok("Entered"),
        refusals: [.forbidden(.playerBanned), .unprocessable(.invalidDay), .notFound(.invalidDay), .conflict(.runwayClosed),
                   .unprocessable(.invalidCode), .unprocessable(.lookNotWearable), .unprocessable(.swarmTooLarge), .unprocessable(.swarmTooSmall),
                   .unprocessable(.swarmBreaksBrief), .unprocessable(.belowRunwayMinimum), .conflict(.lookTaken), .conflict(.codeTaken),
                   .tooMany(.rateLimited), .unavailable(.verifierBusy)])

    public static let runwayPair = APICall<NoBody, RunwayPairDealt>(
        "runwayPair", .get, CallPath("/v1/runway/{day}/pair", .day), auth: .player,
        summary: "The pair of looks (or, with show=swarm, of swarms) to judge now and the next, each with a single-use ticket; the same until answered",
        query: [.show],
        reply: .ok("Dealt"),
        refusals: [.forbidden(.playerBanned), .unprocessable(.invalidDay), .notFound(.invalidDay), .conflict(.runwayClosed),
                   .notFound(.noPairLeft), .conflict(.ticketUsed)])

    public static let runwayVote = APICall<RunwayVoteRequest, RunwayVoteRecorded>(
        "runwayVote", .post, CallPath("/v1/runway/votes"), auth: .player,
        summary: "Answer a dealt pair: left, right, tie (even) or skip (limited; not a vote)",
        reply: .ok("Recorded"),
        refusals: [.forbidden(.playerBanned), .unprocessable(.invalidChoice), .unprocessable(.invalidTicket), .forbidden(.invalidTicket),
                   .conflict(.runwayClosed), .conflict(.ticketUsed), .conflict(.skipLimit), .tooMany(.rateLimited)])
}

// MARK: The JSON

extension RunwayEntryRequest: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("code", JSONSchema.string.maxLength(WireLimits.maxCodeBytes).described("A look's share code, or its plume:// link")))
    }
}

extension RunwayEntered: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("day", .string), .optional("show", .words(RunwayShow.self)), .required("code", .string),
                .optional("board_id", JSONSchema.string.described("The board the entry was scored on: the day's style board, or its Lab board")),
                .optional("score", JSONSchema.integer.minimum(WireLimits.leastRunwayMinimum).described("The entry's score on that board")),
                .optional("style_score", JSONSchema.integer.minimum(WireLimits.leastRunwayMinimum).described("A look's score on the day's theme")),
                .required("replaced", .boolean.described("Whether this look replaced an earlier entry (which lost its votes)")),
                .required("entered_at", .string))
    }
}

extension RunwayTally: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("votes", .integer.described("Votes cast (skips are not votes)")), .required("skips_left", .integer),
                .required("points", .integer.described("Points earned by voting on this day's runway")),
                .required("points_left", .integer))
    }
}

extension RunwayDealtPair: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("ticket", .string.described("Opaque and single-use; bound to this voter and day")),
                .required("left", .string), .required("right", .string))
    }
}

extension RunwayPairDealt: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("day", .string), .optional("show", .words(RunwayShow.self)),
                .optional("seed", JSONSchema.string.pattern("^[0-9]{1,20}$").described("A swarm pair's start: both swarms run from this seed (decimal)")),
                .required("ticket", .string), .required("left", .string), .required("right", .string),
                .optional("next", .named(RunwayDealtPair.self)), .required("tally", .named(RunwayTally.self)))
    }
}

extension RunwayVoteRequest: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("ticket", JSONSchema.string.maxLength(WireLimits.maxTicketBytes)), .required("choice", .words(RunwayChoice.self)))
    }
}

extension RunwayOwner: WireSchema {
    public static var schema: JSONSchema { .object(.required("player_id", .string), .required("name", .string)) }
}

extension RunwayVoteRecorded: WireSchema {
    public static var schema: JSONSchema {
        JSONSchema.object(
            .required("day", .string), .optional("show", .words(RunwayShow.self)), .required("choice", .words(RunwayChoice.self)),
            .required("points_earned", JSONSchema.integer.within(0...1).described("1, or 0 past the day's limit or for a skip")),
            .required("tally", .named(RunwayTally.self)),
            .optional("left", .named(RunwayOwner.self)), .optional("right", .named(RunwayOwner.self)))
        .described("Whose the two looks were is not said: the runway is anonymous until its voting closes (left and right are never sent; old clients read them as optional).")
    }
}

extension RunwayOwnEntry: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("code", .string), .required("entered_at", .string),
                .required("people_score", JSONSchema.integer.within(WireLimits.peopleScores)
                    .described("round(1000 × P(the look beats the average entry))")),
                .optional("plus_minus", .integer.described("One standard deviation; absent once the day is past")),
                .optional("rank", .integer.described("On the people's board; absent until the board has counted the entry")),
                .required("votes", .integer.described("Votes the look has been in")))
    }
}

extension RunwayYou: WireSchema {
    public static var schema: JSONSchema {
        .object(.optional("entry", .named(RunwayOwnEntry.self)), .required("tally", .named(RunwayTally.self)))
    }
}

extension RunwayDay: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("day", .string), .optional("show", .words(RunwayShow.self)),
                .required("theme", .string.described("The day's theme, or for the swarm show its Lab brief's name")), .required("brief", .string),
                .required("board_id", .string.described("The people's board, people-YYYY-MM-DD or swarmshow-YYYY-MM-DD")),
                .required("style_board_id", .string),
                .optional("entry_board_id", JSONSchema.string.described("The board entries are scored on: the style board, or the Lab board")), .required("entries", .integer), .required("votes", .integer),
                .required("entries_open", .boolean), .required("entries_close_at", .string),
                .required("voting_open", .boolean), .required("voting_closes_at", .string),
                .required("final", .boolean.described("Whether voting has closed and the people's board is final")),
                .optional("you", JSONSchema.named(RunwayYou.self).described("With a token: the player's entry and votes")))
    }
}
