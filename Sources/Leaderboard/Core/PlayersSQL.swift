// Players' SQL, written once for both stores (see StoreSQL): registering a unique name (unique
// ignoring case: `name_key`), the lookups every signed-in request makes, profile changes, bans,
// and the erasure step that clears what identifies a player. PlayersStore reads and writes with
// it; a player's columns are `playerColumns`, read by `PlayerRecord(row:)`.

extension StoreSQL {
    /// A player's columns, as `PlayerRecord(row:)` reads them.
    static let playerColumns = "id, public_id, name, email, updates_opt_in, avatar_code, created_at, banned"

    /// A column that finds one player.
    enum PlayerLookup: String, Sendable {
        case number = "id"
        case publicID = "public_id"
        case nameKey = "name_key"
        case tokenHash = "token_hash"
    }

    /// One player (`playerColumns`). 1: the value of `column`.
    static func player(_ d: Dialect, by column: PlayerLookup) -> String {
        "SELECT \(playerColumns) FROM players WHERE \(column.rawValue) = \(d.parameter(1))"
    }

    /// A page of players (`playerColumns`) by number. 1: limit, 2: offset.
    static func playersPage(_ d: Dialect) -> String {
        "SELECT \(playerColumns) FROM players ORDER BY id LIMIT \(d.parameter(1)) OFFSET \(d.parameter(2))"
    }

    /// Adds a player unless the name is taken (ignoring case: name_key is unique); returns the
    /// new player's number (`id`) when added. 1: public id, 2: name, 3: name key, 4: e-mail,
    /// 5: updates opt-in, 6: avatar, 7: token hash, 8: created at.
    public static func addPlayer(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            INSERT INTO players (public_id, name, name_key, email, updates_opt_in, avatar_code, token_hash, created_at)
            VALUES (\(p(1)), \(p(2)), \(p(3)), \(p(4)), \(p(5)), \(p(6)), \(p(7)), \(p(8)))
            ON CONFLICT (name_key) DO NOTHING RETURNING id
            """
    }

    /// `id` of another player holding a name (by its key). 1: name key, 2: the player renaming.
    static func nameHeldByAnother(_ d: Dialect) -> String {
        "SELECT id FROM players WHERE name_key = \(d.parameter(1)) AND id <> \(d.parameter(2))"
    }

    /// 1: player, 2: name, 3: name key.
    static func rename(_ d: Dialect) -> String {
        "UPDATE players SET name = \(d.parameter(2)), name_key = \(d.parameter(3)) WHERE id = \(d.parameter(1))"
    }

    /// 1: player, 2: e-mail (or null).
    static func setEmail(_ d: Dialect) -> String {
        "UPDATE players SET email = \(d.parameter(2)) WHERE id = \(d.parameter(1))"
    }

    /// 1: player, 2: whether they want updates.
    static func setUpdatesOptIn(_ d: Dialect) -> String {
        "UPDATE players SET updates_opt_in = \(d.parameter(2)) WHERE id = \(d.parameter(1))"
    }

    /// 1: player, 2: avatar (or null).
    static func setAvatar(_ d: Dialect) -> String {
        "UPDATE players SET avatar_code = \(d.parameter(2)) WHERE id = \(d.parameter(1))"
    }

    /// 1: player, 2: banned.
    static func setBanned(_ d: Dialect) -> String {
        "UPDATE players SET banned = \(d.parameter(2)) WHERE id = \(d.parameter(1))"
    }

    /// The boards a player has a record on (`board`), visible or not. 1: player.
    static func boardsOfPlayer(_ d: Dialect) -> String {
        "SELECT board FROM records WHERE player = \(d.parameter(1))"
    }

    /// Clears everything that identifies an erased player. 1: player.
    public static func eraseIdentity(_ d: Dialect) -> String {
        """
        UPDATE players SET name = NULL, name_key = NULL, email = NULL, updates_opt_in = false, avatar_code = NULL,
        token_hash = NULL WHERE id = \(d.parameter(1))
        """
    }

    /// (`name`, `email`) of players who asked for updates and can get them.
    public static let updatesList = """
        SELECT name, email FROM players WHERE updates_opt_in AND email IS NOT NULL AND name IS NOT NULL AND NOT banned ORDER BY id
        """
}
