// The Runway through the service, each test on a real SQLite file and on a real PostgreSQL:
// entering, dealing, voting, tickets, skips and points, the people's board, erasure, and two
// processes on one database.
import Challenges
import Foundation
import GameState
import PlumeCalendar
import ScoresAPI
import ServerBench
import Testing
@testable import Leaderboard
import LeaderboardPostgres
import PlumeTestSupport

@Suite struct RunwayServiceTests {
    static let day = "2026-11-22"
    static let dayNumber = UTCDay.parse(day[...])!
    static let looks = RunwayLooks.codes(count: 40, theme: Fixtures.book.theme(forDay: dayNumber), catalog: Fixtures.catalog)

    func register(_ service: LeaderboardService, _ name: String) async throws -> PlayerRecord {
        let registered = try await service.register(RegisterRequest(name: name))
        return try await service.authenticate(token: registered.token)
    }


    /// `count` players, each with a look entered on the day's runway.
    func entrants(_ service: LeaderboardService, _ count: Int, from first: Int = 0) async throws -> [PlayerRecord] {
        var players: [PlayerRecord] = []
        for n in first..<first + count {
            let player = try await register(service, "Model \(n)")
            _ = try await service.enterRunway(player, day: Self.day, RunwayEntryRequest(code: Self.looks[n]))
            players.append(player)
        }
        return players
    }

    @Test func theSearchFindsEnoughDistinctLooks() {
        #expect(Self.looks.count == 40 && Set(Self.looks).count == 40)
    }

    @Test(arguments: StoreKind.allCases) func onlyAWearableLookOf500OrMoreEntersTodaysRunway(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 22))
        let service = try await Fixtures.service(kind, clock: clock)
        let ada = try await register(service, "Ada")
        let bare = Fixtures.lookCode()
        let low = try #require(await refusal { _ = try await service.enterRunway(ada, day: Self.day, RunwayEntryRequest(code: bare)) })
        #expect(low.code == .belowRunwayMinimum && low.kind == .invalid)
        #expect(low.message.hasPrefix("this look scores ") && low.message.contains("the runway takes 500 or more. Missing: "), "\(low.message)")
        let swarm = try #require(await refusal { _ = try await service.enterRunway(ada, day: Self.day, RunwayEntryRequest(code: Fixtures.swarmCode())) })
        // A swarm goes to the swarm show, which began with the Lab (after this day).
        #expect(swarm.code == .invalidDay && swarm.message == "the swarm show began on 2026-11-28")
        let junk = try #require(await refusal { _ = try await service.enterRunway(ada, day: Self.day, RunwayEntryRequest(code: "plume://nonsense")) })
        #expect(junk.code == .invalidCode)
        for (text, code) in [("2026-11-21", ErrorCode.runwayClosed), ("2026-11-23", .invalidDay), ("22-11-2026", .invalidDay), ("2025-06-01", .invalidDay)] {
            let refused = try #require(await refusal { _ = try await service.enterRunway(ada, day: text, RunwayEntryRequest(code: Self.looks[0])) })
            #expect(refused.code == code, "\(text): \(refused.message)")
        }
        let entered = try await service.enterRunway(ada, day: Self.day, RunwayEntryRequest(code: Self.looks[0]))
        #expect(!entered.replaced && (entered.styleScore ?? 0) >= 500 && entered.score == entered.styleScore && entered.show?.word == .look && entered.code == Self.looks[0])
        let again = try await service.enterRunway(ada, day: Self.day, RunwayEntryRequest(code: Self.looks[1]))
        #expect(again.replaced)
        let day = try await service.runwayDay(Self.day, player: ada)
        #expect(day.entries == 1 && day.you?.entry?.code == Self.looks[1] && day.entriesOpen && day.votingOpen && !day.final)
        // The next day, entries are closed and voting is still open.
        clock.advance(seconds: 86_400)
        let closed = try #require(await refusal { _ = try await service.enterRunway(ada, day: Self.day, RunwayEntryRequest(code: Self.looks[2])) })
        #expect(closed.code == .runwayClosed && closed.message.contains("voting on it is open until 2026-11-24T00:00:00"), "\(closed.message)")
        let later = try await service.runwayDay(Self.day, player: nil)
        #expect(!later.entriesOpen && later.votingOpen && later.you == nil)
    }

    @Test(arguments: StoreKind.allCases) func pairsAreTheServersNeverOwnNeverRepeatedAndTheSameUntilAnswered(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind)
        let players = try await entrants(service, 6)
        let voter = players[0]
        let own = Self.looks[0]
        let first = try await service.dealRunwayPair(voter, day: Self.day)
        let again = try await service.dealRunwayPair(voter, day: Self.day)
        // Asking again deals nothing new: the same two pairs, in the same order.
        #expect(first.pair.left == again.pair.left && first.pair.right == again.pair.right && first.next?.left == again.next?.left)
        #expect(first.next != nil)
        var seen = Set<Set<String>>()
        var dealt = first
        // Five other looks make ten pairs; each is dealt once, then there are none left.
        while true {
            #expect(dealt.left != own && dealt.right != own && dealt.left != dealt.right)
            #expect(seen.insert([dealt.left, dealt.right]).inserted, "a pair was dealt twice")
            let recorded = try await service.castRunwayVote(voter, RunwayVoteRequest(ticket: dealt.ticket, choice: .left))
            #expect(recorded.pointsEarned == 1 && recorded.left == nil && recorded.right == nil, "owners stay hidden while voting is open")
            let shownNext = dealt.next
            do {
                dealt = try await service.dealRunwayPair(voter, day: Self.day)
            } catch let error as LeaderboardError {
                #expect(error.code == .noPairLeft && error.message.contains("you have judged every pair"), "\(error.message)")
                #expect(shownNext == nil)
                break
            }
            // The pair shown next is the one dealt beside the last.
            #expect(dealt.left == shownNext?.left && dealt.right == shownNext?.right)
        }
        #expect(seen.count == 10)
        let tally = try #require(try await service.runwayDay(Self.day, player: voter).you?.tally)
        #expect(tally.votes == 10 && tally.points == 10 && tally.pointsLeft == 40 && tally.skipsLeft == 5)
        // Voting gives: the points are the player's to give to causes.
        #expect(try await service.ownProfile(voter).pointsEarned == 10)
    }

    @Test(arguments: StoreKind.allCases) func ticketsAreSingleUseBoundToTheVoterAndTheirDay(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 22))
        let service = try await Fixtures.service(kind, clock: clock)
        let players = try await entrants(service, 5)
        let (ada, bea) = (players[0], players[1])
        let dealt = try await service.dealRunwayPair(ada, day: Self.day)
        let vote = RunwayVoteRequest(ticket: dealt.ticket, choice: .right)
        let stolen = try #require(await refusal { _ = try await service.castRunwayVote(bea, vote) })
        #expect(stolen.code == .invalidTicket && stolen.kind == .forbidden && stolen.message.contains("another player"))
        var forged = Array(dealt.ticket)
        forged[20] = forged[20] == "A" ? "B" : "A"
        let tampered = try #require(await refusal { _ = try await service.castRunwayVote(ada, RunwayVoteRequest(ticket: String(forged), choice: .left)) })
        #expect(tampered.code == .invalidTicket && tampered.kind == .invalid)
        let garbage = try #require(await refusal { _ = try await service.castRunwayVote(ada, RunwayVoteRequest(ticket: "\u{1b}[2J", choice: .left)) })
        #expect(garbage.code == .invalidTicket)
        let unknown = try #require(await refusal { _ = try await service.castRunwayVote(ada, RunwayVoteRequest(ticket: dealt.ticket, choice: Spelled(rawValue: "both"))) })
        #expect(unknown.code == .invalidChoice)
        _ = try await service.castRunwayVote(ada, vote)
        let reused = try #require(await refusal { _ = try await service.castRunwayVote(ada, vote) })
        #expect(reused.code == .ticketUsed && reused.kind == .conflict)
        // A second server's ticket (another database, another key) does not open here.
        let elsewhere = try await Fixtures.service(kind, clock: clock)
        let stranger = try await entrants(elsewhere, 3)[0]
        let foreign = try await elsewhere.dealRunwayPair(stranger, day: Self.day)
        let refused = try #require(await refusal { _ = try await service.castRunwayVote(ada, RunwayVoteRequest(ticket: foreign.ticket, choice: .left)) })
        #expect(refused.code == .invalidTicket)
        // Voting on the 22nd closes at the end of the 23rd: a ticket dealt then is refused after.
        clock.advance(seconds: 86_400)
        let late = try await service.dealRunwayPair(ada, day: Self.day)
        clock.advance(seconds: 86_400)
        let closed = try #require(await refusal { _ = try await service.castRunwayVote(ada, RunwayVoteRequest(ticket: late.ticket, choice: .left)) })
        #expect(closed.code == .runwayClosed && closed.kind == .closed)
        let noDeal = try #require(await refusal { _ = try await service.dealRunwayPair(ada, day: Self.day) })
        #expect(noDeal.code == .runwayClosed)
        #expect(try await service.runwayDay(Self.day, player: ada).final)
    }

    @Test(arguments: StoreKind.allCases) func skipsAreLimitedAndAreNotVotesAndPointsStopAtTheDaysLimit(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind)
        let players = try await entrants(service, 9)
        let voter = players[0]
        for n in 0..<LeaderboardLimits.runwaySkipsPerDay {
            let dealt = try await service.dealRunwayPair(voter, day: Self.day)
            let skipped = try await service.castRunwayVote(voter, RunwayVoteRequest(ticket: dealt.ticket, choice: .skip))
            #expect(skipped.pointsEarned == 0 && skipped.tally.votes == 0 && skipped.tally.skipsLeft == LeaderboardLimits.runwaySkipsPerDay - n - 1)
        }
        let dealt = try await service.dealRunwayPair(voter, day: Self.day)
        let limited = try #require(await refusal { _ = try await service.castRunwayVote(voter, RunwayVoteRequest(ticket: dealt.ticket, choice: .skip)) })
        #expect(limited.code == .skipLimit && limited.message.contains("pick a side"))
        // The pair is still owed an answer, and can be called even.
        let tie = try await service.castRunwayVote(voter, RunwayVoteRequest(ticket: dealt.ticket, choice: .tie))
        #expect(tie.tally.votes == 1 && tie.pointsEarned == 1)
        #expect(try await service.runwayDay(Self.day, player: nil).votes == 1)
        // The points limit, counted by the store under a small one.
        let rules = RunwayVoteRules(skipsPerDay: 0, pointsPerDay: 2)
        var points: [Int] = []
        for _ in 0..<4 {
            let deal = try #require(try await service.store.runwayDeals(day: Self.dayNumber, show: .look, voter: voter.number).filter(\.open).min { $0.serial < $1.serial })
            points.append(try await service.store.castRunwayVote(day: Self.dayNumber, show: .look, voter: voter.number, serial: deal.serial, choice: .left,
                                                                 rules: rules, at: service.now).points)
            _ = try await service.dealRunwayPair(voter, day: Self.day)
        }
        #expect(points == [1, 0, 0, 0])  // the tie earned the first of the two
    }

    /// A day's two shows, looks and swarms, are kept apart by the store: a player's entry in each,
    /// replaced on its own; deals and their serials per show; a swarm show's answer closes only its
    /// own deal; skips per show; points one limit for the whole day.
    @Test(arguments: StoreKind.allCases) func aDaysTwoShowsKeepTheirEntriesDealsAndVotesApart(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind)
        let store = service.store, day = Self.dayNumber, at = service.now
        let players = try await entrants(service, 3)
        for (n, player) in players.enumerated() {
            _ = try await store.enterRunway(day: day, show: .swarm, player: player.number, code: "S-\(n)", at: at)
        }
        let voter = players[0].number
        #expect(try await store.runwayEntries(day: day, show: .look).map(\.code) == Array(Self.looks.prefix(3)))
        #expect(try await store.runwayEntries(day: day, show: .swarm).map(\.code) == ["S-0", "S-1", "S-2"])
        // Replacing the swarm keeps the look.
        let replaced = try await store.enterRunway(day: day, show: .swarm, player: voter, code: "S-new", at: at)
        #expect(replaced.replaced?.code == "S-0" && replaced.entry.show == .swarm)
        #expect(try await store.runwayEntry(day: day, show: .look, player: voter)?.code == Self.looks[0])
        // A code is on a day once, whichever show holds it.
        await #expect(throws: LeaderboardError.self) { _ = try await store.enterRunway(day: day, show: .swarm, player: players[1].number, code: "S-2", at: at) }
        #expect(try await store.runwayEntry(day: day, show: .swarm, player: players[1].number)?.code == "S-1")
        // Deals: each show's serials from 1, in its own slots.
        let looks = try await store.runwayEntries(day: day, show: .look), swarms = try await store.runwayEntries(day: day, show: .swarm)
        let lookDeals = try await store.openRunwayDeals(day: day, show: .look, voter: voter, [RunwayProposal(slot: 0, left: looks[1].id, right: looks[2].id)], at: at)
        let swarmDeals = try await store.openRunwayDeals(day: day, show: .swarm, voter: voter,
                                                         [RunwayProposal(slot: 0, left: swarms[1].id, right: swarms[2].id)], at: at)
        #expect(lookDeals.map(\.serial) == [1] && swarmDeals.map(\.serial) == [1] && swarmDeals.allSatisfy { $0.show == .swarm })
        // Answering the swarm show's serial 1 closes the swarm deal only.
        let rules = RunwayVoteRules(skipsPerDay: 1, pointsPerDay: 1)
        let skipped = try await store.castRunwayVote(day: day, show: .swarm, voter: voter, serial: 1, choice: .skip, rules: rules, at: at)
        #expect(skipped.counts == RunwayVoterCounts(votes: 0, skips: 1, points: 0))
        #expect(try await store.runwayDeals(day: day, show: .look, voter: voter).map(\.open) == [true])
        await #expect(throws: LeaderboardError.self) {
            _ = try await store.castRunwayVote(day: day, show: .swarm, voter: voter, serial: 1, choice: .left, rules: rules, at: at)
        }
        // The look show still has its skip, and its vote takes the day's one point.
        let looked = try await store.castRunwayVote(day: day, show: .look, voter: voter, serial: 1, choice: .left, rules: rules, at: at)
        #expect(looked.points == 1 && looked.counts == RunwayVoterCounts(votes: 1, skips: 0, points: 1))
        let again = try await store.openRunwayDeals(day: day, show: .swarm, voter: voter,
                                                    [RunwayProposal(slot: 0, left: swarms[2].id, right: swarms[1].id)], at: at)
        #expect(again.map(\.serial) == [2])
        let voted = try await store.castRunwayVote(day: day, show: .swarm, voter: voter, serial: 2, choice: .right, rules: rules, at: at)
        #expect(voted.points == 0 && voted.counts == RunwayVoterCounts(votes: 1, skips: 1, points: 1))
        #expect(try await store.runwayCounts(day: day, show: .swarm) == (entries: 3, votes: 1))
        #expect(try await store.runwayJudgements(day: day, show: .swarm, after: 0, limit: 10).map(\.choice.rawValue) == ["skip", "right"])
        #expect(try await store.runwayJudgements(day: day, show: .look, after: 0, limit: 10).map(\.choice.rawValue) == ["left"])
    }

    @Test(arguments: StoreKind.allCases) func votesBecomeAPeoplesBoardReadLikeAnyOther(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 22))
        let service = try await Fixtures.service(kind, clock: clock)
        let players = try await entrants(service, 8)
        let voters = try await (0..<6).asyncMap { try await register(service, "Voter \($0)") }
        // Every voter prefers the look of the player with the lower number.
        let rank = Dictionary(uniqueKeysWithValues: Self.looks.prefix(8).enumerated().map { ($1, $0) })
        for voter in voters + players {
            while let dealt = try? await service.dealRunwayPair(voter, day: Self.day) {
                let choice: RunwayChoice = rank[dealt.left]! < rank[dealt.right]! ? .left : .right
                _ = try await service.castRunwayVote(voter, RunwayVoteRequest(ticket: dealt.ticket, choice: choice))
            }
        }
        try await service.refreshRunway()
        let board = "people-\(Self.day)"
        let page = try await service.top(boardID: board, limit: 50, cursor: nil)
        #expect(page.board.kind.word == .people && page.board.title.hasPrefix("People's choice: "))
        // While voting is open the board ranks looks under no name (Runway/Anonymity).
        #expect(page.rows.allSatisfy { $0.code.isEmpty && $0.playerID.isEmpty && $0.name == "a look on the runway" })
        #expect(page.rows.first!.score > 900 && page.rows.last!.score < 100)
        #expect(page.rows.allSatisfy { $0.detail >= 10 })  // votes received
        #expect(service.boards().boards.contains { $0.id == board && $0.kind.word == .people })
        // It is read by rank only: a player's row there would point at the pair just judged.
        let byPlayer = try #require(await refusal { _ = try await service.standing(boardID: board, playerID: players[7].publicID) })
        #expect(byPlayer.code == .noRecord && byPlayer.message.contains("names no one until its voting closes"))
        let own = try #require(try await service.runwayDay(Self.day, player: players[0]).you?.entry)
        #expect(own.rank == 1 && own.peopleScore == Int(page.rows[0].score) && (own.plusMinus ?? 0) > 0 && own.votes == Int(page.rows[0].detail))
        // A people's board takes no share codes, and its scores earn no points.
        let submit = try #require(await refusal { _ = try await service.submit(players[0], SubmitRequest(boardID: board, code: Self.looks[0])) })
        #expect(submit.code == .boardTakesVotes)
        let (earned, _) = try await service.store.points(player: voters[0].number)
        #expect(earned == Int64(try await service.runwayDay(Self.day, player: voters[0]).you!.tally.points))
        // Once voting has closed the board shows whose looks they were, in the voters' order.
        clock.advance(seconds: 2 * 86_400)
        try await service.refreshRunway()
        let final = try await service.top(boardID: board, limit: 50, cursor: nil)
        #expect(final.rows.map(\.code) == Array(Self.looks.prefix(8)), "the board is not the voters' order")
        #expect(final.rows.map(\.playerID) == players.map(\.publicID))
        #expect(try await service.standing(boardID: board, playerID: players[7].publicID).row.rank == 8)
    }

    @Test(arguments: StoreKind.allCases) func aReplacedOrErasedLookLeavesTheRunwayAndItsOpenPairs(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind)
        let players = try await entrants(service, 4)
        let voter = try await register(service, "Voter")
        let dealt = try await service.dealRunwayPair(voter, day: Self.day)
        _ = try await service.castRunwayVote(voter, RunwayVoteRequest(ticket: dealt.ticket, choice: .left))
        try await service.refreshRunway()
        let winner = try #require(players.first { Self.looks[Int($0.name!.dropFirst(6))!] == dealt.left })
        #expect(try await service.runwayDay(Self.day, player: winner).you?.entry?.votes == 1)
        // Replacing the look starts it again with no votes; open deals showing the old one are void.
        let open = try await service.dealRunwayPair(voter, day: Self.day)
        _ = try await service.enterRunway(winner, day: Self.day, RunwayEntryRequest(code: Self.looks[30]))
        let entry = try #require(try await service.runwayDay(Self.day, player: winner).you?.entry)
        #expect(entry.votes == 0 && entry.code == Self.looks[30])
        if [open.left, open.right].contains(dealt.left) {
            #expect(await refusal { _ = try await service.castRunwayVote(voter, RunwayVoteRequest(ticket: open.ticket, choice: .left)) }?.code == .ticketUsed)
        }
        // An erased player's look is gone from the runway and the people's board.
        try await service.erase(players[3])
        try await service.refreshRunway()
        #expect(try await service.runwayDay(Self.day, player: nil).entries == 3)
        let rows = try await service.top(boardID: "people-\(Self.day)", limit: 50, cursor: nil).rows
        #expect(rows.count == 3 && !rows.contains { $0.playerID == players[3].publicID })
        for _ in 0..<6 {
            guard let pair = try? await service.dealRunwayPair(voter, day: Self.day) else { break }
            #expect(![pair.left, pair.right].contains(Self.looks[3]))
            _ = try await service.castRunwayVote(voter, RunwayVoteRequest(ticket: pair.ticket, choice: .tie))
        }
    }

    @Test(arguments: StoreKind.allCases) func votesCastAtOnceAreEachAnsweredOnceAndKept(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind)
        let players = try await entrants(service, 16)
        var tickets: [(PlayerRecord, String)] = []
        for player in players { tickets.append((player, try await service.dealRunwayPair(player, day: Self.day).ticket)) }
        // Every voter sends its vote twice at once, and all voters at once: on SQLite they meet
        // in group transactions; each ticket is taken once, and a refusal spoils no other vote.
        let outcomes = try await withThrowingTaskGroup(of: (Int64, Bool).self) { group in
            for (player, ticket) in tickets {
                for copy in 0..<2 {
                    group.addTask {
                        let choice: RunwayChoice = copy == 0 ? .left : .right
                        do {
                            let recorded = try await service.castRunwayVote(player, RunwayVoteRequest(ticket: ticket, choice: choice))
                            return (player.number, recorded.tally.votes == 1 && recorded.pointsEarned == 1)
                        } catch let error as LeaderboardError where error.code == .ticketUsed {
                            return (player.number, false)
                        }
                    }
                }
            }
            return try await group.reduce(into: [Int64: [Bool]]()) { $0[$1.0, default: []].append($1.1) }
        }
        #expect(outcomes.count == 16 && outcomes.values.allSatisfy { $0.count == 2 && $0.filter { $0 }.count == 1 })
        #expect(try await service.runwayDay(Self.day, player: nil).votes == 16)
        for player in players {
            #expect(try await service.runwayDay(Self.day, player: player).you?.tally.votes == 1)
        }
    }

    @Test(arguments: StoreKind.allCases) func onceVotesStopTheBoardIsTheFitAFreshProcessWrites(_ kind: StoreKind) async throws {
        let database = try Fixtures.newDatabase(kind)
        let a = try await Fixtures.service(store: try StoreKind.open(database))
        let players = try await entrants(a, 12)
        let voters = try await (0..<16).asyncMap { try await register(a, "Judge \($0)") }
        let rank = Dictionary(uniqueKeysWithValues: Self.looks.prefix(12).enumerated().map { ($1, $0) })
        // Careful voters prefer the lower-numbered look; every third voter tosses a coin. The
        // board is refitted in the background while they vote, one warm round at a time.
        let keeping = Task { await a.keepRunway(every: .milliseconds(50)) }
        defer { keeping.cancel() }
        var random = SplitMix64(seed: 29)
        for (n, voter) in (voters + players).enumerated() {
            while let dealt = try? await a.dealRunwayPair(voter, day: Self.day) {
                let careful = rank[dealt.left]! < rank[dealt.right]! ? RunwayChoice.left : .right
                let choice = n % 3 == 2 ? (random.below(2) == 0 ? .left : .right) : careful
                _ = try await a.castRunwayVote(voter, RunwayVoteRequest(ticket: dealt.ticket, choice: choice))
            }
        }
        let votes = try await a.runwayDay(Self.day, player: nil).votes
        // The board settles once no vote has come for a moment (waited for, not slept on).
        let deadline = ContinuousClock.now + .seconds(60)
        while !(a.runwayStatus.first { $0.day == Self.dayNumber && $0.show == .look }.map { $0.settled && $0.votes == votes } ?? false) {
            try #require(ContinuousClock.now < deadline, "the board did not settle")
            try await Task.sleep(for: .milliseconds(20))
        }
        keeping.cancel()
        let board = "people-\(Self.day)"
        let settled = try await a.top(boardID: board, limit: 50, cursor: nil).rows.map { [$0.playerID: $0.score] }
        // A new process on the same database fits every vote from nothing and writes exactly.
        let b = try await Fixtures.service(store: try StoreKind.open(database))
        try await b.refreshRunway()
        let fresh = try await b.top(boardID: board, limit: 50, cursor: nil).rows.map { [$0.playerID: $0.score] }
        #expect(settled.count == 12 && settled == fresh, "the settled board is not a fresh process's fit: \(settled) \(fresh)")
    }

    @Test(arguments: StoreKind.allCases) func twoProcessesOnOneDatabaseDealAndCountTheSameVotes(_ kind: StoreKind) async throws {
        let database = try Fixtures.newDatabase(kind)
        let a = try await Fixtures.service(store: try StoreKind.open(database))
        let b = try await Fixtures.service(store: try StoreKind.open(database))
        let players = try await entrants(a, 5)
        let voter = try await register(a, "Voter")
        // A pair dealt through A is the pair B deals, and B accepts A's ticket.
        let throughA = try await a.dealRunwayPair(voter, day: Self.day)
        let throughB = try await b.dealRunwayPair(voter, day: Self.day)
        #expect(throughA.left == throughB.left && throughA.right == throughB.right)
        _ = try await b.castRunwayVote(voter, RunwayVoteRequest(ticket: throughA.ticket, choice: .left))
        #expect(await refusal { _ = try await a.castRunwayVote(voter, RunwayVoteRequest(ticket: throughB.ticket, choice: .left)) }?.code == .ticketUsed)
        // Votes through A move the board B serves once B's background passes run.
        let keeping = Task { await b.keepRunway(every: .milliseconds(100)) }
        let following = Task { await b.follow(every: .milliseconds(100), wake: b.store.changeSignals()) }
        defer { keeping.cancel(); following.cancel() }
        for _ in 0..<4 {
            let pair = try await a.dealRunwayPair(voter, day: Self.day)
            _ = try await a.castRunwayVote(voter, RunwayVoteRequest(ticket: pair.ticket, choice: .right))
        }
        // Both read the same records: whichever process wrote them, the boards agree.
        let started = ContinuousClock.now
        var (seen, expected): ([[String]], [[String]]) = ([], [])
        while ContinuousClock.now - started < .seconds(30) {
            try await a.refreshRunway()
            try await a.catchUp()
            expected = try await a.top(boardID: "people-\(Self.day)", limit: 50, cursor: nil).rows.map { [$0.playerID, "\($0.score)", "\($0.detail)"] }
            seen = try await b.top(boardID: "people-\(Self.day)", limit: 50, cursor: nil).rows.map { [$0.playerID, "\($0.score)", "\($0.detail)"] }
            if seen == expected, expected.map({ Double($0[2])! }).reduce(0, +) == 10 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(seen == expected && expected.count == players.count)
        #expect(expected.map { Double($0[2])! }.reduce(0, +) == 10)  // five votes, two looks each
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var out: [T] = []
        for element in self { out.append(try await transform(element)) }
        return out
    }
}
