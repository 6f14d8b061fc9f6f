// Watching a hosted game: the game asks how many watch after every resize (only when hosted),
// shows the count at the status line's end on every screen, says once that someone watches, and
// w on the Scores screen turns over whether others may watch, in words, against FakeScores.
import GameState
import ScoresAPI
import Testing
import TUI
@testable import PlumeUI

/// A game hosted over SSH, `width`×`height`.
func hostedApp(width: Int = 100, height: Int = 30) -> AppModel {
    var model = app(width: width, height: height)
    model.audience = Audience()
    return model
}

extension AppModel {
    /// The status band's last row, as drawn.
    var statusRow: String { String(view().text.split(separator: "\n", omittingEmptySubsequences: false)[height - 2]) }
}

@Suite struct WatchingTests {
    static let told = "Someone is watching your game live — w on Scores (\(Screen.scores.rawValue + 1)) stops anyone watching."

    @Test func aHostedGameAsksHowManyWatchAfterEveryResizeAndALocalOneNever() {
        var local = app()
        #expect(local.update(.resize(width: 100, height: 30)).isEmpty)
        #expect(local.update(.resize(width: 120, height: 40)).isEmpty)
        // A count that somehow arrives changes nothing in a game nobody can watch.
        _ = local.update(.watchers(3))
        #expect(local.audience == nil && !local.screenText.contains("watching"))
        var hosted = hostedApp()
        #expect(hosted.update(.resize(width: 100, height: 30)) == [.readWatchers])
        #expect(hosted.update(.resize(width: 120, height: 40)) == [.readWatchers])
    }

    @Test func theCountShowsOnEveryScreenAndNothingWhenNobodyWatches() {
        var model = hostedApp()
        _ = model.update(.watchers(2))
        #expect(model.audience?.count == 2)
        for screen in Screen.allCases {
            _ = model.update(.key(screen.key))
            #expect(model.statusRow.hasSuffix(" 2 watching "), "\(screen): \(model.statusRow)")
        }
        // Over an overlay (help) too, and on a narrow window with a long message beside it.
        _ = model.update(.key(.char("?")))
        #expect(model.statusRow.hasSuffix(" 2 watching "))
        _ = model.update(.key(.escape))
        _ = model.update(.resize(width: 80, height: 24))
        model.status = String(repeating: "a long message ", count: 8)
        #expect(model.statusRow.hasSuffix(" 2 watching ") && !model.screenText.contains("a long messa…"))
        // A window too small for the game still says it.
        _ = model.update(.resize(width: 60, height: 20))
        #expect(model.screenText.contains("2 watching"))
        _ = model.update(.resize(width: 100, height: 30))
        _ = model.update(.watchers(0))
        #expect(!model.screenText.contains("watching"))
    }

    @Test func theFirstWatcherIsToldOnceAndWhichKeyStopsIt() {
        var model = hostedApp()
        model.status = "Welcome."
        _ = model.update(.watchers(0))
        #expect(model.status == "Welcome.")
        _ = model.update(.watchers(1))
        #expect(model.status == Self.told)
        #expect(model.screenText.contains("Someone is watching your game live"))
        // More watchers, or watchers again later, change the count and nothing else.
        model.status = "Saved."
        _ = model.update(.watchers(3))
        _ = model.update(.watchers(0))
        _ = model.update(.watchers(1))
        #expect(model.status == "Saved." && model.audience?.count == 1)
        // Several at once are counted in the words.
        var crowd = hostedApp()
        _ = crowd.update(.watchers(4))
        #expect(crowd.status.hasPrefix("4 people are watching your game live"))
    }

    @Test func wOnScoresTurnsWatchingOverAndSaysWhatCameOfIt() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        var model = app()
        // The setting is read as soon as the player is known on a server.
        #expect(model.drive(.clock(fakeNow), &fake).contains(.settings))
        model.drive(keys: Screen.scores.key, fake: &fake)
        #expect(model.session.settings == PlayerSettings(watchable: true))
        #expect(model.screenText.contains("others may watch: yes (w)"))
        // w: nobody may watch; the words say so, and that whoever watched is sent away.
        #expect(model.drive(keys: .char("w"), fake: &fake) == [.changeSettings(PlayerSettings(watchable: false))])
        #expect(fake.settings.watchable == false)
        #expect(model.status == "Nobody may watch your games on scores.example:8787 now: anyone watching is sent away. w lets others watch again.")
        #expect(model.screenText.contains("others may watch: no (w)"))
        // w again: others may.
        #expect(model.drive(keys: .char("w"), fake: &fake) == [.changeSettings(PlayerSettings(watchable: true))])
        #expect(model.status == "Others may watch your games on scores.example:8787 live now; w stops that.")
        #expect(model.screenText.contains("others may watch: yes (w)"))
        // The help page says what w does and how it is now.
        model.drive(keys: .char("?"), fake: &fake)
        let help = model.top(HelpOverlay.self)?.page.keys.first { $0.keys == "w" }
        #expect(help?.action == "let others watch your games over SSH live, or not (now: they may)")
    }

    @Test func aRefusedChangeIsSaidInTheServersWordsAndChangesNothing() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        var model = scoresApp(&fake)
        fake.settingsFailure = ScoresFailure(.unavailable, "scores.example is busy — try again shortly")
        #expect(model.drive(keys: .char("w"), fake: &fake) == [.changeSettings(PlayerSettings(watchable: false))])
        #expect(model.status == "Not changed, so others may still watch your games: scores.example is busy — try again shortly")
        #expect(model.session.settings?.watchable == true && model.screenText.contains("others may watch: yes (w)"))
    }

    @Test func aSettingNotReadYetIsAskedForAndSaidWhenItArrives() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.settings = PlayerSettings(watchable: false)
        // Reading it at the start fails quietly: the screen just doesn't show it.
        fake.settingsFailure = ScoresFailure(.offline, "scores.example isn't answering")
        var model = scoresApp(&fake)
        #expect(model.session.settings == nil && !model.screenText.contains("others may watch"))
        #expect(!model.status.contains("isn't answering"))
        // w asks for it, and a failure now is said.
        #expect(model.drive(keys: .char("w"), fake: &fake) == [.settings])
        #expect(model.status == "Couldn't read whether others may watch your games: scores.example isn't answering")
        // Once it answers, w says how it is (and changes nothing yet).
        fake.settingsFailure = nil
        #expect(model.drive(keys: .char("w"), fake: &fake) == [.settings])
        #expect(model.status == "Nobody may watch your games on scores.example:8787; w again lets others watch.")
        #expect(fake.settings.watchable == false && model.screenText.contains("others may watch: no (w)"))
    }

    @Test func aSettingChangedInTheSettingsPlaceIsKeptOnTheServerQuietly() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        var model = scoresApp(&fake)
        #expect(model.drive(keys: .char(","), .enter, fake: &fake) == [.changeSettings(PlayerSettings(watchable: true, palette: "deuteranopia"))])
        #expect(fake.settings.palette == "deuteranopia" && model.status == "Colours: deuteranopia.", "the place's words stay")
        #expect(model.drive(keys: .down, .enter, fake: &fake) == [.changeSettings(PlayerSettings(watchable: true, screenReader: true))])
        // Refused, it is said, and holds here all the same.
        fake.settingsFailure = ScoresFailure(.unavailable, "scores.example is busy — try again shortly")
        model.drive(keys: .down, .enter, fake: &fake)
        #expect(model.reduceMotion && model.status == "✗ scores.example:8787 didn't keep the setting (it holds here and in config.toml): scores.example is busy — try again shortly")
        // The local board keeps nothing of it.
        var local = FakeScores()
        local.isLocal = true
        local.player = FakeScores.me
        var here = app()
        here.drive(.clock(fakeNow), &local)
        #expect(here.drive(keys: .char(","), .enter, fake: &local).isEmpty && here.palette == .deuteranopia)
    }

    @Test func aSettingChangedBeforeTheServersSettingsAreReadGoesWithTheRead() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.settings = PlayerSettings(watchable: false)
        var model = app()
        // The first instant of a game: the session hasn't heard the server yet.
        #expect(model.drive(keys: .char(","), .enter, .down, .enter, fake: &fake).isEmpty)
        let sent = model.drive(.clock(fakeNow), &fake)
        #expect(sent.contains(.settings))
        #expect(sent.contains(.changeSettings(PlayerSettings(watchable: false, palette: "deuteranopia", screenReader: true))), "\(sent)")
        #expect(fake.settings.palette == "deuteranopia" && fake.settings.watchable == false, "watching as it was")
    }

    @Test func theLocalBoardAndAPlayerWithNoNameAreToldWhyNot() {
        var local = FakeScores()
        local.isLocal = true
        local.player = FakeScores.me
        var model = app()
        #expect(!model.drive(.clock(fakeNow), &local).contains(.settings))
        model.drive(keys: Screen.scores.key, fake: &local)
        #expect(model.drive(keys: .char("w"), fake: &local).isEmpty)
        #expect(model.status.hasPrefix("Only games played on a server over SSH can be watched"))
        #expect(!model.screenText.contains("others may watch"))

        var fake = FakeScores()
        var unnamed = scoresApp(&fake)
        #expect(unnamed.drive(keys: .char("w"), fake: &fake).isEmpty)
        #expect(unnamed.top(RegisterDialog.self) != nil)
        #expect(unnamed.status == "Register on scores.example:8787 first (a name is enough); then w chooses whether others may watch your games.")
    }
}
