// The day that carries over: a player's record of days and their news — each call declared once,
// with the shapes of the JSON it carries.

extension QueryParameter {
    /// Days in a page of a player's record, and where the page before ended.
    public static let recordLimit = limit(WireLimits.recordDays, default: WireLimits.defaultRecordDays)
    public static let recordCursor = cursor("next_cursor from the previous page (a day, YYYY-MM-DD)")

    /// The id of the last news item read.
    public static let after = QueryParameter(
        "after", JSONSchema.integer.minimum(0).byDefault(0), "The id of the last item read (0: everything kept)",
        refusal: .badRequest(.invalidCursor))
}

extension APICalls {
    /// Every call this file declares: `APICalls.all` lists the group in one line.
    static let daysCalls: [CallDeclaration] = [
        record.declaration, news.declaration,
    ]

    public static let record = APICall<NoBody, PlayerDays>(
        "record", .get, CallPath("/v1/players/{player}/record", .player), auth: .anyone,
        summary: "A player's record of days: days played, streaks, score bands and each day, newest first",
        notes: "A day counts when the player has a record on that day's style board (submitted while it was open, by the server's UTC day). The streak counts consecutive days up to today, or up to yesterday while today is still open. Ranks are final once a board has closed.",
        query: [.recordLimit, .recordCursor],
        reply: .ok("The record", conditional: true),
        refusals: [.notFound(.playerNotFound), .unavailable(.starting)])

    public static let news = APICall<NoBody, NewsPage>(
        "news", .get, CallPath("/v1/players/me/news"), auth: .player,
        summary: "Your news: days and runways that closed, streak milestones and ends, oldest first",
        notes: "Items are written once each by the server and kept for at least 30 days. A client remembers the newest id it has shown and asks for what comes after it.",
        query: [.after],
        reply: .ok("News"))
}

// MARK: The JSON

extension RecordDay: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("day", .string.described("YYYY-MM-DD (UTC)")), .required("score", .integer),
                .optional("rank", JSONSchema.integer.minimum(1).described("On that day's style board; final once it closed")),
                .required("entries", JSONSchema.integer.minimum(0).described("Records on that style board")),
                .optional("people_rank", JSONSchema.integer.minimum(1).described("On that day's people's board; absent when not on the runway")),
                .optional("people_entries", JSONSchema.integer.minimum(0)))
    }
}

extension PlayerDays: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("player_id", .string), .required("days_played", JSONSchema.integer.minimum(0)),
                .required("streak", JSONSchema.integer.minimum(0)), .required("best_streak", JSONSchema.integer.minimum(0)),
                .optional("last_played", JSONSchema.string.orNull.described("YYYY-MM-DD, or null before the first day")),
                .required("today", .string.described("The server's UTC day")),
                .required("bands", JSONSchema.array(of: JSONSchema.integer.minimum(0)).counting(ScoreBands.count...ScoreBands.count)
                    .described("Days scored 0-99, 100-199, ..., 900-999, 1000")),
                .required("days", .array(of: .named(RecordDay.self))),
                .optional("next_cursor", .string.described("Pass as cursor for the next (older) page; absent on the last")),
                .optional("banners", JSONSchema.array(of: .named(Banner.self)).described("Every banner tier earned, oldest first")))
    }
}

extension Banner: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("id", JSONSchema.words(BannerKind.self)), .required("name", .string),
                .required("tier", JSONSchema.integer.within(1...3).described("1 bronze, 2 silver, 3 gold")), .required("tier_name", .string),
                .required("words", .string.described("What it took")), .required("earned_at", JSONSchema.string.format("date-time")))
    }
}

extension NewsItem: WireSchema {
    /// The kinds this build knows, in words: "day_closed, …, or friend_runway".
    static var kindsInWords: String {
        let words = NewsKind.allCases.map(\.rawValue)
        return words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
    }

    public static var schema: JSONSchema {
        .object(.required("id", JSONSchema.integer.minimum(1)), .required("at", JSONSchema.string.format("date-time")),
                .required("kind", .string.described(kindsInWords + " (a client shows the text of any other)")),
                .required("day", .string), .required("text", .string.described("Plain words, for a game or a web page")),
                .optional("rank", .integer), .optional("of", .integer), .optional("score", .integer), .optional("votes", .integer),
                .optional("streak", .integer))
    }
}

extension NewsPage: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("items", .array(of: .named(NewsItem.self))),
                .required("more", .boolean.described("Whether more items follow the last one here")))
    }
}
