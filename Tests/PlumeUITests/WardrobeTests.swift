// A player's first week at 80×24: the Studio shows most slots beside the theme's whole words, the → hint whatever the
// worn garment's line, the theme's whole name and the worn garment's tags with today's marked;
// the wardrobe (W) lists a slot's garments, filters them by tag or colour, and wears one by the
// Studio's own rules.
import Challenges
import Foundation
import GameState
import Testing
import TUI
@testable import PlumeUI

/// A game on `day` in a window `width` × `height`.
private func game(on day: Int, width: Int = 80, height: Int = 24) -> AppModel {
    var model = AppModel(catalog: catalog, book: book, day: day, saved: nil)
    _ = model.update(.resize(width: width, height: height))
    return model
}

/// What the Studio's panel shows, row by row (right of the model).
private func panel(_ model: AppModel) -> [String] {
    model.screenText.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.dropFirst(StudioLayout.figureColumns)) }
}

@Suite struct FirstWeekStudioTests {
    @Test(arguments: [20_000, StyleRulesDay.firstOfV2])
    func atEightyByTwentyFourTheSlotListShowsNearlyEverySlot(_ day: Int) {
        let text = game(on: day).screenText
        for row in StudioState.Row.all.prefix(StudioLayout.slotRowsKept) {
            #expect(text.contains(" " + row.title.padding(toLength: 12, withPad: " ", startingAt: 0)), "\(row.title): \(text)")
        }
    }

    /// Every theme of a year under each rules: the list keeps its rows and the picker its lines.
    @Test func everyThemeLeavesTheSlotListItsRowsAndThePickerItsLines() {
        let area = Context.area(Size(width: 80, height: 24))
        let look = Look(background: catalog.backgrounds[0].id, model: catalog.models[0].id)
        for day in Array(20_000..<20_366) + Array(StyleRulesDay.firstOfV2..<(StyleRulesDay.firstOfV2 + 366)) {
            let theme = book.theme(forDay: day)
            let layout = StudioLayout(area, brief: theme.brief, checklist: theme.checklist(look, score: theme.score(look, in: catalog), in: catalog))
            #expect(layout.list.height >= StudioLayout.slotRowsKept, "\(theme.name) (\(theme.rules))")
            #expect(layout.list.maxY + StudioLayout.pickerRows <= layout.panel.maxY, "\(theme.name) (\(theme.rules))")
            #expect(layout.brief.count + layout.checklist.count + layout.list.height + StudioLayout.pickerRows <= layout.panel.height)
        }
    }

    /// A year of days under each rules, with nothing on (the first sight of a day) and dressed:
    /// the brief and the checklist are whole at 80×24, and the list keeps the rows they leave:
    /// six or more on most days (four at first, before).
    @Test func atEightyByTwentyFourTheThemesWordsAreWholeBesideTheSlotList() {
        let area = Context.area(Size(width: 80, height: 24))
        let bare = Look(background: catalog.backgrounds[0].id, model: catalog.models[0].id)
        let dressed = Look(background: 1, model: 1, garments: [WornGarment(id: 2, colour: 1), WornGarment(id: 34, colour: 2),
                                                              WornGarment(id: 47, colour: 3), WornGarment(id: 65, colour: 3)])
        var layouts = 0, six = 0
        for first in StyleRules.firstDays.map(\.day) + [20_000] {
            for day in first..<(first + 366) {
                let theme = book.theme(forDay: day)
                for look in [bare, dressed] {
                    let layout = StudioLayout(area, brief: theme.brief, checklist: theme.checklist(look, score: theme.score(look, in: catalog), in: catalog))
                    let words = (layout.brief + layout.checklist).joined(separator: "\n")
                    #expect(!words.contains("…"), "\(theme.name) (\(theme.rules)): \(words)")
                    #expect(layout.list.height >= StudioLayout.slotRowsKept)
                    layouts += 1
                    if layout.list.height >= 6 { six += 1 }
                }
            }
        }
        #expect(six * 2 > layouts, "\(six) of \(layouts) layouts keep six slot rows or more")
    }

    @Test func theThemesNameIsWholeAtEightyByTwentyFour() throws {
        let first = StyleRulesDay.firstOfV2
        let day = try #require((first..<(first + 366)).max { book.theme(forDay: $0).name.count < book.theme(forDay: $1).name.count })
        let name = book.theme(forDay: day).name
        #expect(TextLayout.width("Today: " + name) > StudioLayout.panel(in: Context.area(Size(width: 80, height: 24))).width)
        #expect(game(on: day).screenText.contains("Today: \(name)"))
    }

    @Test func theStudioShowsTheWornGarmentsTagsAndMarksTheOnesTodayWants() throws {
        var model = game(on: 20_000)
        let theme = model.theme
        let tops = catalog.garments(in: .top)
        let index = try #require(tops.firstIndex { theme.fit(of: $0) == .suits })
        let garment = tops[index]
        model.keys(.down, .down)
        for _ in 0...index { model.keys(.right) }
        #expect(model.studio.worn(on: .slot(.top), in: catalog)?.id == garment.id)
        let marked = garment.tags.map { tag -> String in theme.wanted.contains(tag) ? tag + "✓" : theme.unwanted.contains(tag) ? tag + "✗" : tag }
        let line = try #require(panel(model).first { $0.hasPrefix("tags: ") })
        #expect(line.hasPrefix("tags: " + marked.joined(separator: " · ")), "\(line)")
        #expect(garment.tags.contains { theme.wanted.contains($0) } && line.contains("✓"))
        for tag in garment.tags where !theme.wanted.contains(tag) { #expect(!line.contains(tag + "✓")) }
    }

    @Test func atEightyByTwentyFourTheArrowHintStaysWhenTheWornGarmentsLineIsLong() throws {
        var model = game(on: 20_000)
        let theme = model.theme
        let width = StudioLayout.panel(in: model.contentArea).width
        // A garment whose line (name, colour and the colour's mark) is wider than the panel, and
        // after it one whose verdict, in the → line's room, says it suits today.
        var found: (row: StudioState.Row, index: Int, colour: Int, verdict: String)?
        search: for slot in [Slot.top, .bottom, .dress, .outerwear, .shoes, .hat] {
            let garments = catalog.garments(in: slot)
            for index in garments.indices.dropLast() {
                let next = garments[index + 1]
                let verdict = StudioState.verdict(of: next, fit: theme.fit(of: next), theme: theme, width: width / 2 + 4)
                guard verdict.contains("suits today") else { continue }
                for (colour, variant) in garments[index].variants.enumerated() {
                    let words = "on \(garments[index].name) · \(variant.name) (\(theme.colourMark(variant, in: catalog)))"
                    if TextLayout.width(words) > width {
                        found = (.slot(slot), index, colour, verdict)
                        break search
                    }
                }
            }
        }
        let (row, index, colour, verdict) = try #require(found)
        model.studio.selected = try #require(StudioState.Row.all.firstIndex(of: row))
        for _ in 0...index { model.keys(.right) }
        for _ in 0..<colour { model.keys(.char("c")) }
        let lines = panel(model)
        let next = try #require(lines.first { $0.hasPrefix("→ ") }, "\(lines.joined(separator: "\n"))")
        #expect(next.contains(verdict), "\(next)")
        #expect(lines.contains { $0.hasPrefix("on ") } && lines.contains { $0.hasPrefix("tags: ") })
    }
}

@Suite struct WardrobeTests {
    @Test func wOpensTheRowsGarmentsBesideTheModelAndEscCloses() throws {
        var model = game(on: 20_000)
        model.keys(.down, .down, .char("W"))
        let wardrobe = try #require(model.top(WardrobeLayer.self))
        let tops = catalog.garments(in: .top)
        #expect(wardrobe.row == .slot(.top) && wardrobe.shown.map(\.id) == tops.map(\.id))
        let text = model.screenText
        #expect(text.contains("Wardrobe · Top") && text.contains("Every garment"))
        #expect(text.contains("Today: \(model.theme.name)") && model.view().row(2).hasPrefix(" ▀▀▀▀"), "the theme and the model stay in view")
        // The highlighted garment's tags, marked, and its colours by name.
        #expect(text.contains("tags: " + model.theme.markedTags(of: tops[0])))
        #expect(text.contains("colours: " + tops[0].variants[0].name))
        // Its keys are on the hint line and its help page.
        #expect(model.view().row(23).contains("t T by tag") && model.view().row(23).contains("Enter wear"))
        model.keys(.char("?"))
        let page = try #require(model.top(HelpOverlay.self)).page
        #expect(page.title == "Wardrobe" && page.keys.contains { $0.keys == "t T" } && page.keys.contains { $0.keys == "c C" })
        model.keys(.escape, .escape)
        #expect(model.overlays.isEmpty && model.screen == .studio)
    }

    @Test func filteringByATagNarrowsTheListToTheGarmentsWithIt() throws {
        var model = game(on: 20_000)
        let theme = model.theme
        let tops = catalog.garments(in: .top)
        model.keys(.down, .down, .char("W"), .char("t"))
        let wardrobe = try #require(model.top(WardrobeLayer.self))
        let tag = try #require(wardrobe.filter.tag)
        #expect(theme.wanted.contains(tag), "t offers a tag today wants first")
        let expected = tops.filter { $0.tags.contains(tag) }
        #expect(wardrobe.shown.map(\.id) == expected.map(\.id))
        #expect(!expected.isEmpty && expected.count < tops.count)
        let text = model.screenText
        #expect(text.contains("Showing tag \(tag)✓") && text.contains("\(expected.count) of \(tops.count)"))
        for garment in tops { #expect(text.contains(garment.name) == expected.contains(garment), "\(garment.name)") }
        // The next tag, then every garment again.
        model.keys(.char("t"))
        let next = try #require(model.top(WardrobeLayer.self)?.filter.tag)
        #expect(next != tag && model.top(WardrobeLayer.self)?.shown.allSatisfy { $0.tags.contains(next) } == true)
        model.keys(.char("x"))
        #expect(model.top(WardrobeLayer.self)?.shown.count == tops.count)
    }

    @Test func filteringByAColourShowsThoseMadeInItAndEnterWearsThatColour() throws {
        var model = game(on: 20_000)
        model.keys(.down, .down, .char("W"), .char("c"))
        let wardrobe = try #require(model.top(WardrobeLayer.self))
        let colour = try #require(wardrobe.filter.colour)
        let garment = try #require(wardrobe.highlighted)
        #expect(wardrobe.shown.allSatisfy { shown in shown.variants.contains { Catalog.firstColourName($0.name) == colour } })
        #expect(wardrobe.shown.count < catalog.garments(in: .top).count)
        #expect(model.screenText.contains("Showing colour \(colour)"))
        model.keys(.enter)
        let worn = try #require(model.studio.worn(on: .slot(.top), in: catalog))
        #expect(worn.id == garment.id && Catalog.firstColourName(garment.variants[worn.colour].name) == colour)
    }

    @Test func enterWearsTheHighlightedGarmentByTheStudiosRules() throws {
        var model = game(on: 20_000)
        model.keys(.down, .down, .right, .down, .right, .down)  // a top and a bottom on; the Dress row
        model.keys(.char("W"), .down, .right)  // the second dress, in its second colour
        let wardrobe = try #require(model.top(WardrobeLayer.self))
        let dress = try #require(wardrobe.highlighted)
        #expect(wardrobe.colour == 1 && model.studio.look.garments.count == 2, "browsing changes nothing")
        let effects = model.keys(.enter)
        #expect(effects.contains { if case .save = $0 { true } else { false } })
        #expect(model.studio.look.garments.compactMap { catalog.garment(id: $0.id)?.slot } == [.dress])
        #expect(model.studio.worn(on: .slot(.dress), in: catalog) == WornGarment(id: dress.id, colour: 1))
        #expect(model.status == "The \(dress.name) replaces the Plain Tee and the Straight Jeans.")
        #expect(model.top(WardrobeLayer.self) != nil, "it stays open beside the model")
        #expect(model.screenText.contains("▸• \(dress.name)"), "the list marks what the look wears")
        model.keys(.char("W"))
        #expect(model.top(WardrobeLayer.self) == nil && model.studio.row == .slot(.dress))
        model.keys(.char("u"))
        #expect(model.studio.look.garments.count == 2, "u undoes it, as any change in the Studio")
    }

    @Test func anAccessoryRowsWardrobeLeavesOutWhatTheOtherRowsWear() throws {
        var model = game(on: 20_000)
        model.studio.selected = try #require(StudioState.Row.all.firstIndex(of: .accessory(0)))
        model.keys(.right)
        let first = try #require(model.studio.worn(on: .accessory(0), in: catalog))
        model.keys(.down, .char("W"))
        let wardrobe = try #require(model.top(WardrobeLayer.self))
        #expect(wardrobe.row == .accessory(1) && !wardrobe.shown.contains { $0.id == first.id })
        model.keys(.enter)
        #expect(model.studio.worn(on: .accessory(0), in: catalog) == first)
        #expect(model.studio.worn(on: .accessory(1), in: catalog)?.id == wardrobe.shown[0].id)
    }

    @Test func onTheBackgroundRowWSaysWhereTheWardrobeIs() {
        var model = game(on: 20_000)
        model.keys(.char("W"))
        #expect(model.top(WardrobeLayer.self) == nil && model.status.contains("pick a garment's row"))
    }
}
