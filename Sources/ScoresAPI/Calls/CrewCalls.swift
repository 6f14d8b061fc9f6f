// Crews: founding one, inviting, joining, leaving and anyone's view of one — each call declared
// once, with the shapes of the JSON it carries.

extension PathParameter {
    public static let crew = PathParameter("crew", .string, "A crew's id, as founding it or the crews' board gives it")
}

extension APICalls {
    /// Every call this file declares: `APICalls.all` lists the group in one line.
    static let crewCalls: [CallDeclaration] = [
        createCrew.declaration, inviteToCrew.declaration, joinCrew.declaration, leaveCrew.declaration, myCrew.declaration, crew.declaration,
    ]

    public static let createCrew = APICall<CrewRequest, Crew>(
        "createCrew", .post, CallPath("/v1/crews"), auth: .player,
        summary: "Found a crew (you are its first member)",
        notes: "A player is in one crew at a time. Crew names follow the rules of player names and are unique, case ignored. From Thursday 00:00 UTC to the week's end the roster is frozen: a join or a leave then counts from next week.",
        reply: .created("The crew"),
        refusals: [.unprocessable(.invalidName), .conflict(.nameTaken), .conflict(.inACrew), .forbidden(.playerBanned)])

    public static let inviteToCrew = APICall<CrewInviteRequest, CrewInvite>(
        "inviteToCrew", .post, CallPath("/v1/crews/{crew}/invites", .crew), auth: .player,
        summary: "Invite a player to your crew (members only)",
        reply: .created("Invited: they may join"),
        refusals: [.notFound(.crewNotFound), .notFound(.playerNotFound), .forbidden(.notInCrew), .conflict(.crewFull)])

    public static let joinCrew = APICall<NoBody, Crew>(
        "joinCrew", .post, CallPath("/v1/crews/{crew}/join", .crew), auth: .player,
        summary: "Join a crew that invited you",
        reply: .ok("Joined (words says from when it counts)"),
        refusals: [.notFound(.crewNotFound), .forbidden(.notInvited), .conflict(.crewFull), .conflict(.inACrew), .forbidden(.playerBanned)])

    public static let leaveCrew = APICall<NoBody, Crew>(
        "leaveCrew", .delete, CallPath("/v1/crews/{crew}/members/me", .crew), auth: .player,
        summary: "Leave your crew",
        reply: .ok("Left, or leaving when the week ends (words says which)"),
        refusals: [.notFound(.crewNotFound), .conflict(.notInCrew)])

    public static let myCrew = APICall<NoBody, Crew>(
        "myCrew", .get, CallPath("/v1/crews/me"), auth: .player,
        summary: "Your crew this week (or the one you joined from next week)",
        reply: .ok("The crew"),
        refusals: [.notFound(.notInCrew)])

    public static let crew = APICall<NoBody, Crew>(
        "crew", .get, CallPath("/v1/crews/{crew}", .crew), auth: .anyone,
        summary: "A crew: its name, members, this week's score and rank, and each member's part",
        reply: .ok("The crew", conditional: true),
        refusals: [.notFound(.crewNotFound)])
}

// MARK: The JSON

extension CrewRequest: WireSchema {
    public static var schema: JSONSchema { .object(.required("name", JSONSchema.string.minLength(1))).closed }
}

extension CrewInviteRequest: WireSchema {
    public static var schema: JSONSchema { .object(.required("player_id", .string)).closed }
}

extension CrewInvite: WireSchema {
    public static var schema: JSONSchema { .object(.required("crew_id", .string), .required("player_id", .string)) }
}

extension CrewMember: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("player_id", .string), .required("name", .string), .required("points", JSONSchema.integer.minimum(0)),
                .required("counted", JSONSchema.boolean.described("Among the best \(CrewRules.counted) this week")),
                .optional("note", .string.described("When a change during the freeze counts from")))
    }
}

extension Crew: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("crew_id", .string), .required("name", .string), .required("week", .string.described("YYYY-Www")),
                .required("board", .string.described("This week's crews' board")),
                .required("score", JSONSchema.integer.minimum(0).described("The best \(CrewRules.counted) members' week points")),
                .optional("rank", JSONSchema.integer.minimum(1)), .required("crews", JSONSchema.integer.minimum(0).described("Crews on the board")),
                .required("frozen", JSONSchema.boolean.described("The roster is frozen (Thursday to the week's end)")),
                .required("members", JSONSchema.array(of: .named(CrewMember.self)).counting(0...CrewRules.maxMembers)),
                .optional("words", .string.described("What the change did, in words")))
    }
}
