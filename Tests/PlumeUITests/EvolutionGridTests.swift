// The Lab's evolution grid: live mutants side by side; pick, mix, re-roll and go back.
import GameState
import SwarmSim
import Testing
@testable import PlumeUI

@Suite struct EvolutionGridTests {
    func grid(width: Int = 100, height: Int = 30) -> AppModel {
        var model = app(width: width, height: height)
        model.keys(.char("2"), .char("e"))
        return model
    }

    @Test func theGridShowsNineDistinctLiveMutantsThatMove() throws {
        var model = grid()
        let state = try #require(model.evolution)
        #expect(state.children.count == 9)
        #expect(Set(state.children).count == 9 && !state.children.contains(model.lab.recipe))
        #expect(state.children.allSatisfy { $0.isValid })
        let text = model.screenText
        #expect(text.contains("Evolution · generation 0"))
        for index in 1...9 { #expect(text.contains("\(index) · ")) }
        #expect(model.wantsTicks)
        let before = model.screenText
        for _ in 0..<5 { _ = model.update(.tick) }
        #expect(model.evolution!.swarms.allSatisfy { $0.state.step == 5 })
        #expect(model.screenText != before)
        // The Lab's own swarm doesn't run underneath.
        #expect(model.lab.swarm.state.step == 0)
    }

    @Test func pickingAChildMakesItTheParentAndUndoGoesBack() throws {
        var model = grid()
        let original = model.lab.recipe
        let third = model.evolution!.children[2]
        let effects = model.keys(.char("3"))
        #expect(effects.contains { if case .save = $0 { true } else { false } })
        #expect(model.screen == .lab, "digits pick children here, they don't switch screens")
        #expect(model.lab.recipe == third && model.lab.lineage == 1)
        #expect(model.evolution!.parent == third && !model.evolution!.children.contains(third))
        #expect(model.screenText.contains("generation 1"))
        model.keys(.char("5"))
        #expect(model.lab.lineage == 2)
        model.keys(.char("u"), .char("u"))
        #expect(model.lab.recipe == original && model.lab.lineage == 0)
        model.keys(.char("u"))
        #expect(model.status.contains("first generation"))
        model.keys(.escape)
        #expect(model.evolution == nil && model.screen == .lab)
        #expect(!model.screenText.contains("Evolution ·"))
    }

    @Test func mixingTwoMarkedChildrenBreedsTheirChild() throws {
        var model = grid()
        let children = model.evolution!.children
        model.keys(.char("x"), .char("2"))
        #expect(model.evolution!.marked == [1] && model.lab.lineage == 0)
        #expect(model.screenText.contains("2 ✓ mix"))
        model.keys(.char("2"))
        #expect(model.evolution!.marked.isEmpty, "a second press unmarks")
        model.keys(.char("2"), .char("7"))
        #expect(model.lab.lineage == 1)
        let mixed = model.lab.recipe
        // Every ingredient of the child comes from one of the two parents.
        let pool = Set((children[1].ingredients + children[6].ingredients).map(\.genome))
        #expect(mixed.ingredients.allSatisfy { pool.contains($0.genome) })
        #expect(mixed.isValid)
        model.keys(.char("x"), .escape)
        #expect(model.evolution != nil && !model.evolution!.mixing)
    }

    @Test func rerollingBreedsNewChildrenOfTheSameParent() throws {
        var model = grid()
        let before = model.evolution!.children
        model.keys(.char("r"))
        #expect(model.evolution!.children != before)
        #expect(model.evolution!.parent == model.lab.recipe && model.lab.lineage == 0)
    }

    @Test func pausedTheGridAsksForNoTicks() {
        var model = grid()
        model.keys(.char(" "))
        #expect(!model.wantsTicks)
        _ = model.update(.tick)
        #expect(model.evolution!.swarms.allSatisfy { $0.state.step == 0 })
        model.keys(.char(" "))
        #expect(model.wantsTicks)
    }

    @Test func aClickOnACellPicksItAndASmallWindowShowsFewer() throws {
        var model = grid()
        let layout = model.evolveLayout
        let fifth = model.evolution!.children[4]
        _ = model.update(.mouse(Mouse(x: 1 + layout.cellWidth + 3, y: 2 + layout.cellHeight + 2, kind: .press)))
        #expect(model.lab.recipe == fifth)
        let small = grid(width: 80, height: 24)
        #expect(small.evolution!.children.count == 9)
        var narrow = app(width: 80, height: 24)
        narrow.keys(.char("2"))
        _ = narrow.update(.resize(width: 45, height: 24))
        narrow.keys(.char("e"))
        #expect(narrow.evolution!.children.count == 6)
    }
}
