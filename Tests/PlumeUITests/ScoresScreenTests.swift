// The Scores screen against the leaderboard held in memory (FakeScores): the tabs, failures and
// the data kept meanwhile, previews, looks the runway hides, registering (its dialog's words whole
// at 80×24), the outbox, donating, SSH keys, revoked tokens.
import Foundation
import GameState
import ScoresAPI
import Testing
import TUI
@testable import PlumeUI

@Suite struct ScoresScreenTests {
    @Test func topShowsWhereWhoTheBoardTheRowsAndTheirAge() {
        var fake = FakeScores()
        fake.rows = [FakeScores.row(1, "Bea", 930), FakeScores.row(2, "Cy", 812, at: "2024-10-04T07:00:00.000Z")]
        var model = scoresApp(&fake)
        var text = model.screenText
        #expect(text.contains("\(Screen.scores.rawValue + 1) Scores"))
        #expect(text.contains("Scores · scores.example:8787 · not registered — p registers"))
        #expect(text.contains("[Top]") && text.contains("Around me") && text.contains("My bests") && text.contains("Contributors") && text.contains("Causes"))
        #expect(text.contains("Style: Beach Day"))
        #expect(text.contains("Bea") && text.contains("930") && text.contains("0 s ago"))
        #expect(text.contains("3 h ago"))
        #expect(text.contains("updated 0 s ago"))
        // Each row has its tiny avatar: four half-block cells after the rank.
        let line = model.view().text.split(separator: "\n").first { $0.contains("930") }!
        #expect(line.contains("▀▀▀▀"))
        // Ages move with the clock; after 30 s the screen asks again by itself.
        var sent = model.drive(.clock(fakeNow + 12), &fake)
        #expect(model.screenText.contains("updated 12 s ago") && sent.isEmpty)
        sent = model.drive(.clock(fakeNow + 31), &fake)
        #expect(sent == [.top(board: "style-2024-10-04")])
        #expect(model.screenText.contains("updated 0 s ago"))
        // ] moves to the next board and asks for it; r refreshes at once.
        sent = model.drive(keys: .char("]"), fake: &fake)
        #expect(sent == [.top(board: "swarm-huddle")] && model.screenText.contains("Huddle"))
        sent = model.drive(keys: .char("r"), fake: &fake)
        #expect(sent == [.top(board: "swarm-huddle")])
        text = model.screenText
        #expect(text.contains("(open · 2/2)"))
    }

    @Test func everySubTabIsDrawn() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.rows = [FakeScores.row(1, "Bea", 930), FakeScores.row(2, "Ada", 812, id: FakeScores.me.playerID), FakeScores.row(3, "Cy", 700)]
        var model = scoresApp(&fake)
        #expect(model.screenText.contains("you are Ada"))
        var sent = model.drive(keys: .right, fake: &fake)
        #expect(sent == [.around(board: "style-2024-10-04")])
        #expect(model.screenText.contains("▸ Ada"))
        sent = model.drive(keys: .right, fake: &fake)
        #expect(sent == [.friends(board: "style-2024-10-04")])
        #expect(model.screenText.contains("You follow nobody yet."))
        sent = model.drive(keys: .right, fake: &fake)
        #expect(sent == [.myBests])
        var text = model.screenText
        #expect(text.contains("Points: 900 earned · 0 given · 900 to give"))
        #expect(text.contains("#2") && text.contains("812") && text.contains("Style: Beach Day"))
        sent = model.drive(keys: .right, fake: &fake)
        #expect(sent == [.contributors])
        #expect(model.screenText.contains("Nobody has given points yet"))
        sent = model.drive(keys: .right, fake: &fake)
        #expect(Set(sent.map(\.key)) == [.myBests, ScoresCommand.causes.key] && sent.count == 2)
        text = model.screenText
        #expect(text.contains("Coral reefs") && text.contains("10 points from 1 player") && text.contains("You have 900 points to give"))
        #expect(text.contains("Replanting reefs."))
        // Then Spread (the board's histogram), and round again to Top; a click on a sub-tab label picks it too.
        sent = model.drive(keys: .right, fake: &fake)
        #expect(model.scores.tab == .spread && sent.contains { $0.asked(APICalls.histogram) != nil })
        #expect(model.screenText.contains("better than 97 % of the other 40"))
        // Then League: no group yet this week.
        sent = model.drive(keys: .right, fake: &fake)
        #expect(model.scores.tab == .league && sent == [.league])
        #expect(model.screenText.contains("No group yet this week") && model.screenText.contains("Week points"), "\(model.screenText)")
        model.drive(keys: .right, fake: &fake)
        #expect(model.scores.tab == .top)
        let around = ScoresLayout(area: model.contentArea).tabBar.ranges(from: 1)[1].lowerBound
        model.drive(.mouse(Mouse(x: around + 1, y: 3, kind: .press)), &fake)
        #expect(model.scores.tab == .around)
    }

    @Test func failuresKeepTheLastGoodDataAndSayHowOldItIs() {
        var fake = FakeScores()
        fake.rows = [FakeScores.row(1, "Bea", 930)]
        var model = scoresApp(&fake)
        fake.down = ScoresFailure(.offline, "scores.example isn't answering")
        model.drive(.clock(fakeNow + 40), &fake)
        var text = model.screenText
        #expect(text.contains("offline — showing data from 40 s ago (scores.example isn't answering)"))
        #expect(text.contains("Bea") && text.contains("930"))
        // A 429 says when to try again, and nothing is asked before then.
        fake.down = ScoresFailure(.rateLimited, "too many requests — try again in 45 s", retryAfter: 45)
        model.drive(keys: .char("r"), fake: &fake)
        text = model.screenText
        #expect(text.contains("can't refresh") && text.contains("asked to wait 45 s"))
        #expect(model.drive(.clock(fakeNow + 80), &fake).isEmpty)
        // Back: the next answer clears the trouble.
        fake.down = nil
        #expect(model.drive(.clock(fakeNow + 86), &fake) == [.top(board: "style-2024-10-04")])
        #expect(model.screenText.contains("updated 0 s ago"))
        // A reply the game couldn't read, with nothing to show yet, still says so in words.
        var fresh = FakeScores()
        fresh.down = ScoresFailure(.malformed, "scores.example sent an answer the game couldn't read")
        let broken = scoresApp(&fresh)
        #expect(broken.screenText.contains("can't refresh — nothing to show yet"))
    }

    @Test func aSelectedRowOpensInTheImportPreviewAndNothingOfOursIsLost() {
        var fake = FakeScores()
        fake.rows = [FakeScores.row(1, "Bea", 930), FakeScores.row(2, "Cy", 812)]
        var model = scoresApp(&fake)
        let mine = model.studio.look
        model.drive(keys: .down, fake: &fake)
        #expect(model.screenText.contains("Enter: preview it"))
        model.drive(keys: .enter, fake: &fake)
        #expect(model.screen == .importer)
        guard case .success(let link)? = model.importing.result, case .look(let theirs) = link.state else {
            Issue.record("the row's look was not previewed")
            return
        }
        #expect(theirs == FakeScores.row(2, "Cy", 812).code.flatMapLook)
        #expect(model.studio.look == mine)
        model.drive(keys: .escape, fake: &fake)
        #expect(model.screen == .scores && model.studio.look == mine)
        // Enter in the preview takes it; u brings ours back.
        model.drive(keys: .enter, .enter, fake: &fake)
        #expect(model.screen == .studio && model.studio.look == theirs)
        model.drive(keys: .char("u"), fake: &fake)
        #expect(model.studio.look == mine)
        // My bests: a swarm best opens the swarm preview.
        fake.player = FakeScores.me
        model.drive(.scores(.identity(place: fake.place, isLocal: false, player: FakeScores.me, outbox: 0)), &fake)
        model.drive(keys: Screen.scores.key, .right, .right, .right, .enter, fake: &fake)
        #expect(model.screen == .importer && model.importing.preview != nil)
    }

    /// While the day's runway takes votes the server sends today's rows without their looks:
    /// a row says when its look shows, and the player's own row has theirs, from their bests.
    @Test func aLookTheRunwayHidesSaysWhenItShowsAndMyOwnRowKeepsMine() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.rows = [FakeScores.row(1, "Bea", 930), FakeScores.row(2, "Ada", 812, id: FakeScores.me.playerID)].map { row in
            var row = row
            row.code = ""
            return row
        }
        var model = scoresApp(&fake)
        model.drive(.scores(.identity(place: fake.place, isLocal: false, player: FakeScores.me, outbox: 0)), &fake)
        model.drive(keys: .right, .right, .right, .left, .left, .left, fake: &fake)
        #expect(model.session.bests != nil && model.session.player != nil, "\(String(describing: model.session.bests))")
        #expect(model.screenText.contains("shown after voting"))
        #expect(!model.screenText.contains("Enter: preview it"))
        model.drive(keys: .enter, fake: &fake)
        #expect(model.screen == .scores && model.status.contains("stays hidden while its runway takes votes"), "\(model.status)")
        model.drive(keys: .down, fake: &fake)
        #expect(model.screenText.contains("Enter: preview it"))
        model.drive(keys: .enter, fake: &fake)
        #expect(model.screen == .importer && model.importing.preview != nil)
    }

    /// The server leaves every look and avatar off a public page while the board's runway takes
    /// votes: the rows' "····" say why and until when, and the player's own row shows their own
    /// look and avatar, which their own read (around-me, asked for then) has.
    @Test func hiddenLooksSayWhyAndUntilWhenAndMyOwnRowShowsMine() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.sealed = true
        fake.rows = [FakeScores.row(1, "Bea", 930), FakeScores.row(2, "Ada", 812, id: FakeScores.me.playerID), FakeScores.row(3, "Cy", 700)]
        var model = app(width: 100, height: 30)
        model.drive(.clock(fakeNow), &fake)
        let sent = model.drive(keys: Screen.scores.key, fake: &fake)
        #expect(sent == [.top(board: "style-2024-10-04"), .around(board: "style-2024-10-04")], "\(sent)")
        let lines = model.screenText.split(separator: "\n")
        // Voting on 2024-10-04's runway closes as 2024-10-06 begins.
        #expect(lines.contains { $0.contains("Looks are hidden while the runway votes — until 2024-10-06 00:00 UTC; yours shows to you.") },
                "\(model.screenText)")
        #expect(lines.contains { $0.contains("····") && $0.contains("Bea") })
        #expect(lines.contains { $0.contains("▀▀▀▀") && $0.contains("▸ Ada") }, "my own avatar")
        model.drive(keys: .down, fake: &fake)
        #expect(model.screenText.contains("Enter: preview it") && !model.screenText.contains("shown after voting"), "my own look")
        // The board of a day whose runway has closed shows every look, and says nothing of it.
        fake.sealed = false
        model.drive(keys: .char("r"), fake: &fake)
        #expect(!model.screenText.contains("Looks are hidden") && !model.screenText.contains("····"))
    }

    /// At 80×24 the Register and Follow dialogs wrap what they say (the server's answers among
    /// it) rather than cut it.
    @Test func theRegisterAndFollowDialogsKeepEveryWordAt80x24() {
        var fake = FakeScores()
        var model = app(width: 80, height: 24)
        model.drive(.clock(fakeNow), &fake)
        model.drive(keys: Screen.scores.key, .char("p"), fake: &fake)
        #expect(model.top(RegisterDialog.self) != nil)
        let taken = "that name is taken (names are unique, ignoring case) — choose another"
        _ = model.update(.scores(.failed(.register(RegisterRequest(name: "Ada")), ScoresFailure(.refused, code: .nameTaken, taken))))
        var words = dialogWords(model)
        #expect(words.contains("A name is unique here (ignoring case); the server says if it is taken.") && words.contains(taken), "\(model.screenText)")
        #expect(!words.contains("…"), "\(model.screenText)")
        var (friends, friendsFake) = friendsApp(following: ["Cy"], width: 80, height: 24)
        friends.drive(keys: Screen.scores.key, .char("F"), .char("b"), .char("e"), .char("a"), .enter, fake: &friendsFake)
        words = dialogWords(friends)
        #expect(words.contains("You follow Bea now (today 930, rank 1): they're on the Friends view of every board (Scores)."), "\(friends.screenText)")
        #expect(words.contains("Their exact name; case is ignored. Following is one-way and private.") && !words.contains("…"))
    }

    /// The words inside the dialog on screen: each row's text between the panel's borders, joined.
    func dialogWords(_ model: AppModel) -> String {
        model.screenText.split(separator: "\n").compactMap { line -> String? in
            guard let left = line.firstIndex(of: "│"), let right = line.lastIndex(of: "│"), left < right else { return nil }
            return line[line.index(after: left)..<right].trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    @Test func submittingFirstRegistersThenSendsAndReportsTheRank() {
        var fake = FakeScores()
        var model = app(width: 100, height: 30)
        model.drive(.clock(fakeNow), &fake)
        var sent = model.drive(keys: .char("b"), fake: &fake)
        #expect(sent.isEmpty)
        guard model.top(RegisterDialog.self) != nil else { Issue.record("no register dialog"); return }
        #expect(model.screenText.contains("Register on scores.example:8787"))
        model.drive(.paste("Ada\u{1B}[2J\u{202E}"), &fake)
        model.drive(keys: .tab, .char("a"), .char("@"), .char("b"), .char("."), .char("c"), .tab, .char(" "), fake: &fake)
        sent = model.drive(keys: .enter, fake: &fake)
        guard case .register(let request)? = sent.first else { Issue.record("no registration sent: \(sent)"); return }
        #expect(request.name == "Ada[2J" && request.email == "a@b.c" && request.updatesOptIn == true)
        #expect(request.avatarLook == ShareCode.encode(.look(model.studio.look)))
        #expect(sent.dropFirst().first == .submit(board: model.context.styleBoardID, code: ShareCode.encode(.look(model.studio.look))))
        #expect(model.overlays.isEmpty)
        #expect(model.status.contains("scored 812, rank 2 — new personal best! Better than 97 % of today's players."), "\(model.status)")
        // In the Lab, b sends the swarm to the selected challenge's board.
        model.drive(keys: .char("2"), fake: &fake)
        sent = model.drive(keys: .char("b"), fake: &fake)
        #expect(sent == [.submit(board: "swarm-" + model.challenge.id, code: ShareCode.encode(.swarm(model.lab.recipe)))])
    }

    @Test func whileAwayTheOutboxCountsAndDrains() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        var model = scoresApp(&fake)
        fake.down = ScoresFailure(.offline, "scores.example isn't answering")
        model.drive(keys: .char("1"), .char("b"), fake: &fake)
        #expect(model.session.outbox == 1)
        #expect(model.status.contains("kept in the outbox (1 waiting)"))
        model.drive(keys: Screen.scores.key, fake: &fake)
        #expect(model.screenText.contains("outbox: 1 waiting"))
        fake.down = nil
        let sent = model.drive(.clock(fakeNow + 45), &fake)
        #expect(sent.contains(.drainOutbox))
        #expect(model.session.outbox == 0 && model.status.contains("Outbox sent 1 submission (best rank 1)"))
        #expect(!model.screenText.contains("outbox:"))
    }

    @Test func aProfileThatCannotBeSavedSaysSoAndStaysOpen() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        var model = scoresApp(&fake)
        fake.down = ScoresFailure(.offline, "scores.example isn't answering")
        model.drive(keys: .char("p"), .char("e"), .enter, fake: &fake)
        #expect(model.status == "Profile not saved: scores.example isn't answering", "\(model.status)")
        #expect(model.top(RegisterDialog.self) != nil, "the profile stays open to try again")
        #expect(model.session.player == FakeScores.me && model.session.pendingRegistration == nil)
    }

    @Test func aFirstSubmissionWaitsForItsRegistrationWhileTheServerIsAway() {
        var fake = FakeScores()
        var model = scoresApp(&fake)
        fake.down = ScoresFailure(.offline, "scores.example isn't answering")
        // b asks to register first; the server is away: the dialog closes, and both wait.
        model.drive(keys: .char("1"), .char("b"), fake: &fake)
        #expect(model.top(RegisterDialog.self) != nil)
        model.drive(keys: .char("A"), .char("d"), .char("a"), .enter, fake: &fake)
        #expect(model.top(RegisterDialog.self) == nil, "the dialog waits for nothing")
        #expect(model.status.contains("you'll be registered as Ada as soon as it answers, and your look is sent then. Play on."), "\(model.status)")
        #expect(model.session.pendingRegistration?.name == "Ada" && model.session.pendingSubmission != nil)
        // Still away at the next try: nothing is said again.
        var sent = model.drive(.clock(fakeNow + 45), &fake)
        #expect(sent.contains { if case .register = $0 { true } else { false } })
        #expect(model.session.player == nil)
        // Back: the registration goes, then the look.
        fake.down = nil
        sent = model.drive(.clock(fakeNow + 90), &fake)
        #expect(sent.contains { if case .register = $0 { true } else { false } })
        #expect(sent.contains { if case .submit(let board, _) = $0 { board.hasPrefix("style-") } else { false } })
        #expect(model.session.player?.name == "Ada" && model.session.pendingRegistration == nil && model.session.pendingSubmission == nil)
        #expect(model.status.contains("scored 812, rank 2"), "\(model.status)")
    }

    @Test func donatingAsksForConfirmationThenContributorsChange() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        var model = scoresApp(&fake)
        model.drive(keys: .right, .right, .right, .right, .right, fake: &fake)
        model.drive(keys: .char("d"), fake: &fake)
        #expect(model.screenText.contains("Donate points") && model.screenText.contains("You have 900 points to give."))
        model.drive(keys: .char("9"), .char("9"), .char("9"), .char("9"), .enter, fake: &fake)
        #expect(model.screenText.contains("You have 900 points to give."))
        guard let form = model.top(DonateDialog.self) else { Issue.record("the dialog closed"); return }
        #expect(form.error == "You have 900 points to give." && !form.confirming)
        model.drive(keys: .backspace, .backspace, .backspace, .enter, fake: &fake)
        #expect(model.screenText.contains("Give 9 points to Coral reefs?"))
        // Any key but y goes back without sending; y sends.
        #expect(model.drive(keys: .char("n"), fake: &fake).isEmpty)
        model.drive(keys: .enter, fake: &fake)
        let sent = model.drive(keys: .char("y"), fake: &fake)
        #expect(sent.first == .donate(cause: "reef", points: 9))
        #expect(model.status.contains("Gave 9 points to Coral reefs (now 19 in all); you have 891 left."))
        model.drive(keys: .left, fake: &fake)
        #expect(model.screenText.contains("Ada") && model.screenText.contains("gave 9 points"))
    }

    @Test func keysAndWatchingWaitForTheSessionToSayWhereTheScoresAreKept() {
        // A game on a server, in its first instant: the backend has not yet said where it is.
        var model = app(width: 100, height: 30)
        _ = model.update(.clock(fakeNow))
        _ = model.keys(Screen.scores.key)
        #expect(model.keys(.char("K")).isEmpty)
        #expect(model.status.contains("Still finding out where this game keeps its scores") && !model.status.contains("local board"))
        #expect(model.keys(.char("w")).isEmpty)
        #expect(model.status.contains("Still finding out where this game keeps its scores") && !model.status.contains("nobody can watch"))
        // Once it has: a server's keys are asked for; the local board says it has none.
        var fake = FakeScores()
        fake.player = FakeScores.me
        model.drive(.scores(.identity(place: fake.place, isLocal: false, player: FakeScores.me, outbox: 0)), &fake)
        #expect(model.drive(keys: .char("K"), fake: &fake) == [.keys])
        var local = app(width: 100, height: 30)
        _ = local.update(.clock(fakeNow))
        _ = local.keys(Screen.scores.key)
        _ = local.update(.scores(.identity(place: "Local board", isLocal: true, player: FakeScores.me, outbox: 0)))
        _ = local.keys(.char("K"))
        #expect(local.status.contains("the local board has none"))
    }

    @Test func keysAreListedAddedByPasteAndRemovedAfterAY() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.keys = [KeyInfo(fingerprint: "SHA256:first0123456789abcdefghijklmnop", type: "ssh-ed25519", label: "", addedAt: "2024-10-01T09:00:00.000Z")]
        var model = scoresApp(&fake)
        #expect(model.drive(keys: .char("K"), fake: &fake) == [.keys])
        #expect(model.screenText.contains("Your SSH keys on scores.example:8787") && model.screenText.contains("SHA256:first"))
        // A pasted RSA line is refused in words and the dialog stays.
        model.drive(.paste("ssh-rsa AAAAB3Nza old@box\n"), &fake)
        model.drive(keys: .enter, fake: &fake)
        #expect(model.top(KeysDialog.self)?.error == "this server takes Ed25519 and ECDSA keys")
        // An Ed25519 line is added; the list shows it.
        model.drive(keys: .escape, .char("a"), fake: &fake)
        model.drive(.paste("ssh-ed25519 AAAAC3Nz ada@laptop\u{1B}[2J"), &fake)
        // The list is read again once the key is added, as it now is.
        #expect(model.drive(keys: .enter, fake: &fake) == [.addKey("ssh-ed25519 AAAAC3Nz ada@laptop[2J"), .keys])
        #expect(model.screenText.contains("SHA256:new1") && model.status.contains("Added your ssh-ed25519 key (ada@laptop)"))
        // x asks; any key but y keeps it; y removes the one picked.
        model.drive(keys: .down, .char("x"), .char("n"), fake: &fake)
        #expect(fake.keys.count == 2 && model.status.contains("Kept."))
        #expect(model.drive(keys: .char("x"), .char("y"), fake: &fake) == [.removeKey(fingerprint: "SHA256:new1"), .keys])
        #expect(fake.keys.map(\.fingerprint) == ["SHA256:first0123456789abcdefghijklmnop"] && !model.screenText.contains("SHA256:new1"))
        model.drive(keys: .escape, fake: &fake)
        #expect(model.top(KeysDialog.self) == nil)
    }

    @Test func aRevokedTokenOffersToRegisterAgainKeepingEverything() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        var model = scoresApp(&fake)
        let look = model.studio.look
        _ = model.update(.scores(.signedOut(formerName: "Ada", ScoresFailure(.unauthorized, "the sign-in token is not valid"))))
        guard let form = model.top(RegisterDialog.self) else { Issue.record("no register dialog"); return }
        #expect(form.name.text == "Ada" && !form.isProfile)
        #expect(model.status.contains("no longer knows you") && model.status.contains("kept"))
        #expect(model.session.player == nil && model.studio.look == look)
    }

    @Test func remoteTextNeverCarriesControlOrBidiCharactersToTheScreen() {
        var fake = FakeScores()
        fake.place = "evil\u{1B}]52;c;AAAA\u{07}.example"
        fake.rows = [FakeScores.row(1, "Mal\u{1B}[2J\u{202E}lory\u{0007}", 930)]
        let model = scoresApp(&fake)
        let scalars = model.view().cells.map(\.scalar)
        #expect(!scalars.contains { $0.value < 32 || $0.value == 0x7F || (0x202A...0x202E).contains($0.value) })
        #expect(model.screenText.contains("Mal[2Jlory"))
    }
}

extension String {
    /// The look a share code holds (for comparing a previewed row with its code).
    var flatMapLook: Look? {
        if case .look(let look)? = try? ShareCode.decode(self) { return look }
        return nil
    }
}

@Suite struct SharedRankTests {
    @Test func playersOnTheSameScoreShareTheFirstOnesRankAsSportsTablesPrint() {
        let rows: [(rank: Int, score: Int64, tied: Bool)] = [(1, 990, false), (2, 933, true), (3, 933, true), (4, 900, false),
                                                             (5, 800, true), (6, 800, true), (7, 800, true), (8, 700, false)]
        #expect(SharedRanks.shown(rows) == [1, 2, 2, 4, 5, 5, 5, 8])
        // A tie that began above the rows shown keeps its exact rank; a gap in the ranks (another page) breaks it.
        #expect(SharedRanks.shown([(12, 500, true), (13, 500, true)]) == [12, 12])
        #expect(SharedRanks.shown([(12, 500, true), (20, 500, true)]) == [12, 20])
    }
}

/// The Spread tab: the board's histogram, a bar a band, the player's own band marked and where
/// they stand in words; it fits 80×24 and follows [ ] to another board.
@Suite struct ScoresSpreadTests {
    @Test func theSpreadTabDrawsTheBoardsHistogramAndWhereYouStand() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        var model = app(width: 80, height: 24)
        model.drive(.clock(fakeNow), &fake)
        model.drive(keys: Screen.scores.key, fake: &fake)
        // Left from Top wraps round to League, the last tab, then Spread.
        let sent = model.drive(keys: .left, .left, fake: &fake)
        #expect(model.scores.tab == .spread)
        #expect(sent.contains { $0.asked(APICalls.histogram)?.path[.board] == model.scores.board?.id }, "\(sent)")
        let text = model.screenText
        #expect(text.contains("You: 812, rank 2 — better than 97 % of the other 40."), "\(text)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // A row a band, 1000 on top; the 800–899 band (yours) holds 3, the busiest (500–599) 8.
        let top = lines.firstIndex { $0.contains("   1000 ") }
        let eighties = lines.firstIndex { $0.contains("800–899") }
        #expect(top != nil && eighties == top.map { $0 + 2 }, "\(text)")
        #expect(eighties.map { lines[$0].trimmingCharacters(in: .whitespaces).hasSuffix(" 3 ◂") } == true, "yours, marked")
        #expect(lines.count <= 24 && lines.contains { $0.contains("   0–99 ") })
        // Another board: asked for at once.
        let next = model.drive(keys: .char("]"), fake: &fake)
        #expect(next.contains { $0.asked(APICalls.histogram) != nil })
    }

    @Test func beforeRegisteringTheSpreadSaysHowToStand() {
        var fake = FakeScores()
        var model = scoresApp(&fake, width: 80)
        model.drive(keys: .left, .left, fake: &fake)
        #expect(model.screenText.contains("41 players. Register (p) and submit to see where you stand."), "\(model.screenText)")
    }
}

/// The League tab: the player's group this week, its zones, the countdown to the close, and what
/// a day is worth; at 80×24 every row of a group of twelve, the tabs whole.
@Suite struct ScoresLeagueTests {
    @Test(arguments: [(80, 24), (120, 40)])
    func theLeagueTabShowsTheGroupItsZonesAndTheClose(_ size: (Int, Int)) {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.league = FakeScores.silkGroup
        var model = app(width: size.0, height: size.1)
        model.drive(.clock(fakeNow), &fake)
        model.drive(keys: Screen.scores.key, fake: &fake)
        let sent = model.drive(keys: .left, fake: &fake)
        #expect(model.scores.tab == .league && sent == [.league])
        let text = model.screenText
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains { $0.contains("Top") && $0.contains("League") && $0.contains("Spread") }, "every tab named: \(text)")
        #expect(text.contains("Silk · 2024-W40 · closes in 2 d 1"), "\(text)")
        #expect(text.contains("you: #4 of 12, 325 points"))
        // Three go up and two down of twelve: ▲ on the first three rows, ▼ on the last two.
        let rows = lines.filter { $0.contains(#/^\s+\d+ [▲▼ ] /#) }
        #expect(rows.count == 12, "\(text)")
        #expect(rows.prefix(3).allSatisfy { $0.contains("▲") } && rows[3..<10].allSatisfy { !$0.contains("▲") && !$0.contains("▼") })
        #expect(rows.suffix(2).allSatisfy { $0.contains("▼") })
        #expect(rows[3].contains("▸ Ada"))
        #expect(text.contains("▲ top 3 go up · ▼ bottom 2 go down when the week ends"))
        #expect(text.contains("Week points") && text.contains("a day is at most 100:") && text.contains("show place 2–10"))
        // f follows the selected member.
        model.drive(keys: .down, fake: &fake)
        #expect(model.scores.selectedOwnerWords(model.session) == "Cy: 375 week points, #2")
    }

    @Test func pointsWithoutASeatYetSayTheSeatComesWithLastWeeksClose() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.league = LeagueTable(week: "2024-W40", tier: .linen, group: nil, closesAt: "2024-10-07T00:00:00.000Z", closed: false,
                                  promote: 0, demote: 0, members: [], points: 34)
        var model = app(width: 80, height: 24)
        model.drive(.clock(fakeNow), &fake)
        model.drive(keys: Screen.scores.key, .left, fake: &fake)
        let text = model.screenText
        // The paragraph wraps beside the week points' panel: its first two lines.
        #expect(text.contains("You have 34 week points: your seat among up to 30") && text.contains("players of Linen comes as soon as last week's close")
                && !text.contains("No group yet"), "\(text)")
    }

    @Test func whenTheWeekEndsTheTabAsksAgainAtOnce() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.league = FakeScores.silkGroup
        var model = app(width: 80, height: 24)
        model.drive(.clock(fakeNow), &fake)
        model.drive(keys: Screen.scores.key, .left, fake: &fake)
        let closes = Timestamp.seconds(FakeScores.silkGroup.closesAt)!
        // The last refresh a second before the close: two seconds later, not thirty, it asks again.
        #expect(model.drive(.clock(closes - 1), &fake).contains(.league))
        let sent = model.drive(.clock(closes + 1), &fake)
        #expect(sent.contains(.league), "\(sent)")
    }
}

/// A crews' board on the Scores screen: its rows are crews (no avatar, no player to follow), and
/// the line under the list says what a crew scores.
@Suite struct ScoresCrewBoardTests {
    @Test func aCrewsRowsAreCrews() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.rows = [BoardRow(rank: 1, playerID: "", name: "Velvet Rope", score: 412, detail: 0, at: "2024-10-04T10:00:00.000Z", code: "", tied: false,
                              crewID: "cVelvet"),
                     BoardRow(rank: 2, playerID: "", name: "Tulle Gang", score: 300, detail: 0, at: "2024-10-04T09:00:00.000Z", code: "", tied: false,
                              crewID: "cTulle")]
        var model = scoresApp(&fake, width: 100)
        let text = model.screenText
        #expect(text.contains("Velvet Rope") && text.contains("Tulle Gang"), "\(text)")
        #expect(text.contains("Crews: each scores its best 4 members' week points") && !text.contains("····"), "\(text)")
        model.drive(keys: .char("f"), fake: &fake)
        #expect(model.status.contains("This row is a crew, not a player"))
    }
}
