// The screen-reader mode: the cursor rests at the start of the focused item's text on every
// screen and in every overlay, and follows each move; the Lab says its swarm in words; a dialog
// names itself when it opens; the messages file hears what changed; the settings place changes
// the settings and asks for them to be kept.
import GameState
import Testing
import TUI
@testable import PlumeUI

@Suite struct ScreenReaderTests {
    func reading(width: Int = 100, height: Int = 30) -> AppModel {
        var model = app(width: width, height: height)
        model.screenReader = true
        return model
    }

    /// The text of the row the cursor is on, from the cursor on.
    func underCursor(_ model: AppModel) throws -> String {
        let grid = model.view()
        let cursor = try #require(grid.cursor, "the cursor has a place")
        let row = Array(grid.row(cursor.y).unicodeScalars)
        return String(String.UnicodeScalarView(row[cursor.x...])).trimmingCharacters(in: .whitespaces)
    }

    @Test func inTheStudioTheCursorIsOnTheChosenRowAndFollowsIt() throws {
        var model = reading()
        let first = try underCursor(model)
        #expect(first.hasPrefix("▸ "), "on the chosen row's mark: \(first)")
        let y = try #require(model.view().cursor).y
        model.keys(.down)
        #expect(try underCursor(model).hasPrefix("▸ ") && model.view().cursor?.y == y + 1, "one row down")
        model.keys(.up)
        #expect(model.view().cursor?.y == y)
    }

    @Test func everyScreenPutsTheCursorOnWhatItShows() throws {
        var model = reading()
        for screen in Screen.allCases {
            model.keys(screen.key)
            let said = try underCursor(model)
            #expect(!said.isEmpty, "\(screen.name): the cursor rests on words")
            let cursor = try #require(model.view().cursor)
            #expect(cursor.y >= 1 && cursor.y < model.height - 1, "\(screen.name): inside the screen, not on the chrome")
        }
    }

    @Test func theLabIsSaidInWordsAndItsCursorFollowsTheParameters() throws {
        var model = reading()
        model.keys(.char("2"))
        let text = model.screenText
        #expect(!text.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "no braille picture")
        #expect(text.contains("agents of 2 species") && text.contains("Shape:") && text.contains("Motion:") && text.contains("Species 1:"))
        #expect(!model.timing.frames, "it holds still")
        let parameter = try underCursor(model)
        #expect(parameter.hasPrefix("▸ R neighbourhood radius"), "\(parameter)")
        model.keys(.down)
        let next = try underCursor(model)
        #expect(next.hasPrefix("▸ ") && next != parameter, "moved to the next parameter: \(next)")
        // Without the mode, the picture.
        var seeing = app()
        seeing.keys(.char("2"))
        #expect(seeing.screenText.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
    }

    @Test func aDialogNamesItselfWhenItOpensAndTheCursorGoesToItsField() throws {
        var model = reading()
        model.keys(.char("5"), .char("p"))
        #expect(model.status.hasPrefix("Register is open — "), "\(model.status)")
        #expect(try underCursor(model).hasPrefix("▸ Name"))
        model.keys(.tab)
        #expect(try underCursor(model).hasPrefix("▸ E-mail"))
        model.keys(.escape)
        // Help, too, says what it is; the cursor is on its title.
        model.keys(.char("?"))
        #expect(model.status.hasPrefix("Help is open"))
        let help = try underCursor(model)
        #expect(help.hasPrefix("Keys — Scores"), "on the page's title: \(help)")
        // Without the mode nothing is said on opening.
        var seeing = app()
        seeing.keys(.char("?"))
        #expect(!seeing.status.contains("is open"))
    }

    @Test func anOverlaysCursorWinsOverTheScreenUnderIt() throws {
        var model = reading()
        model.keys(.down, .down)
        let studio = try #require(model.view().cursor)
        model.keys(.char("W"))
        #expect(model.top(WardrobeLayer.self) != nil)
        let wardrobe = try #require(model.view().cursor)
        #expect(wardrobe != studio, "the wardrobe's chosen garment, not the Studio's row under it")
        #expect(try underCursor(model).hasPrefix("▸"))
        model.keys(.down)
        #expect(model.view().cursor?.y == wardrobe.y + 1)
        #expect(try underCursor(model).hasPrefix("▸"))
    }

    @Test func theMessagesHearEachScreenDialogAndNewStatusOnce() {
        var model = reading()
        var narrator = Narrator()
        #expect(narrator.lines(for: model) == ["Studio screen."])
        #expect(narrator.lines(for: model).isEmpty, "nothing new, nothing said")
        model.keys(.char("2"))
        #expect(narrator.lines(for: model).first == "Lab screen.")
        model.keys(.char("?"))
        let help = narrator.lines(for: model)
        #expect(help.count == 1 && help[0].hasPrefix("Help is open"), "\(help)")
        model.keys(.escape)
        model.status = "Something \u{1B}[2J happened."
        #expect(narrator.lines(for: model) == ["Lab screen.", "Something [2J happened."])
    }

    @Test func theSettingsPlaceChangesASettingAtOnceAndAsksForItToBeKept() throws {
        var model = app()
        model.keys(.char(","))
        #expect(model.top(SettingsOverlay.self) != nil && model.screenText.contains("Settings"))
        let effects = model.keys(.enter)
        #expect(model.palette == .deuteranopia && model.status == "Colours: deuteranopia.")
        #expect(effects.contains(.writeSettings(PlaySettings(palette: .deuteranopia), .palette)))
        model.keys(.down, .enter)
        #expect(model.screenReader && model.view().cursor != nil)
        #expect(try underCursor(model).hasPrefix("▸ Screen reader"))
        model.keys(.down, .char(" "))
        #expect(model.reduceMotion)
        _ = model.update(.settingsNotKept("disk full"))
        #expect(model.status.contains("couldn't be kept: disk full"))
        model.keys(.escape)
        #expect(model.top(SettingsOverlay.self) == nil)
        // A setting this game's environment gave is kept, and the player told it wins at start.
        var given = app()
        given.settingsGiven = [.palette: "PLUME_PALETTE"]
        given.keys(.char(","), .enter)
        #expect(given.status == "Colours: deuteranopia. It is kept in config.toml, but PLUME_PALETTE sets it at each start.")
    }

    @Test func stillMotionFromTheSettingsStopsAnOpenEvolutionGrid() {
        var model = app()
        model.keys(.char("2"), .char("e"))
        #expect(model.top(EvolutionLayer.self)?.animates(model.context) == true)
        model.keys(.char(","), .down, .down, .enter, .escape)
        #expect(model.reduceMotion && model.top(EvolutionLayer.self)?.animates(model.context) == false && !model.timing.frames)
    }

    @Test func whileThePlayerTypesALinkTheCursorStaysInTheBox() throws {
        var model = reading()
        model.keys(.char("3"))
        let box = try #require(model.view().cursor)
        model.keys(.enter, .char("p"), .char("l"), .char("u"))
        #expect(model.screenText.contains("plu"))
        #expect(model.view().cursor == box, "still on the box, not on what the reading of it says")
        model.keys(.escape)
        // The settings open from the Import screen too.
        model.keys(.char(","))
        #expect(model.top(SettingsOverlay.self) != nil)
    }

    @Test func wordsSaidTwiceReachTheMessagesTwiceAndAnOverlaysOwnWordsFollowItsName() {
        var model = reading()
        var narrator = Narrator()
        _ = narrator.lines(for: model)
        model.keys(.char("u"))
        let first = narrator.lines(for: model)
        model.keys(.char("u"))
        #expect(!first.isEmpty && narrator.lines(for: model) == first, "the same words, said again")
        // The gallery opens with words of its own: its name comes first.
        model.keys(.char("2"), .char("G"))
        #expect(model.top(GalleryLayer.self) != nil)
        #expect(model.status.hasPrefix("Gallery is open"), "\(model.status)")
    }
}
