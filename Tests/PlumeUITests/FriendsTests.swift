// Friends in the game, against the leaderboard held in memory: the Friends tab (group and board
// ranks, first when the player follows anyone, in plain words when empty or local), f on a row,
// the Follow dialog (by name, the list, stopping), a player link pasted anywhere (an offer that
// follows only on a key; unknown and mangled links said in words), and the player's own link.
import Foundation
import GameState
import ScoresAPI
import Testing
import TUI
@testable import PlumeUI

extension FakeScores {
    /// Player ids of the shape the server gives (22 base64url characters), for player links.
    static let beaID = "Bea_aaaaaaaaaaaaaaaaa1", cyID = "Cy-bbbbbbbbbbbbbbbbbb2"

    /// Bea 930, Ada (the player) 812, Cy 700 on today's board.
    static var friendsRows: [BoardRow] {
        [row(1, "Bea", 930, id: beaID), row(2, "Ada", 812, id: me.playerID), row(3, "Cy", 700, id: cyID, at: "2024-10-04T07:00:00.000Z")]
    }

    mutating func answerFriends(_ command: ScoresCommand) -> [ScoresEvent] {
        let list = FollowingList(players: followed, limit: 500, todayBoardID: boards[0].id)
        if case .follow(let whom) = command {
            let found = rows.first { row in
                switch whom {
                case .id(let id): row.playerID == id
                case .name(let name): row.name.lowercased() == name.lowercased()
                }
            }
            guard let found else { return [.failed(command, ScoresFailure(.refused, code: .playerNotFound, "there is no player called “Zed”"))] }
            guard found.playerID != player?.playerID else {
                return [.failed(command, ScoresFailure(.refused, code: .cantFollowYourself, "you can't follow yourself"))]
            }
            let followed = FollowedPlayer(playerID: found.playerID, name: found.name, since: "2024-10-04T10:00:00.000Z", todayScore: found.score,
                                          todayRank: found.rank)
            if !self.followed.contains(where: { $0.playerID == found.playerID }) { self.followed.append(followed) }
            return [.followed(followed)]
        }
        if command == .following { return Self.replied(command, list) }
        if let id = command.asked(APICalls.unfollow)?.path[.player] {
            followed.removeAll { $0.playerID == id }
            return Self.replied(command, NoBody())
        }
        if command.asked(APICalls.boardAmongFollowed) != nil {
            let group = Set(followed.map(\.playerID) + [player?.playerID].compactMap { $0 })
            var rows = rows.filter { group.contains($0.playerID) }
            for index in rows.indices { rows[index].groupRank = index + 1 }
            return Self.replied(command, page(rows))
        }
        if let id = command.asked(APICalls.publicProfile)?.path[.player] {
            guard let row = rows.first(where: { $0.playerID == id }) else {
                return [.failed(command, ScoresFailure(.refused, code: .playerNotFound, "there is no player with that id"))]
            }
            let today = ProfileBest(boardID: boards[0].id, rank: row.rank, score: row.score, detail: 0, at: row.at, code: "")
            return Self.replied(command, PublicProfile(playerID: id, name: row.name, avatarLook: row.avatarLook, since: "2024-09-01T08:00:00.000Z",
                                                       bests: [today], pointsEarned: 0, pointsGiven: 0, followers: 4))
        }
        return []
    }
}

/// A registered player on the fake with Bea, themself and Cy on today's board, following `followed`.
func friendsApp(following followed: [String] = [], local: Bool = false, width: Int = 100, height: Int = 30) -> (AppModel, FakeScores) {
    var fake = FakeScores()
    fake.player = FakeScores.me
    fake.rows = FakeScores.friendsRows
    fake.isLocal = local
    if local { fake.place = "Local board" }
    fake.followed = fake.rows.filter { followed.contains($0.name) }.map {
        FollowedPlayer(playerID: $0.playerID, name: $0.name, since: "2024-10-03T09:00:00.000Z", todayScore: $0.score, todayRank: $0.rank)
    }
    var model = app(width: width, height: height)
    model.drive(.clock(fakeNow), &fake)
    return (model, fake)
}

@Suite struct FriendsTests {
    @Test func theFriendsTabRanksThePlayersFollowedAmongThemselvesAndOnTheBoard() {
        var (model, fake) = friendsApp(following: ["Cy"])
        let sent = model.drive(keys: Screen.scores.key, fake: &fake)
        // Following anyone, the screen opens on Friends (today's style board) rather than Top.
        #expect(model.scores.tab == .friends && sent.contains(.friends(board: "style-2024-10-04")))
        let lines = model.screenText.split(separator: "\n")
        #expect(lines.contains { $0.contains("#  look name") && $0.contains("board") })
        #expect(lines.contains { $0.contains("  1 ") && $0.contains("▸ Ada") && $0.contains("812") && $0.contains("#2 of 3") })
        #expect(lines.contains { $0.contains("  2 ") && $0.contains("Cy") && $0.contains("700") && $0.contains("#3 of 3") })
        #expect(!lines.contains { $0.contains("Bea") && $0.contains("930") })
        #expect(model.screenText.contains("# is your rank among you, board the rank on the whole board"))
        // A board the server won't show among friends (a runway still taking votes) says why.
        let sealed = "the people's choice of 2024-10-04 names no one until its voting closes at 2024-10-06T00:00:00Z"
        model.drive(.scores(.failed(.friends(board: "style-2024-10-04"), ScoresFailure(.refused, code: .noRecord, sealed))), &fake)
        #expect(model.screenText.contains("This board can't be shown among friends: the people's choice of 2024-10-04 names no one"))
        model.drive(keys: .char("]"), .char("["), fake: &fake)
        #expect(model.screenText.contains("#3 of 3"), "an answer clears the refusal")
        // Picking Top is the player's choice from then on.
        model.drive(keys: .left, .left, fake: &fake)
        #expect(model.scores.tab == .top)
        model.drive(keys: Screen.studio.key, Screen.scores.key, fake: &fake)
        #expect(model.scores.tab == .top)
    }

    /// A registered player following Cy, on a server whose list of boards, read at launch, counted
    /// `records` on today's board; the board has all three rows by the time anyone looks.
    func staleListApp(records: Int) -> (AppModel, FakeScores) {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.rows = FakeScores.friendsRows
        fake.followed = [FollowedPlayer(playerID: FakeScores.cyID, name: "Cy", since: "2024-10-03T09:00:00.000Z", todayScore: 700, todayRank: 3)]
        fake.boards[0].records = records
        var model = app()
        model.drive(.clock(fakeNow), &fake)
        fake.boards[0].records = 3
        return (model, fake)
    }

    @Test func theFriendsTabCountsThePeopleShownAndTheWholeBoardAsThePageSaysNotAsAtLaunch() {
        var (model, fake) = staleListApp(records: 0)
        model.drive(keys: Screen.scores.key, fake: &fake)
        #expect(model.scores.tab == .friends)
        let lines = model.screenText.split(separator: "\n")
        #expect(lines.contains { $0.contains("▸ Ada") && $0.contains("#2 of 3") }, "\(model.screenText)")
        #expect(lines.contains { $0.contains("Cy") && $0.contains("#3 of 3") })
        // The player's rank among the two people shown (themself included), and on the board.
        #expect(model.screenText.contains("you: #1 of 2 among you, #2 of 3 on the board"), "\(model.screenText)")
    }

    @Test func theFollowOfferCountsTodaysBoardAsItIsNowNotAsAtLaunch() {
        var (model, fake) = staleListApp(records: 1)
        let sent = model.drive(.paste("plume://player/\(FakeScores.beaID)"), &fake)
        #expect(sent.contains(.start), "the boards are read again with the offer")
        #expect(model.screenText.contains("Follow Bea? (today 930, rank 1 of 3)"), "\(model.screenText)")
    }

    @Test func withNobodyFollowedTheScreenOpensOnTopAndFriendsSaysHowToFollow() {
        var (model, fake) = friendsApp()
        model.drive(keys: Screen.scores.key, fake: &fake)
        #expect(model.scores.tab == .top)
        model.drive(keys: .right, .right, fake: &fake)
        #expect(model.scores.tab == .friends)
        let text = model.screenText
        #expect(text.contains("You follow nobody yet. f follows the player on a selected row"))
        #expect(text.contains("plume://player/"))
        var (local, localFake) = friendsApp(local: true)
        local.drive(keys: Screen.scores.key, .right, .right, fake: &localFake)
        #expect(local.screenText.contains("On the local board your friends are the other players of this computer"))
    }

    @Test func fOnARowFollowsItsPlayerButNeverYourselfOrTwice() {
        var (model, fake) = friendsApp()
        model.drive(keys: Screen.scores.key, fake: &fake)
        var sent = model.drive(keys: .char("f"), fake: &fake)
        #expect(sent.contains(.follow(.id(FakeScores.beaID))))
        #expect(model.status.hasPrefix("You follow Bea now (today 930, rank 1)"))
        #expect(model.session.follows(FakeScores.beaID))
        sent = model.drive(keys: .char("f"), fake: &fake)
        #expect(sent.isEmpty && model.status.hasPrefix("You already follow Bea"))
        sent = model.drive(keys: .down, .char("f"), fake: &fake)
        #expect(sent.isEmpty && model.status.hasPrefix("That's you"))
        // A follow the server refuses is said in its words.
        fake.down = ScoresFailure(.refused, code: .tooManyFollows, "you follow 500 players, the most one player may")
        model.drive(keys: .down, .char("f"), fake: &fake)
        #expect(model.status == "Not followed: you follow 500 players, the most one player may")
    }

    @Test func anUnregisteredPlayerIsAskedToRegisterFirst() {
        var fake = FakeScores()
        fake.rows = FakeScores.friendsRows
        var model = scoresApp(&fake)
        let sent = model.drive(keys: .char("f"), fake: &fake)
        #expect(sent.isEmpty && model.top(RegisterDialog.self) != nil && model.status.contains("then f follows Bea"))
    }

    @Test func theFollowDialogFollowsByNameListsAndStops() {
        var (model, fake) = friendsApp(following: ["Cy"])
        model.drive(keys: Screen.scores.key, .char("F"), fake: &fake)
        #expect(model.top(FollowDialog.self) != nil && model.screenText.contains("You follow 1 of at most 500:"))
        #expect(model.screenText.contains("Cy") && model.screenText.contains("today 700, #3"))
        var sent = model.drive(keys: .char("z"), .char("e"), .char("d"), .enter, fake: &fake)
        #expect(sent == [.follow(.name("zed"))] && model.screenText.contains("there is no player called “Zed”"))
        sent = model.drive(keys: .ctrl("u"), .char("b"), .char("E"), .char("a"), .enter, fake: &fake)
        #expect(sent.first == .follow(.name("bEa")) && model.screenText.contains("You follow Bea now"))
        #expect(model.screenText.contains("You follow 2 of at most 500:"))
        // ↓ into the list, x asks, y stops following the one picked.
        sent = model.drive(keys: .down, .char("x"), fake: &fake)
        #expect(sent.isEmpty && model.screenText.contains("Stop following Cy? y stops"))
        sent = model.drive(keys: .char("y"), fake: &fake)
        #expect(sent.first == .unfollow(playerID: FakeScores.cyID) && model.status == "You no longer follow Cy.")
        #expect(model.session.following?.value.players.map(\.name) == ["Bea"])
        model.drive(keys: .escape, fake: &fake)
        #expect(model.top(FollowDialog.self) == nil)
    }

    @Test func aPlayerLinkPastedAnywhereOffersToFollowAndFollowsOnlyOnAKey() {
        var (model, fake) = friendsApp()
        var sent = model.drive(.paste("Follow me! <plume://player/\(FakeScores.beaID)>"), &fake)
        #expect(model.screen == .importer && sent == [.player(playerID: FakeScores.beaID), .start])
        #expect(model.screenText.contains("Follow Bea? (today 930, rank 1 of 3)"))
        #expect(model.screenText.contains("f or Enter follows · Esc cancels") && !model.session.follows(FakeScores.beaID))
        sent = model.drive(keys: .char("f"), fake: &fake)
        #expect(sent.first == .follow(.id(FakeScores.beaID)) && model.session.follows(FakeScores.beaID))
        #expect(model.screenText.contains("✓ You follow Bea now"))
        // Enter then shows them on the Friends view.
        sent = model.drive(keys: .enter, fake: &fake)
        #expect(model.screen == .scores && model.scores.tab == .friends && sent.contains(.friends(board: "style-2024-10-04")))
        // Esc declines: nothing is followed.
        model.drive(.paste("plume://player/\(FakeScores.cyID)"), &fake)
        model.drive(keys: .escape, fake: &fake)
        #expect(!model.session.follows(FakeScores.cyID) && model.status == "Not followed: nothing was changed.")
    }

    @Test func unknownAndMangledPlayerLinksAreSaidInPlainWords() {
        var (model, fake) = friendsApp()
        model.drive(.paste("plume://player/Zzzzzzzzzzzzzzzzzzzzzz"), &fake)
        #expect(model.screenText.contains("No player on scores.example:8787 has this link"))
        let sent = model.drive(keys: .char("f"), fake: &fake)
        #expect(sent.isEmpty && model.session.following?.value.players.isEmpty == true)
        model.drive(.paste("plume://player/Bea_aaaa"), &fake)
        #expect(model.screenText.contains("Can't read this player link: its player id is cut short (8 of 22 characters)"))
    }

    @Test func theShareScreenShowsThePlayersOwnLinkWithItsQRCode() {
        var (model, fake) = friendsApp()
        model.drive(keys: Screen.share.key, fake: &fake)
        let effects = model.keys(.char("m"))
        #expect(effects == [.copyToClipboard("plume://player/\(FakeScores.me.playerID)")])
        #expect(model.screenText.contains("Share yourself") && model.screenText.contains("█▀▀▀▀▀█"))
        model.keys(.escape)
        #expect(model.top(PlayerLinkOverlay.self) == nil && model.screen == .share)
    }
}
