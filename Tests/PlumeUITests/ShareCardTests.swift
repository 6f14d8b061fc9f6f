// The Share screen's card (d): today's result made from the record the server keeps, copied the
// way the link is (with emoji for chat apps; p copies it plain), and shown over the screen —
// without the look's link while today's board is open, saying where to get it once it closes.
import Foundation
import GameState
import ScoresAPI
import Testing
import TUI
@testable import PlumeUI

@Suite struct ShareCardTests {
    func shareApp(_ fake: inout FakeScores) -> AppModel {
        var model = app(width: 100, height: 30)
        model.drive(.clock(fakeNow), &fake)
        model.drive(keys: Screen.share.key, fake: &fake)
        return model
    }

    /// Feeds a key, answers the scores commands it sends from `fake`, and returns every effect.
    func press(_ key: Key, _ model: inout AppModel, _ fake: inout FakeScores) -> [Effect] {
        var effects = model.update(.key(key)), index = 0
        while index < effects.count {
            if case .scores(let command) = effects[index] {
                for event in fake.answer(command) { effects += model.update(.scores(event)) }
            }
            index += 1
        }
        return effects
    }

    @Test func dCopiesTodaysCardWithEmojiAndShowsItPlainWithoutTheLooksLink() throws {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.days = FakeScores.sampleDays()
        var model = shareApp(&fake)
        let effects = press(.char("d"), &model, &fake)
        #expect(effects.first == .scores(.record), "the record is read fresh: today's rank moves")
        let copied = try #require(effects.compactMap { if case .copyToClipboard(let text) = $0 { text } else { nil } }.last)
        let theme = model.theme.name
        // Today's board is open: the look's link would give the day's answer away.
        #expect(copied == [
            "Ada's Plume · 2024-10-04 · \(theme)",
            "🟪🟪🟪🟪🟪🟪🟪⬜⬜⬜ 760/1000 · rank 2 of 40 so far",
            "🔥 9-day streak · best 23 · \(fake.days!.daysPlayed) days played",
            "🔗 the look's link joins the card once the day closes",
        ].joined(separator: "\n"))
        #expect(!copied.contains("plume://") && !copied.contains(ShareCode.encode(.look(model.studio.look))))
        let overlay = try #require(model.top(DayCardOverlay.self))
        #expect(!overlay.card.text(plain: true).contains("plume://"))
        let text = model.screenText
        #expect(text.contains("Today's card") && text.contains("[#######---] 760/1000 - rank 2 of 40 so far"))
        #expect(text.contains("Look: its link joins the card once the day closes"))
        #expect(text.contains("The link, once the day closes: plume card --day 2024-10-04"))
        // p copies it plain; Esc closes it and the Share screen is as it was.
        #expect(press(.char("p"), &model, &fake) == [.copyToClipboard(model.top(DayCardOverlay.self)!.card.text(plain: true))])
        _ = press(.escape, &model, &fake)
        #expect(model.overlays.isEmpty && model.screen == .share)
    }

    @Test func noCardBeforeTheDayIsPlayedOrThePlayerRegistered() {
        var fake = FakeScores()
        var model = shareApp(&fake)
        #expect(press(.char("d"), &model, &fake).isEmpty)
        #expect(model.status.contains("register first"))
        fake.player = FakeScores.me
        var days = FakeScores.sampleDays()
        days.days.removeFirst()
        fake.days = days
        model = shareApp(&fake)
        let effects = press(.char("d"), &model, &fake)
        #expect(!effects.contains { if case .copyToClipboard = $0 { true } else { false } } && model.overlays.isEmpty)
        #expect(model.status.hasPrefix("No card yet: you haven't played today."))
    }
}
