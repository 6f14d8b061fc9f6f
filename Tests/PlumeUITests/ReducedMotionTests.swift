// Reduced motion: the Lab's swarm, the evolution grid, the gallery's and an import's previews and
// the Runway's swarm show hold still until the player asks; space runs, . steps.
import GameState
import SwarmSim
import Testing
import TUI
@testable import PlumeUI

@Suite struct ReducedMotionTests {
    func still(width: Int = 100, height: Int = 30) -> AppModel {
        var model = app(width: width, height: height)
        model.reduceMotion = true
        return model
    }

    @Test func theLabsSwarmHoldsStillUntilSpaceRunsItOrDotStepsIt() {
        var model = still()
        model.keys(.char("2"))
        #expect(!model.timing.frames, "nothing asks for frames")
        let before = model.screenText
        for _ in 0..<5 { _ = model.update(.tick) }
        #expect(model.lab.swarm.state.step == 0 && model.screenText == before)
        #expect(model.screenText.contains("‖ paused"))
        model.keys(.char("."))
        #expect(model.lab.swarm.state.step == 1 && model.screenText != before)
        model.keys(.char(" "))
        #expect(model.timing.frames && model.screenText.contains("▶ running"), "asked, it runs")
        // Without the setting the same Lab runs from the start.
        var moving = app()
        moving.keys(.char("2"))
        #expect(moving.timing.frames && moving.lab.running)
    }

    @Test func aSwarmLoadedFromTheGalleryStaysStillAndTheGallerysPreviewStepsOnDot() throws {
        var model = still()
        model.keys(.char("2"), .char("G"))
        let gallery = try #require(model.top(GalleryLayer.self))
        #expect(!gallery.animates(model.context) && !model.timing.frames)
        let before = model.screenText
        for _ in 0..<3 { _ = model.update(.tick) }
        #expect(model.screenText == before)
        model.keys(.char("."))
        #expect(model.screenText != before && model.status.contains("One step"))
        model.keys(.enter)
        #expect(model.top(GalleryLayer.self) == nil && !model.lab.running && !model.timing.frames)
    }

    @Test func theEvolutionGridOpensStillAndStepsOnDot() throws {
        var model = still()
        model.keys(.char("2"), .char("e"))
        let grid = try #require(model.top(EvolutionLayer.self))
        #expect(!grid.state.running && !model.timing.frames)
        #expect(model.status.contains(". steps them"))
        model.keys(.char("."))
        #expect(model.top(EvolutionLayer.self)!.state.swarms.allSatisfy { $0.state.step == 1 })
        // A pick breeds a new generation, still.
        model.keys(.char("3"))
        #expect(!model.top(EvolutionLayer.self)!.state.running)
        model.keys(.char(" "))
        #expect(model.timing.frames)
    }

    @Test func anImportedSwarmsPreviewHoldsItsFirstFrame() {
        var model = still()
        model.keys(.char("3"))
        _ = model.update(.paste(RunwaySwarmShowTests.swarms[0]))
        #expect(model.importing.preview != nil && !model.timing.frames)
    }

    @Test func theRunwaysSwarmShowStartsPausedAndStepsOnDot() {
        var fake = FakeScores()
        var model = RunwaySwarmShowTests().swarmApp(&fake)
        model.reduceMotion = true
        _ = model.drive(keys: .char("w"), fake: &fake)
        #expect(model.runway.pairRun != nil && !model.timing.frames)
        model.keys(.char("."))
        #expect(model.runway.pairRun?.step == 1 && model.status.contains("Step 1 of"))
    }
}

@Suite struct ReducedMotionImportTests {
    @Test func anImportedSwarmTakenToTheLabStaysStillThere() {
        var model = app()
        model.reduceMotion = true
        model.keys(.char("3"))
        _ = model.update(.paste(RunwaySwarmShowTests.swarms[1]))
        model.keys(.enter)
        #expect(model.screen == .lab && !model.lab.running && !model.timing.frames)
        #expect(model.screenText.contains("‖ paused"))
        // Without the setting, an import runs at once (as it always has).
        var moving = app()
        moving.keys(.char("2"), .char(" "), .char("3"))
        #expect(!moving.lab.running)
        _ = moving.update(.paste(RunwaySwarmShowTests.swarms[1]))
        moving.keys(.enter)
        #expect(moving.lab.running)
    }
}
