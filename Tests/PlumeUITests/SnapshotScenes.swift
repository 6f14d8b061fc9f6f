// The scenes the snapshot tests draw: states of the game worth a picture, and the steps that
// bring each about. `Scene.screens` are a screen's (or an overlay's over it) and have goldens in
// Snapshots/screens; `Scene.help` shows the help page, which lists the screens' keys ("1–N"),
// so its goldens are the chrome's (Snapshots/chrome). SnapshotTests.swift compares them.
import Challenges
import GameState
import ScoresAPI
import Testing
import TUI
@testable import PlumeUI

/// A state of the game worth a picture, and the steps that bring it about.
struct Scene: CustomTestStringConvertible, Sendable {
    let name: String
    let make: @Sendable (Int, Int) -> AppModel

    var testDescription: String { name }

    static let look = "plume://look/1EQECAwIBCwAkAnOD"

    static func keys(_ name: String, _ keys: [Key], pastes: [String] = []) -> Scene {
        Scene(name: name) { width, height in
            var model = app(width: width, height: height)
            for text in pastes { _ = model.update(.paste(text)) }
            for key in keys { _ = model.update(.key(key)) }
            return model
        }
    }

    static func scores(_ name: String, _ keys: [Key], down: ScoresFailure? = nil, registered: Bool = true, sshKeys: [KeyInfo] = [],
                       days: PlayerDays? = nil, league: LeagueTable? = nil) -> Scene {
        Scene(name: name) { width, height in
            var fake = FakeScores()
            if registered { fake.player = FakeScores.me }
            fake.keys = sshKeys
            fake.days = days
            fake.league = league
            fake.rows = [FakeScores.row(1, "Bea", 930), FakeScores.row(2, "Ada", 812, id: FakeScores.me.playerID),
                         FakeScores.row(3, "Cy", 700, at: "2024-10-04T07:00:00.000Z")]
            var model = app(width: width, height: height)
            model.drive(.clock(fakeNow), &fake)
            model.drive(keys: Screen.scores.key, fake: &fake)
            if let down {
                fake.down = down
                model.drive(.clock(fakeNow + 95), &fake)
            }
            for key in keys { model.drive(.key(key), &fake) }
            return model
        }
    }

    /// The Studio on a day scored under the v2 rules (the witness of Beach Day's best look, one
    /// piece short): the checklist's six parts and the picker's colour marks.
    static let studioV2 = Scene(name: "studio-v2") { width, height in
        let day = StyleRulesDay.firstOfV2
        var model = AppModel(catalog: catalog, book: book, day: day, saved: nil)
        _ = model.update(.resize(width: width, height: height))
        for key: Key in [.down, .down, .right, .char("c"), .down, .right, .down, .down, .down, .right] { _ = model.update(.key(key)) }
        return model
    }

    /// The Studio on the day of the year (v2 rules) whose theme has the longest name, dressed in
    /// shoes: the name whole on the top row, the → hint, the worn line and its tags.
    static let studioLongTheme = Scene(name: "studio-long-theme") { width, height in
        let first = StyleRulesDay.firstOfV2
        let day = (first..<(first + 366)).max { book.theme(forDay: $0).name.count < book.theme(forDay: $1).name.count } ?? first
        var model = AppModel(catalog: catalog, book: book, day: day, saved: nil)
        _ = model.update(.resize(width: width, height: height))
        for key: Key in [.down, .down, .down, .down, .down, .down, .right, .char("c")] { _ = model.update(.key(key)) }
        return model
    }

    /// The wardrobe on a v2 day, its colour filter on today's accent (first when the slot has it).
    static let wardrobeV2 = Scene(name: "studio-wardrobe-v2") { width, height in
        var model = AppModel(catalog: catalog, book: book, day: StyleRulesDay.firstOfV2, saved: nil)
        _ = model.update(.resize(width: width, height: height))
        for key: Key in [.down, .down, .down, .char("W"), .char("c"), .char("t")] { _ = model.update(.key(key)) }
        return model
    }

    /// A screen's scenes: their goldens hold nothing drawn from the list of screens, so a new
    /// screen re-records none of them (SnapshotTests.aScreensGoldenHoldsNothingOfTheScreenList).
    static let screens: [Scene] = [
        keys("studio", []),
        studioV2,
        keys("studio-dressed", [.down, .down, .right, .right, .down, .right, .down, .down, .down, .right, .char("c")]),
        keys("studio-slot-prompt", [.char("w")]),
        studioLongTheme,
        keys("studio-wardrobe", [.down, .down, .char("W")]),
        keys("studio-wardrobe-tag", [.down, .down, .down, .down, .down, .down, .right, .char("W"), .char("t"), .char("t"), .down, .right]),
        keys("studio-wardrobe-colour", [.down, .down, .down, .down, .down, .down, .down, .down, .char("W"), .char("c"), .down]),
        wardrobeV2,
        watched,
        keys("lab", [.char("2")]),
        keys("lab-gallery", [.char("2"), .char("G"), .down, .down]),
        keys("lab-evolution", [.char("2"), .char("e"), .char("x"), .char("2")]),
        labInWords,
        keys("settings", [.char(","), .down]),
        keys("lab-name", [.char("2"), .char("N"), .char("C"), .char("o"), .char("m"), .char("e"), .char("t"), .left]),
        keys("import-empty", [.char("3")]),
        keys("import-look", [], pastes: [look + "?x-source=Mail&x-success=https://mail.example/sent&x-cancel=plume://look/1EQEBAO3S"]),
        keys("import-swarm", [], pastes: ["emergent://?r=45673766682117&g=16799217307868"]),
        keys("import-error", [], pastes: ["plume://look/1EQECAwIBCwAkAnOE?x-error=https://a.example/err?id=7"]),
        keys("import-offer", [.enter], pastes: [look + "?x-source=Chat%20App&x-success=https://friend.example/back/done"]),
        keys("share-look", [.enter, .char("s")], pastes: [look]),
        keys("share-swarm", [.char("2"), .char("s")]),
        scores("scores-top", [.down]),
        scores("scores-bests", [.right, .right, .right]),
        scores("scores-causes", [.right, .right, .right, .right, .right]),
        scores("scores-spread", [.left, .left]),
        scores("scores-league", [.left], league: FakeScores.silkGroup),
        scores("scores-league-none", [.left]),
        scores("scores-offline", [], down: ScoresFailure(.offline, "scores.example isn't answering")),
        scores("scores-register", [.char("p"), .tab], registered: false),
        scores("scores-donate", [.char("d"), .char("1"), .char("2")]),
        scores("scores-keys", [.char("K"), .down], sshKeys: [
            KeyInfo(fingerprint: "SHA256:Lp2mRk0wq7x3Vt9ZcYhN1aBdEfGhIjKlMnOpQrStUvW", type: "ssh-ed25519", label: "ada@laptop",
                    addedAt: "2024-10-01T09:00:00.000Z"),
            KeyInfo(fingerprint: "SHA256:q9Xw2e4R6t8Y0u1I3o5P7a9S2d4F6g8H0j2K4l6Z8x0", type: "ecdsa-sha2-nistp256", label: "",
                    addedAt: "2024-10-03T18:30:00.000Z"),
        ]),
        scores("scores-profile", [.char("p")], days: FakeScores.sampleDays()),
        scores("scores-profile-new", [.char("p")]),
        runway("runway", []),
        runway("runway-voted", [.right]),
        runway("runway-swarms", [.char("w")]),
        news,
        shareCard,
        friends("scores-friends", [Screen.scores.key, .down], following: ["Cy"]),
        friends("scores-friends-local", [Screen.scores.key, .right, .right], local: true),
        friends("scores-follow-dialog", [Screen.scores.key, .char("F"), .char("b"), .char("e")], following: ["Cy"]),
        friends("import-player", [], following: [], pastes: ["Follow me: <plume://player/\(FakeScores.beaID)>"]),
        friends("share-me", [Screen.share.key, .char("m")]),
    ]

    /// The help page over a screen: its last keys are the router's, "1–N Tab" among them, drawn
    /// from the list of screens — so its goldens are the chrome's.
    static let help: [Scene] = [
        keys("studio-help", [.char("?")]),
        keys("lab-help", [.char("2"), .char("?")]),
    ]

    /// A registered player with Bea and Cy on today's board (FriendsTests), following some.
    static func friends(_ name: String, _ keys: [Key], following: [String] = [], local: Bool = false, pastes: [String] = []) -> Scene {
        Scene(name: name) { width, height in
            var (model, fake) = friendsApp(following: following, local: local, width: width, height: height)
            for text in pastes { model.drive(.paste(text), &fake) }
            for key in keys { model.drive(.key(key), &fake) }
            return model
        }
    }

    /// The Share screen's card for a player on a nine-day streak.
    static let shareCard = Scene(name: "share-card") { width, height in
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.days = FakeScores.sampleDays()
        var model = app(width: width, height: height)
        model.drive(.clock(fakeNow), &fake)
        model.drive(keys: Screen.share.key, .char("d"), fake: &fake)
        return model
    }

    /// A game hosted over SSH that two people have just started watching.
    static let watched = Scene(name: "studio-watched") { width, height in
        var model = app(width: width, height: height)
        model.audience = Audience()
        _ = model.update(.watchers(2))
        return model
    }

    /// The game just started for a player the server has news for.
    /// The Lab in the screen-reader mode: its swarm in words, where the braille picture was.
    static let labInWords = Scene(name: "lab-screen-reader") { width, height in
        var model = app(width: width, height: height)
        model.screenReader = true
        _ = model.update(.key(.char("2")))
        return model
    }

    static let news = Scene(name: "news") { width, height in
        var fake = FakeScores()
        fake.player = FakeScores.me
        fake.news = FakeScores.sampleNews
        var model = app(width: width, height: height)
        model.drive(.clock(fakeNow), &fake)
        return model
    }

    static func runway(_ name: String, _ keys: [Key]) -> Scene {
        Scene(name: name) { width, height in
            var fake = FakeScores()
            fake.player = FakeScores.me
            fake.runwayLooks = RunwayScreenTests.looks
            fake.runwaySwarms = RunwaySwarmShowTests.swarms
            fake.entered = look
            var model = app(width: width, height: height)
            model.drive(.clock(fakeNow), &fake)
            model.drive(keys: Screen.runway.key, fake: &fake)
            for key in keys { model.drive(.key(key), &fake) }
            return model
        }
    }
}

/// The first day the v2 rules score.
enum StyleRulesDay {
    static let firstOfV2 = StyleRules.firstDays[0].day
}
