// Hosting's tables: players' SSH keys (v3), and what hosted games keep for every host — saves,
// the one live game per player (a lease) and whether a player may be watched (v7).

extension Migration {
    /// v3. The keys that sign players in to hosted games (their fingerprints, never the keys).
    static let playerKeys = Migration("v3: players' SSH keys", erasing: [
        ErasureStep("player_keys", StoreSQL.eraseKeys),
    ], sqlite: [
        """
        CREATE TABLE player_keys (
            fingerprint TEXT NOT NULL PRIMARY KEY,
            player INTEGER NOT NULL REFERENCES players(id),
            key_type TEXT NOT NULL,
            label TEXT NOT NULL,
            added_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX player_keys_player ON player_keys (player);
        """,
    ], postgres: [
        """
        CREATE TABLE player_keys (
            fingerprint TEXT NOT NULL PRIMARY KEY,
            player BIGINT NOT NULL REFERENCES players(id),
            key_type TEXT NOT NULL,
            label TEXT NOT NULL,
            added_at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX player_keys_player ON player_keys (player)",
    ])

    /// v7. Hosted games' saves and leases, kept for every host, and what a player allows of others.
    /// Erasure finds the games' saves and leases by the player's id and keys: being a later
    /// migration's, its steps run before the keys (v3) and the player's row (v1) go.
    static let hosting = Migration("v7: hosted saves, one game per player, watching", erasing: [
        ErasureStep("hosted_saves", StoreSQL.eraseHostedSaves),
        ErasureStep("hosted_games", StoreSQL.eraseHostedGames),
        ErasureStep("player_settings", StoreSQL.erasePlayerSettings),
    ]) { d in
        let integer = d == .sqlite ? "INTEGER" : "BIGINT"
        let boolean = d == .sqlite ? "INTEGER" : "BOOLEAN"
        let withoutRowID = d == .sqlite ? " WITHOUT ROWID" : ""
        return [
            // owner: a player's public id, or "key:" and the fingerprint of a key that belongs to no
            // one yet. body: the file, base64; digest: its SHA-256, hex.
            """
            CREATE TABLE hosted_saves (
                owner TEXT NOT NULL,
                path TEXT NOT NULL,
                body TEXT NOT NULL,
                digest TEXT NOT NULL,
                updated_at \(integer) NOT NULL,
                PRIMARY KEY (owner, path)
            )\(withoutRowID)
            """,
            """
            CREATE TABLE hosted_games (
                owner TEXT NOT NULL,
                player_id TEXT,
                player_name TEXT,
                host TEXT NOT NULL,
                relay TEXT NOT NULL,
                session TEXT NOT NULL,
                started_at \(integer) NOT NULL,
                expires_at \(integer) NOT NULL,
                last_input \(integer) NOT NULL,
                screen TEXT NOT NULL,
                columns INTEGER NOT NULL,
                rows INTEGER NOT NULL,
                watchers INTEGER NOT NULL,
                wanted_by TEXT,
                wanted_at \(integer),
                PRIMARY KEY (owner)
            )\(withoutRowID)
            """,
            // Each host reads the requests for its own games several times a second.
            "CREATE INDEX hosted_games_host ON hosted_games (host, wanted_by)",
            """
            CREATE TABLE player_settings (
                player \(integer) NOT NULL REFERENCES players(id),
                watchable \(boolean) NOT NULL,
                PRIMARY KEY (player)
            )\(withoutRowID)
            """,
        ]
    }

    /// v14. How a player plays their hosted games (the game's settings place, `plume play`'s
    /// flags): a palette for their colour vision, the screen-reader mode, still motion. Null
    /// until set. Erased with the row v7's step erases.
    static let playSettings = Migration("v14: how players play: palette, screen reader, still motion") { d in
        let boolean = d == .sqlite ? "INTEGER" : "BOOLEAN"
        return [
            "ALTER TABLE player_settings ADD COLUMN palette TEXT",
            "ALTER TABLE player_settings ADD COLUMN screen_reader \(boolean)",
            "ALTER TABLE player_settings ADD COLUMN reduce_motion \(boolean)",
        ]
    }
}
