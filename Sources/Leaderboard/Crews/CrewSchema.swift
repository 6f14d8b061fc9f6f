// Crews' tables (CrewSQL says what each holds): crews, members, invitations, the crew a week
// counts for, and each crew's score on a week's board.

extension Migration {
    /// v13. Crews of at most six, their weeks' scores, and the crew a player's week counts for.
    static let crews = Migration("v13: crews, members, invitations and week scores", erasing: [
        // Before the player's weeks go: the crews they counted for are counted again.
        ErasureStep("crew_dirty", CrewSQL.dirtyPlayersCrews),
        ErasureStep("crew_invites", CrewSQL.eraseInvites),
        ErasureStep("crew_members", CrewSQL.eraseMember),
    ], untouched: [
        "crews": "a crew's id and name, no player (its members are crew_members)",
        "crew_scores": "a crew's score on a week's board, no player (counted again when a member is erased)",
    ]) { d in
        let id = d == .sqlite ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "BIGSERIAL PRIMARY KEY"
        let integer = d == .sqlite ? "INTEGER" : "BIGINT"
        let real = d == .sqlite ? "REAL" : "DOUBLE PRECISION"
        let withoutRowID = d == .sqlite ? " WITHOUT ROWID" : ""
        return [
            """
            CREATE TABLE crews (
                id \(id),
                public_id TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL,
                name_key TEXT NOT NULL UNIQUE,
                created_at \(integer) NOT NULL
            )
            """,
            """
            CREATE TABLE crew_members (
                player \(integer) NOT NULL PRIMARY KEY REFERENCES players(id),
                crew \(integer) NOT NULL REFERENCES crews(id),
                counts_from INTEGER NOT NULL,
                leaves_after INTEGER,
                joined_at \(integer) NOT NULL
            )\(withoutRowID)
            """,
            "CREATE INDEX crew_members_crew ON crew_members (crew)",
            """
            CREATE TABLE crew_invites (
                crew \(integer) NOT NULL REFERENCES crews(id),
                player \(integer) NOT NULL REFERENCES players(id),
                at \(integer) NOT NULL,
                PRIMARY KEY (crew, player)
            )\(withoutRowID)
            """,
            "CREATE INDEX crew_invites_player ON crew_invites (player)",
            "ALTER TABLE week_points ADD COLUMN crew \(integer)",
            // A crew's players in a week, best first.
            "CREATE INDEX week_points_crew ON week_points (week, crew, points)",
            """
            CREATE TABLE crew_scores (
                board TEXT NOT NULL,
                crew \(integer) NOT NULL,
                score \(integer) NOT NULL,
                detail \(real) NOT NULL,
                at \(integer) NOT NULL,
                PRIMARY KEY (board, crew)
            )\(withoutRowID)
            """,
            """
            CREATE TABLE crew_dirty (
                week INTEGER NOT NULL,
                crew \(integer) NOT NULL,
                PRIMARY KEY (week, crew)
            )\(withoutRowID)
            """,
        ]
    }
}
