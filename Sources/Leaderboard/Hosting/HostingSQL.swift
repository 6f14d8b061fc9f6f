// The SQL of hosting on many hosts, for both stores: what a hosted game keeps between sessions
// (hosted_saves: the files of its player's directory, by path), the one live game each player may
// have (hosted_games: a lease a host renews while the game runs, which another host may ask for and
// takes once it is given back or has expired), and what a player allows of others
// (player_settings: whether their games may be watched).
//
// A save is written only by the session that holds its owner's lease, in the transaction that
// renews the lease: a host that lost it (it stalled past the expiry, or the game moved) writes
// nothing, rather than the last writer winning.

extension StoreSQL {
    /// Takes an owner's lease when no live game holds it (or this session already does); returns
    /// the session when taken. 1: owner, 2: player id, 3: name, 4: host, 5: relay, 6: session,
    /// 7: now, 8: expires, 9: columns, 10: rows.
    static func claimGame(_ d: Dialect) -> String {
        let p = d.parameter
        return """
        INSERT INTO hosted_games (owner, player_id, player_name, host, relay, session, started_at, expires_at, last_input, screen, columns, rows, watchers)
        VALUES (\(p(1)), \(p(2)), \(p(3)), \(p(4)), \(p(5)), \(p(6)), \(p(7)), \(p(8)), \(p(7)), '', \(p(9)), \(p(10)), 0)
        ON CONFLICT (owner) DO UPDATE SET player_id = excluded.player_id, player_name = excluded.player_name, host = excluded.host,
            relay = excluded.relay, session = excluded.session, started_at = excluded.started_at, expires_at = excluded.expires_at,
            last_input = excluded.last_input, screen = '', columns = excluded.columns, rows = excluded.rows, watchers = 0,
            wanted_by = NULL, wanted_at = NULL
        WHERE hosted_games.expires_at < \(p(7)) OR hosted_games.session = \(p(6))
        RETURNING session
        """
    }

    /// Asks the session holding an owner's lease to give it up. 1: owner, 2: the asking session, 3: now.
    static func askForGame(_ d: Dialect) -> String {
        "UPDATE hosted_games SET wanted_by = \(d.parameter(2)), wanted_at = \(d.parameter(3)) WHERE owner = \(d.parameter(1)) AND session <> \(d.parameter(2))"
    }

    /// (owner, session) of a host's games another session asks for. 1: host.
    static func askedOfHost(_ d: Dialect) -> String {
        "SELECT owner, session FROM hosted_games WHERE host = \(d.parameter(1)) AND wanted_by IS NOT NULL"
    }

    /// Renews a lease with what the host knows of the game; returns whether it is asked for (a row
    /// only while the session holds it). 1: owner, 2: session, 3: expires, 4: last input,
    /// 5: screen, 6: watchers, 7: columns, 8: rows.
    static func renewGame(_ d: Dialect) -> String {
        let p = d.parameter
        return """
        UPDATE hosted_games SET expires_at = \(p(3)), last_input = \(p(4)), screen = \(p(5)), watchers = \(p(6)), columns = \(p(7)), rows = \(p(8))
        WHERE owner = \(p(1)) AND session = \(p(2)) RETURNING wanted_by
        """
    }

    /// Gives a lease back. 1: owner, 2: session.
    static func releaseGame(_ d: Dialect) -> String {
        "DELETE FROM hosted_games WHERE owner = \(d.parameter(1)) AND session = \(d.parameter(2))"
    }

    /// (owner, player id, name, host, relay, session, started, last input, screen, columns, rows,
    /// watchers) of the games whose leases are live, oldest first. 1: now.
    static func liveGames(_ d: Dialect) -> String {
        """
        SELECT owner, player_id, player_name, host, relay, session, started_at, last_input, screen, columns, rows, watchers
        FROM hosted_games WHERE expires_at >= \(d.parameter(1)) ORDER BY started_at, owner
        """
    }

    /// (path, body, digest) of what an owner keeps. 1: owner.
    static func savedFiles(_ d: Dialect) -> String {
        "SELECT path, body, digest FROM hosted_saves WHERE owner = \(d.parameter(1)) ORDER BY path"
    }

    /// Keeps one file. 1: owner, 2: path, 3: body, 4: digest, 5: at.
    static func keepFile(_ d: Dialect) -> String {
        let p = d.parameter
        return """
        INSERT INTO hosted_saves (owner, path, body, digest, updated_at) VALUES (\(p(1)), \(p(2)), \(p(3)), \(p(4)), \(p(5)))
        ON CONFLICT (owner, path) DO UPDATE SET body = excluded.body, digest = excluded.digest, updated_at = excluded.updated_at
        """
    }

    /// Forgets one file. 1: owner, 2: path.
    static func dropFile(_ d: Dialect) -> String {
        "DELETE FROM hosted_saves WHERE owner = \(d.parameter(1)) AND path = \(d.parameter(2))"
    }

    /// A key's saves become its player's, unless the player keeps some already. 1: the key's
    /// owner, 2: the player's.
    static func adoptFiles(_ d: Dialect) -> String {
        """
        UPDATE hosted_saves SET owner = \(d.parameter(2)) WHERE owner = \(d.parameter(1))
        AND NOT EXISTS (SELECT 1 FROM hosted_saves s WHERE s.owner = \(d.parameter(2)))
        """
    }

    /// Whether a player's games may be watched (no row: they may). 1: player.
    static func watchable(_ d: Dialect) -> String {
        "SELECT watchable FROM player_settings WHERE player = \(d.parameter(1))"
    }

    /// 1: player, 2: watchable.
    static func setWatchable(_ d: Dialect) -> String {
        """
        INSERT INTO player_settings (player, watchable) VALUES (\(d.parameter(1)), \(d.parameter(2)))
        ON CONFLICT (player) DO UPDATE SET watchable = excluded.watchable
        """
    }

    /// How a player plays (no row, or nulls: as the game would by default). 1: player.
    static func playSettings(_ d: Dialect) -> String {
        "SELECT palette, screen_reader, reduce_motion FROM player_settings WHERE player = \(d.parameter(1))"
    }

    /// 1: player, 2: watchable (for a new row), 3: palette, 4: screen reader, 5: still motion.
    static func setPlaySettings(_ d: Dialect) -> String {
        """
        INSERT INTO player_settings (player, watchable, palette, screen_reader, reduce_motion)
        VALUES (\(d.parameter(1)), \(d.parameter(2)), \(d.parameter(3)), \(d.parameter(4)), \(d.parameter(5)))
        ON CONFLICT (player) DO UPDATE SET palette = excluded.palette, screen_reader = excluded.screen_reader,
        reduce_motion = excluded.reduce_motion
        """
    }

    /// The public ids of the players who refuse to be watched. (None: none.)
    static func unwatchable(_ d: Dialect) -> String {
        "SELECT p.public_id FROM player_settings s JOIN players p ON p.id = s.player WHERE NOT s.watchable"
    }

    /// Part of erasure, before the player's identity and keys go: what their games kept, under
    /// their id or any of their keys. 1: player.
    static func eraseHostedSaves(_ d: Dialect) -> String {
        """
        DELETE FROM hosted_saves WHERE owner IN (SELECT public_id FROM players WHERE id = \(d.parameter(1)))
        OR owner IN (SELECT 'key:' || fingerprint FROM player_keys WHERE player = \(d.parameter(1)))
        """
    }

    /// Part of erasure: a live game's lease (the game itself ends at its next renewal). 1: player.
    static func eraseHostedGames(_ d: Dialect) -> String {
        """
        DELETE FROM hosted_games WHERE owner IN (SELECT public_id FROM players WHERE id = \(d.parameter(1)))
        OR owner IN (SELECT 'key:' || fingerprint FROM player_keys WHERE player = \(d.parameter(1)))
        """
    }

    /// Part of erasure. 1: player.
    static func erasePlayerSettings(_ d: Dialect) -> String {
        "DELETE FROM player_settings WHERE player = \(d.parameter(1))"
    }

    /// 1: name.
    static func dropSecret(_ d: Dialect) -> String {
        "DELETE FROM server_secrets WHERE name = \(d.parameter(1))"
    }

    /// A secret given another's value (nothing when that one has none). 1: name, 2: the other's name.
    static func copySecret(_ d: Dialect) -> String {
        "INSERT INTO server_secrets (name, value) SELECT \(d.parameter(1)), value FROM server_secrets WHERE name = \(d.parameter(2))"
    }
}
