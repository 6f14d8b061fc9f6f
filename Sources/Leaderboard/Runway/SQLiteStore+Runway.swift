// The SQLite store's Runway: entries, judgements, deals and the people's boards (RunwaySQL
// holds the rules). SQLite has one writer at a time, so ids become visible in id order.
import GRDB
import ScoresAPI

extension SQLiteStore {
    public func secret(named name: String, proposed: String) async throws -> String {
        try await pool.write { db in
            try db.execute(sql: StoreSQL.proposeSecret(.sqlite), arguments: [name, proposed])
            return try String.fetchOne(db, sql: StoreSQL.secret(.sqlite), arguments: [name]) ?? proposed
        }
    }

    public func enterRunway(day: Int, player: Int64, code: String, at: Int64) async throws -> (entry: RunwayEntryRecord, replaced: RunwayEntryRecord?) {
        let entering = try await perform(StoreRules(dialect).enterRunway(day: day, player: player, code: code, at: at))
        return (entering.entry, entering.replaced)
    }

    public func runwayEntry(day: Int, player: Int64) async throws -> RunwayEntryRecord? {
        try await pool.read { db in try Row.fetchOne(db, sql: StoreSQL.runwayEntry(.sqlite), arguments: [day, player]).map(Self.entry) }
    }

    public func runwayEntries(day: Int) async throws -> [RunwayEntryRecord] {
        try await pool.read { db in try Row.fetchAll(db, sql: StoreSQL.runwayEntries(.sqlite), arguments: [day]).map(Self.entry) }
    }

    public func runwayLooks(entries: [Int64]) async throws -> [Int64: RunwayLook] {
        guard let first = entries.first else { return [:] }
        return try await pool.read { db in
            var out: [Int64: RunwayLook] = [:]
            for row in try Row.fetchAll(db, sql: StoreSQL.runwayLooks(.sqlite), arguments: [first, entries.dropFirst().first ?? first]) {
                out[row[0]] = RunwayLook(entry: row[0], code: row[1], publicID: row[2], name: row[3])
            }
            return out
        }
    }

    public func runwayCounts(day: Int) async throws -> (entries: Int, votes: Int) {
        try await pool.read { db in
            let row = try Row.fetchOne(db, sql: StoreSQL.runwayDayCounts(.sqlite), arguments: [day])
            return (row?[0] ?? 0, row?[1] ?? 0)
        }
    }

    public func runwayJudgements(day: Int, after id: Int64, limit: Int) async throws -> [RunwayJudgement] {
        try await pool.read { db in
            try Row.fetchAll(db.cachedStatement(sql: StoreSQL.runwayJudgements(.sqlite)), arguments: [day, id, limit]).map { row in
                RunwayJudgement(id: row[0], voter: row[1], left: row[2], right: row[3], choice: Spelled(rawValue: row[4]))
            }
        }
    }

    public func judgedPairs(day: Int, voter: Int64) async throws -> [(Int64, Int64)] {
        try await pool.read { db in
            try Row.fetchAll(db.cachedStatement(sql: StoreSQL.judgedPairs(.sqlite)), arguments: [day, voter]).map { ($0[0], $0[1]) }
        }
    }

    public func runwayCounts(day: Int, voter: Int64) async throws -> RunwayVoterCounts {
        try await pool.read { db in try Self.voterCounts(db, day: day, voter: voter) }
    }

    private static func voterCounts(_ db: Database, day: Int, voter: Int64) throws -> RunwayVoterCounts {
        let row = try Row.fetchOne(db.cachedStatement(sql: StoreSQL.voterCounts(.sqlite)), arguments: [day, voter])
        return RunwayVoterCounts(votes: row?[0] ?? 0, skips: row?[1] ?? 0, points: row?[2] ?? 0)
    }

    public func runwayDeals(day: Int, voter: Int64) async throws -> [RunwayDeal] {
        try await pool.read { db in try Self.deals(db, day: day, voter: voter) }
    }

    private static func deals(_ db: Database, day: Int, voter: Int64) throws -> [RunwayDeal] {
        try Row.fetchAll(db.cachedStatement(sql: StoreSQL.runwayDeals(.sqlite)), arguments: [day, voter]).map { row in
            RunwayDeal(day: day, voter: voter, slot: row[0], serial: row[1], left: row[2], right: row[3], open: row[4])
        }
    }

    public func openRunwayDeals(day: Int, voter: Int64, _ deals: [RunwayProposal], at: Int64) async throws -> [RunwayDeal] {
        try await group.write { db in
            for deal in deals {
                try db.execute(sql: StoreSQL.openRunwayDeal(.sqlite), arguments: [day, voter, deal.slot, deal.left, deal.right, at])
            }
            return try Self.deals(db, day: day, voter: voter)
        }
    }

    public func castRunwayVote(day: Int, voter: Int64, serial: Int64, choice: RunwayChoice, rules: RunwayVoteRules,
                               at: Int64) async throws -> RunwayVoteOutcome {
        try await group.write { db in
            var counts = try Self.voterCounts(db, day: day, voter: voter)
            if choice == .skip, counts.skips >= rules.skipsPerDay {
                // The deal stays open: the voter still owes this pair an answer.
                guard try Int.fetchOne(db, sql: StoreSQL.isDealOpen(.sqlite), arguments: [day, voter, serial]) == 1 else { throw LeaderboardError.ticketUsed }
                throw LeaderboardError.skipLimit(rules.skipsPerDay)
            }
            guard let pair = try Row.fetchOne(db, sql: StoreSQL.answerRunwayDeal(.sqlite), arguments: [day, voter, serial]) else {
                throw LeaderboardError.ticketUsed
            }
            let points = choice != .skip && counts.points < rules.pointsPerDay ? 1 : 0
            try db.execute(sql: StoreSQL.recordJudgement(.sqlite), arguments: [day, voter, pair[0] as Int64, pair[1] as Int64, choice.rawValue, points, at])
            if choice == .skip { counts.skips += 1 } else { counts.votes += 1 }
            counts.points += points
            return RunwayVoteOutcome(points: points, counts: counts)
        }
    }

    public func writePeoplesChoice(_ records: [ScoreRecord], at: Int64) async throws {
        guard !records.isEmpty else { return }
        try await pool.write { db in
            for record in records {
                try db.execute(sql: StoreSQL.keepBest(.sqlite), arguments: [record.board, record.player, record.score, record.detail, record.code, record.at])
                try Self.logChange(db, board: record.board, player: record.player, at: at)
            }
        }
    }

    static func entry(_ row: Row) -> RunwayEntryRecord {
        RunwayEntryRecord(id: row[0], day: row[1], player: row[2], code: row[3], at: row[4])
    }
}
