// "While you were away" and the news that comes while the game runs: asked for once the game
// knows the player, after midnight, and every `newsPollSeconds` on a server (not on the local
// board); shown over the screen in order of day, each item whole, scrolling when they don't fit,
// closed by any other key, never over a dialog, never shown twice, and silent when it can't be
// fetched.
import Foundation
import GameState
import PlumeCalendar
import ScoresAPI
import Testing
import TUI
@testable import PlumeUI

extension FakeScores {
    /// What the server wrote while the player was away, oldest first.
    static let sampleNews = [
        NewsItem(id: 41, at: "2024-10-03T00:00:05.000Z", kind: .streak, day: "2024-10-02", text: "Your streak reached 7 days in a row.", streak: 7),
        NewsItem(id: 42, at: "2024-10-04T00:00:05.000Z", kind: .runwayClosed, day: "2024-10-02",
                 text: "The runway of 2 Oct closed: your look came #2 of 8 in 31 votes.", rank: 2, of: 8, votes: 31),
        NewsItem(id: 43, at: "2024-10-04T00:00:06.000Z", kind: .dayClosed, day: "2024-10-03",
                 text: "Beach Day closed: your look finished #8 of 40 with 853.", rank: 8, of: 40, score: 853),
    ]

    /// Seven items of three lines each at 80×24 (more than the box has room for), a day apart,
    /// each ending in a word of its own.
    static let longNews: [NewsItem] = (1...7).map { (n: Int) -> NewsItem in
        let day = "2024-09-2\(n)"
        let text = "Friend\(n) passed your score on Style: Beach Day (9\(n)0 vs your 812), and the runway of \(day) closed with their look at #\(n) of 40 in the people's choice, scoring 7\(n)0 in 3\(n) votes: ending\(n)."
        return NewsItem(id: Int64(50 + n), at: day + "T00:00:05.000Z", kind: .friendRunway, day: day, text: text)
    }

    /// What the server writes while the player plays: a friend passing their score.
    static let passed = NewsItem(id: 70, at: "2024-10-04T10:00:30.000Z", kind: .friendPassed, day: "2024-10-04",
                                 text: "Bea passed your score on Style: Beach Day (930 vs your 812).", score: 930)
}

@Suite struct NewsTests {
    func midnight(_ day: Int) -> Double { Double(day) * 86_400 }

    @Test func newsWaitingAtStartIsShownOnceNewestLastAndAnyKeyClosesIt() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.news = FakeScores.sampleNews
        var model = app(width: 100, height: 30)
        let sent = model.drive(.clock(fakeNow), &fake)
        #expect(sent.contains(.news(after: 0)))
        #expect(model.top(NewsOverlay.self) != nil)
        let text = model.screenText
        #expect(text.contains("While you were away"))
        let rows = FakeScores.sampleNews.compactMap { item in model.view().text.split(separator: "\n").firstIndex { $0.contains(item.text) } }
        #expect(rows.count == 3 && rows == rows.sorted(), "oldest first, newest last: \(rows)")
        #expect(text.contains("2 Oct  Your streak reached 7 days in a row."))
        // Any key closes it, and only closes it: "2" doesn't switch to the Lab.
        model.drive(keys: .char("2"), fake: &fake)
        #expect(model.top(NewsOverlay.self) == nil && model.screen == .studio)
        // Told again who the player is (as after every .start): the news isn't asked for again.
        let again = model.drive(.scores(.identity(place: fake.place, isLocal: false, player: FakeScores.me, outbox: 0)), &fake)
        #expect(!again.contains { $0.key == .news } && model.top(NewsOverlay.self) == nil)
    }

    @Test func afterMidnightOnlyWhatIsNewerThanTheNewestShownComes() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.news = FakeScores.sampleNews
        var model = app(width: 100, height: 30)
        model.drive(.clock(fakeNow), &fake)
        model.drive(keys: .escape, fake: &fake)
        fake.news.append(NewsItem(id: 44, at: "2024-10-05T00:00:05.000Z", kind: .dayClosed, day: "2024-10-04",
                                  text: "Rainy Day closed: your look finished #2 of 52 with 760.", rank: 2, of: 52, score: 760))
        // The day's closing is written in the first moments of the new day: asked for a little later.
        let turn = midnight(model.day + 1)
        #expect(!model.drive(.clock(turn + 1), &fake).contains { $0.key == .news })
        #expect(model.top(NewsOverlay.self) == nil)
        #expect(model.drive(.clock(turn + Session.newsAfterMidnight + 1), &fake) == [.news(after: 43)])
        let text = model.screenText
        #expect(text.contains("Rainy Day closed") && !text.contains("Beach Day closed"), "\(text)")
        #expect(model.drive(.clock(turn + Session.newsAfterMidnight + 2), &fake).isEmpty, "asked once")
    }

    @Test func newsThatCannotBeFetchedSaysNothing() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.news = FakeScores.sampleNews
        fake.newsFailure = ScoresFailure(.unavailable, "scores.example is busy")
        var model = app(width: 100, height: 30)
        model.drive(.clock(fakeNow), &fake)
        #expect(model.overlays.isEmpty && !model.status.contains("busy") && model.session.problem == nil)
        model.drive(keys: Screen.scores.key, fake: &fake)
        #expect(!model.screenText.contains("can't refresh") && !model.screenText.contains("busy"))
    }

    @Test func noPlayerNoNewsAndNothingNewNoOverlay() {
        var fake = FakeScores()
        var model = app(width: 100, height: 30)
        #expect(!model.drive(.clock(fakeNow), &fake).contains { $0.key == .news })
        fake.player = FakeScores.me
        var registered = app(width: 100, height: 30)
        #expect(registered.drive(.clock(fakeNow), &fake).contains(.news(after: 0)))
        #expect(registered.overlays.isEmpty)
    }

    /// The words inside the news box as the player reads them now: its rows between the
    /// borders, joined, spaces collapsed (so that a wrapped item reads as one sentence).
    func boxWords(_ model: AppModel) -> String {
        let rows = model.view().text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let top = rows.firstIndex(where: { $0.contains("┌─ ") }),
              let bottom = rows[top...].firstIndex(where: { $0.contains("└") }), bottom > top else { return "" }
        let inside = rows[(top + 1)..<bottom].compactMap { row -> Substring? in
            guard let left = row.firstIndex(of: "│"), let right = row.lastIndex(of: "│"), left < right else { return nil }
            return row[row.index(after: left)..<right]
        }
        return inside.joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    @Test func longItemsWrapWholeAndScrollingRevealsEveryOneAt80x24() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.news = FakeScores.longNews
        var model = app(width: 80, height: 24)
        model.drive(.clock(fakeNow), &fake)
        #expect(model.top(NewsOverlay.self) != nil)
        var text = model.screenText
        #expect(text.contains("more below ↓") && !text.contains("↑ more above") && text.contains("1–6 of 7"), "\(text)")
        #expect(model.view().row(23).contains("scroll · any other key closes"), "\(model.view().row(23))")
        // Read a line at a time with j: the box stays open, every item is seen whole, none is cut.
        var read: [String] = []
        for _ in 0..<30 {
            read.append(boxWords(model))
            model.drive(keys: .char("j"), fake: &fake)
        }
        #expect(model.top(NewsOverlay.self) != nil, "j at the end doesn't close it")
        #expect(read.allSatisfy { !$0.contains("…") }, "\(read)")
        for item in fake.news { #expect(read.contains { $0.contains(item.text) }, "never shown whole: \(item.text)") }
        text = model.screenText
        #expect(text.contains("↑ more above") && !text.contains("more below ↓") && text.contains("2–7 of 7"), "\(text)")
        #expect(boxWords(model).hasSuffix("ending7."))
        // ↓ PgDn k ↑ PgUp scroll too, and close nothing.
        model.drive(keys: .down, .pageDown, .char("k"), .up, .pageUp, fake: &fake)
        #expect(model.top(NewsOverlay.self)?.first == 0 && boxWords(model).contains(fake.news[0].text))
        // Any other key closes it, and only closes it: x takes nothing off in the Studio.
        let look = model.studio.look
        model.drive(keys: .char("x"), fake: &fake)
        #expect(model.overlays.isEmpty && model.screen == .studio && model.studio.look == look)
    }

    @Test func spaceReadsOnAPageAtATimeAndClosesAtTheEnd() {
        var model = app(width: 80, height: 24)
        model.push(NewsOverlay(items: FakeScores.longNews, more: true))
        model.keys(.char(" "))
        let words = boxWords(model)
        #expect(model.top(NewsOverlay.self) != nil && words.contains(FakeScores.longNews[6].text), "\(words)")
        #expect(words.hasSuffix("More news is waiting: it comes next time."), "\(words)")
        model.keys(.char(" "))
        #expect(model.overlays.isEmpty)
    }

    @Test func itemsAreShownInOrderOfTheirDayOldestFirst() {
        // The server writes news as it learns of it: here of the 28th, 27th, 27th, 29th, 28th, 28th.
        let days = [28, 27, 27, 29, 28, 28]
        let items = days.enumerated().map {
            NewsItem(id: Int64(60 + $0.offset), at: "", kind: .dayClosed, day: "2024-09-\($0.element)", text: "Item \($0.offset + 1), of the \($0.element)th.")
        }
        let overlay = NewsOverlay(items: items, more: false)
        #expect(overlay.items.map(\.id) == [61, 62, 60, 64, 65, 63], "by day, then in the order they came")
        var model = app(width: 80, height: 24)
        model.push(overlay)
        let rows = model.view().text.split(separator: "\n")
        let order = [2, 3, 1, 5, 6, 4].compactMap { n in rows.firstIndex { $0.contains("Item \(n),") } }
        #expect(order.count == 6 && order == order.sorted(), "\(order)")
        #expect(rows.first { $0.contains("Item 2,") }?.contains("27 Sep  Item 2,") == true)
        #expect(rows.first { $0.contains("Item 4,") }?.contains("29 Sep  Item 4,") == true)
    }

    @Test func newsWrittenWhileThePlayerPlaysIsShownWithinAMinuteAndOnlyOnce() {
        #expect(Session.newsPollSeconds < 60)
        var fake = FakeScores()
        fake.player = FakeScores.me
        var model = app(width: 80, height: 24)
        model.drive(.clock(fakeNow), &fake)
        #expect(model.overlays.isEmpty)
        // An idle game is woken for the next ask, not only at midnight.
        #expect(model.timing.wakeAt == fakeNow + Session.newsPollSeconds)
        fake.news = [FakeScores.passed]
        #expect(!model.drive(.clock(fakeNow + 10), &fake).contains { $0.key == .news }, "not before its time")
        #expect(model.drive(.clock(fakeNow + Session.newsPollSeconds), &fake) == [.news(after: 0)])
        let news = model.top(NewsOverlay.self)
        #expect(news?.title == NewsOverlay.later && news?.items == [FakeScores.passed])
        #expect(model.screenText.contains("┌─ News ") && model.screenText.contains("4 Oct  Bea passed your score on Style: Beach Day (930 vs your 812)."))
        model.drive(keys: .escape, fake: &fake)
        // Asked again later, after the newest shown: nothing new, nothing shown again.
        let later = fakeNow + 2 * Session.newsPollSeconds
        #expect(model.drive(.clock(later), &fake) == [.news(after: 70)])
        #expect(model.overlays.isEmpty && model.timing.wakeAt == later + Session.newsPollSeconds)
    }

    @Test func aQuestionUnansweredIsNotAskedAgainBesideItself() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        var model = app(width: 80, height: 24)
        model.drive(.clock(fakeNow), &fake)
        // The answer is slow: the next turns of the clock don't ask again while it is on its way.
        let asked = model.update(.clock(fakeNow + Session.newsPollSeconds))
        #expect(asked == [.scores(.news(after: 0))])
        #expect(model.update(.clock(fakeNow + Session.newsPollSeconds + 1)).isEmpty)
        #expect(model.update(.clock(fakeNow + Session.newsPollSeconds + Session.lostSeconds - 1)).isEmpty)
    }

    @Test func theLocalBoardIsNotAskedAgainAndAgain() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        (fake.isLocal, fake.place) = (true, "Local board")
        var model = app(width: 80, height: 24)
        #expect(model.drive(.clock(fakeNow), &fake).contains(.news(after: 0)), "at start, as on a server")
        #expect(model.timing.wakeAt == Double(UTCDay.start(of: model.day + 1)), "woken at midnight only")
        #expect(!model.drive(.clock(fakeNow + 5 * Session.newsPollSeconds), &fake).contains { $0.key == .news })
    }

    @Test func newsArrivingWhileADialogIsOpenWaitsForItToCloseAndSaysSo() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.rows = FakeScores.friendsRows
        var model = app(width: 80, height: 24)
        model.drive(.clock(fakeNow), &fake)
        model.drive(keys: Screen.scores.key, .char("F"), .char("B"), .char("e"), fake: &fake)
        #expect(model.top(FollowDialog.self)?.name.text == "Be")
        fake.news = [FakeScores.passed]
        #expect(model.drive(.clock(fakeNow + Session.newsPollSeconds), &fake).contains(.news(after: 0)))
        // The dialog keeps the keys and what was typed; the status line says news came.
        #expect(model.top(FollowDialog.self)?.name.text == "Be" && !model.overlays.contains { $0 is NewsOverlay })
        #expect(model.status == "News, shown when you close this: Bea passed your score on Style: Beach Day (930 vs your 812).", "\(model.status)")
        model.drive(keys: .char("a"), fake: &fake)
        #expect(model.top(FollowDialog.self)?.name.text == "Bea")
        // Closed: the news opens, and once read it is gone.
        model.drive(keys: .escape, fake: &fake)
        #expect(model.top(NewsOverlay.self)?.items == [FakeScores.passed])
        model.drive(keys: .escape, fake: &fake)
        #expect(model.overlays.isEmpty && model.session.waitingNews.items.isEmpty)
    }
}
