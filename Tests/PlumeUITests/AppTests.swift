// The app as pure code: drive update() with messages, read view() as text.
import Challenges
import Foundation
import GameState
import Testing
import TUI
@testable import PlumeUI

let catalog: Catalog = { try! Catalog.bundled.get() }()
let book: ChallengeBook = { try! ChallengeBook.bundled.get() }()

func app(width: Int = 100, height: Int = 30, saved: SavedGame? = nil) -> AppModel {
    var model = AppModel(catalog: catalog, book: book, day: 20_000, saved: saved)
    _ = model.update(.resize(width: width, height: height))
    return model
}

extension AppModel {
    @discardableResult
    mutating func keys(_ keys: Key...) -> [Effect] { keys.flatMap { update(.key($0)) } }
    var screenText: String { view().text }
}

@Suite struct StudioTests {
    @Test func theStudioShowsTheFigureTheThemeAndTheSlots() {
        let model = app()
        let text = model.screenText
        #expect(text.contains("1 Studio") && text.contains("2 Lab"))
        #expect(text.contains("Today: \(model.theme.name)"))
        #expect(text.contains("▸ Background  Sunset Beach"))
        #expect(model.view().row(2).hasPrefix(" ▀▀▀▀"))
    }

    @Test func arrowKeysDressTheModelAndTheScoreFollows() {
        var model = app()
        let before = model.styleScore.total
        let effects = model.keys(.down, .down, .right)  // Top → first top
        #expect(model.studio.look.garments.count == 1)
        #expect(effects.contains { if case .save = $0 { true } else { false } })
        #expect(model.screenText.contains("Top         Plain Tee · White"))
        #expect(model.styleScore.total != before)
        #expect(model.screenText.contains("Score \(model.styleScore.total)/1000"))
    }

    @Test func eachAccessoryRowHoldsItsOwnItemAndNeverOfferOneAlreadyWorn() {
        var model = app()
        let row = { (index: Int) in StudioState.Row.all.firstIndex(of: .accessory(index))! }
        model.studio.selected = row(0)
        model.keys(.right)
        let first = try! #require(model.studio.worn(on: .accessory(0), in: catalog))
        // An empty Accessory 3: → puts an item there, on that row, and not the one worn above.
        model.studio.selected = row(2)
        model.keys(.right)
        #expect(model.studio.selected == row(2))
        let third = try! #require(model.studio.worn(on: .accessory(2), in: catalog))
        #expect(third.id != first.id)
        #expect(model.studio.worn(on: .accessory(1), in: catalog) == nil)
        #expect(model.studio.worn(on: .accessory(0), in: catalog) == first)
        // → again changes Accessory 3, every time, through items not worn on the other rows.
        var seen = Set([third.id])
        for _ in 0..<(catalog.garments(in: .accessory).count - 1) {
            model.keys(.right)
            let now = model.studio.worn(on: .accessory(2), in: catalog)
            guard let now else { break }
            #expect(now.id != first.id)
            #expect(seen.insert(now.id).inserted, "offered \(now.id) twice")
            #expect(model.studio.worn(on: .accessory(0), in: catalog)?.id == first.id || model.studio.worn(on: .accessory(0), in: catalog) == nil)
        }
        // The picker never offers what another row wears, nor what would take it off.
        let choices = model.studio.choices(in: catalog)
        if let other = model.studio.worn(on: .accessory(0), in: catalog).flatMap({ catalog.garment(id: $0.id) }) {
            #expect(!choices.contains { $0.id == other.id || !$0.covers.isDisjoint(with: other.covers) })
        }
        // Three rows filled with → alone hold three accessories.
        for index in 1...2 where model.studio.worn(on: .accessory(index), in: catalog) == nil {
            model.studio.selected = row(index)
            model.keys(.right)
        }
        #expect((0..<3).allSatisfy { model.studio.worn(on: .accessory($0), in: catalog) != nil })
        // Taking an accessory off empties its own row only.
        model.studio.selected = row(0)
        model.keys(.char("x"))
        #expect(model.studio.worn(on: .accessory(0), in: catalog) == nil)
    }

    @Test func theModelLineNamesABuildOtherThanTheStandardOne() {
        var model = app()
        model.keys(.down)  // the Model row
        var seen: [String: String] = [:]
        for _ in catalog.models {
            model.keys(.right)
            let shown = catalog.model(id: model.studio.look.model)!
            seen[shown.key] = model.studio.label(of: .model, in: catalog)
            #expect(model.screenText.contains("▸ Model       \(seen[shown.key]!)"))
        }
        #expect(seen.count == catalog.models.count)
        #expect(seen["noor"] == "Noor · slim build" && seen["amara"] == "Amara · curvy build")
        #expect(seen["ada"] == "Ada")
    }

    @Test func aDressReplacesTopAndBottomAndSaysSo() {
        var model = app()
        model.keys(.down, .down, .right, .down, .right, .down, .right)  // top, bottom, then a dress
        let slots = model.studio.look.garments.compactMap { catalog.garment(id: $0.id)?.slot }
        #expect(slots == [.dress])
        #expect(model.status == "The Sundress replaces the Plain Tee and the Straight Jeans.")
        #expect(model.screenText.contains("The Sundress replaces the Plain Tee"))
    }

    @Test func undoAndRedoAreUnbounded() {
        var model = app()
        model.keys(.down, .down)
        for _ in 0..<30 { model.keys(.right) }
        let dressed = model.studio.look
        for _ in 0..<30 { model.keys(.char("u")) }
        #expect(model.studio.look.garments.isEmpty)
        #expect(model.keys(.char("u")).isEmpty, "nothing changed, so nothing is saved")
        #expect(model.status == "Nothing to undo.")
        for _ in 0..<30 { model.keys(.char("U")) }
        #expect(model.studio.look == dressed)
    }

    @Test func coloursCycleAndNothingToRecolourIsSaid() {
        var model = app()
        model.keys(.down, .down, .char("c"))
        #expect(model.status.contains("pick a garment first"))
        model.keys(.right, .char("c"), .char("c"))
        #expect(model.studio.look.garments[0].colour == 2)
        model.keys(.char("C"))
        #expect(model.studio.look.garments[0].colour == 1)
    }

    @Test func randomiseMakesAWearableLook() {
        var model = app()
        for _ in 0..<20 {
            model.keys(.char("r"))
            #expect(model.studio.look.brokenRules(in: catalog).isEmpty)
        }
    }

    @Test func savingOverAnOccupiedSlotNeedsASecondPress() {
        var model = app()
        model.keys(.char("w"), .char("1"))
        #expect(model.shelf.looks[0] != nil)
        model.keys(.down, .down, .right, .char("w"), .char("1"))
        #expect(model.status.contains("again to overwrite"))
        #expect(model.shelf.looks[0] == ShareCode.link(.look(Look(background: 1, model: 1))))
        model.keys(.char("w"), .char("1"))
        #expect(model.shelf.looks[0] == ShareCode.link(.look(model.studio.look)))
        model.keys(.char("x"), .char("o"), .char("1"))
        #expect(model.studio.look.garments.count == 1)
    }
}

@Suite struct ImportAndShareTests {
    @Test func aPasteOpensImportWithAPreviewAndEnterApplies() {
        var model = app()
        let link = "plume://look/1EQECAwIBCwAkAnOD?x-source=Mail"
        _ = model.update(.paste("Here: <\(link)>"))
        #expect(model.screen == .importer)
        let text = model.screenText
        #expect(text.contains("✓ A look: 3 garments on Sunset Beach"))
        #expect(text.contains("From: Mail (unverified"))
        model.keys(.enter)
        #expect(model.screen == .studio)
        #expect(model.studio.look == Fixture.goldenLook)
        model.keys(.char("u"))
        #expect(model.studio.look.garments.isEmpty)  // the previous look came back
    }

    @Test func aBadPasteSaysWhyAndAppliesNothing() {
        var model = app()
        _ = model.update(.paste("plume://look/1EQECAwIBCwAkAnOE"))
        #expect(model.screenText.contains("damaged"))
        model.keys(.enter)
        #expect(model.screen == .importer)
        #expect(model.studio.look.garments.isEmpty)
        model.keys(.escape)
        #expect(model.screen == .studio)
    }

    @Test func anOversizedPasteIsRefusedWithItsSize() {
        var model = app()
        _ = model.update(.paste(String(repeating: "x", count: 5_000)))
        #expect(model.screenText.contains("5000 bytes"))
    }

    @Test func aSwarmPasteRunsAPreviewAndGoesToTheLab() {
        var model = app()
        _ = model.update(.paste("emergent://?r=45673766682117&g=16799217307868"))
        #expect(model.importing.preview != nil)
        #expect(model.timing.frames)
        _ = model.update(.tick)
        #expect(model.importing.preview?.state.step == 1)
        model.keys(.enter)
        #expect(model.screen == .lab)
        #expect(model.lab.recipe.ingredients.count == 2)
    }

    @Test func pastedControlCharactersNeverReachTheScreen() {
        var model = app()
        _ = model.update(.paste("\u{1B}[2J\u{1B}]0;owned\u{07}plume://look/1EQECAwIBCwAkAnOD?x-source=%E2%80%AEevil"))
        let cells = model.view().cells.map(\.scalar)
        #expect(!cells.contains { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" })
    }

    @Test func shareCopiesTheLinkAndShowsItWithinEightyColumns() {
        var model = app(width: 80, height: 24)
        model.keys(.char("2"))
        let effects = model.keys(.char("s"))
        #expect(effects == [.copyToClipboard(ShareCode.link(.swarm(model.lab.recipe)))])
        _ = model.update(.copied("Copied to the clipboard via your terminal (OSC 52)."))
        let text = model.screenText
        #expect(text.contains("Share this swarm"))
        #expect(text.contains("OSC 52"))
        for line in text.split(separator: "\n") { #expect(line.count <= 80) }
        // The wrapped lines of the link, rejoined by the importer, give the recipe back.
        let shown = text.split(separator: "\n").filter { $0.hasPrefix("  plume://") || ($0.hasPrefix("  ") && !$0.contains(" ", after: 2) && $0.count > 10) }
        #expect(try! LinkImporter(catalog: catalog).read(shown.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")).state == .swarm(model.lab.recipe))
    }
}

@Suite struct LabAndFrameTests {
    @Test func theLabRunsPausesAndStepsAndIdlesWithoutTicks() {
        var model = app()
        model.keys(.char("2"))
        #expect(model.timing.frames)
        _ = model.update(.tick)
        _ = model.update(.tick)
        #expect(model.lab.swarm.state.step == 2)
        model.keys(.char(" "))
        #expect(!model.timing.frames)
        model.keys(.char("."))
        #expect(model.lab.swarm.state.step == 3)
        #expect(model.screenText.contains("paused"))
        #expect(model.view().cells.contains { (0x2801...0x28FF).contains($0.scalar.value) })
    }

    @Test func editingAParameterRestartsTheRunWithTheNewRecipe() {
        var model = app()
        model.keys(.char("2"))
        let before = model.lab.recipe.ingredients[0].genome.hundredths(.radius)
        model.keys(.right)
        #expect(model.lab.recipe.ingredients[0].genome.hundredths(.radius) == before + 300)
        #expect(model.lab.swarm.state.step == 0)
        model.keys(.char("u"))
        #expect(model.lab.recipe.ingredients[0].genome.hundredths(.radius) == before)
        model.keys(.char("m"), .char("p"))
        #expect(model.lab.recipe.isValid)
        #expect(model.lab.agentCount == 1_000)
    }

    @Test func helpListsTheScreensKeysAndAnyKeyClosesIt() {
        var model = app()
        model.keys(.char("?"))
        let text = model.screenText
        #expect(text.contains("Keys — Studio"))
        #expect(text.contains("randomise"))
        model.keys(.char("z"))
        #expect(model.top(HelpOverlay.self) == nil)
    }

    @Test func aSmallWindowAsksToBeLarger() {
        var model = app(width: 70, height: 20)
        #expect(model.screenText.contains("Make the window larger"))
        #expect(model.screenText.contains("70×20"))
        _ = model.update(.resize(width: 80, height: 24))
        #expect(model.screenText.contains("Studio"))
    }

    @Test func aSaveGoesOutOnlyWhenTheSavedGameChangesAndBeforeAQuit() {
        var model = app()
        // Nothing changed: nothing to write.
        #expect(model.keys(.char("u"), .char("U"), .up, .down, .char("?"), .escape) == [])
        #expect(model.keys(.char("q")) == [.quit])
        #expect(model.update(.key(.ctrl("c"))) == [.quit])
        // A change goes out once, with the key that made it.
        let dressed = model.keys(.down, .down, .right)
        #expect(dressed == [.save(model.savedGame)])
        #expect(model.keys(.up, .char("q")) == [.quit])
        // A slot filled by the prompt's digit is a change too.
        model.keys(.char("w"))
        #expect(model.update(.key(.char("4"))) == [.save(model.savedGame)])
    }

    @Test func clickingASlotRowSelectsItAndScrollingChangesIt() {
        var model = app()
        let list = model.studio.layout(model.contentArea, model.context).list
        _ = model.update(.mouse(Mouse(x: list.x + 3, y: list.y + 2, kind: .press)))
        #expect(model.studio.row == .slot(.top))
        _ = model.update(.mouse(Mouse(x: list.x + 3, y: list.y + 2, kind: .scrollDown)))
        #expect(model.studio.worn(on: .slot(.top), in: catalog) != nil)
    }

    @Test func aQuestionMarkTypedIntoImportIsText() {
        var model = app()
        model.keys(.char("3"), .char("p"), .char("?"), .char("1"), .char("q"))
        #expect(model.top(HelpOverlay.self) == nil)
        #expect(model.screen == .importer)
        #expect(model.importing.text == "p?1q")
        #expect(model.view().text.contains("Typing: every key goes into the box"))
    }

    @Test func theScreenKeysLeaveImportWhenNothingIsBeingTyped() {
        var model = app()
        // Straight after opening it, and after closing its help, 1 goes to the Studio.
        model.keys(.char("3"), .char("?"), .escape, .char("1"))
        #expect(model.screen == .studio)
        #expect(model.importing.text.isEmpty)
        // After a paste, too: the pasted link is not being typed.
        _ = model.update(.paste("plume://look/1EQECAwIBCwAkAnOD"))
        model.keys(Screen.scores.key)
        #expect(model.screen == .scores)
        // Enter on an empty box starts typing, and then digits are typed; Esc stops.
        model.keys(.char("3"), .escape, .char("3"), .enter, .char("1"))
        #expect(model.screen == .importer)
        #expect(model.importing.text == "1")
        model.keys(.escape, .char("3"), .char("2"))
        #expect(model.screen == .lab)
    }

    @Test func wordsSaidOnOneScreenDoNotFollowThePlayerToTheNext() {
        var model = app()
        model.keys(.char("3"), .char("x"), .enter)
        #expect(!model.status.isEmpty)
        model.keys(.tab)
        #expect(model.status.isEmpty, "status: \(model.status)")
        // What a screen says on arrival is kept: Esc on Import says it cancelled, back where it came from.
        model.keys(.char("3"), .escape)
        #expect(model.status == "Import cancelled.")
    }

    @Test func clickingATabSwitchesScreens() {
        var model = app()
        let tab = model.tabBar.ranges(from: model.tabBarX)[Screen.lab.rawValue]
        _ = model.update(.mouse(Mouse(x: tab.lowerBound + 1, y: 0, kind: .press)))
        #expect(model.screen == .lab)
    }
}

@Suite struct SaveStoreTests {
    func temporaryStore() -> SaveStore {
        SaveStore(directory: FileManager.default.temporaryDirectory.appendingPathComponent("plume-save-\(UUID().uuidString)"))
    }

    @Test func savesRoundTripAndRestoreTheGame() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        #expect(store.load() == .fresh)
        var model = app()
        model.keys(.down, .down, .right, .char("w"), .char("3"))
        try store.save(model.savedGame)
        guard case .loaded(let game) = store.load() else { Issue.record("not loaded"); return }
        let again = app(saved: game)
        #expect(again.studio.look == model.studio.look)
        #expect(again.shelf.looks[2] != nil)
        #expect(again.lab.recipe == model.lab.recipe)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
        #expect(leftovers == ["plume.json"])
    }

    @Test func aCorruptSaveIsMovedAsideNotDropped() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: store.file)
        guard case .corrupt(let aside) = store.load() else { Issue.record("not reported"); return }
        #expect(try String(contentsOfFile: aside, encoding: .utf8) == "{ not json")
        #expect(!FileManager.default.fileExists(atPath: store.file.path))
    }

    @Test func theStandardFolderFollowsXDG() {
        #expect(SaveStore.standard(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/p"]).directory.path == "/data/plume")
        #expect(SaveStore.standard(environment: ["HOME": "/home/p"]).directory.path == "/home/p/.local/share/plume")
        #expect(SaveStore.standard(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/p"]).directory.path == "/home/p/.local/share/plume")
    }
}

enum Fixture {
    static let goldenLook = Look(background: 1, model: 2, garments: [
        WornGarment(id: 2, colour: 1), WornGarment(id: 11, colour: 0), WornGarment(id: 36, colour: 2),
    ])
}

extension Substring {
    func contains(_ character: Character, after offset: Int) -> Bool { dropFirst(offset).contains(character) }
}

@Suite struct GarmentPickerTests {
    @Test func thePickerShowsWhatTheArrowsWouldPutOnAndHowItSuitsToday() throws {
        var model = app(width: 100, height: 40)
        model.keys(.down, .down)  // Top
        let tops = catalog.garments(in: .top)
        let theme = model.theme
        var text = model.screenText
        let first = tops[0], last = tops[tops.count - 1]
        // The verdict names the tags that decide it.
        let deciding = first.tags.filter { theme.fit(of: first) == .suits ? theme.wanted.contains($0) : theme.unwanted.contains($0) }
        let because = deciding.isEmpty ? "" : " (" + deciding.joined(separator: ", ") + ")"
        #expect(text.contains("→ \(first.name) \(theme.fit(of: first).words)\(because)"), "\(text)")
        #expect(text.contains("← \(last.name) "))
        #expect(model.studio.look.garments.isEmpty, "nothing is worn until an arrow is pressed")
        model.keys(.right)
        text = model.screenText
        #expect(text.contains("on \(first.name) · \(first.variants[0].name)"))
        #expect(text.contains("← nothing"))
        #expect(text.contains("→ \(tops[1].name) "))
        // Background and model rows have no picker line.
        model.keys(.up, .up)
        #expect(!model.screenText.contains("→ \(tops[1].name) ") && !model.screenText.contains("← nothing"))
    }

    @Test func atEightyByTwentyFourTheStudioCutsNothingTheThemeAsks() {
        var model = app(width: 80, height: 24)
        let theme = model.theme
        let text = model.screenText.split(separator: "\n").map { $0.dropFirst(43).trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(text.contains(theme.brief), "brief: \(text)")
        // Every part of the score is on screen with its points and today's rule.
        for line in theme.checklist(model.studio.look, score: theme.score(model.studio.look, in: catalog), in: catalog) {
            #expect(text.contains("\(line.points)/\(line.maximum)"), "\(line.part): \(text)")
            #expect(text.contains(line.words), "\(line.part)'s rule: \(text)")
        }
        #expect(text.contains(theme.colours.shortDescription), "colour rule: \(text)")
        // The worn garment's colour, whole, on the line under the list.
        model.keys(.down, .down, .right, .char("c"))
        let worn = model.studio.worn(on: .slot(.top), in: catalog)!
        let garment = catalog.garment(id: worn.id)!
        #expect(model.screenText.contains("on \(garment.name) · \(garment.variants[worn.colour].name)"))
    }

    @Test func fitFollowsWantedAndUnwantedTags() throws {
        let theme = model().theme
        for garment in catalog.garments {
            let tags = Set(garment.tags)
            let fit = theme.fit(of: garment)
            if !tags.isDisjoint(with: theme.unwanted) { #expect(fit == .clashes) }
            else if !tags.isDisjoint(with: theme.wanted) { #expect(fit == .suits) }
            else { #expect(fit == .neutral) }
        }
        #expect(Set(catalog.garments.map { theme.fit(of: $0) }).count >= 2)
    }

    func model() -> AppModel { app() }
}
