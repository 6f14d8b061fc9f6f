// The profile (Scores → p): the player's days as the server keeps them — days played, streaks,
// today's score, a calendar of the last weeks drawn like GitHub's contributions and the score
// bands drawn like Wordle's statistics — and the two widgets on their own.
import Foundation
import GameState
import PlumeCalendar
import ScoresAPI
import Testing
import TUI
@testable import PlumeUI

extension FakeScores {
    /// The record on 2024-10-04 of a player who plays most mornings: 9 days in a row up to today,
    /// 23 in a row before a missed day, and every third day missed before that.
    static func sampleDays(today: String = runwayDay) -> PlayerDays {
        let now = UTCDay.parse(Substring(today))!
        var days: [RecordDay] = []
        for back in 0..<140 where back < 9 || (10..<33).contains(back) || (back < 120 && back % 3 != 0) {
            let score: Int64 = back == 2 ? 1000 : Int64(min(999, max(40, 880 - back * 4 + back * 97 % 250 - 120)))
            let runway = back % 4 == 1
            days.append(RecordDay(day: UTCDay.string(now - back), score: score, rank: back == 0 ? 2 : back * 7 % 30 + 1, entries: 40,
                                  peopleRank: runway ? back % 5 + 1 : nil, peopleEntries: runway ? 8 : nil))
        }
        var bands = Array(repeating: 0, count: ScoreBands.count)
        for day in days { bands[ScoreBands.band(of: day.score)] += 1 }
        let banners = [Banner(kind: .streak, tier: 1, earnedAt: "2024-09-01T10:00:00.000Z"), Banner(kind: .league, tier: 1, earnedAt: "2024-09-09T00:00:05.000Z"),
                       Banner(kind: .league, tier: 2, earnedAt: "2024-09-30T00:00:05.000Z")]
        return PlayerDays(playerID: me.playerID, daysPlayed: days.count, streak: 9, bestStreak: 23, lastPlayed: today, today: today,
                          bands: bands, days: days, nextCursor: nil, banners: banners)
    }

    mutating func answerDays(_ command: ScoresCommand) -> [ScoresEvent] {
        switch command {
        case .record:
            guard player != nil else { return [.failed(command, ScoresFailure(.unauthorized, code: .notRegistered, "register first"))] }
            return [.record(days ?? PlayerDays(playerID: Self.me.playerID, daysPlayed: 0, streak: 0, bestStreak: 0, lastPlayed: nil,
                                               today: Self.runwayDay, bands: Array(repeating: 0, count: ScoreBands.count), days: [], nextCursor: nil))]
        case .news(let after):
            if let newsFailure { return [.failed(command, newsFailure)] }
            return [.news(NewsPage(items: news.filter { $0.id > after }, more: false))]
        default:
            return []
        }
    }
}

@Suite struct ProfileTests {
    @Test func pOpensTheProfileWithTheDaysAndEEditsNameEmailAndAvatar() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.days = FakeScores.sampleDays()
        var model = scoresApp(&fake)
        let sent = model.drive(keys: .char("p"), fake: &fake)
        #expect(Set(sent.map(\.key)) == [.record, .myBests] && sent.count == 2, "\(sent)")
        #expect(model.top(ProfileOverlay.self) != nil)
        let text = model.screenText
        #expect(text.contains("Your profile on scores.example:8787") && text.contains("Ada · playing since 1 Oct 2024"), "\(text)")
        let played = fake.days!.daysPlayed
        for words in ["\(played)", "days played", "9", "days in a row", "23", "best streak", "760", "today's score"] {
            #expect(text.contains(words), "\(words) missing from \(text)")
        }
        #expect(text.contains("Your day scores") && text.contains("   1000 ") && text.contains("900–999") && text.contains("   0–99 "))
        #expect(text.contains("less ░ ▒ ▓ █ more   ◂ today"))
        // The banners, each at its highest tier.
        #expect(text.contains("Banners: Every Day bronze · Climber silver"), "\(text)")
        // e (or Enter) edits the profile in the Register dialog; Esc there comes back to it.
        model.drive(keys: .char("e"), fake: &fake)
        #expect(model.top(RegisterDialog.self)?.isProfile == true)
        model.drive(keys: .escape, fake: &fake)
        #expect(model.top(ProfileOverlay.self) != nil)
        // r reads the days again; Esc closes.
        #expect(Set(model.drive(keys: .char("r"), fake: &fake).map(\.key)) == [.record, .myBests])
        model.drive(keys: .escape, fake: &fake)
        #expect(model.overlays.isEmpty && model.screen == .scores)
    }

    @Test func aPlayerNotRegisteredIsAskedToRegisterFirst() {
        var fake = FakeScores()
        var model = scoresApp(&fake)
        #expect(model.drive(keys: .char("p"), fake: &fake).isEmpty)
        #expect(model.top(RegisterDialog.self)?.isProfile == false && model.top(ProfileOverlay.self) == nil)
    }

    @Test func daysThatCannotBeReadAreSaidInWordsAndRTriesAgain() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        var model = scoresApp(&fake)
        fake.down = ScoresFailure(.offline, "scores.example isn't answering")
        model.drive(keys: .char("p"), fake: &fake)
        #expect(model.screenText.contains("Your days couldn't be read: scores.example isn't answering. r tries again."))
        fake.down = nil
        fake.days = FakeScores.sampleDays()
        model.drive(keys: .char("r"), fake: &fake)
        #expect(model.screenText.contains("days in a row") && !model.screenText.contains("couldn't be read"))
    }

    @Test func theLatestDaysAreListedWhenTheWindowIsTall() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.days = FakeScores.sampleDays()
        var model = app(width: 120, height: 40)
        model.drive(.clock(fakeNow), &fake)
        model.drive(keys: Screen.scores.key, .char("p"), fake: &fake)
        let text = model.screenText
        #expect(text.contains("Your latest days"))
        #expect(text.contains("Fri 4 Oct    760   #2 of 40 so far"), "\(text)")
        #expect(text.contains("Thu 3 Oct    853   #8 of 40   runway #2 of 8"), "\(text)")
    }
}

@Suite struct DayCalendarTests {
    /// 2024-10-04, a Friday.
    let today = UTCDay.days(year: 2024, month: 10, day: 4)

    func drawn(_ calendar: DayCalendar, weeks: Int) -> Grid {
        var grid = Grid(width: DayCalendar.width(weeks: weeks) + 10, height: DayCalendar.height)
        calendar.draw(into: &grid, x: 0, y: 0, weeks: weeks)
        return grid
    }

    @Test func todayIsTheLastColumnOnItsWeekdayMarkedAndLaterDaysAreBlank() {
        let calendar = DayCalendar(today: today, scores: [today: 850, today - 1: 120, today - 7: 1000, today - 9: 450])
        let grid = drawn(calendar, weeks: 5)
        let last = DayCalendar.labelWidth + 2 * 4
        // Rows: months, then Mon (1) … Sun (7); Friday is row 5.
        #expect(grid[last, 5].scalar == "▓" && grid[last + 1, 5].scalar == "◂")
        #expect(grid[last, 4].scalar == "░", "Thursday's 120")
        #expect(grid[last, 6].scalar == " " && grid[last, 7].scalar == " ", "the weekend hasn't come")
        #expect(grid[last, 1].scalar == "·", "Monday wasn't played")
        #expect(grid[last - 2, 5].scalar == "█", "last Friday's 1000")
        #expect(grid[last - 2, 3].scalar == "▒", "last Wednesday's 450")
        #expect(grid.row(1).hasPrefix("Mon ") && grid.row(7).hasPrefix("Sun "))
        // Nothing is drawn past the calendar's width but the marker's own column.
        for row in 0..<8 {
            #expect(grid.row(row).dropFirst(DayCalendar.width(weeks: 5)).allSatisfy { $0 == " " }, "row \(row): \(grid.row(row))")
        }
    }

    @Test func monthsAreNamedOverTheFirstWeekThatBeginsInThem() {
        let calendar = DayCalendar(today: today, scores: [:])
        // Ten weeks from Monday 29 July: August's first Monday is the second week, September's the sixth.
        #expect(calendar.monthLabels(weeks: 10).map { "\($0.week) \($0.name)" } == ["1 Aug", "5 Sep"])
        #expect(drawn(calendar, weeks: 10).row(0) == "      Aug     Sep" + String(repeating: " ", count: 17))
        // Five weeks from Monday 2 September: the first week is September's.
        #expect(calendar.monthLabels(weeks: 5).map { "\($0.week) \($0.name)" } == ["0 Sep"])
        // Twelve weeks from 15 July: the first week is named, far enough from August's.
        #expect(calendar.monthLabels(weeks: 12).map { "\($0.week) \($0.name)" } == ["0 Jul", "3 Aug", "7 Sep"])
    }

    @Test func theCalendarFitsItsWidthAndGrowsWithIt() {
        #expect(DayCalendar.weeks(fitting: 45) == 20 && DayCalendar.width(weeks: 20) == 44)
        #expect(DayCalendar.weeks(fitting: 1000) == DayCalendar.maxWeeks)
        #expect(DayCalendar.weeks(fitting: 10) == DayCalendar.minWeeks)
        // The legend fits the narrowest calendar.
        let grid = drawn(DayCalendar(today: today, scores: [:]), weeks: DayCalendar.minWeeks)
        #expect(grid.row(8).trimmingCharacters(in: .whitespaces) == "less ░ ▒ ▓ █ more   ◂ today")
        #expect(TextLayout.width(grid.row(8).trimmingCharacters(in: .whitespaces)) + DayCalendar.labelWidth <= DayCalendar.width(weeks: DayCalendar.minWeeks))
    }

    @Test func daysCountFromTheServersTodayNeverTheDevicesClock() throws {
        var record = FakeScores.sampleDays(today: "2031-01-15")
        let calendar = try #require(DayCalendar(record))
        #expect(calendar.today == UTCDay.days(year: 2031, month: 1, day: 15))
        #expect(calendar.scores[calendar.today] == record.days[0].score && calendar.scores.count == record.days.count)
        record.today = "15/01/2031"
        #expect(DayCalendar(record) == nil, "a today that isn't a day draws no calendar")
    }

    @Test func barsAreSharesOfTheBusiestBandAndABandPlayedAlwaysShows() {
        var bands = Array(repeating: 0, count: ScoreBands.count)
        (bands[9], bands[5], bands[0]) = (40, 20, 1)
        let chart = BandChart(bands: bands, latest: 5)
        #expect(chart.barLength(9, room: 20) == 20 && chart.barLength(5, room: 20) == 10)
        #expect(chart.barLength(0, room: 20) == 1 && chart.barLength(3, room: 20) == 0)
        var grid = Grid(width: 30, height: BandChart.height)
        chart.draw(into: &grid, x: 0, y: 0, width: 30)
        // 30 columns: the name (7), a space, the bar (17 at most), a space, the count (2) and
        // room for the mark of the band that stands out (" ◂").
        #expect(grid.row(0) == "   1000 0" + String(repeating: " ", count: 21))
        #expect(grid.row(1) == "900–999 " + String(repeating: "█", count: 17) + " 40  ")
        #expect(grid.row(5).hasPrefix("500–599 " + String(repeating: "█", count: 9) + " 20 ◂"), "marked, not by colour alone")
        #expect(grid.row(10).hasPrefix("   0–99 █ 1"))
        #expect(grid[6, 4].bold == false && grid[6, 5].bold == true, "the latest day's band (500–599) stands out")
    }
}
