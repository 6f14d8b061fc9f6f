// What the Runway keeps, in the same store as the boards: each day's entries (one look per
// player; a replaced look is a new entry, so it starts with no votes), every judgement a voter
// made (votes and skips), and each voter's open deal (the pair dealt and not yet answered, with
// its serial, so that a ticket is accepted once). The people's board itself is ordinary records
// on `people-YYYY-MM-DD`, written by the service's fit through `writePeoplesChoice`.
import ScoresAPI

public struct RunwayEntryRecord: Hashable, Sendable {
    /// Unique across days; a replaced look gets a new id.
    public var id: Int64
    public var day: Int
    public var player: Int64
    public var code: String
    /// Milliseconds since 1970.
    public var at: Int64

    public init(id: Int64, day: Int, player: Int64, code: String, at: Int64) {
        (self.id, self.day, self.player, self.code, self.at) = (id, day, player, code, at)
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

/// A pair dealt to a voter on a day, in one of the voter's two slots; `open` until answered.
public struct RunwayDeal: Hashable, Sendable {
    public var day: Int
    public var voter: Int64
    public var slot: Int
    public var serial: Int64
    public var left: Int64
    public var right: Int64
    public var open: Bool

    public init(day: Int, voter: Int64, slot: Int, serial: Int64, left: Int64, right: Int64, open: Bool) {
        (self.day, self.voter, self.slot, self.serial) = (day, voter, slot, serial)
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

/// A voter's counts on one day's runway.
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

public protocol RunwayStore: Sendable {
    /// The server's secret of that name, made from `proposed` if there is none yet: every
    /// process on one database reads the same one (the key runway tickets are sealed with).
    func secret(named name: String, proposed: String) async throws -> String

    /// Enters (or replaces) a player's look on a day; returns the entry and the one it replaced.
    /// A replaced entry's open deals are closed (their tickets are refused as used). A look
    /// another player entered that day is refused (`look_taken`) and nothing changes.
    func enterRunway(day: Int, player: Int64, code: String, at: Int64) async throws -> (entry: RunwayEntryRecord, replaced: RunwayEntryRecord?)
    func runwayEntry(day: Int, player: Int64) async throws -> RunwayEntryRecord?
    /// The day's entries whose players are on the boards (neither banned nor erased), by id.
    func runwayEntries(day: Int) async throws -> [RunwayEntryRecord]
    /// Up to two entries by id, with their players' public faces.
    func runwayLooks(entries: [Int64]) async throws -> [Int64: RunwayLook]
    /// (entries, votes) on a day; skips are not votes.
    func runwayCounts(day: Int) async throws -> (entries: Int, votes: Int)

    /// The day's judgements after an id, in id order (ids become visible in that order).
    func runwayJudgements(day: Int, after id: Int64, limit: Int) async throws -> [RunwayJudgement]
    /// The pairs (left, right) a voter has answered on a day, skips included.
    func judgedPairs(day: Int, voter: Int64) async throws -> [(Int64, Int64)]
    func runwayCounts(day: Int, voter: Int64) async throws -> RunwayVoterCounts

    /// A voter's deals on a day (slots 0 and 1), open or answered.
    func runwayDeals(day: Int, voter: Int64) async throws -> [RunwayDeal]
    /// Deals each (left, right) into its slot with the voter's next serial — unless that slot
    /// holds an open deal already (two requests at once, or two servers), which stays — in one
    /// transaction; returns the voter's deals after.
    func openRunwayDeals(day: Int, voter: Int64, _ deals: [RunwayProposal], at: Int64) async throws -> [RunwayDeal]
    /// Records the answer to the voter's open deal `serial` and closes it. Throws `ticketUsed`
    /// when that deal is not open (answered, or replaced by a newer one), and `skipLimit` for a
    /// skip past the day's allowance (the deal then stays open).
    func castRunwayVote(day: Int, voter: Int64, serial: Int64, choice: RunwayChoice, rules: RunwayVoteRules, at: Int64) async throws -> RunwayVoteOutcome

    /// Writes people's-board records (the caller has compared them with what is there) and logs
    /// each change, in one transaction.
    func writePeoplesChoice(_ records: [ScoreRecord], at: Int64) async throws
}
