// Swarm slots and names: save, overwrite only on a second press, open, the name kept with the
// swarm, and all of it through the save file (older saves without swarm slots still load).
import Foundation
import GameState
import Testing
import TUI
@testable import PlumeUI

@Suite struct SwarmSlotTests {
    func lab() -> AppModel {
        var model = app()
        model.keys(.char("2"))
        return model
    }

    /// Opens the name dialog (it starts with the current name), clears it and types `text`.
    func name(_ model: inout AppModel, _ text: String) {
        model.keys(.char("N"))
        for _ in 0..<NameDialog.maxCharacters { model.keys(.backspace) }
        _ = model.update(.paste(text))
        model.keys(.enter)
    }

    @Test func aNamedSwarmIsSavedOpenedAndOverwrittenOnlyOnASecondPress() throws {
        var model = lab()
        name(&model, "Comet\u{1B}[2J")
        #expect(model.lab.name == "Comet[2J")
        #expect(model.screenText.contains("“Comet[2J”"))
        model.keys(.char("w"), .char("3"))
        let first = model.lab.recipe
        #expect(model.shelf.swarms[2] == SwarmSlot(link: ShareCode.link(.swarm(first)), name: "Comet[2J"))
        #expect(model.screen == .lab, "the digit picked a slot, not a screen")
        model.keys(.char("m"))
        name(&model, "Mutant")
        model.keys(.char("w"), .char("3"))
        #expect(model.status.contains("holds “Comet[2J”"))
        #expect(model.shelf.swarms[2]?.name == "Comet[2J")
        model.keys(.char("w"), .char("3"))
        #expect(model.shelf.swarms[2]?.name == "Mutant")
        model.keys(.char("o"), .char("3"))
        #expect(model.lab.name == "Mutant")
        model.keys(.char("o"), .char("5"))
        #expect(model.status == "Swarm slot 5 is empty.")
        // Look slots are separate.
        #expect(model.shelf.looks.allSatisfy { $0 == nil })
    }

    @Test func namesComeFromRecipeTitlesAndEscKeepsTheOldOne() {
        var model = lab()
        _ = model.update(.paste("Jellyfish\n134 * (262.65, 12.01, 25.87, 0.97, 1.0, 56.35, 0.26, 0.61)"))
        model.keys(.enter)
        #expect(model.lab.name == "Jellyfish")
        model.keys(.char("N"), .char("x"), .escape)
        #expect(model.lab.name == "Jellyfish")
        model.keys(.char("N"))
        for _ in 0..<9 { model.keys(.backspace) }
        model.keys(.enter)
        #expect(model.lab.name == nil)
        name(&model, String(repeating: "n", count: 60))
        #expect(model.lab.name?.count == NameDialog.maxCharacters)
    }

    @Test func slotsAndTheNameRoundTripThroughTheSaveFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("slots-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = SaveStore(directory: directory)
        var model = lab()
        name(&model, "Rings")
        model.keys(.char("w"), .char("9"))
        try store.save(model.savedGame)
        guard case .loaded(let game) = store.load() else { Issue.record("not loaded"); return }
        let restored = AppModel(catalog: catalog, book: book, day: 20_000, saved: game)
        #expect(restored.shelf.swarms == model.shelf.swarms)
        #expect(restored.lab.name == "Rings" && restored.lab.recipe == model.lab.recipe)
        // A save from before swarm slots existed.
        let old = #"{"format":1,"look":null,"swarm":null,"slots":[null,"plume://look/1EQEBAO3S"]}"#
        try Data(old.utf8).write(to: store.file)
        guard case .loaded(let older) = store.load() else { Issue.record("old save refused"); return }
        #expect(older.swarmSlots?.count == SavedGame.slotCount && older.swarmSlots!.allSatisfy { $0 == nil })
        #expect(older.slots.count == SavedGame.slotCount && older.slots[1] == "plume://look/1EQEBAO3S")
        #expect(AppModel(catalog: catalog, book: book, day: 20_000, saved: older).lab.lineage == 0)
    }

    @Test func theEvolutionGenerationSurvivesAQuit() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("generation-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = SaveStore(directory: directory)
        var model = lab()
        model.keys(.char("e"), .char("4"), .char("2"), .escape)
        #expect(model.lab.lineage == 2)
        try store.save(model.savedGame)
        guard case .loaded(let game) = store.load() else { Issue.record("not loaded"); return }
        var restored = AppModel(catalog: catalog, book: book, day: 20_000, saved: game)
        #expect(restored.lab.lineage == 2 && restored.lab.recipe == model.lab.recipe)
        restored.keys(.char("2"))
        #expect(restored.screenText.contains("generation 2"))
        // A hand-edited save can't make the line absurd.
        var edited = game
        edited.swarmGeneration = -5
        #expect(AppModel(catalog: catalog, book: book, day: 20_000, saved: edited).lab.lineage == 0)
    }
}
