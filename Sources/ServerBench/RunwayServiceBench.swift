// The Runway through the leaderboard service on a real SQLite file, at the scale: 10 000
// players each with an entry on today's runway and 1 000 000 votes already cast (written straight
// into the database, like LeaderboardSeed), then: the first refresh (read every vote, fit from
// nothing, write the people's board), pair dealing as a server deals (the store's judged pairs,
// the dealer, the deal written), and votes cast by 16 voters at once while the background refit
// runs. No HTTP: the service is what each request calls.
import Challenges
import Foundation
import GameState
import GRDB
import Leaderboard
import PlumeCalendar
import ScoresAPI

public enum RunwayServiceBench {
    public struct Figures: Sendable {
        public var entries = 0, seededVotes = 0
        public var firstRefreshSeconds = 0.0
        public var dealP50Milliseconds = 0.0, dealP99Milliseconds = 0.0
        public var votesPerSecond = 0.0, voteP99Milliseconds = 0.0, cycleVotesPerSecond = 0.0
        public var votesCast = 0
        /// From the last vote until the board has settled (the background passes still running),
        /// and the most any score then moved when a fresh service refreshed the same file.
        public var settleSeconds = 0.0
        public var restartMaxMove = 0
        public var residentBytes = 0

        public var line: String {
            String(format: "service: entries=%d seeded_votes=%d first_refresh_s=%.2f deal_p50_ms=%.2f deal_p99_ms=%.2f votes_per_s=%.0f vote_p99_ms=%.2f deal_and_vote_per_s=%.0f votes_cast=%d settle_s=%.2f restart_max_move=%d rss_mb=%.0f",
                   entries, seededVotes, firstRefreshSeconds, dealP50Milliseconds, dealP99Milliseconds, votesPerSecond, voteP99Milliseconds,
                   cycleVotesPerSecond, votesCast, settleSeconds, restartMaxMove, Double(residentBytes) / 1e6)
        }
    }

    public static func run(directory: String, entries: Int = 10_000, votes: Int = 1_000_000, voting: Duration = .seconds(5),
                           residentBytes: () -> Int) async throws -> Figures {
        let path = directory + "/runway.sqlite"
        try? FileManager.default.removeItem(atPath: path)
        let store = try SQLiteStore(path: path)
        try await store.migrate()
        let catalog = try Catalog.bundled.get(), book = try ChallengeBook.bundled.get()
        let service = LeaderboardService(store: store, catalog: catalog, book: book, causes: try Causes.bundled.get())
        let day = UTCDay.containing(milliseconds: service.now)
        // A look is on a day's runway once, so every entrant has a look of their own.
        let looks = RunwayLooks.codes(count: entries, theme: book.theme(forDay: day), catalog: catalog)
        guard looks.count == entries else { throw BenchFailure("only \(looks.count) distinct looks enter today's runway; the seed needs \(entries)") }
        try seed(path: path, day: day, entries: entries, votes: votes, looks: looks, at: service.now)
        try await service.loadIndex()
        var figures = Figures(entries: entries, seededVotes: votes)

        var clock = ContinuousClock.now
        try await service.refreshRunway()
        figures.firstRefreshSeconds = (ContinuousClock.now - clock) / .seconds(1)

        guard let players = try await playerRecords(store, count: entries) else { throw BenchFailure("the seeded players are missing") }
        let dayText = UTCDay.string(day)
        // Deals: 2 000 voters ask for their pairs (each a fresh deal of two).
        var deals: [Double] = []
        var tickets: [(PlayerRecord, String)] = []
        for player in players.prefix(2000) {
            clock = ContinuousClock.now
            let dealt = try await service.dealRunwayPair(player, day: dayText)
            deals.append((ContinuousClock.now - clock) / .milliseconds(1))
            tickets.append((player, dealt.ticket))
        }
        deals.sort()
        figures.dealP50Milliseconds = deals[deals.count / 2]
        figures.dealP99Milliseconds = deals[deals.count * 99 / 100]

        // Votes: the 2 000 pairs just dealt answered by 16 voters at once, while the background
        // refit runs as in the server; then the whole cycle (a vote, then the next deal) for the
        // rest of the time.
        let keeper = Task { await service.keepRunway(every: .milliseconds(250)) }
        defer { keeper.cancel() }
        let lanes = 16
        func lanesOf<T: Sendable>(_ items: [T]) -> [[T]] { (0..<lanes).map { lane in items.enumerated().filter { $0.offset % lanes == lane }.map(\.element) } }
        clock = ContinuousClock.now
        let answered = try await withThrowingTaskGroup(of: [Double].self) { group in
            for mine in lanesOf(tickets) {
                group.addTask {
                    var times: [Double] = []
                    for (player, ticket) in mine {
                        let started = ContinuousClock.now
                        _ = try await service.castRunwayVote(player, RunwayVoteRequest(ticket: ticket, choice: times.count % 2 == 0 ? .left : .right))
                        times.append((ContinuousClock.now - started) / .milliseconds(1))
                    }
                    return times
                }
            }
            return try await group.reduce(into: [Double]()) { $0 += $1 }
        }
        figures.votesPerSecond = Double(answered.count) / ((ContinuousClock.now - clock) / .seconds(1))
        let sorted = answered.sorted()
        figures.voteP99Milliseconds = sorted[sorted.count * 99 / 100]

        let until = ContinuousClock.now + voting
        clock = ContinuousClock.now
        let cycled = try await withThrowingTaskGroup(of: Int.self) { group in
            for mine in lanesOf(Array(players.prefix(2000))) {
                group.addTask {
                    var count = 0
                    var queue = mine
                    while ContinuousClock.now < until, !queue.isEmpty {
                        let player = queue.removeFirst()
                        guard let dealt = try? await service.dealRunwayPair(player, day: dayText) else { continue }
                        _ = try await service.castRunwayVote(player, RunwayVoteRequest(ticket: dealt.ticket, choice: count % 2 == 0 ? .left : .right))
                        count += 1
                        queue.append(player)
                    }
                    return count
                }
            }
            return try await group.reduce(0, +)
        }
        figures.votesCast = answered.count + cycled
        figures.cycleVotesPerSecond = Double(cycled) / ((ContinuousClock.now - clock) / .seconds(1))
        // The votes have stopped: the background passes settle the board on their own.
        clock = ContinuousClock.now
        let deadline = clock + .seconds(120)
        let counted = votes + figures.votesCast
        while !(service.runwayStatus.first { $0.day == day && $0.show == .look }.map { $0.settled && $0.votes == counted } ?? false) {
            guard ContinuousClock.now < deadline else { throw BenchFailure("the people's board did not settle within 120 s of the last vote") }
            try await Task.sleep(for: .milliseconds(10))
        }
        figures.settleSeconds = (ContinuousClock.now - clock) / .seconds(1)
        keeper.cancel()
        figures.residentBytes = residentBytes()
        // A restart with no vote in between: a fresh service on the file fits every vote from
        // nothing and writes every record that differs.
        let board = BoardID.people(day: day).text
        let before = try scores(path: path, board: board)
        let fresh = LeaderboardService(store: try SQLiteStore(path: path), catalog: catalog, book: book, causes: try Causes.bundled.get())
        try await fresh.loadIndex()
        try await fresh.refreshRunway()
        let after = try scores(path: path, board: board)
        guard before.count == entries, after.count == entries else { throw BenchFailure("the people's board lost records: \(before.count), then \(after.count)") }
        figures.restartMaxMove = Int(before.map { abs($0.value - (after[$0.key] ?? 0)) }.max() ?? 0)
        return figures
    }

    /// A board's scores by player, read from the file.
    static func scores(path: String, board: String) throws -> [Int64: Int64] {
        try DatabaseQueue(path: path).read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT player, score FROM records WHERE board = ?", arguments: [board])
                .map { ($0[0] as Int64, $0[1] as Int64) })
        }
    }

    struct BenchFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static func playerRecords(_ store: SQLiteStore, count: Int) async throws -> [PlayerRecord]? {
        let players = try await store.players(limit: count, offset: 0)
        return players.count == count ? players : nil
    }

    /// Players 1…entries, each with an entry; `votes` votes between looks near in a hidden
    /// order, by those players, none on their own look.
    static func seed(path: String, day: Int, entries: Int, votes: Int, looks: [String], at: Int64) throws {
        let database = try DatabaseQueue(path: path)
        var random = SplitMix64(seed: 7)
        try database.write { db in
            let player = try db.makeStatement(sql: """
                INSERT INTO players (public_id, name, name_key, token_hash, created_at) VALUES (?, ?, ?, ?, ?)
                """)
            let entry = try db.makeStatement(sql: "INSERT INTO runway_entries (day, player, code, at) VALUES (?, ?, ?, ?)")
            for i in 0..<entries {
                try player.execute(arguments: [LeaderboardSeed.playerID(i), "runway\(i)", "runway\(i)", "none-\(i)", at])
                try entry.execute(arguments: [day, db.lastInsertedRowID, looks[i], at + Int64(i)])
            }
            let vote = try db.makeStatement(sql: """
                INSERT INTO runway_votes (day, voter, left_entry, right_entry, choice, points, at) VALUES (?, ?, ?, ?, ?, 0, ?)
                """)
            for _ in 0..<votes {
                let a = 1 + random.below(entries)
                var b = min(entries, max(1, a + random.below(601) - 300))
                if b == a { b = a % entries + 1 }
                var voter = 1 + random.below(entries)
                if voter == a || voter == b { voter = voter % entries + 1 }
                if voter == a || voter == b { voter = voter % entries + 1 }
                // Lower-numbered looks are stronger, by 6 logits across the day.
                let p = 1 / (1 + exp(-Double(b - a) * 6 / Double(entries)))
                let choice = (Double(random.below(1_000_000)) / 1e6 < p ? RunwayChoice.left : .right).rawValue
                try vote.execute(arguments: [day, voter, a, b, choice, at])
            }
        }
        try database.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
    }
}
