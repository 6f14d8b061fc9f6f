// Following, each test on a real SQLite file and on a real PostgreSQL: the list and its cap, a
// board among the people a player follows (global and group ranks, from the index), the news of
// a friend who passes you (once per friend, board and day), a friend's runway look when it
// closes, and erasure taking a player out of every list.
import Challenges
import Foundation
import GameState
import PlumeCalendar
import ScoresAPI
import Testing
@testable import Leaderboard
import LeaderboardPostgres
import PlumeTestSupport

@Suite struct FollowTests {
    static let day = UTCDay.days(year: 2026, month: 11, day: 22)
    static let board = "style-2026-11-22"

    func register(_ service: LeaderboardService, _ name: String) async throws -> PlayerRecord {
        let registered = try await service.register(RegisterRequest(name: name))
        return try await service.authenticate(token: registered.token)
    }

    func submit(_ service: LeaderboardService, _ player: PlayerRecord, pick: Int) async throws -> SubmissionResult {
        let looks = DaysTests.looks(day: Self.day)
        return try await service.submit(player, SubmitRequest(boardID: Self.board, code: looks[pick].code))
    }

    @Test(arguments: StoreKind.allCases)
    func followingIsOneWayCappedAndRefusedInWords(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind)
        let ada = try await register(service, "Ada"), bea = try await register(service, "Bea")
        let followed = try await service.follow(ada, playerID: bea.publicID)
        #expect(followed.name == "Bea" && followed.todayScore == nil)
        _ = try await service.follow(ada, playerID: bea.publicID)
        #expect(try await service.following(ada).players.map(\.name) == ["Bea"], "following twice is once")
        #expect(try await service.following(bea).players.isEmpty, "one way")
        #expect(try await service.publicProfile(playerID: bea.publicID).followers == 1)
        #expect(await refusal { _ = try await service.follow(ada, playerID: ada.publicID) }?.code == .cantFollowYourself)
        #expect(await refusal { _ = try await service.follow(ada, playerID: "AAAAAAAAAAAAAAAAAAAAAA") }?.code == .playerNotFound)
        #expect(try await service.player(named: "bea").playerID == bea.publicID)
        #expect(await refusal { _ = try await service.player(named: "Nobody") }?.code == .playerNotFound)
        try await service.unfollow(ada, playerID: bea.publicID)
        try await service.unfollow(ada, playerID: bea.publicID)
        #expect(try await service.following(ada).players.isEmpty)
        // The cap, against the store itself (500 players would make the test slow): the follow
        // past it is refused and not kept; one already there is still fine.
        let cy = try await register(service, "Cy")
        #expect(try await service.store.follow(bea.number, by: ada.number, limit: 1, at: 1))
        let past = try #require(await refusal { _ = try await service.store.follow(cy.number, by: ada.number, limit: 1, at: 2) })
        #expect(past.code == .tooManyFollows && past.message.contains("stop following someone first"))
        #expect(try await service.following(ada).players.map(\.name) == ["Bea"])
        #expect(try await service.store.follow(bea.number, by: ada.number, limit: 1, at: 3) == false)
    }

    @Test(arguments: StoreKind.allCases)
    func aBoardAmongFriendsHasGlobalAndGroupRanks(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind)
        var players: [PlayerRecord] = []
        for n in 0..<6 {
            let player = try await register(service, "Player \(n)")
            _ = try await submit(service, player, pick: n)
            players.append(player)
        }
        let me = players[2]
        for friend in [players[0], players[4], players[5]] { _ = try await service.follow(me, playerID: friend.publicID) }
        let lurker = try await register(service, "Lurker")
        _ = try await service.follow(me, playerID: lurker.publicID)
        let page = try await service.boardAmongFollowed(boardID: Self.board, player: me)
        let top = try await service.top(boardID: Self.board, limit: 10, cursor: nil)
        let expected = top.rows.filter { [players[0], players[2], players[4], players[5]].map(\.publicID).contains($0.playerID) }
        #expect(page.rows.map(\.playerID) == expected.map(\.playerID), "board order, and no row for a friend who hasn't played")
        #expect(page.rows.map(\.rank) == expected.map(\.rank))
        #expect(page.rows.map(\.groupRank) == [1, 2, 3, 4])
        // Today's runway takes votes: only the player's own look is shown.
        #expect(page.rows.filter { !$0.code.isEmpty }.map(\.playerID) == [me.publicID])
        let list = try await service.following(me)
        #expect(list.players.first { $0.playerID == players[4].publicID }?.todayRank == expected.first { $0.playerID == players[4].publicID }?.rank)
    }

    @Test(arguments: StoreKind.allCases)
    func aFriendWhoPassesYouIsNewsOncePerBoardAndDay(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 22))
        let service = try await Fixtures.service(kind, clock: clock)
        let ada = try await register(service, "Ada"), bea = try await register(service, "Bea"), cy = try await register(service, "Cy")
        let looks = DaysTests.looks(day: Self.day)
        _ = try await submit(service, bea, pick: 3)
        _ = try await service.follow(bea, playerID: ada.publicID)
        _ = try await service.follow(cy, playerID: ada.publicID)
        // Ada, below Bea, passes nobody; then passes Bea (who follows her) but not Cy (no record).
        _ = try await submit(service, ada, pick: 1)
        #expect(try await service.news(bea, after: 0).items.isEmpty)
        _ = try await submit(service, ada, pick: 5)
        let heard = try await service.news(bea, after: 0).items
        #expect(heard.count == 1 && heard[0].kind.word == .friendPassed && heard[0].text.hasPrefix("Ada passed your score on Style: "), "\(heard)")
        #expect(heard[0].text.contains("(\(looks[5].score) vs your \(looks[3].score))"))
        #expect(try await service.news(cy, after: 0).items.isEmpty)
        // Bea takes the lead back and Ada passes her again the same day: still one item.
        #expect(looks.count > 7)
        _ = try await submit(service, bea, pick: 6)
        _ = try await submit(service, ada, pick: 7)
        #expect(try await service.news(bea, after: 0).items.count == 1)
        // The next day is another day.
        clock.advance(seconds: 86_400)
        let next = UTCDay.string(Self.day + 1), nextLooks = DaysTests.looks(day: Self.day + 1)
        _ = try await service.submit(bea, SubmitRequest(boardID: "style-" + next, code: nextLooks[0].code))
        _ = try await service.submit(ada, SubmitRequest(boardID: "style-" + next, code: nextLooks[nextLooks.count - 1].code))
        #expect(try await service.news(bea, after: 0).items.filter { $0.kind.word == .friendPassed }.count == 2)
    }

    @Test(arguments: StoreKind.allCases)
    func aFriendsRunwayLookIsNewsOnceItsVotingCloses(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 22))
        let service = try await Fixtures.service(kind, clock: clock)
        let day = UTCDay.string(Self.day)
        let ada = try await register(service, "Ada"), bea = try await register(service, "Bea"), fan = try await register(service, "Fan")
        _ = try await service.enterRunway(ada, day: day, RunwayEntryRequest(code: RunwayServiceTests.looks[0]))
        _ = try await service.enterRunway(bea, day: day, RunwayEntryRequest(code: RunwayServiceTests.looks[1]))
        _ = try await service.follow(fan, playerID: ada.publicID)
        try await service.refreshRunway()
        clock.advance(seconds: 86_400)
        try await service.closeDays()
        #expect(try await service.news(fan, after: 0).items.isEmpty, "nothing of a runway still taking votes")
        clock.advance(seconds: 86_400)
        try await service.closeDays()
        let heard = try await service.news(fan, after: 0).items
        #expect(heard.map(\.kind.word) == [.friendRunway] && heard[0].text.hasPrefix("Ada's look was #") && heard[0].of == 2)
    }

    @Test(arguments: StoreKind.allCases)
    func erasureTakesAPlayerOutOfEveryList(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind)
        let ada = try await register(service, "Ada"), bea = try await register(service, "Bea")
        _ = try await service.follow(ada, playerID: bea.publicID)
        _ = try await service.follow(bea, playerID: ada.publicID)
        try await service.erase(bea)
        #expect(try await service.following(ada).players.isEmpty)
        #expect(try await service.publicProfile(playerID: ada.publicID).followers == 0)
    }
}
