// The stack of layers and the one router: who gets keys, clicks and frames; what survives going
// to another screen and coming back; what a layer passes on to the global keys.
import GameState
import ScoresAPI
import Testing
import TUI
@testable import PlumeUI

@Suite struct LayerStackTests {
    @Test func theGalleryAndTheGridWaitInTheLabWhileThePlayerIsElsewhere() throws {
        var model = app()
        model.keys(.char("2"), .char("G"), .down, .down)
        // Tab and the digits pass through the gallery to the global keys.
        model.keys(.tab)
        #expect(model.screen == .importer && model.overlays.isEmpty)
        model.keys(.backTab)
        let gallery = try #require(model.top(GalleryLayer.self))
        #expect(gallery.selected == 2 && model.screenText.contains("▸ \(model.galleryEntries[2].name)"))
        model.keys(.escape, .char("e"))
        let children = try #require(model.top(EvolutionLayer.self)).state.children
        model.keys(.char("4"))
        #expect(model.screen == .lab, "in the grid, digits pick a child")
        let tab = model.tabBar.ranges(from: model.tabBarX)[Screen.studio.rawValue]
        _ = model.update(.mouse(Mouse(x: tab.lowerBound + 1, y: 0, kind: .press)))
        #expect(model.screen == .studio && model.overlays.isEmpty)
        model.keys(.char("2"))
        let grid = model.top(EvolutionLayer.self)
        #expect(grid != nil && grid?.state.children != children, "the pick bred a new generation, still there")
        #expect(grid?.state.parent == children[3])
    }

    @Test func aGridPutAsideHearsWhenTheLabsRecipeChanges() throws {
        var model = app()
        model.keys(.char("2"), .char("e"))
        model.keys(.tab)
        _ = model.update(.paste("emergent://?r=45673766682117&g=16799217307868"))
        model.keys(.enter)
        #expect(model.screen == .lab)
        // Importing ran a new recipe in the Lab; the grid, put aside, breeds from it now.
        let grid = try #require(model.top(EvolutionLayer.self))
        #expect(grid.state.parent == model.lab.recipe)
    }

    @Test func goingBackToShareDoesNotShareAgain() {
        var model = app()
        model.keys(.char("2"))
        #expect(model.keys(.char("s")) == [.copyToClipboard(model.sharing.link(model.context))])
        #expect(model.sharing.kind == .swarm)
        model.keys(.char("3"))
        #expect(model.keys(.escape).isEmpty, "nothing copied again")
        #expect(model.screen == .share && model.sharing.kind == .swarm)
        #expect(model.screenText.contains("Share this swarm"))
    }

    @Test func theSwarmRunsUnderADialogButNotUnderHelp() {
        var model = app()
        model.keys(.char("2"))
        model.keys(.char("w"))
        #expect(model.timing.frames)
        _ = model.update(.tick)
        #expect(model.lab.swarm.state.step == 1, "the slot prompt lets it run")
        model.keys(.escape, .char("N"))
        _ = model.update(.tick)
        #expect(model.lab.swarm.state.step == 2, "so does the name dialog")
        model.keys(.escape, .char("?"))
        #expect(!model.timing.frames)
        _ = model.update(.tick)
        #expect(model.lab.swarm.state.step == 2, "help pauses it")
    }

    @Test func aLongHelpPageScrollsAndAnyOtherKeyClosesIt() throws {
        var model = app(width: 80, height: 24)
        model.keys(.char("2"), .char("?"))
        let page = try #require(model.top(HelpOverlay.self)).page
        #expect(model.screenText.contains("1–17 of \(page.keys.count)"))
        #expect(!model.screenText.contains("submit to the challenge's board"))
        model.keys(.pageDown, .pageDown)
        #expect(model.top(HelpOverlay.self) != nil)
        #expect(model.screenText.contains("submit to the challenge's board") && model.screenText.contains("quit (your work is saved)"))
        model.keys(.char("x"))
        #expect(model.overlays.isEmpty && model.lab.recipe == AppModel.starterRecipe, "x closed the help; it mixed nothing")
        // A page that fits closes on any key, arrows too.
        model.keys(.char("4"), .char("?"))
        #expect(model.top(HelpOverlay.self) != nil)
        model.keys(.down)
        #expect(model.overlays.isEmpty)
    }

    @Test func helpOverTheGridNamesTheGridsKeysAndNotTheDigitsAsScreens() throws {
        var model = app(width: 120, height: 40)
        model.keys(.char("2"), .char("e"), .char("?"))
        let page = try #require(model.top(HelpOverlay.self)).page
        #expect(page.title == "Evolution grid")
        #expect(page.keys.contains { $0.keys == "Tab" && $0.action == "switch screen" })
        #expect(!page.keys.contains { $0.keys.contains(Screen.digitKeys) })
    }

    @Test func aClickOnTheTabBarLeavesHelpAndTheOffer() {
        var model = app()
        model.keys(.char("?"))
        let lab = model.tabBar.ranges(from: model.tabBarX)[Screen.lab.rawValue]
        _ = model.update(.mouse(Mouse(x: lab.lowerBound + 1, y: 0, kind: .press)))
        #expect(model.screen == .lab && model.overlays.isEmpty)
        _ = model.update(.paste("plume://look/1EQECAwIBCwAkAnOD?x-success=https://a.example/ok"))
        model.keys(.enter)
        #expect(model.top(CallbackOffer.self) != nil)
        let scores = model.tabBar.ranges(from: model.tabBarX)[Screen.scores.rawValue]
        let effects = model.update(.mouse(Mouse(x: scores.lowerBound + 1, y: 0, kind: .press)))
        #expect(model.screen == .scores && model.overlays.isEmpty)
        #expect(!effects.contains { if case .openURL = $0 { true } else { false } })
    }

    @Test func aDialogKeepsTheMouseToItself() {
        var model = app()
        model.keys(.char("2"), .char("N"))
        let scores = model.tabBar.ranges(from: model.tabBarX)[Screen.scores.rawValue]
        _ = model.update(.mouse(Mouse(x: scores.lowerBound + 1, y: 0, kind: .press)))
        #expect(model.screen == .lab && model.top(NameDialog.self) != nil)
    }

    @Test func aRevokedTokenReplacesAnOpenDonateDialogWithRegister() {
        var fake = FakeScores()
        fake.player = FakeScores.me
        var model = scoresApp(&fake)
        model.drive(keys: .char("d"), fake: &fake)
        #expect(model.top(DonateDialog.self) != nil)
        _ = model.update(.scores(.signedOut(formerName: "Ada", ScoresFailure(.unauthorized, "the sign-in token is not valid"))))
        #expect(model.overlays.count == 1 && model.top(RegisterDialog.self) != nil)
    }

    @Test func theRegisterDialogNamesWhereTheScoresAreAsLastHeard() {
        var model = app()
        model.keys(.char("b"))
        #expect(model.screenText.contains("Register on Local board"))
        _ = model.update(.scores(.identity(place: "scores.example", isLocal: false, player: nil, outbox: 0)))
        #expect(model.screenText.contains("Register on scores.example"))
    }
}
