// What the Runway keeps, in the same store as the boards: each day's entries in each of its two
// shows, looks and swarms (one entry per player and show; a replaced entry is a new one, so it
// starts with no votes), every judgement a voter
// made (votes and skips), and each voter's open deal (the pair dealt and not yet answered, with
// its serial, so that a ticket is accepted once). The people's board itself is ordinary records
// on `people-YYYY-MM-DD`, written by the service's fit through `writePeoplesChoice`. Read and
// written once for both stores through their executor (RunwaySQL holds the SQL, RunwayRules the
// writes; rows are read by column name).
import ScoresAPI

public struct RunwayEntryRecord: Hashable, Sendable {
    /// Unique across days; a replaced look gets a new id.
    public var id: Int64
    public var day: Int
    public var show: RunwayShow
    public var player: Int64
    public var code: String
    /// Milliseconds since 1970.
    public var at: Int64

    public init(id: Int64, day: Int, show: RunwayShow, player: Int64, code: String, at: Int64) {
        (self.id, self.day, self.show, self.player, self.code, self.at) = (id, day, show, player, code, at)
    }
}

/// What entering a look did: the new entry, and the one it replaced.
public struct RunwayEntering: Sendable {
    public var entry: RunwayEntryRecord
    public var replaced: RunwayEntryRecord?
}

/// An entry with its player's public face.
public struct RunwayLook: Hashable, Sendable {
    public var entry: Int64
    public var code: String
    public var publicID: String
    public var name: String?

    public init(entry: Int64, code: String, publicID: String, name: String?) {
        (self.entry, self.code, self.publicID, self.name) = (entry, code, publicID, name)
    }
}

/// A voter's answer to a dealt pair: a vote (left, right, tie) or a skip.
public struct RunwayJudgement: Hashable, Sendable {
    public var id: Int64
    public var voter: Int64
    public var left: Int64
    public var right: Int64
    /// As kept: a choice a newer server recorded, which this build counts for nothing.
    public var choice: Spelled<RunwayChoice>

    public init(id: Int64, voter: Int64, left: Int64, right: Int64, choice: Spelled<RunwayChoice>) {
        (self.id, self.voter, self.left, self.right, self.choice) = (id, voter, left, right, choice)
    }
}

/// A pair dealt to a voter in a day's show, in one of the voter's two slots; `open` until answered.
public struct RunwayDeal: Hashable, Sendable {
    public var day: Int
    public var show: RunwayShow
    public var voter: Int64
    public var slot: Int
    public var serial: Int64
    public var left: Int64
    public var right: Int64
    public var open: Bool

    public init(day: Int, show: RunwayShow, voter: Int64, slot: Int, serial: Int64, left: Int64, right: Int64, open: Bool) {
        (self.day, self.show, self.voter, self.slot, self.serial) = (day, show, voter, slot, serial)
        (self.left, self.right, self.open) = (left, right, open)
    }
}

/// A pair the dealer chose for a voter's slot.
public struct RunwayProposal: Hashable, Sendable {
    public var slot: Int
    public var left: Int64
    public var right: Int64

    public init(slot: Int, left: Int64, right: Int64) { (self.slot, self.left, self.right) = (slot, left, right) }
}

/// A voter's counts in one day's show: votes and skips of that show, points of the whole day.
public struct RunwayVoterCounts: Hashable, Sendable {
    public var votes: Int
    public var skips: Int
    public var points: Int

    public init(votes: Int, skips: Int, points: Int) { (self.votes, self.skips, self.points) = (votes, skips, points) }
}

/// The rules a vote is recorded under (the service's limits).
public struct RunwayVoteRules: Sendable {
    public var skipsPerDay: Int
    public var pointsPerDay: Int

    public init(skipsPerDay: Int, pointsPerDay: Int) { (self.skipsPerDay, self.pointsPerDay) = (skipsPerDay, pointsPerDay) }
}

public struct RunwayVoteOutcome: Hashable, Sendable {
    /// Points this vote earned (0 or 1).
    public var points: Int
    /// The voter's counts after it.
    public var counts: RunwayVoterCounts

    public init(points: Int, counts: RunwayVoterCounts) { (self.points, self.counts) = (points, counts) }
}

extension RunwayEntryRecord {
    /// A row of `StoreSQL.entryColumns`.
    init(row: StoreRow) throws {
        let word = try row.text("show")
        guard let show = RunwayShow(rawValue: word) else { throw LeaderboardError.storageFailed("show \(word) is no show this build knows") }
        self.init(id: try row.integer("id"), day: try row.int("day"), show: show, player: try row.integer("player"),
                  code: try row.text("code"), at: try row.integer("at"))
    }
}

extension RunwayVoterCounts {
    /// The row of `StoreSQL.voterCounts` (none is no judgements).
    init(row: StoreRow?) throws {
        self.init(votes: try row?.int("votes") ?? 0, skips: try row?.int("skips") ?? 0, points: try row?.int("points") ?? 0)
    }
}

extension RunwayDeal {
    /// A row of `StoreSQL.runwayDeals`.
    init(row: StoreRow, day: Int, show: RunwayShow, voter: Int64) throws {
        self.init(day: day, show: show, voter: voter, slot: try row.int("slot"), serial: try row.integer("serial"), left: try row.integer("left_entry"),
                  right: try row.integer("right_entry"), open: try row.flag("open"))
    }
}

extension StoreExecutor {
    /// The server's secret of that name, made from `proposed` if there is none yet: every
    /// process on one database reads the same one (the key runway tickets are sealed with).
    public func secret(named name: String, proposed: String) async throws -> String {
        let d = dialect
        return try await perform(.run(StoreStatement(StoreSQL.proposeSecret(d), name, proposed)) { _ in
            .run(StoreStatement(StoreSQL.secret(d), name)) { rows in .done(try rows.first?.text("value") ?? proposed) }
        })
    }

    /// Enters (or replaces) a player's entry in a day's show; returns the entry and the one it
    /// replaced. A replaced entry's open deals are closed (their tickets are refused as used). A
    /// look another player entered that day is refused (`look_taken`), a swarm another player
    /// holds (`code_taken`), and nothing changes.
    public func enterRunway(day: Int, show: RunwayShow, player: Int64, code: String,
                            at: Int64) async throws -> (entry: RunwayEntryRecord, replaced: RunwayEntryRecord?) {
        let entering = try await perform(StoreRules(dialect).enterRunway(day: day, show: show, player: player, code: code, at: at))
        return (entering.entry, entering.replaced)
    }

    public func runwayEntry(day: Int, show: RunwayShow, player: Int64) async throws -> RunwayEntryRecord? {
        try await read(StoreStatement(StoreSQL.runwayEntry(dialect), day, show.rawValue, player)).first.map(RunwayEntryRecord.init(row:))
    }

    /// The entries of a day's show whose players are on the boards (neither banned nor erased), by id.
    public func runwayEntries(day: Int, show: RunwayShow) async throws -> [RunwayEntryRecord] {
        try await read(StoreStatement(StoreSQL.runwayEntries(dialect), day, show.rawValue)).map(RunwayEntryRecord.init(row:))
    }

    /// Up to two entries by id, with their players' public faces.
    public func runwayLooks(entries: [Int64]) async throws -> [Int64: RunwayLook] {
        guard let first = entries.first else { return [:] }
        var looks: [Int64: RunwayLook] = [:]
        for row in try await read(StoreStatement(StoreSQL.runwayLooks(dialect), first, entries.dropFirst().first ?? first)) {
            let entry = try row.integer("id")
            looks[entry] = RunwayLook(entry: entry, code: try row.text("code"), publicID: try row.text("public_id"), name: try row.optionalText("name"))
        }
        return looks
    }

    /// (entries, votes) of a day's show; skips are not votes.
    public func runwayCounts(day: Int, show: RunwayShow) async throws -> (entries: Int, votes: Int) {
        let row = try await read(StoreStatement(StoreSQL.runwayDayCounts(dialect), day, show.rawValue)).first
        return (try row?.int("entries") ?? 0, try row?.int("votes") ?? 0)
    }

    /// The judgements of a day's show after an id, in id order (ids become visible in that order).
    public func runwayJudgements(day: Int, show: RunwayShow, after id: Int64, limit: Int) async throws -> [RunwayJudgement] {
        try await read(StoreStatement(StoreSQL.runwayJudgements(dialect), day, show.rawValue, id, limit)).map { row in
            RunwayJudgement(id: try row.integer("id"), voter: try row.integer("voter"), left: try row.integer("left_entry"),
                            right: try row.integer("right_entry"), choice: Spelled(rawValue: try row.text("choice")))
        }
    }

    /// The pairs (left, right) a voter has answered in a day's show, skips included.
    public func judgedPairs(day: Int, show: RunwayShow, voter: Int64) async throws -> [(Int64, Int64)] {
        try await read(StoreStatement(StoreSQL.judgedPairs(dialect), day, show.rawValue, voter)).map { row in
            (try row.integer("left_entry"), try row.integer("right_entry"))
        }
    }

    /// A voter's votes and skips in a day's show, and points of the whole day.
    public func runwayCounts(day: Int, show: RunwayShow, voter: Int64) async throws -> RunwayVoterCounts {
        let row = try await read(StoreStatement(StoreSQL.voterCounts(dialect), day, show.rawValue, voter)).first
        return try RunwayVoterCounts(row: row)
    }

    /// A voter's deals in a day's show (slots 0 and 1), open or answered.
    public func runwayDeals(day: Int, show: RunwayShow, voter: Int64) async throws -> [RunwayDeal] {
        try await read(StoreStatement(StoreSQL.runwayDeals(dialect), day, show.rawValue, voter)).map {
            try RunwayDeal(row: $0, day: day, show: show, voter: voter)
        }
    }

    /// Deals each (left, right) into its slot with the voter's next serial — unless that slot
    /// holds an open deal already (two requests at once, or two servers), which stays — in one
    /// transaction; returns the voter's deals after. Grouped: deals arrive many at once.
    public func openRunwayDeals(day: Int, show: RunwayShow, voter: Int64, _ deals: [RunwayProposal], at: Int64) async throws -> [RunwayDeal] {
        try await performGrouped(StoreRules(dialect).openRunwayDeals(day: day, show: show, voter: voter, deals, at: at))
    }

    /// Records the answer to the voter's open deal `serial` and closes it. Throws `ticketUsed`
    /// when that deal is not open (answered, or replaced by a newer one), and `skipLimit` for a
    /// skip past the day's allowance (the deal then stays open). Grouped: votes arrive many at once.
    public func castRunwayVote(day: Int, show: RunwayShow, voter: Int64, serial: Int64, choice: RunwayChoice, rules: RunwayVoteRules,
                               at: Int64) async throws -> RunwayVoteOutcome {
        try await performGrouped(StoreRules(dialect).castRunwayVote(day: day, show: show, voter: voter, serial: serial, choice: choice,
                                                                    rules: rules, at: at))
    }
}

extension LeaderboardStore {
    /// Writes people's-board records (the caller has compared them with what is there) and logs
    /// each change, in one transaction: a statement for each record and for each entry of the log.
    /// (PostgreSQL writes them all in two statements instead, its own `writePeoplesChoice`.)
    public func writePeoplesChoice(_ records: [ScoreRecord], at: Int64) async throws {
        guard !records.isEmpty else { return }
        try await perform(StoreRules(dialect).writePeoplesChoice(records, at: at))
    }
}
