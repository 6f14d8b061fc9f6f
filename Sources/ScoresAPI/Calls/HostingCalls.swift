// What a server that hosts the game over SSH adds for its players: their SSH keys, their settings
// (whether their games may be watched), and the list of games being played now — each call
// declared once, with the shapes of the JSON it carries.

extension QueryParameter {
    /// A key's fingerprint (it may hold "/", so it is not in the path).
    public static let fingerprint = QueryParameter(
        "fingerprint", .string, required: true, "SHA256:… as ssh-keygen -l prints it", refusal: .badRequest(.missingField))
}

extension APICalls {
    /// Every call this file declares: `APICalls.all` lists the group in one line.
    static let hostingCalls: [CallDeclaration] = [
        keys.declaration, addKey.declaration, removeKey.declaration, settings.declaration, changeSettings.declaration, watchList.declaration,
    ]

    public static let keys = APICall<NoBody, KeyList>(
        "keys", .get, CallPath("/v1/players/me/keys"), auth: .player,
        summary: "Your SSH keys: each signs you in to the game this server hosts over SSH",
        reply: .ok("Keys, oldest first"))

    public static let addKey = APICall<AddKeyRequest, KeyInfo>(
        "addKey", .post, CallPath("/v1/players/me/keys"), auth: .player,
        summary: "Add an SSH key (one line of a .pub file; Ed25519 or ECDSA)",
        reply: .created("Added"),
        refusals: [.unprocessable(.invalidKey), .conflict(.keyTaken), .conflict(.tooManyKeys)])

    public static let removeKey = APICall<NoBody, NoBody>(
        "removeKey", .delete, CallPath("/v1/players/me/keys"), auth: .player,
        summary: "Remove one of your SSH keys (never the one this game connected with)",
        query: [.fingerprint],
        reply: .noContent("Removed"),
        refusals: [.conflict(.keyInUse), .notFound(.noSuchKey)])

    public static let settings = APICall<NoBody, PlayerSettings>(
        "settings", .get, CallPath("/v1/players/me/settings"), auth: .player,
        summary: "Your settings: whether your hosted games may be watched, and how you play them",
        reply: .ok("Your settings"))

    public static let changeSettings = APICall<PlayerSettings, PlayerSettings>(
        "changeSettings", .put, CallPath("/v1/players/me/settings"), auth: .player,
        summary: "Change your settings",
        notes: "Refusing to be watched takes effect at once: your games leave the watch lists and their watchers are dropped, on every host. The palette, the screen-reader mode and still motion hold from your next game on any host; a field left out stays as it was.",
        reply: .ok("Your settings"),
        refusals: [.unprocessable(.wrongType)])

    public static let watchList = APICall<NoBody, WatchList>(
        "watchList", .get, CallPath("/v1/watch"), auth: .anyone,
        summary: "The games being played now over SSH, on every host, that may be watched",
        notes: "Only on a server that hosts the game (plume-server --ssh-port); elsewhere 404. Watch one at /watch/{player_id} in a browser, or with ssh watch@host.",
        reply: .ok("The games"),
        refusals: [.notFound(.notFound)])
}

// MARK: The JSON

extension KeyInfo: WireSchema {
    public static let schemaName = "Key"

    public static var schema: JSONSchema {
        .object(.required("fingerprint", .string.described("SHA256:… as ssh-keygen -l prints it")), .required("type", .string),
                .required("label", .string.described("The comment the key was added with (empty for the key a player was made with)")),
                .required("added_at", JSONSchema.string.format("date-time")))
    }
}

extension KeyList: WireSchema {
    public static var schema: JSONSchema { .object(.required("keys", .array(of: .named(KeyInfo.self)))) }
}

extension AddKeyRequest: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("public_key", JSONSchema.string.maxLength(WireLimits.maxKeyLineBytes).described("One line of an OpenSSH .pub file")))
    }
}

extension PlayerSettings: WireSchema {
    public static var schema: JSONSchema {
        JSONSchema.object(.required("watchable", .boolean.described(
            "Whether others may watch your games over SSH and in the browser; false drops the watchers already there, on every host")),
                          .optional("palette", JSONSchema.string.with("enum", .array(PlayerSettings.palettes.map { .string($0) })).described(
                            "The colours your games are drawn in, for your colour vision (\"standard\" when never set); left out of a change, as it was")),
                          .optional("screen_reader", .boolean.described("The screen-reader mode of your games; left out of a change, as it was")),
                          .optional("reduce_motion", .boolean.described("Whether your games' swarms hold still until asked; left out of a change, as it was")))
        .closed
    }
}

extension WatchedGame: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("player_id", .string), .required("name", .string),
                .required("screen", .string.described("Studio, Lab, Import, Share, Scores or Runway; empty until known")),
                .required("started_at", .integer.described("Milliseconds since 1970")),
                .required("idle_seconds", JSONSchema.integer.minimum(0)), .required("watchers", JSONSchema.integer.minimum(0)),
                .required("columns", .integer), .required("rows", .integer))
    }
}

extension WatchList: WireSchema {
    public static let schemaName = "LiveGames"

    public static var schema: JSONSchema { .object(.required("games", .array(of: .named(WatchedGame.self)))) }
}
