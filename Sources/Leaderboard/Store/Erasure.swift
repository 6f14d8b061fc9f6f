// Erasing a player, written once for both stores: what each table gives up, in order (each step's
// statement lives with its feature's SQL). Every table the migrations make is either a step here
// or named in `untouched` with the reason, and SchemaTests checks both lists against the
// migrations of both stores: a new table holding a player's data cannot be missed by erasure
// without a test failing.

/// One table's part in erasing a player: a statement whose first parameter is the player's number.
public struct ErasureStep: Sendable {
    public let table: String
    public let sql: @Sendable (StoreSQL.Dialect) -> String
    /// A board bound as the second parameter: the records step keeps the contributors board's.
    public let keepingBoard: String?
    /// Whether the statement returns the boards whose records it removed (each is logged).
    public let returnsBoards: Bool

    init(_ table: String, keepingBoard: String? = nil, returnsBoards: Bool = false, _ sql: @escaping @Sendable (StoreSQL.Dialect) -> String) {
        (self.table, self.keepingBoard, self.returnsBoards, self.sql) = (table, keepingBoard, returnsBoards, sql)
    }
}

public enum Erasure {
    /// In order, inside one transaction. The records first (their boards are logged as changes);
    /// deals showing the player's looks are closed before the looks go.
    public static let steps: [ErasureStep] = [
        ErasureStep("records", keepingBoard: Board.contributors.id, returnsBoards: true, StoreSQL.eraseRecords),
        // What hosted games kept, found by the player's id and keys, before those go.
        ErasureStep("hosted_saves", StoreSQL.eraseHostedSaves),
        ErasureStep("hosted_games", StoreSQL.eraseHostedGames),
        ErasureStep("players", StoreSQL.eraseIdentity),
        ErasureStep("player_keys", StoreSQL.eraseKeys),
        ErasureStep("runway_deals", StoreSQL.closeDealsShowingPlayer),
        ErasureStep("runway_entries", StoreSQL.eraseRunwayEntries),
        ErasureStep("player_days", StoreSQL.eraseDays),
        ErasureStep("score_bands", StoreSQL.eraseBands),
        ErasureStep("news", StoreSQL.eraseNews),
        ErasureStep("follows", FollowSQL.erase),
        ErasureStep("player_settings", StoreSQL.erasePlayerSettings),
    ]

    /// The tables erasure leaves alone, and why.
    public static let untouched: [String: String] = [
        "donations": "a former player's gifts stay in the causes' totals and on the contributors board, under no name",
        "runway_votes": "judgements name entry ids and a voter's number, never a name; the looks they judged are gone",
        "changes": "board, player number and time only: erasure itself appends here, and pruning removes it",
        "server_secrets": "the server's own keys, no player's data",
        "closings": "which days' closing passes are done: days only, no player",
    ]
}
