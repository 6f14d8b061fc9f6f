// "While you were away": the news asked for once the game knows the player and again after
// midnight, shown over the screen newest last, closed by any key, never shown twice, and silent
// when it can't be fetched.
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

    @Test func itemsThatDoNotFitAreCountedAndLongOnesCutWithAnEllipsis() {
        let long = "A day closed: " + String(repeating: "very ", count: 30) + "long."
        let items = (1...30).map { NewsItem(id: Int64($0), at: "", kind: .dayClosed, day: UTCDay.string(20_000 - 30 + $0), text: $0 == 30 ? long : "Item \($0).") }
        let overlay = NewsOverlay(items: items, more: false)
        let lines = overlay.lines(rows: 10)
        #expect(lines.count == 10 && lines[0] == "… and 21 earlier items" && lines[1].hasSuffix("Item 22.") && lines[9].hasSuffix("long."))
        var model = app(width: 80, height: 24)
        model.push(overlay)
        let text = model.screenText
        #expect(text.contains("… and 14 earlier items") && text.contains("Item 15.") && !text.contains("Item 14."), "\(text)")
        let last = text.split(separator: "\n").first { $0.contains("A day closed") }
        #expect(last?.contains("very …") == true || last?.contains("very…") == true, "\(last ?? "")")
        // More still waiting on the server is said at the end.
        #expect(NewsOverlay(items: Array(items.prefix(2)), more: true).lines(rows: 10).last == "More news is waiting: it comes next time.")
    }
}
