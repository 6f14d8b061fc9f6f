// Following through the game's client, run twice as ClientTests are (a live plume-server, and the
// local board): by name and by id (the list read after, as the game reads it), the refusals in words, a board among the players followed with
// group and board ranks (and its ETag), a player's public profile, stopping; and a hostile server's
// names reaching the game without their control characters.
import Foundation
import PlumeTestSupport
import ScoresAPI
import ScoresClient
import Testing

@Suite(.serialized) struct FollowingClientTests {
    func registered(_ session: ScoresSession, _ name: String) async throws -> Identity {
        try first(await session.perform(.register(RegisterRequest(name: name)))) { if case .registered(let identity) = $0 { identity } else { nil } }
    }

    @Test(arguments: Place.allCases)
    func aPlayerFollowsAnotherSeesThemOnTheBoardAndStops(_ place: Place) async throws {
        try await ClientTests().withBackend(place) { ada, _ in
            let bea = try session(ada.backend, home: try temporaryDirectory())
            let (me, her) = (try await registered(ada, "Ada"), try await registered(bea, "Bea"))
            let today = Fixtures.styleBoard()
            _ = await ada.perform(.submit(board: today, code: Fixtures.outfit()))
            _ = await bea.perform(.submit(board: today, code: Fixtures.look()))

            // By name, case ignored: the follow, then the list with today's score and rank.
            var events = await bea.perform(.follow(.name("ADA")))
            let followed = try first(events) { if case .followed(let player) = $0 { player } else { nil } }
            #expect(followed.playerID == me.playerID && followed.name == "Ada" && followed.todayRank == 1 && followed.todayScore != nil)
            let list = try first(await bea.perform(.following)) { $0.reply(to: APICalls.following) }
            #expect(list.players.map(\.name) == ["Ada"] && list.limit == 500 && list.todayBoardID == today)
            // Twice is harmless; yourself, no such name and no such id are refused in words.
            events = await bea.perform(.follow(.id(me.playerID)))
            _ = try first(events) { if case .followed(let player) = $0 { player } else { nil } }
            #expect(try first(await bea.perform(.following)) { $0.reply(to: APICalls.following)?.players.count } == 1)
            #expect(try refusal(await bea.perform(.follow(.id(her.playerID)))).code == .cantFollowYourself)
            let nobody = try refusal(await bea.perform(.follow(.name("Nobody"))))
            #expect(nobody.code == .playerNotFound && nobody.kind == .refused && nobody.message.contains("Nobody"))
            #expect(try refusal(await bea.perform(.follow(.id("AAAAAAAAAAAAAAAAAAAAAA")))).code == .playerNotFound)

            // The board among the players Bea follows: both, each with both ranks; then unchanged.
            events = await bea.perform(.friends(board: today))
            let friends = try first(events) { $0.answer(to: APICalls.boardAmongFollowed) }
            #expect(friends.value.rows.map(\.name) == ["Ada", "Bea"] && friends.value.rows.map(\.groupRank) == [1, 2])
            #expect(friends.value.rows.map(\.rank) == [1, 2] && !friends.unchanged)
            let again = try first(await bea.perform(.friends(board: today))) { $0.answer(to: APICalls.boardAmongFollowed) }
            #expect(again.unchanged && again.value == friends.value)
            // Ada follows no one: her view is herself.
            let hers = try first(await ada.perform(.friends(board: today))) { $0.answer(to: APICalls.boardAmongFollowed)?.value }
            #expect(hers.rows.map(\.name) == ["Ada"] && hers.rows.first?.groupRank == 1)

            // Who a player link leads to: the public profile, today's best among its bests.
            let profile = try first(await bea.perform(.player(playerID: me.playerID))) { $0.reply(to: APICalls.publicProfile) }
            #expect(profile.name == "Ada" && profile.bests.contains { $0.boardID == today && $0.rank == 1 } && profile.followers == 1)

            // Stopping: the list empties and the view is Bea's own again.
            events = await bea.perform(.unfollow(playerID: me.playerID))
            #expect(try first(events) { $0.answered(APICalls.unfollow, .player) } == me.playerID)
            #expect(try first(await bea.perform(.following)) { $0.reply(to: APICalls.following)?.players }.isEmpty)
            let alone = try first(await bea.perform(.friends(board: today))) { $0.answer(to: APICalls.boardAmongFollowed) }
            #expect(alone.value.rows.map(\.name) == ["Bea"] && !alone.unchanged)
            // Reading the list needs a player.
            let stranger = try session(ada.backend, home: try temporaryDirectory())
            #expect(try refusal(await stranger.perform(.following)).code == .notRegistered)
        }
    }

    @Test func namesFromAHostileServerLoseTheirControlCharacters() async throws {
        let body = #"{"players":[{"player_id":"p\u001b1","name":"Ev\u001b[31mil\u202E","since":"2024-10-04T00:00:00Z\u0007"}],"#
            + #""limit":500,"today_board_id":"style-2024-10-04\u0000"}"#
        let server = CannedServer(reply: CannedServer.http("200 OK", body: body))
        let session = try session(server.backend, home: try temporaryDirectory())
        try session.credentials.save(Credential(playerID: "p_me", name: "Me", token: "t"), for: server.backend.key)
        let list = try first(await session.perform(.following)) { $0.reply(to: APICalls.following) }
        let texts = list.players.flatMap { [$0.playerID, $0.name, $0.since] } + [list.todayBoardID]
        #expect(list.players.first?.name == "Ev[31mil")
        #expect(texts.allSatisfy { !$0.unicodeScalars.contains { $0.value < 32 || $0.value == 0x202E } }, "\(texts)")
    }
}
