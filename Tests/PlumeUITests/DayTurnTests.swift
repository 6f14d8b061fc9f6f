// The day turns at UTC midnight while the game runs: the theme, the live score, the board `b`
// submits to and the Scores screen's boards follow it, and the status line says so.
import Foundation
import GameState
import ScoresAPI
import Testing
import TUI
@testable import PlumeUI
import PlumeCalendar

@Suite struct DayTurnTests {
    /// Seconds at the start of day `day` (UTC).
    func midnight(_ day: Int) -> Double { Double(day) * 86_400 }

    @Test func theStudioFollowsTheDayAcrossMidnight() {
        var model = app()
        let today = model.day
        _ = model.update(.clock(midnight(today) + 86_392))
        let before = model.theme
        #expect(model.screenText.contains("Today: \(before.name)"))
        #expect(model.timing.wakeAt == midnight(today + 1), "an idle game is woken at midnight")
        // Still yesterday one second before midnight; the next day at midnight.
        _ = model.update(.clock(midnight(today + 1) - 1))
        #expect(model.day == today)
        _ = model.update(.clock(midnight(today + 1) + 0.2))
        #expect(model.day == today + 1)
        let after = model.theme
        #expect(after.name != before.name)
        #expect(model.status == "A new day has begun: today's theme is “\(after.name)”.")
        let text = model.screenText
        #expect(text.contains("Today: \(after.name)") && !text.contains(before.name))
        #expect(text.contains("Score \(after.score(model.studio.look, in: catalog).total)/1000"))
        #expect(model.timing.wakeAt == midnight(today + 2))
    }

    @Test func aLookSubmittedAfterMidnightGoesToTheNewDaysBoard() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        var model = app()
        model.drive(.clock(midnight(model.day) + 86_000), &fake)
        let yesterday = "style-" + UTCDay.string(model.day)
        var sent = model.drive(keys: .char("b"), fake: &fake)
        #expect(sent == [.submit(board: yesterday, code: ShareCode.encode(.look(model.studio.look)))])
        model.drive(.clock(midnight(model.day + 1) + 3), &fake)
        sent = model.drive(keys: .char("b"), fake: &fake)
        #expect(sent == [.submit(board: "style-" + UTCDay.string(model.day), code: ShareCode.encode(.look(model.studio.look)))])
        #expect(sent.first != .submit(board: yesterday, code: ShareCode.encode(.look(model.studio.look))))
    }

    @Test func theScoresScreenAsksForTheNewBoardsAndShowsTodaysStyleBoard() {
        var fake = FakeScores()
        fake.rows = [FakeScores.row(1, "Bea", 930)]
        var model = scoresApp(&fake)
        #expect(model.scores.board?.id == "style-2024-10-04")
        // Midnight: the server now lists the new day's board first, yesterday's after it.
        let newDay = BoardInfo(id: "style-2024-10-05", kind: .style, period: .day, title: "Style: Rainy Day", brief: "", open: true, records: 0)
        fake.boards = [newDay] + fake.boards
        let sent = model.drive(.clock(midnight(model.day + 1) + 1), &fake)
        #expect(sent.contains(.start))
        #expect(sent.contains(.top(board: "style-2024-10-05")))
        #expect(model.scores.board?.id == "style-2024-10-05")
        #expect(model.screenText.contains("Style: Rainy Day"))
        #expect(model.status.hasPrefix("A new day has begun"))
    }

    @Test func aPlayerLookingAtAnotherBoardKeepsIt() {
        var fake = FakeScores()
        var model = scoresApp(&fake)
        model.drive(keys: .char("]"), fake: &fake)
        #expect(model.scores.board?.id == "swarm-huddle")
        fake.boards = [BoardInfo(id: "style-2024-10-05", kind: .style, period: .day, title: "Style: Rainy Day", brief: "", open: true, records: 0)] + fake.boards
        model.drive(.clock(midnight(model.day + 1) + 1), &fake)
        #expect(model.scores.board?.id == "swarm-huddle")
    }
}
