// The PostgreSQL store's Runway (RunwaySQL holds the rules). A voter's writes hold the
// advisory lock on that player, so two servers answering one voter at once count skips and
// points once; a judgement's insert holds a global lock to commit, so judgement ids become
// visible in id order to every process's fit.
import Leaderboard
import Logging
import PostgresNIO
import ScoresAPI

extension PostgresStore {
    typealias EntryRow = (Int64, Int, Int64, String, Int64)

    static func entry(_ row: EntryRow) -> RunwayEntryRecord {
        RunwayEntryRecord(id: row.0, day: row.1, player: row.2, code: row.3, at: row.4)
    }

    public func secret(named name: String, proposed: String) async throws -> String {
        let logger = logger
        return try await transaction { c in
            try await Self.exec(c, .rule(StoreSQL.proposeSecret(.postgres), name, proposed), logger)
            return try await Self.values(c, .rule(StoreSQL.secret(.postgres), name), logger, as: String.self).first ?? proposed
        }
    }

    public func enterRunway(day: Int, player: Int64, code: String, at: Int64) async throws -> (entry: RunwayEntryRecord, replaced: RunwayEntryRecord?) {
        let entering = try await perform(StoreRules(dialect).enterRunway(day: day, player: player, code: code, at: at))
        return (entering.entry, entering.replaced)
    }

    public func runwayEntry(day: Int, player: Int64) async throws -> RunwayEntryRecord? {
        try await rows(.rule(StoreSQL.runwayEntry(.postgres), day, player), as: EntryRow.self).first.map(Self.entry)
    }

    public func runwayEntries(day: Int) async throws -> [RunwayEntryRecord] {
        try await rows(.rule(StoreSQL.runwayEntries(.postgres), day), as: EntryRow.self).map(Self.entry)
    }

    public func runwayLooks(entries: [Int64]) async throws -> [Int64: RunwayLook] {
        guard let first = entries.first else { return [:] }
        var out: [Int64: RunwayLook] = [:]
        for row in try await rows(.rule(StoreSQL.runwayLooks(.postgres), first, entries.dropFirst().first ?? first), as: (Int64, String, String, String?).self) {
            out[row.0] = RunwayLook(entry: row.0, code: row.1, publicID: row.2, name: row.3)
        }
        return out
    }

    public func runwayCounts(day: Int) async throws -> (entries: Int, votes: Int) {
        let row = try await rows(.rule(StoreSQL.runwayDayCounts(.postgres), day), as: (Int64, Int64).self).first
        return (Int(row?.0 ?? 0), Int(row?.1 ?? 0))
    }

    public func runwayJudgements(day: Int, after id: Int64, limit: Int) async throws -> [RunwayJudgement] {
        try await rows(.rule(StoreSQL.runwayJudgements(.postgres), day, id, limit), as: (Int64, Int64, Int64, Int64, String).self).map { row in
            RunwayJudgement(id: row.0, voter: row.1, left: row.2, right: row.3, choice: Spelled(rawValue: row.4))
        }
    }

    public func judgedPairs(day: Int, voter: Int64) async throws -> [(Int64, Int64)] {
        try await rows(.rule(StoreSQL.judgedPairs(.postgres), day, voter), as: (Int64, Int64).self).map { ($0.0, $0.1) }
    }

    public func runwayCounts(day: Int, voter: Int64) async throws -> RunwayVoterCounts {
        let logger = logger
        return try await run { c in try await Self.voterCounts(c, day: day, voter: voter, logger) }
    }

    private static func voterCounts(_ c: PostgresConnection, day: Int, voter: Int64, _ logger: Logger) async throws -> RunwayVoterCounts {
        let row = try await rows(c, .rule(StoreSQL.voterCounts(.postgres), day, voter), logger, as: (Int64, Int64, Int64).self).first
        return RunwayVoterCounts(votes: Int(row?.0 ?? 0), skips: Int(row?.1 ?? 0), points: Int(row?.2 ?? 0))
    }

    public func runwayDeals(day: Int, voter: Int64) async throws -> [RunwayDeal] {
        let logger = logger
        return try await run { c in try await Self.deals(c, day: day, voter: voter, logger) }
    }

    private static func deals(_ c: PostgresConnection, day: Int, voter: Int64, _ logger: Logger) async throws -> [RunwayDeal] {
        try await rows(c, .rule(StoreSQL.runwayDeals(.postgres), day, voter), logger, as: (Int, Int64, Int64, Int64, Bool).self).map { row in
            RunwayDeal(day: day, voter: voter, slot: row.0, serial: row.1, left: row.2, right: row.3, open: row.4)
        }
    }

    public func openRunwayDeals(day: Int, voter: Int64, _ deals: [RunwayProposal], at: Int64) async throws -> [RunwayDeal] {
        let logger = logger
        return try await transaction { c in
            try await Self.lock(c, player: voter, logger)
            for deal in deals {
                try await Self.exec(c, .rule(StoreSQL.openRunwayDeal(.postgres), day, voter, deal.slot, deal.left, deal.right, at), logger)
            }
            return try await Self.deals(c, day: day, voter: voter, logger)
        }
    }

    public func castRunwayVote(day: Int, voter: Int64, serial: Int64, choice: RunwayChoice, rules: RunwayVoteRules,
                               at: Int64) async throws -> RunwayVoteOutcome {
        let logger = logger
        return try await transaction { c in
            try await Self.lock(c, player: voter, logger)
            var counts = try await Self.voterCounts(c, day: day, voter: voter, logger)
            if choice == .skip, counts.skips >= rules.skipsPerDay {
                let open = try await Self.values(c, .rule(StoreSQL.isDealOpen(.postgres), day, voter, serial), logger, as: Int64.self).first
                guard open == 1 else { throw LeaderboardError.ticketUsed }
                throw LeaderboardError.skipLimit(rules.skipsPerDay)
            }
            guard let pair = try await Self.rows(c, .rule(StoreSQL.answerRunwayDeal(.postgres), day, voter, serial), logger,
                                                 as: (Int64, Int64).self).first else { throw LeaderboardError.ticketUsed }
            let points = choice != .skip && counts.points < rules.pointsPerDay ? 1 : 0
            try await Self.exec(c, "SELECT pg_advisory_xact_lock(\(PostgresSchema.runwayJudgementLock))", logger)
            try await Self.exec(c, .rule(StoreSQL.recordJudgement(.postgres), day, voter, pair.0, pair.1, choice.rawValue, points, at), logger)
            if choice == .skip { counts.skips += 1 } else { counts.votes += 1 }
            counts.points += points
            return RunwayVoteOutcome(points: points, counts: counts)
        }
    }

    /// One statement for the records and one for the log, however many rows: a first fit of a
    /// big day writes thousands, and the change-log lock is held until commit.
    public func writePeoplesChoice(_ records: [ScoreRecord], at: Int64) async throws {
        guard !records.isEmpty else { return }
        let logger = logger
        let boards = records.map(\.board), players = records.map(\.player), scores = records.map(\.score)
        let details = records.map(\.detail), codes = records.map(\.code), ats = records.map(\.at)
        try await transaction { c in
            // StoreSQL.keepBest, for many rows at once.
            try await Self.exec(c, """
                INSERT INTO records (board, player, score, detail, code, at, hidden)
                SELECT b, p, s, d, k, a, false FROM unnest(\(boards)::text[], \(players)::bigint[], \(scores)::bigint[], \(details)::float8[],
                \(codes)::text[], \(ats)::bigint[]) AS u(b, p, s, d, k, a)
                ON CONFLICT (board, player) DO UPDATE SET score = excluded.score, detail = excluded.detail, code = excluded.code, at = excluded.at
                """, logger)
            try await Self.exec(c, "SELECT pg_advisory_xact_lock(\(PostgresSchema.changeLogLock))", logger)
            try await Self.exec(c, "INSERT INTO changes (board, player, at) SELECT unnest(\(boards)::text[]), unnest(\(players)::bigint[]), \(at.floorDivided(by: 1000))", logger)
            try await Self.exec(c, "SELECT pg_notify(\(PostgresSchema.notifyChannel), '')", logger)
        }
    }
}
