// Random messages of every kind, thousands of them, the leaderboard's answers and news among
// them: the app must never crash, every frame must fit its window, and the look and recipe must
// stay valid whatever was pressed or heard.
import GameState
import ScoresAPI
import Testing
import TUI
@testable import PlumeUI

@Suite struct MonkeyTests {
    static let keys: [Key] = [.up, .down, .left, .right, .enter, .escape, .tab, .backTab, .backspace, .delete, .home, .end, .pageUp, .pageDown,
                              .shiftLeft, .shiftRight, .shiftUp, .shiftDown, .ctrl("u"), .ctrl("k"), .ctrl("w"), .ctrl("a"), .ctrl("e"),
                              .ctrl("r"), .ctrl("l"), .ctrl("o")] + Screen.allCases.map(\.key)
                              + Array("?csrxuUwo0123456789 .+-[]mnapgdlhiCkjK<>bpyrde=WtT").map { Key.char($0) }
    static let pastes = ["plume://look/1EQECAwIBCwAkAnOD", "emergent://?r=45673766682117", "junk \u{1B}[2J", "10 * (1, 1, 1, 0.1, 0.1, 1, 0.1, 0.1)",
                         String(repeating: "a", count: 5000), "", "plume://swarm/1EQECAwIBCwAkAnOD", "\u{202E}",
                         "plume://look/1EQECAwIBCwAkAnOD?x-success=https://a.example/ok&x-cancel=plume://look/1EQEBAO3S",
                         "plume://look/1EQECAwIBCwAkAnOE?x-error=https://a.example/err", "https://scores.example/l/1EQEBAO3S"]

    /// News no request asked for, and failures of every kind, sent at random moments.
    static let news: [ScoresEvent] = [
        .signedOut(formerName: "Ada", ScoresFailure(.unauthorized, "the sign-in token is not valid")),
        .identity(place: "scores.example:8787", isLocal: false, player: nil, outbox: 2),
        .identity(place: "scores.example:8787", isLocal: false, player: FakeScores.me, outbox: 0),
        .identity(place: "the local board", isLocal: true, player: FakeScores.me, outbox: 0),
        .askName(suggested: "ada\u{1B}[2J"),
        .failed(.start, ScoresFailure(.offline, "nothing answered at scores.example:8787")),
        .failed(.runwayPair(day: FakeScores.runwayDay), ScoresFailure(.rateLimited, "too many requests", retryAfter: 30)),
        .failed(.keys, ScoresFailure(.malformed, "the reply was not JSON\u{7}")),
        .queued(board: "style-2024-10-04", outbox: 3, because: ScoresFailure(.timedOut, "no answer within 5 s")),
        .drained(sent: [], dropped: [], waiting: 0),
        .news(NewsPage(items: FakeScores.sampleNews + FakeScores.longNews, more: true)),
    ]

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomInputNeverBreaksTheApp(_ seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var model = app()
        // A leaderboard answers the game's requests: at once, later, out of order, with a
        // failure, or never; and sometimes it is down.
        var fake = FakeScores()
        fake.runwayLooks = RunwayScreenTests.looks
        fake.player = FakeScores.me
        var answers: [ScoresEvent] = []
        for _ in 0..<2_500 {
            let message: Msg
            switch rng.below(24) {
            case 20 where !answers.isEmpty, 21 where !answers.isEmpty: message = .scores(answers.remove(at: rng.below(answers.count)))
            case 22: message = .scores(Self.news[rng.below(Self.news.count)])
            case 23:
                fake.down = fake.down == nil ? ScoresFailure(.unavailable, "the leaderboard is down for a moment", retryAfter: 5) : nil
                message = .tick
            case 0: message = .paste(Self.pastes[rng.below(Self.pastes.count)])
            case 1: message = .resize(width: [1, 20, 79, 80, 100, 133, 250][rng.below(7)], height: [1, 10, 23, 24, 30, 61][rng.below(6)])
            case 2, 3: message = .tick
            case 4: message = .mouse(Mouse(x: rng.below(120), y: rng.below(40), kind: [.press, .scrollUp, .scrollDown][rng.below(3)]))
            case 5: message = .copied("Copied.")
            case 6: message = .clock(1_728_036_000 + Double(rng.below(100_000)))
            case 7: message = rng.below(3) == 0 ? .arrived(.refused("it was over 4 KiB")) : .arrived(.link(Self.pastes[rng.below(Self.pastes.count)]))
            case 8: message = .opened("Opened the link with xdg-open.")
            default: message = .key(Self.keys[rng.below(Self.keys.count)])
            }
            let effects = model.update(message)
            if effects.contains(.quit) { model = app(); answers = []; continue }
            for case .scores(let command) in effects {
                switch rng.below(5) {
                case 0: break  // never answered
                case 1: answers.append(.failed(command, ScoresFailure(.offline, "nothing answered")))
                default: answers += fake.answer(command)
                }
            }
            // A callback target is opened only on the player's own key, never by itself.
            if effects.contains(where: { if case .openURL = $0 { true } else { false } }) {
                if case .key(let key) = message {
                    #expect(key == .char("o") || key == .ctrl("o"))
                } else {
                    Issue.record("a callback was opened by \(message), not by a key")
                }
            }
            let grid = model.view()
            #expect(grid.width == model.width && grid.height == model.height)
            #expect(model.studio.look.brokenRules(in: catalog).isEmpty)
            #expect(model.lab.recipe.isValid)
        }
    }
}
