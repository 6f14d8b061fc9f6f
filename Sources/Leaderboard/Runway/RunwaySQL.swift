// The Runway's rules that live in SQL, written once for both stores (see StoreSQL). A day has two
// shows, looks and swarms (`show`, v9): entries, deals and judgements belong to one show, and every
// rule below holds within a day's show, except points, which count the whole day:
// - a player has at most one entry a day in each show; replacing it deletes the old entry (its votes stay,
//   naming an entry that is gone, and count for nothing) and closes deals that show it;
// - a look is on a day's runway once: a copy of another player's entry is refused (look_taken);
// - an entry is on the runway while its player is neither banned nor erased;
// - a voter holds at most two deals a day (the pair on show and the next, so that a vote never
//   waits for a deal); a slot is dealt again only when its pair was answered, with the voter's
//   next serial; answering closes it, so each serial is accepted once;
// - skips are judgements (never dealt again) but not votes; a vote earns 1 point while the
//   voter's points on that day's runway (both shows) are under the day's limit;
// - points earned by voting count with points earned on boards (BoardsSQL: StoreSQL.points).

extension StoreSQL {
    /// An entry's columns over `runway_entries e`, as `RunwayEntryRecord(row:)` reads them.
    static let entryColumns = "e.id, e.day, e.show, e.player, e.code, e.at"

    /// A player's entry in a day's show. 1: day, 2: show, 3: player.
    public static func runwayEntry(_ d: Dialect) -> String {
        "SELECT \(entryColumns) FROM runway_entries e WHERE e.day = \(d.parameter(1)) AND e.show = \(d.parameter(2)) AND e.player = \(d.parameter(3))"
    }

    /// The entries of a day's show, by id. 1: day, 2: show.
    public static func runwayEntries(_ d: Dialect) -> String {
        """
        SELECT \(entryColumns) FROM runway_entries e JOIN players p ON p.id = e.player
        WHERE e.day = \(d.parameter(1)) AND e.show = \(d.parameter(2)) AND NOT p.banned AND p.name IS NOT NULL ORDER BY e.id
        """
    }

    /// Removes a player's entry in a day's show, returning its columns (as `entryColumns`).
    /// 1: day, 2: show, 3: player.
    public static func removeRunwayEntry(_ d: Dialect) -> String {
        let p = d.parameter
        return "DELETE FROM runway_entries WHERE day = \(p(1)) AND show = \(p(2)) AND player = \(p(3)) RETURNING id, day, show, player, code, at"
    }

    /// 1: day, 2: show, 3: player, 4: code, 5: at. Returns the new `id`, or nothing when the code
    /// is entered on that day already (runway_entries_look: a look's code and a swarm's never match).
    public static func addRunwayEntry(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            INSERT INTO runway_entries (day, show, player, code, at) VALUES (\(p(1)), \(p(2)), \(p(3)), \(p(4)), \(p(5)))
            ON CONFLICT (day, code) DO NOTHING RETURNING id
            """
    }

    /// Closes the open deals that show an entry. 1: entry.
    public static func closeDealsShowing(_ d: Dialect) -> String {
        "UPDATE runway_deals SET open = false WHERE open AND (left_entry = \(d.parameter(1)) OR right_entry = \(d.parameter(1)))"
    }

    /// Erasure: closes deals showing the player's entries, then deletes them. 1: player.
    public static func closeDealsShowingPlayer(_ d: Dialect) -> String {
        """
        UPDATE runway_deals SET open = false WHERE open AND (left_entry IN (SELECT id FROM runway_entries WHERE player = \(d.parameter(1)))
        OR right_entry IN (SELECT id FROM runway_entries WHERE player = \(d.parameter(1))))
        """
    }

    /// A swarm entered in a show, remembered as its player's for good (`swarm_show_codes`).
    /// 1: code, 2: player, 3: day.
    static func rememberSwarmShowCode(_ d: Dialect) -> String {
        let p = d.parameter
        return "INSERT INTO swarm_show_codes (code, player, day) VALUES (\(p(1)), \(p(2)), \(p(3))) ON CONFLICT (code) DO NOTHING"
    }

    static func eraseSwarmShowCodes(_ d: Dialect) -> String {
        "DELETE FROM swarm_show_codes WHERE player = \(d.parameter(1))"
    }

    public static func eraseRunwayEntries(_ d: Dialect) -> String {
        "DELETE FROM runway_entries WHERE player = \(d.parameter(1))"
    }

    /// (`entries`, `votes`) of a day's show. 1: day, 2: show.
    public static func runwayDayCounts(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            SELECT CAST((SELECT COUNT(*) FROM runway_entries WHERE day = \(p(1)) AND show = \(p(2))) AS BIGINT) AS entries,
            CAST((SELECT COUNT(*) FROM runway_votes WHERE day = \(p(1)) AND show = \(p(2)) AND choice <> 'skip') AS BIGINT) AS votes
            """
    }

    /// (`id`, `code`, `public_id`, `name`) for two entries. 1: the first entry, 2: the second.
    public static func runwayLooks(_ d: Dialect) -> String {
        "SELECT e.id, e.code, p.public_id, p.name FROM runway_entries e JOIN players p ON p.id = e.player WHERE e.id IN (\(d.parameter(1)), \(d.parameter(2)))"
    }

    /// (`id`, `voter`, `left_entry`, `right_entry`, `choice`) of a day's show after an id.
    /// 1: day, 2: show, 3: after id, 4: limit.
    public static func runwayJudgements(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            SELECT id, voter, left_entry, right_entry, choice FROM runway_votes
            WHERE day = \(p(1)) AND show = \(p(2)) AND id > \(p(3)) ORDER BY id LIMIT \(p(4))
            """
    }

    /// (`left_entry`, `right_entry`) of each judgement a voter made in a day's show. 1: day, 2: show, 3: voter.
    public static func judgedPairs(_ d: Dialect) -> String {
        let p = d.parameter
        return "SELECT left_entry, right_entry FROM runway_votes WHERE day = \(p(1)) AND voter = \(p(3)) AND show = \(p(2))"
    }

    /// (`votes`, `skips`, `points`) of a voter: votes and skips in a day's show, points over the
    /// whole day (one limit for both shows). 1: day, 2: show, 3: voter.
    public static func voterCounts(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            SELECT CAST(COALESCE(SUM(CASE WHEN show = \(p(2)) AND choice <> 'skip' THEN 1 ELSE 0 END), 0) AS BIGINT) AS votes,
            CAST(COALESCE(SUM(CASE WHEN show = \(p(2)) AND choice = 'skip' THEN 1 ELSE 0 END), 0) AS BIGINT) AS skips,
            CAST(COALESCE(SUM(points), 0) AS BIGINT) AS points
            FROM runway_votes WHERE day = \(p(1)) AND voter = \(p(3))
            """
    }

    /// (`slot`, `serial`, `left_entry`, `right_entry`, `open`) of a voter's deals in a day's show.
    /// 1: day, 2: show, 3: voter.
    public static func runwayDeals(_ d: Dialect) -> String {
        let p = d.parameter
        return "SELECT slot, serial, left_entry, right_entry, open FROM runway_deals WHERE day = \(p(1)) AND show = \(p(2)) AND voter = \(p(3)) ORDER BY slot"
    }

    /// Deals a pair into a slot with the voter's next serial in that show, unless that slot's deal
    /// is open. 1: day, 2: show, 3: voter, 4: slot, 5: left, 6: right, 7: at.
    public static func openRunwayDeal(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            INSERT INTO runway_deals (day, show, voter, slot, serial, left_entry, right_entry, open, at)
            VALUES (\(p(1)), \(p(2)), \(p(3)), \(p(4)),
            (SELECT COALESCE(MAX(serial), 0) + 1 FROM runway_deals WHERE day = \(p(1)) AND show = \(p(2)) AND voter = \(p(3))),
            \(p(5)), \(p(6)), true, \(p(7)))
            ON CONFLICT (day, show, voter, slot) DO UPDATE SET serial = excluded.serial, left_entry = excluded.left_entry,
            right_entry = excluded.right_entry, open = true, at = excluded.at WHERE NOT runway_deals.open
            """
    }

    /// `open_deals`: 1 when the deal is open, else 0. 1: day, 2: show, 3: voter, 4: serial.
    public static func isDealOpen(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            SELECT CAST(COUNT(*) AS BIGINT) AS open_deals FROM runway_deals
            WHERE day = \(p(1)) AND show = \(p(2)) AND voter = \(p(3)) AND serial = \(p(4)) AND open
            """
    }

    /// Closes the voter's open deal if its serial matches; returns (`left_entry`, `right_entry`) when it did.
    /// 1: day, 2: show, 3: voter, 4: serial.
    public static func answerRunwayDeal(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            UPDATE runway_deals SET open = false WHERE day = \(p(1)) AND show = \(p(2)) AND voter = \(p(3)) AND serial = \(p(4)) AND open
            RETURNING left_entry, right_entry
            """
    }

    /// 1: day, 2: show, 3: voter, 4: left, 5: right, 6: choice, 7: points, 8: at.
    public static func recordJudgement(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            INSERT INTO runway_votes (day, show, voter, left_entry, right_entry, choice, points, at)
            VALUES (\(p(1)), \(p(2)), \(p(3)), \(p(4)), \(p(5)), \(p(6)), \(p(7)), \(p(8)))
            """
    }

    /// A server secret, kept if there is one. 1: name, 2: value.
    public static func proposeSecret(_ d: Dialect) -> String {
        "INSERT INTO server_secrets (name, value) VALUES (\(d.parameter(1)), \(d.parameter(2))) ON CONFLICT (name) DO NOTHING"
    }

    /// `value`: a server secret. 1: name.
    public static func secret(_ d: Dialect) -> String {
        "SELECT value FROM server_secrets WHERE name = \(d.parameter(1))"
    }
}
