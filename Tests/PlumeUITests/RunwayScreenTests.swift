// The Runway screen against the fake leaderboard (FakeScores): two looks drawn side by side, a
// vote that shows the next pair before any answer comes back and never names the looks' owners,
// the tally and the player's entry in the header, skips past the limit, no pair left, yesterday's
// runway (still taking votes) on [, and the Studio's offer to send a submitted look down the runway.
import Foundation
import GameState
import ScoresAPI
import Testing
import TUI
@testable import PlumeUI

extension FakeScores {
    static let runwayDay = "2024-10-04"

    var runwayTally: RunwayTally { RunwayTally(votes: votes, skipsLeft: 5 - skips, points: votes, pointsLeft: 50 - votes) }

    /// The looks on a day's runway: that day's in `looksByDay`, else `runwayLooks`; the swarm
    /// show's are `runwaySwarms`.
    func looks(on day: String, show: RunwayShow = .look) -> [String] { show == .swarm ? runwaySwarms : looksByDay[day] ?? runwayLooks }

    /// The show a request asked for, as this fake server reads it (an old one reads none).
    func show(_ query: [QueryValue]) -> RunwayShow { noSwarmShow ? .look : RunwayState.show(asked: query) }

    /// The first two pairs of a day's runway the player has not judged, in a fixed order.
    func openPairs(on day: String, show: RunwayShow = .look) -> [[String]] {
        let runway = looks(on: day, show: show)
        var open: [[String]] = []
        for i in runway.indices {
            for j in runway.indices where j > i && open.count < 2 && !judged.contains([runway[i], runway[j]]) {
                open.append([runway[i], runway[j]])
            }
        }
        return open
    }

    /// The start the fake deals swarm pairs with.
    static let swarmSeed: UInt64 = 0xF00D_5EED_1234_5678

    static func dealt(_ pair: [String]) -> RunwayDealtPair { RunwayDealtPair(ticket: "t:" + pair.joined(separator: "|"), left: pair[0], right: pair[1]) }

    mutating func answerRunway(_ command: ScoresCommand) -> [ScoresEvent] {
        if let asked = command.asked(APICalls.runwayDay), let day = asked.path[.day] {
            let entry = entered.map { RunwayOwnEntry(code: $0, enteredAt: "2024-10-04T09:00:00.000Z", peopleScore: 640, plusMinus: 80, rank: 2, votes: 3) }
            let show = show(asked.query)
            var reply = RunwayDay(day: day, show: show, theme: show == .look ? "Beach Day" : "Tight spin I · at most 150 agents", brief: "",
                                  boardID: (show == .look ? "people-" : "swarmshow-") + day, styleBoardID: "style-\(day)",
                                  entries: looks(on: day, show: show).count + (entered == nil || show == .swarm ? 0 : 1), votes: votes, entriesOpen: true,
                                  entriesCloseAt: "", votingOpen: true, votingClosesAt: "", final: false,
                                  you: player.map { _ in RunwayYou(entry: show == .look ? entry : nil, tally: runwayTally) })
            if noSwarmShow { (reply.show, reply.entryBoardID) = (nil, nil) }
            return Self.replied(command, reply)
        }
        if let entry = command.asked(APICalls.enterRunway), let day = entry.path[.day] {
            entered = entry.body.code
            return Self.replied(command, RunwayEntered(day: day, code: entry.body.code, score: 640, replaced: false, enteredAt: "2024-10-04T10:00:00.000Z"))
        }
        if let asked = command.asked(APICalls.runwayPair), let day = asked.path[.day] {
            guard player != nil else { return [.failed(command, ScoresFailure(.unauthorized, code: .notRegistered, "register first"))] }
            let show = show(asked.query)
            let open = openPairs(on: day, show: show)
            guard let first = open.first else {
                return [.failed(command, ScoresFailure(.refused, code: .noPairLeft, "you have judged every pair on the runway of \(day) — come back when new looks have entered"))]
            }
            let pair = Self.dealt(first)
            var reply = RunwayPairDealt(day: day, show: show, seed: show == .swarm ? Self.swarmSeed : nil, ticket: pair.ticket, left: pair.left,
                                        right: pair.right, next: open.dropFirst().first.map(Self.dealt), tally: runwayTally)
            if noSwarmShow { reply.show = nil }
            return Self.replied(command, reply)
        }
        if let vote = command.asked(APICalls.runwayVote)?.body, let choice = vote.choice.word {
            let pair = vote.ticket.dropFirst(2).split(separator: "|").map(String.init)
            guard !judged.contains(pair) else { return [.failed(command, ScoresFailure(.refused, code: .ticketUsed, "that pair has been answered already"))] }
            if choice == .skip {
                guard skips < 5 else { return [.failed(command, ScoresFailure(.refused, code: .skipLimit, "you have used all 5 skips on this runway — pick a side, or call it even"))] }
                skips += 1
            } else {
                votes += 1
            }
            judged.append(pair)
            // As the server answers while the runway takes votes: no owners. The ticket's day is
            // the day whose runway has its looks.
            let day = looksByDay.first { $0.value.contains(pair[0]) }?.key ?? Self.runwayDay
            let show: RunwayShow = runwaySwarms.contains(pair[0]) ? .swarm : .look
            return Self.replied(command, RunwayVoteRecorded(day: day, show: show, choice: choice, pointsEarned: choice == .skip ? 0 : 1, tally: runwayTally))
        }
        return []
    }
}

@Suite struct RunwayScreenTests {
    static let looks = catalog.garments(in: .top).prefix(4).map { ShareCode.encode(.look(Look(background: 1, model: 1, garments: [WornGarment(id: $0.id, colour: 0)]))) }

    func runwayApp(_ fake: inout FakeScores, width: Int = 100, height: Int = 30) -> AppModel {
        var model = app(width: width, height: height)
        model.drive(.clock(fakeNow), &fake)
        model.drive(keys: Screen.runway.key, fake: &fake)
        return model
    }

    /// The columns of a row that hold a half-block (a drawn figure).
    func figureColumns(_ model: AppModel, row: Int) -> [Int] {
        let grid = model.view()
        return (0..<grid.width).filter { grid[$0, row].scalar == "▀" }
    }

    @Test func twoLooksSideBySideAndAVoteShowsTheNextPairBeforeAnyAnswer() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.runwayLooks = Self.looks
        var model = runwayApp(&fake)
        let text = model.screenText
        #expect(text.contains("\(Screen.runway.rawValue + 1) Runway") && text.contains("Runway · 2024-10-04 · Beach Day · 4 looks, 0 votes"), "\(text)")
        #expect(text.contains("0 votes, 0 points (50 more today), 5 skips · not entered — e enters the Studio's look"), "\(text)")
        #expect(text.contains("← this one") && text.contains("this one →"))
        // Each look fills its half of a 100-column window: figures on both sides of the middle.
        let columns = figureColumns(model, row: 15)
        #expect(columns.contains { $0 < 48 } && columns.contains { $0 > 52 } && columns.count > 60, "\(columns)")
        let first = model.runway.shown, next = model.runway.next
        #expect(first?.left == Self.looks[0] && first?.right == Self.looks[1] && next?.right == Self.looks[2])
        // The key alone: the vote goes out and the next pair is on screen, no answer yet.
        let effects = model.update(.key(.right))
        #expect(effects == [.scores(.runwayVote(ticket: first!.ticket, choice: .right))])
        #expect(model.runway.shown == next && model.status == "You chose the right look.")
        // The answer says the vote counted, and its point, never whose looks they were; it asks
        // for the pair after the next.
        for answer in fake.answer(.runwayVote(ticket: first!.ticket, choice: .right)) {
            let sent = model.update(.scores(answer))
            #expect(sent == [.scores(.runwayPair(day: "2024-10-04"))])
            for event in fake.answer(.runwayPair(day: "2024-10-04")) { _ = model.update(.scores(event)) }
        }
        #expect(model.status == "Vote counted: +1 point. The owners stay hidden until voting closes.", "\(model.status)")
        #expect(model.runway.shown == next && model.runway.next != nil && model.runway.next != next)
        #expect(model.screenText.contains("1 vote, 1 point (49 more today)"))
        // ↓ calls it even, s skips; a mouse click on the left half picks the left look.
        var sent = model.drive(keys: .down, fake: &fake)
        #expect(sent.first == .runwayVote(ticket: next!.ticket, choice: .tie))
        sent = model.drive(keys: .char("s"), fake: &fake)
        #expect(sent.first?.asked(APICalls.runwayVote)?.body.choice.word == .skip)
        sent = model.drive(.mouse(Mouse(x: 20, y: 15, kind: .press)), &fake)
        #expect(sent.first?.asked(APICalls.runwayVote)?.body.choice.word == .left)
        #expect(fake.votes == 3 && fake.skips == 1)
    }

    @Test func aVoteNeverNamesTheOwnersEvenIfAServerSendsThem() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.runwayLooks = Self.looks
        var model = runwayApp(&fake)
        guard let pair = model.runway.shown else { Issue.record("no pair"); return }
        _ = model.update(.key(.left))
        // An older server still answers with the owners: the screen doesn't say them.
        let named = RunwayVoteRecorded(day: FakeScores.runwayDay, choice: .left, pointsEarned: 1, tally: fake.runwayTally,
                                       left: RunwayOwner(playerID: "p_l", name: "Zelda Leftowner"),
                                       right: RunwayOwner(playerID: "p_r", name: "Yann Rightowner"))
        for event in FakeScores.replied(.runwayVote(ticket: pair.ticket, choice: .left), named) { _ = model.update(.scores(event)) }
        #expect(model.status == "Vote counted: +1 point. The owners stay hidden until voting closes.")
        #expect(!model.screenText.contains("Leftowner") && !model.screenText.contains("Rightowner"))
        // A vote past the day's points counts without one.
        let unpaid = RunwayVoteRecorded(day: FakeScores.runwayDay, choice: .tie, pointsEarned: 0, tally: fake.runwayTally)
        for event in FakeScores.replied(.runwayVote(ticket: "t:other", choice: .tie), unpaid) { _ = model.update(.scores(event)) }
        #expect(model.status == "Vote counted (no more points today). The owners stay hidden until voting closes.")
    }

    @Test func theHeaderShowsTheEntryAndWhenNoPairIsLeftItSaysSo() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.runwayLooks = Array(Self.looks.prefix(2))
        fake.entered = Self.looks[3]
        var model = runwayApp(&fake)
        let header = model.view().row(2) + model.view().row(3)
        #expect(header.contains("your look: 640 of 1000 ± 80, #2 of 3 (3 votes)"), "header: \(header)")
        model.drive(keys: .left, fake: &fake)
        #expect(model.runway.shown == nil, "a pair is still shown")
        let text = model.view().text
        #expect(text.contains("you have judged every pair on the runway of 2024-10-04"), "no words for no pair")
        #expect(!text.contains("← this one"), "the labels are still drawn")
        // With nothing to judge the screen asks again only now and then, not every second.
        #expect(!model.drive(.clock(fakeNow + 5), &fake).contains(.runwayPair(day: "2024-10-04")))
        #expect(model.drive(.clock(fakeNow + 20), &fake).contains(.runwayPair(day: "2024-10-04")))
    }

    /// Day D's runway takes votes during D and D + 1: when today's has no pair left the screen
    /// offers yesterday's, [ deals from it and its votes count, ] goes back to today's.
    @Test func yesterdaysRunwayStillTakingVotesIsOfferedAndVotedOn() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.runwayLooks = Array(Self.looks.prefix(2))
        fake.looksByDay = ["2024-10-03": Array(Self.looks.suffix(2))]
        var model = runwayApp(&fake)
        model.drive(keys: .left, fake: &fake)
        #expect(model.runway.shown == nil && model.screenText.contains("Yesterday's runway takes votes until today ends: [ shows its pairs."),
                "\(model.screenText)")
        var sent = model.drive(keys: .char("["), fake: &fake)
        #expect(sent.contains(.runwayDay(day: "2024-10-03")) && sent.contains(.runwayPair(day: "2024-10-03")), "\(sent)")
        let yesterdays = FakeScores.dealt(Array(Self.looks.suffix(2)))
        #expect(model.runway.shown == yesterdays)
        let text = model.screenText
        #expect(text.contains("Runway · yesterday, 2024-10-03 · Beach Day"), "\(text)")
        #expect(model.runway.standing(model.context).hasSuffix(" · its votes count until today ends (UTC) · ] today's runway"))
        #expect(text.contains("← this one") && model.status.hasPrefix("Yesterday's runway, 2024-10-03: it takes votes until today ends"))
        // Its pair is judged like today's, and the vote counts on its day.
        sent = model.drive(keys: .right, fake: &fake)
        #expect(sent.first == .runwayVote(ticket: yesterdays.ticket, choice: .right) && sent.contains(.runwayPair(day: "2024-10-03")), "\(sent)")
        #expect(fake.judged.contains(Array(Self.looks.suffix(2))) && fake.votes == 2)
        #expect(model.status == "Vote counted: +1 point. The owners stay hidden until voting closes.", "\(model.status)")
        #expect(model.runway.notice?.hasSuffix("come back when new looks have entered. ] shows today's runway. w shows the swarm show.") == true, "\(model.runway.notice ?? "")")
        // ] is today's again.
        sent = model.drive(keys: .char("]"), fake: &fake)
        #expect(sent.contains(.runwayPair(day: "2024-10-04")) && model.screenText.contains("Runway · 2024-10-04 · Beach Day"))
    }

    @Test func skipsPastTheLimitBringThePairBack() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.runwayLooks = Self.looks
        fake.skips = 5
        var model = runwayApp(&fake)
        let shown = model.runway.shown
        model.drive(keys: .char("s"), fake: &fake)
        #expect(model.status.contains("you have used all 5 skips"))
        #expect(model.runway.shown?.left == shown?.left && model.runway.shown?.right == shown?.right)
        #expect(fake.judged.isEmpty)
    }

    @Test func unregisteredPlayersAreToldHowToJoinAndPRegisters() {
        var fake = FakeScores()
        fake.runwayLooks = Self.looks
        var model = runwayApp(&fake)
        #expect(model.screenText.contains("Register on scores.example:8787 to vote and enter: press p."))
        model.drive(keys: .char("p"), fake: &fake)
        #expect(model.top(RegisterDialog.self) != nil)
    }

    @Test func afterBTheStudioOffersTheRunwayAndYSendsTheLook() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        var model = app()
        model.drive(.clock(fakeNow), &fake)
        model.drive(keys: .char("b"), fake: &fake)
        #expect(model.status.hasSuffix("y sends it down today's runway."), "\(model.status)")
        let sent = model.drive(keys: .char("y"), fake: &fake)
        #expect(sent == [.enterRunway(day: "2024-10-04", code: ShareCode.encode(.look(model.studio.look)))])
        #expect(model.status.hasPrefix("Your look (640 on the theme) is on the runway of 2024-10-04"))
        // The offer is used up: y again does nothing.
        #expect(model.drive(keys: .char("y"), fake: &fake).isEmpty)
    }

    @Test func theScoresScreenListsAPeoplesBoardWithEachLooksVotes() {
        var fake = FakeScores()
        fake.boards.append(BoardInfo(id: "people-2024-10-04", kind: .people, period: .day, title: "People's choice: Beach Day", brief: "",
                                     open: true, records: 2))
        var bea = FakeScores.row(1, "Bea", 731), cy = FakeScores.row(2, "Cy", 402)
        (bea.detail, cy.detail) = (12, 1)
        fake.rows = [bea, cy]
        var model = scoresApp(&fake)
        #expect(model.screenText.contains("when"))
        model.drive(keys: .char("]"), .char("]"), fake: &fake)
        let text = model.screenText
        #expect(text.contains("People's choice: Beach Day") && text.contains("score   votes"), "\(text)")
        #expect(text.contains("731  12 votes") && text.contains("402  1 vote"), "\(text)")
    }
}
