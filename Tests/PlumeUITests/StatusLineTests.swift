// The status line's words go at the right moment (StatusLine.swift): words about something on its
// way when its answer comes, a confirmation a few seconds later on the clock (which the program
// loop is asked to wake the game for), a score on the Lab's challenge when the challenge changes,
// and whatever was said before when the slot prompt opens.
import Foundation
import GameState
import PlumeCalendar
import ScoresAPI
import Testing
import TUI
@testable import PlumeUI

@Suite struct StatusLineTests {
    func runwayApp(_ fake: inout FakeScores) -> AppModel {
        fake.player = FakeScores.me
        fake.runwayLooks = RunwayScreenTests.looks
        var model = app()
        model.drive(.clock(fakeNow), &fake)
        model.drive(keys: Screen.runway.key, fake: &fake)
        return model
    }

    @Test func refreshingTheRunwayIsSaidUntilTheDayIsAnswered() {
        var fake = FakeScores()
        var model = runwayApp(&fake)
        let effects = model.update(.key(.char("r")))
        #expect(effects.contains(.scores(.runwayDay(day: FakeScores.runwayDay))) && model.status == "Refreshing the runway…")
        for event in fake.answer(.runwayDay(day: FakeScores.runwayDay)) { _ = model.update(.scores(event)) }
        #expect(model.status.isEmpty, "\(model.status)")
    }

    @Test func aCountedVoteIsSaidForAFewSecondsAndTheLoopWakesToClearIt() {
        var fake = FakeScores()
        var model = runwayApp(&fake)
        model.drive(keys: .right, fake: &fake)
        #expect(model.status == "Vote counted: +1 point. The owners stay hidden until voting closes.", "\(model.status)")
        // The loop is asked to wake when it goes, not only at midnight.
        #expect(model.timing.wakeAt == fakeNow + StatusLine.briefSeconds)
        model.drive(.clock(fakeNow + 1), &fake)
        #expect(model.status.hasPrefix("Vote counted"))
        model.drive(.clock(fakeNow + StatusLine.briefSeconds), &fake)
        #expect(model.status.isEmpty, "\(model.status)")
        // Then only for what else wakes it: midnight, the next ask for news.
        let midnight = Double(UTCDay.start(of: model.day + 1))
        #expect(model.timing.wakeAt == min(midnight, model.session.nextNewsPoll ?? midnight))
        #expect((model.timing.wakeAt ?? 0) > fakeNow + StatusLine.briefSeconds)
    }

    @Test func theSlotPromptOpensOverAClearStatusLine() {
        var model = app()
        model.keys(.down, .down, .right, .char("u"))
        #expect(model.status == "Undone.")
        model.keys(.char("w"))
        #expect(model.top(SlotPrompt.self) != nil && model.status.isEmpty, "\(model.status)")
        model.keys(.escape, .char("2"), .right, .char("u"))
        #expect(model.status == "Undone.")
        model.keys(.char("o"))
        #expect(model.top(SlotPrompt.self) != nil && model.status.isEmpty, "\(model.status)")
    }

    /// From season 2's first day, b sends the Lab's swarm to the challenge's season-2 board.
    @Test func theLabSubmitsToTheSeasonPlayingToday() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        var model = app()
        model.drive(.clock(Double(UTCDay.start(of: UTCDay.days(year: 2026, month: 11, day: 29))) + 3600), &fake)
        model.drive(keys: .char("2"), fake: &fake)
        let sent = model.drive(keys: .char("b"), fake: &fake)
        #expect(sent == [.submit(board: "swarm-huddle-s2", code: ShareCode.encode(.swarm(model.lab.recipe)))])
        #expect(model.status.hasSuffix("Better than 97 % of the season's players."), "\(model.status)")
    }

    @Test func aScoreOnTheLabsChallengeGoesWhenTheChallengeChanges() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        var model = app()
        model.drive(.clock(fakeNow), &fake)
        model.drive(keys: .char("2"), fake: &fake)
        let sent = model.drive(keys: .char("b"), fake: &fake)
        #expect(sent == [.submit(board: "swarm-huddle", code: ShareCode.encode(.swarm(model.lab.recipe)))])
        #expect(model.status.hasPrefix("Huddle: scored 812, rank 2"), "\(model.status)")
        // Other keys leave it; g measures another challenge, which the score is not about.
        model.drive(keys: .char("+"), fake: &fake)
        #expect(model.status.hasPrefix("Huddle: scored 812"))
        model.drive(keys: .char("g"), fake: &fake)
        #expect(model.challenge.id != "huddle" && model.status.isEmpty, "\(model.status)")
        // Words that are not about the challenge stay when it changes.
        model.drive(keys: .char("n"), .char("g"), fake: &fake)
        #expect(model.status.hasPrefix("Restarted with seed"))
    }
}
