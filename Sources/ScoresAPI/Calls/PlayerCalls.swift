// Players: registering, one's own profile and its changes, erasure, and anyone's public profile —
// each call declared once, with the shapes of the JSON it carries.

extension PathParameter {
    public static let player = PathParameter("player", .string, "A public player id (22 characters)")
}

extension HeaderParameter {
    /// A game this server hosts over SSH sends its pass with every request (HostedPassMiddleware);
    /// registering is the call it changes.
    public static let hostedPass = HeaderParameter(
        "Plume-Pass",
        "Sent by a game this server hosts over SSH, from this host only: its pass (the key it connected with becomes the new player's). Ignored from elsewhere.",
        refusal: .unauthorized(.invalidToken))
}

extension APICalls {
    /// Every call this file declares: `APICalls.all` lists the group in one line.
    static let playerCalls: [CallDeclaration] = [
        register.declaration, ownProfile.declaration, updateProfile.declaration, erase.declaration, publicProfile.declaration,
    ]

    public static let register = APICall<RegisterRequest, Registered>(
        "register", .post, CallPath("/v1/players"), auth: .anyone,
        summary: "Register a player",
        headers: [.hostedPass],
        reply: .created("Registered; keep the token, it is shown once"),
        refusals: [.unprocessable(.invalidName), .unprocessable(.invalidEmail), .unprocessable(.invalidAvatar), .unprocessable(.invalidCode),
                   .conflict(.nameTaken), .conflict(.keyTaken)])

    public static let ownProfile = APICall<NoBody, OwnProfile>(
        "ownProfile", .get, CallPath("/v1/players/me"), auth: .player,
        summary: "Your own profile (with e-mail)",
        reply: .ok("Profile"))

    public static let updateProfile = APICall<ProfileUpdate, OwnProfile>(
        "updateProfile", .patch, CallPath("/v1/players/me"), auth: .player,
        summary: "Change name, e-mail, opt-in or avatar",
        notes: "Absent fields are left alone; null clears the e-mail or the avatar. The opt-in is off whenever there is no e-mail.",
        reply: .ok("Profile"),
        refusals: [.unprocessable(.invalidName), .unprocessable(.invalidEmail), .unprocessable(.invalidAvatar), .unprocessable(.invalidCode),
                   .conflict(.nameTaken)])

    public static let erase = APICall<NoBody, NoBody>(
        "erase", .delete, CallPath("/v1/players/me"), auth: .player,
        summary: "Erase yourself (contributions stay, as a former player)",
        reply: .noContent("Erased"))

    public static let publicProfile = APICall<NoBody, PublicProfile>(
        "publicProfile", .get, CallPath("/v1/players/{player}", .player), auth: .playerIfSent,
        summary: "A player's public profile",
        notes: "While a day's runway takes votes (that day and the next, UTC), the codes of the player's bests on that day's style and people's boards are empty, and an avatar that is a look on such a runway is left out; with the player's own token, nothing is left out.",
        reply: .ok("Profile", conditional: true),
        refusals: [.notFound(.playerNotFound)])
}

// MARK: The JSON

extension RegisterRequest: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("name", .string.minLength(1).described("1–24 characters after NFC; unique, ignoring case")),
                .optional("email", .string.described("Never shown to anyone else")),
                .optional("updates_opt_in", .boolean),
                .optional("avatar_look", .string.described("A look's share code")))
    }
}

extension Registered: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("player_id", .string), .required("name", .string),
                .required("token", .string.described("The player's secret: sent as a bearer token, shown only this once")))
    }
}

extension ProfileUpdate: WireSchema {
    public static var schema: JSONSchema {
        .object(.optional("name", .string), .optional("email", JSONSchema.string.orNull), .optional("updates_opt_in", .boolean),
                .optional("avatar_look", JSONSchema.string.orNull))
    }
}

extension OwnProfile: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("player_id", .string), .required("name", .string), .optional("email", .string),
                .required("updates_opt_in", .boolean), .optional("avatar_look", .string), .required("created_at", .string),
                .required("points_earned", .integer), .required("points_given", .integer), .required("points_available", .integer))
    }
}

extension ProfileBest: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("board_id", .string), .optional("rank", .integer), .required("score", .integer), .required("detail", .number),
                .required("at", .string), .required("code", .string.described("Empty while the board's runway takes votes")))
    }
}

extension PublicProfile: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("player_id", .string), .required("name", .string), .optional("avatar_look", .string),
                .required("since", .string), .required("bests", .array(of: .named(ProfileBest.self))),
                .required("points_earned", .integer), .required("points_given", .integer),
                .optional("followers", JSONSchema.integer.minimum(0).described("How many players follow this one")))
    }
}

extension Identity: WireSchema {
    public static var schema: JSONSchema { .object(.required("player_id", .string), .required("name", .string)) }
}
