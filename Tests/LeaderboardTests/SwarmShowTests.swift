// The swarm show through the service, each test on a real SQLite file and on a real PostgreSQL:
// entering a swarm (the day's Lab brief, its minimum, its rules), copies refused both ways,
// pairs dealt from the swarm show with their start, votes becoming its people's board, and what
// stays hidden while it takes votes.
import Challenges
import Foundation
import GameState
import PlumeCalendar
import ScoresAPI
import ServerBench
import Testing
@testable import Leaderboard
import PlumeTestSupport

@Suite struct SwarmShowTests {
    /// 2027-01-02's Lab brief is "Tight spin I · at most 150 agents".
    static let day = "2027-01-02"
    static let dayNumber = UTCDay.parse(day[...])!
    /// A two-ingredient swarm of 124 agents that spins tight (the Lab calibration's witness).
    static let base: SwarmRecipe = {
        guard case .swarm(let recipe)? = try? ShareCode.decode("1IROS6HJFsjLsAAAZYEBtAAAAAhk3r3PAq4Y") else { fatalError("the fixture swarm") }
        return recipe
    }()

    /// The base swarm with `extra` agents more in its first species: another code, much the same swarm.
    static func variant(_ extra: Int) -> String {
        var recipe = base
        recipe.ingredients[0].population += extra
        return ShareCode.encode(.swarm(recipe))
    }

    func register(_ service: LeaderboardService, _ name: String) async throws -> PlayerRecord {
        let registered = try await service.register(RegisterRequest(name: name))
        return try await service.authenticate(token: registered.token)
    }

    func service(_ kind: StoreKind, clock: TestClock = TestClock((2027, 1, 2))) async throws -> LeaderboardService {
        try await Fixtures.service(kind, clock: clock)
    }

    @Test(arguments: StoreKind.allCases) func onlyASwarmOf400OrMoreOnTheDaysLabBriefEntersTheSwarmShow(_ kind: StoreKind) async throws {
        let service = try await service(kind)
        let ada = try await register(service, "Ada")
        let expected = try Fixtures.book.score(Self.base, on: .lab(day: Self.dayNumber)).get().score
        #expect(expected >= SwarmShowEntry.minimumScore, "the fixture swarm no longer reaches the swarm show on \(Self.day)'s brief")
        let entered = try await service.enterRunway(ada, day: Self.day, RunwayEntryRequest(code: ShareCode.link(.swarm(Self.base))))
        #expect(entered.show?.word == .swarm && entered.boardID == "lab-\(Self.day)" && entered.score == expected && entered.styleScore == nil)
        #expect(entered.code == Self.variant(0) && !entered.replaced)
        // A swarm that keeps the brief but scores under the minimum is told its score and the goals.
        let weak = Fixtures.swarmCode(population: 120)
        let weakScore = try Fixtures.book.score(try #require(recipe(weak)), on: .lab(day: Self.dayNumber)).get().score
        #expect(weakScore < SwarmShowEntry.minimumScore)
        let low = try #require(await refusal { _ = try await service.enterRunway(ada, day: Self.day, RunwayEntryRequest(code: weak)) })
        #expect(low.code == .belowRunwayMinimum && low.message.contains("scores \(weakScore) on today's Lab brief, Tight spin I")
                && low.message.contains("the swarm show takes 400 or more. Goals: spin"))
        // The brief's rules and the swarm minimums are refused as the Lab board refuses them.
        let crowd = try #require(await refusal { _ = try await service.enterRunway(ada, day: Self.day, RunwayEntryRequest(code: Self.variant(40))) })
        #expect(crowd.code == .swarmBreaksBrief && crowd.message.contains("at most 150 agents"))
        let tiny = try #require(await refusal { _ = try await service.enterRunway(ada, day: Self.day, RunwayEntryRequest(code: Fixtures.swarmCode(population: 20))) })
        #expect(tiny.code == .swarmTooSmall)
        // Refused entries changed nothing; the player's look show is another entry of the same day.
        #expect(try await service.store.runwayEntry(day: Self.dayNumber, show: .swarm, player: ada.number)?.code == Self.variant(0))
        let look = RunwayLooks.codes(count: 1, theme: Fixtures.book.theme(forDay: Self.dayNumber), catalog: Fixtures.catalog)[0]
        let lookEntered = try await service.enterRunway(ada, day: Self.day, RunwayEntryRequest(code: look))
        #expect(lookEntered.show?.word == .look && lookEntered.boardID == "style-\(Self.day)" && !lookEntered.replaced)
        // Replacing the swarm leaves the look.
        let again = try await service.enterRunway(ada, day: Self.day, RunwayEntryRequest(code: Self.variant(1)))
        #expect(again.replaced && again.code == Self.variant(1))
        #expect(try await service.store.runwayEntry(day: Self.dayNumber, show: .look, player: ada.number)?.code == look)
        // Yesterday's show takes no entries; the show began with the Lab.
        let closed = try #require(await refusal { _ = try await service.enterRunway(ada, day: "2027-01-01", RunwayEntryRequest(code: Self.variant(2))) })
        #expect(closed.code == .runwayClosed && closed.message.contains("entries for the swarm show of 2027-01-01 closed"))
        let before = try #require(await refusal { _ = try await service.runwayDay("2026-11-27", show: .swarm, player: nil) })
        #expect(before.code == .invalidDay && before.message == "the swarm show began on 2026-11-28")
        // The day's swarm show: the Lab brief, its boards, its own counts.
        let shown = try await service.runwayDay(Self.day, show: .swarm, player: ada)
        #expect(shown.show?.word == .swarm && shown.theme == "Tight spin I · at most 150 agents" && shown.boardID == "swarmshow-\(Self.day)")
        #expect(shown.entryBoardID == "lab-\(Self.day)" && shown.entries == 1 && shown.you?.entry?.code == Self.variant(1))
        #expect(try await service.runwayDay(Self.day, player: ada).you?.entry?.code == look)
    }

    @Test(arguments: StoreKind.allCases) func aSwarmHeldByAnotherPlayerIsRefusedBothWays(_ kind: StoreKind) async throws {
        let service = try await service(kind)
        let (ada, bea, cat) = (try await register(service, "Ada"), try await register(service, "Bea"), try await register(service, "Cat"))
        // Ada's Lab record is hers: she may enter it, no one else may.
        _ = try await service.submit(ada, SubmitRequest(boardID: "lab-\(Self.day)", code: Self.variant(0)))
        _ = try await service.enterRunway(ada, day: Self.day, RunwayEntryRequest(code: Self.variant(0)))
        let copied = try #require(await refusal { _ = try await service.enterRunway(bea, day: Self.day, RunwayEntryRequest(code: Self.variant(0))) })
        #expect(copied.code == .codeTaken && !copied.message.contains("Ada"))
        // Bea's entry in the show is hers: a voter dealt it can't submit it or enter it.
        _ = try await service.enterRunway(bea, day: Self.day, RunwayEntryRequest(code: Self.variant(3)))
        let submitted = try #require(await refusal { _ = try await service.submit(cat, SubmitRequest(boardID: "lab-\(Self.day)", code: Self.variant(3))) })
        #expect(submitted.code == .codeTaken)
        let entered = try #require(await refusal { _ = try await service.enterRunway(cat, day: Self.day, RunwayEntryRequest(code: Self.variant(3))) })
        #expect(entered.code == .codeTaken)
        #expect(try await service.store.runwayEntry(day: Self.dayNumber, show: .swarm, player: cat.number) == nil)
        // Bea submitting her own entered swarm to the Lab board is hers to do.
        _ = try await service.submit(bea, SubmitRequest(boardID: "lab-\(Self.day)", code: Self.variant(3)))
        // Dee's swarm is only in the show; she replaces it. The first, which voters may have been
        // dealt, stays hers: on no board, in no show, for anyone else.
        let dee = try await register(service, "Dee")
        _ = try await service.enterRunway(dee, day: Self.day, RunwayEntryRequest(code: Self.variant(5)))
        _ = try await service.enterRunway(dee, day: Self.day, RunwayEntryRequest(code: Self.variant(6)))
        let submitted5 = await refusal { _ = try await service.submit(cat, SubmitRequest(boardID: "lab-\(Self.day)", code: Self.variant(5))) }
        let entered5 = await refusal { _ = try await service.enterRunway(cat, day: Self.day, RunwayEntryRequest(code: Self.variant(5))) }
        #expect(submitted5?.code == .codeTaken && entered5?.code == .codeTaken)
        _ = try await service.enterRunway(dee, day: Self.day, RunwayEntryRequest(code: Self.variant(5)))
        // Once a player is erased, their swarms are no one's.
        try await service.erase(bea)
        _ = try await service.enterRunway(cat, day: Self.day, RunwayEntryRequest(code: Self.variant(3)))
    }

    @Test(arguments: StoreKind.allCases) func swarmPairsComeFromTheSwarmShowAndVotesBecomeItsPeoplesBoard(_ kind: StoreKind) async throws {
        let clock = TestClock((2027, 1, 2))
        let service = try await service(kind, clock: clock)
        var players: [PlayerRecord] = []
        for n in 0..<4 {
            let player = try await register(service, "Breeder \(n)")
            _ = try await service.enterRunway(player, day: Self.day, RunwayEntryRequest(code: Self.variant(n)))
            _ = try await service.submit(player, SubmitRequest(boardID: "lab-\(Self.day)", code: Self.variant(n)))
            players.append(player)
        }
        let voter = try await register(service, "Voter")
        let entries = Set((0..<4).map(Self.variant))
        // The look show has nothing to deal: the shows are apart.
        let noLooks = try #require(await refusal { _ = try await service.dealRunwayPair(voter, day: Self.day) })
        #expect(noLooks.code == .noPairLeft && noLooks.message.contains("the runway of \(Self.day) has no looks"))
        var votes = 0
        while let dealt = try? await service.dealRunwayPair(voter, day: Self.day, show: .swarm) {
            #expect(dealt.show?.word == .swarm && dealt.seed == String(SwarmShowEntry.seed(forDay: Self.dayNumber)))
            #expect(entries.contains(dealt.left) && entries.contains(dealt.right) && dealt.left != dealt.right)
            // Breeder 0's swarm wins every pair it is in; otherwise the left one.
            let choice: RunwayChoice = dealt.right == Self.variant(0) ? .right : .left
            let recorded = try await service.castRunwayVote(voter, RunwayVoteRequest(ticket: dealt.ticket, choice: choice))
            #expect(recorded.show?.word == .swarm && recorded.left == nil && recorded.right == nil)
            votes += 1
        }
        #expect(votes == 6)
        let done = try #require(await refusal { _ = try await service.dealRunwayPair(voter, day: Self.day, show: .swarm) })
        #expect(done.code == .noPairLeft && done.message.contains("every pair in the swarm show of \(Self.day)"))
        try await service.refreshRunway()
        let day = try await service.runwayDay(Self.day, show: .swarm, player: voter)
        #expect(day.entries == 4 && day.votes == 6 && day.you?.tally.votes == 6)
        #expect(try await service.runwayDay(Self.day, player: voter).votes == 0)
        // While it takes votes: the people's board of swarms names no one and shows no swarm; the
        // Lab board shows no swarm but a player's own.
        let board = "swarmshow-\(Self.day)"
        let page = try await service.top(boardID: board, limit: 50, cursor: nil)
        #expect(page.board.kind.word == .people && page.board.title == "Swarm show: Tight spin I · at most 150 agents" && page.rows.count == 4)
        #expect(page.rows.allSatisfy { $0.code.isEmpty && $0.playerID.isEmpty && $0.name == "a swarm in the show" })
        let named = try #require(await refusal { _ = try await service.standing(boardID: board, playerID: players[0].publicID) })
        #expect(named.code == .noRecord && named.message.contains("the swarm show of \(Self.day) names no one"))
        #expect(try await service.top(boardID: "lab-\(Self.day)", limit: 50, cursor: nil).rows.allSatisfy { $0.code.isEmpty })
        #expect(try await service.around(boardID: "lab-\(Self.day)", player: players[2], radius: 5).rows.filter { !$0.code.isEmpty }.map(\.code) == [Self.variant(2)])
        // The web's moving picture shows two of the show's swarms, the same pair for ten minutes.
        let shown = try #require(try await service.swarmShowPicturePair(day: Self.day))
        #expect(!shown.final && shown.left != shown.right && entries.contains(shown.left) && entries.contains(shown.right))
        #expect(shown.seed == SwarmShowEntry.seed(forDay: Self.dayNumber))
        #expect(try await service.swarmShowPicturePair(day: Self.day) == shown)
        #expect(try await service.swarmShowPicturePair(day: "2027-01-01") == nil)
        // The voter follows the first breeder: told nothing while the show takes votes.
        _ = try await service.follow(voter, playerID: players[0].publicID)
        try await service.closeDays()
        #expect(try await service.news(voter, after: 0).items.isEmpty)
        // Once voting has closed: whose swarms they were, the voted winner first.
        clock.advance(seconds: 2 * 86_400)
        try await service.refreshRunway()
        let final = try await service.top(boardID: board, limit: 50, cursor: nil)
        #expect(final.rows.first?.playerID == players[0].publicID && final.rows.first?.code == Self.variant(0))
        let top = try #require(try await service.swarmShowPicturePair(day: Self.day))
        #expect(top.final && top.left == Self.variant(0) && top.right == final.rows[1].code)
        // The closing pass tells each breeder where their swarm finished, once however often it runs.
        try await service.closeDays()
        try await service.closeDays()
        let news = try await service.news(players[0], after: 0).items.filter { $0.kind.word == .swarmShowClosed }
        #expect(news.count == 1 && news[0].rank == 1 && news[0].of == 4 && news[0].day == Self.day)
        #expect(news[0].text.hasPrefix("The swarm show of \(Self.day) closed: your swarm was #1 of 4 in the people's choice of swarms"))
        // Their follower hears how the swarm did, once, in the swarm show's words.
        let heard = try await service.news(voter, after: 0).items.ofDays
        #expect(heard.map(\.kind.word) == [.friendRunway] && heard[0].rank == 1 && heard[0].of == 4 && heard[0].day == Self.day, "\(heard)")
        #expect(heard[0].text == "Breeder 0's swarm was #1 of 4 in the swarm show of \(Self.day) (people's score \(final.rows[0].score)).")
        #expect(Set(final.rows.map(\.code)) == entries)
        #expect(try await service.top(boardID: "lab-\(Self.day)", limit: 50, cursor: nil).rows.allSatisfy { !$0.code.isEmpty })
    }

    private func recipe(_ code: String) -> SwarmRecipe? {
        if case .swarm(let recipe)? = try? ShareCode.decode(code) { recipe } else { nil }
    }
}
