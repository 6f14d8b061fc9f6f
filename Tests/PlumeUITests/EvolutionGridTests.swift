// The Lab's evolution grid: live mutants side by side; pick, mix, re-roll and go back.
import GameState
import SwarmSim
import Testing
import TUI
@testable import PlumeUI

@Suite struct EvolutionGridTests {
    func grid(width: Int = 100, height: Int = 30) -> AppModel {
        var model = app(width: width, height: height)
        model.keys(.char("2"), .char("e"))
        return model
    }

    @Test func theGridShowsNineDistinctLiveMutantsThatMove() throws {
        var model = grid()
        let state = try #require(model.top(EvolutionLayer.self)?.state)
        #expect(state.children.count == 9)
        #expect(Set(state.children).count == 9 && !state.children.contains(model.lab.recipe))
        #expect(state.children.allSatisfy { $0.isValid })
        let text = model.screenText
        #expect(text.contains("Evolution · generation 0"))
        for index in 1...9 { #expect(text.contains("\(index) · ")) }
        #expect(model.timing.frames)
        let before = model.screenText
        for _ in 0..<5 { _ = model.update(.tick) }
        #expect(model.top(EvolutionLayer.self)!.state.swarms.allSatisfy { $0.state.step == 5 })
        #expect(model.screenText != before)
        // The Lab's own swarm doesn't run underneath.
        #expect(model.lab.swarm.state.step == 0)
    }

    @Test func pickingAChildMakesItTheParentAndUndoGoesBack() throws {
        var model = grid()
        let original = model.lab.recipe
        let third = model.top(EvolutionLayer.self)!.state.children[2]
        let effects = model.keys(.char("3"))
        #expect(effects.contains { if case .save = $0 { true } else { false } })
        #expect(model.screen == .lab, "digits pick children here, they don't switch screens")
        #expect(model.lab.recipe == third && model.lab.lineage == 1)
        let grid = try #require(model.top(EvolutionLayer.self)?.state)
        #expect(grid.parent == third && !grid.children.contains(third))
        #expect(model.screenText.contains("generation 1"))
        model.keys(.char("5"))
        #expect(model.lab.lineage == 2)
        model.keys(.char("u"), .char("u"))
        #expect(model.lab.recipe == original && model.lab.lineage == 0)
        model.keys(.char("u"))
        #expect(model.status.contains("first generation"))
        model.keys(.escape)
        #expect(model.top(EvolutionLayer.self) == nil && model.screen == .lab)
        #expect(!model.screenText.contains("Evolution ·"))
    }

    @Test func mixingTwoMarkedChildrenBreedsTheirChild() throws {
        var model = grid()
        let children = model.top(EvolutionLayer.self)!.state.children
        model.keys(.char("x"), .char("2"))
        #expect(model.top(EvolutionLayer.self)!.state.marked == [1] && model.lab.lineage == 0)
        #expect(model.screenText.contains("2 ✓ mix"))
        model.keys(.char("2"))
        #expect(model.top(EvolutionLayer.self)!.state.marked.isEmpty, "a second press unmarks")
        model.keys(.char("2"), .char("7"))
        #expect(model.lab.lineage == 1)
        let mixed = model.lab.recipe
        // Every ingredient of the child comes from one of the two parents.
        let pool = Set((children[1].ingredients + children[6].ingredients).map(\.genome))
        #expect(mixed.ingredients.allSatisfy { pool.contains($0.genome) })
        #expect(mixed.isValid)
        model.keys(.char("x"), .escape)
        #expect(model.top(EvolutionLayer.self).map { !$0.state.mixing } == true)
    }

    @Test func rerollingBreedsNewChildrenOfTheSameParent() throws {
        var model = grid()
        let before = model.top(EvolutionLayer.self)!.state.children
        model.keys(.char("r"))
        #expect(model.top(EvolutionLayer.self)!.state.children != before)
        #expect(model.top(EvolutionLayer.self)!.state.parent == model.lab.recipe && model.lab.lineage == 0)
    }

    @Test func pausedTheGridAsksForNoTicks() {
        var model = grid()
        model.keys(.char(" "))
        #expect(!model.timing.frames)
        _ = model.update(.tick)
        #expect(model.top(EvolutionLayer.self)!.state.swarms.allSatisfy { $0.state.step == 0 })
        model.keys(.char(" "))
        #expect(model.timing.frames)
    }

    @Test func aClickOnACellPicksItAndASmallWindowShowsFewer() throws {
        var model = grid()
        let layout = EvolutionLayout(model.contentArea)
        let fifth = model.top(EvolutionLayer.self)!.state.children[4]
        _ = model.update(.mouse(Mouse(x: 1 + layout.cellWidth + 3, y: 2 + layout.cellHeight + 2, kind: .press)))
        #expect(model.lab.recipe == fifth)
        // The smallest window Plume runs in still shows nine, each cell inside the area and apart.
        for (width, height) in [(80, 24), (120, 40)] {
            let model = grid(width: width, height: height)
            #expect(model.top(EvolutionLayer.self)!.state.children.count == 9)
            let layout = EvolutionLayout(model.contentArea)
            let cells = (0..<9).map(layout.cell)
            for (index, cell) in cells.enumerated() {
                #expect(cell.x >= 0 && cell.maxX <= width && cell.y >= model.contentArea.y && cell.maxY <= model.contentArea.maxY)
                for other in cells[(index + 1)...] { #expect(cell.maxX <= other.x || other.maxX <= cell.x || cell.maxY <= other.y || other.maxY <= cell.y) }
            }
        }
        // A window too small for Plume takes no keys but q.
        var narrow = app(width: 80, height: 24)
        narrow.keys(.char("2"))
        _ = narrow.update(.resize(width: 45, height: 24))
        narrow.keys(.char("e"))
        #expect(narrow.overlays.isEmpty && narrow.screenText.contains("Make the window larger"))
        #expect(narrow.keys(.char("q")) == [.quit])
    }
}
