// The Studio screen: today's theme and the live score on top; the model on the left; the brief,
// what today wants, the slot list, the saved slots and the garment picker (with the worn
// garment's tags) on the right. Its keys dress the model; W opens the wardrobe over the panel.
import Challenges
import GameState
import PlumeCalendar
import TUI

extension StudioState: ScreenLayer {
    public func help(_ context: Context) -> HelpPage {
        HelpPage(Screen.studio.name, [
            KeyHelp("↑ ↓", "pick a slot", hint: Priority.essential, short: "slot"),
            KeyHelp("← →", "change garment", hint: Priority.essential, short: "garment"),
            KeyHelp("c C", "next / previous colour", hint: Priority.useful, short: "colour"),
            // Kept on a narrow hint line before undo (share and submit stay too): the way to learn the clothes.
            KeyHelp("W", "the wardrobe: the slot's garments with their tags and colours, by tag or colour",
                    hint: Priority.useful + 5, short: "wardrobe"),
            KeyHelp("x Del", "take off", hint: Priority.extra),
            KeyHelp("r", "randomise", hint: Priority.extra),
            KeyHelp("u U", "undo / redo", hint: Priority.useful - 5, short: "undo/redo"),
            KeyHelp("w 1-9", "save to slot (twice to overwrite)"),
            KeyHelp("o 1-9", "open a saved slot"),
            KeyHelp("s", "share this look", hint: Priority.useful, short: "share"),
            KeyHelp("b", "submit to today's style board", hint: Priority.useful, short: "submit"),
            KeyHelp("y", "after b: send the look down today's runway, where players vote (\(RunwayEntry.minimumScore(context.theme.rules)) or more)"),
            KeyHelp("i", "import a link (or just paste)"),
        ] + HelpOverlay.common)
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        let catalog = context.catalog
        switch input {
        case .key(let key):
            switch key {
            case .up: rows.cycle(by: -1, count: Row.all.count)
            case .down: rows.cycle(by: 1, count: Row.all.count)
            case .left, .char("h"): return changed(cycle(by: -1, in: catalog))
            case .right, .char("l"): return changed(cycle(by: 1, in: catalog))
            case .char("c"): return changed(cycleColour(by: 1, in: catalog))
            case .char("C"): return changed(cycleColour(by: -1, in: catalog))
            case .char("x"), .delete, .backspace: return changed(removeSelected(in: catalog))
            case .char("r"):
                var rng = SplitMix64(seed: UInt64(truncatingIfNeeded: look.hashValue) &+ UInt64(undoStack.count))
                apply(catalog.randomLook(using: &rng))
                return changed("A random look.")
            case .char("u"): return changed(undo() ? "Undone." : "Nothing to undo.")
            case .char("U"), .ctrl("r"): return changed(redo() ? "Redone." : "Nothing to redo.")
            case .char("s"): return .done(.go(.share))
            case .char("i"): return .done(.go(.importer))
            case .char("b"): return .done(.submit(board: context.styleBoardID, code: ShareCode.encode(.look(look)), what: .look))
            case .char("y") where context.session.runwayOffer != nil:
                // The status line offered it after `b`: the look just submitted goes down the runway.
                return .done(.send(.enterRunway(day: UTCDay.string(context.day), code: context.session.runwayOffer!)),
                             .session(.dropRunwayOffer), .status("Sending your look down today's runway…"))
            case .char("w"): return .done(SlotPrompt.open(.look, .save))
            case .char("o"): return .done(SlotPrompt.open(.look, .open))
            case .char("W"):
                guard let wardrobe = WardrobeLayer(row: row, garments: choices(in: catalog), worn: worn(on: row, in: catalog)) else {
                    return changed("The wardrobe holds garments: pick a garment's row first (↑ ↓).")
                }
                return .done(.push(wardrobe))
            default: return .pass
            }
            return .nothing
        case .mouse(let mouse):
            let list = layout(context.area, context).list
            switch mouse.kind {
            case .press:
                guard mouse.x >= list.x, mouse.y < list.maxY,
                      let row = shownRows(list.height).row(at: mouse.y, top: list.y, count: Row.all.count) else { return .pass }
                selected = row
                return .nothing
            case .scrollUp: return changed(cycle(by: -1, in: catalog))
            case .scrollDown: return changed(cycle(by: 1, in: catalog))
            }
        case .paste:
            return .pass
        }
    }

    /// The look changed (or was meant to): the status line says what happened, or clears.
    private func changed(_ message: String?) -> Handled { .done(.status(message ?? "")) }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let catalog = context.catalog, theme = context.theme, score = theme.score(look, in: catalog)
        let layout = layout(area, context, score: score)
        drawHeader(theme, score: score, layout: layout, into: &grid)
        FigureRenderer.draw(look, in: catalog, into: &grid, x: layout.figure.x, y: layout.figure.y)
        var rows = Rows(layout.panel)
        for words in layout.brief {
            if let line = rows.take() { grid.put(words, in: line) }
        }
        if layout.spaced { rows.skip() }
        // Every part of the score, what it gave and today's rule for it.
        for words in layout.checklist {
            if let line = rows.take() { grid.put(words, in: line, style: Theme.label) }
        }
        if layout.spaced { rows.skip() }
        if let list = rows.take(layout.list.height) {
            ListView.draw(count: Row.all.count, state: shownRows(list.height), in: list, into: &grid) { index, line, chosen, grid in
                let row = Row.all[index]
                let after = grid.put((chosen ? "▸ " : "  ") + row.title.padding(toLength: 12, withPad: " ", startingAt: 0), in: line,
                                     style: chosen ? Theme.chosen : Theme.label)
                grid.put(label(of: row, in: catalog, width: line.maxX - after), x: after, y: line.y, style: chosen ? Theme.selected : .plain,
                         limit: line.maxX - after)
            }
        }
        if layout.spaced { rows.skip() }
        if rows.remaining > StudioLayout.pickerRows, let line = rows.take() {
            grid.put("Slots: " + context.shelf.looks.enumerated().map { $1 == nil ? "·" : "\($0 + 1)" }.joined(separator: " "), in: line, style: Theme.label)
        }
        drawPicker(into: &grid, rows: &rows, theme: theme, catalog: catalog)
    }

    /// "Today: Cabin Weekend in Black and White", whole, over the model, and the score over the
    /// panel (or after the name, when the name reaches that far).
    private func drawHeader(_ theme: StyleTheme, score: StyleScore, layout: StudioLayout, into grid: inout Grid) {
        let line = layout.header
        let end = grid.put("Today: \(theme.name)", in: line, style: Theme.title)
        let x = max(layout.panel.x, end + 2)
        let total = grid.put("Score ", x: x, y: line.y, style: Theme.label, limit: line.maxX - x)
        let after = grid.put("\(score.total)", x: total, y: line.y, style: Style(fg: score.total >= 700 ? Theme.good : .standard, bold: true),
                             limit: line.maxX - total)
        // A good score (700 and up) is marked ✓ as well as green: it shows without colour too.
        grid.put(score.total >= 700 ? "/1000 ✓" : "/1000", x: after, y: line.y, style: Theme.label, limit: line.maxX - after)
    }

    /// A row's words in `width` columns: "Garment · Colour"; when that is too long the garment's
    /// name gives way before the colour's (colour is a fifth of the score).
    func label(of row: Row, in catalog: Catalog, width: Int) -> String {
        let full = label(of: row, in: catalog)
        guard TextLayout.width(full) > width, let worn = worn(on: row, in: catalog), let garment = catalog.garment(id: worn.id),
              garment.variants.indices.contains(worn.colour) else { return full }
        let colour = garment.variants[worn.colour].name
        let nameRoom = width - 3 - TextLayout.width(colour)
        // The selected row's words are on the picker's "on" line below too, whole when there is room.
        return nameRoom >= Self.minimumName ? TextLayout.elide(garment.name, to: nameRoom) + " · " + colour : TextLayout.elide(full, to: width)
    }

    /// The picker, under the list: what → would put on and whether it suits today, before it is
    /// worn, on a line of its own that nothing takes; what ← would, when there is room; what the
    /// row wears now, with its colour and the colour's mark (on two lines when there is room,
    /// else the garment's name gives way); and the worn garment's tags, today's marked.
    private func drawPicker(into grid: inout Grid, rows: inout Rows, theme: StyleTheme, catalog: Catalog) {
        guard let (previous, next) = neighbours(in: catalog) else { return }
        let width = rows.area.width
        let wearing = worn(on: row, in: catalog)
        let garment = wearing.flatMap { catalog.garment(id: $0.id) }
        var onLines: [String] = []
        if let wearing, let garment {
            // The colour's own mark: the colour rule, and the accent (c changes the colour).
            let variant = garment.variants.indices.contains(wearing.colour) ? garment.variants[wearing.colour] : nil
            let mark = variant.map { " (" + theme.colourMark($0, in: catalog) + ")" } ?? ""
            let words = "on " + label(of: row, in: catalog) + mark
            if TextLayout.width(words) <= width {
                onLines = [words]
            } else if rows.remaining > StudioLayout.pickerRows {
                onLines = TextLayout.wrap(words, width: width, maxLines: 2)
            } else {
                onLines = [Self.wornLine(name: garment.name, colour: variant?.name, mark: mark, width: width)]
            }
        }
        let tagLines = garment == nil ? 0 : 1
        var arrows = [("→", next)]
        if rows.remaining > 1 + onLines.count + tagLines { arrows.append(("←", previous)) }
        for (arrow, choice) in arrows {
            guard let line = rows.take() else { return }
            let fit = choice.map { theme.fit(of: $0) } ?? .neutral
            // The verdict keeps its room, with the tags that decide it; the garment's name gives way.
            let verdict = choice.map { Self.verdict(of: $0, fit: fit, theme: theme, width: line.width / 2 + 4) } ?? ""
            let wordsRoom = max(0, line.width - TextLayout.width(verdict) - 1)
            let after = grid.put("\(arrow) " + (choice?.name ?? "nothing"), x: line.x, y: line.y, style: Theme.label, limit: wordsRoom)
            grid.put(verdict, x: after + 1, y: line.y, style: fit.style, limit: line.maxX - after - 1)
        }
        for words in onLines {
            guard let line = rows.take() else { return }
            grid.put(words, in: line, style: Theme.label)
        }
        if let garment, let line = rows.take() { Self.drawTags(of: garment, theme: theme, in: line, into: &grid) }
    }

    /// The worn garment's line in one row of `width`, when it is too long whole: the name
    /// shortened to keep the colour and its mark; else the name and the colour whole without the
    /// mark; else the name shortened to keep the colour; else the whole line shortened.
    static func wornLine(name: String, colour: String?, mark: String, width: Int) -> String {
        guard let colour else { return TextLayout.elide("on " + name + mark, to: width) }
        let withMark = width - TextLayout.width("on  · " + colour + mark), without = width - TextLayout.width("on  · " + colour)
        if withMark >= minimumName { return "on " + TextLayout.elide(name, to: withMark) + " · " + colour + mark }
        if without >= TextLayout.width(name) { return "on " + name + " · " + colour }
        if without >= minimumName { return "on " + TextLayout.elide(name, to: without) + " · " + colour }
        return TextLayout.elide("on " + name + " · " + colour, to: width)
    }

    /// The fewest columns a garment's name is shortened to before its colour gives way.
    static let minimumName = 8

    /// "tags: winter✓ · casual · beach✗  ✓ suits today": a garment's tags, those today's theme
    /// wants marked ✓ and those it is against ✗, then the verdict they make when it fits.
    static func drawTags(of garment: Garment, theme: StyleTheme, in line: Rect, into grid: inout Grid) {
        let fit = theme.fit(of: garment)
        let after = grid.put("tags: " + theme.markedTags(of: garment), in: line, style: Theme.label)
        guard after + 2 + TextLayout.width(fit.words) <= line.maxX else { return }
        grid.put(fit.words, x: after + 2, y: line.y, style: fit.style)
    }

    /// "✓ suits today (winter)", "✗ against today (sporty)": the verdict and the garment's tags
    /// that make it, shortened to fit `width` but never losing the deciding tag.
    static func verdict(of garment: Garment, fit: ThemeFit, theme: StyleTheme, width: Int) -> String {
        let deciding: [String] = switch fit {
        case .suits: garment.tags.filter { theme.wanted.contains($0) }
        case .clashes: garment.tags.filter { theme.unwanted.contains($0) }
        case .neutral: []
        }
        let because = deciding.isEmpty ? "" : " (" + deciding.joined(separator: ", ") + ")"
        let short: String = switch fit {
        case .suits: "✓ suits"
        case .clashes: "✗ against"
        case .neutral: "· neutral"
        }
        return TextLayout.first(fitting: [fit.words + because, short + " today" + because, short + because, short], width: width)
    }
}

extension ThemeFit {
    /// How a verdict is drawn: green when the garment suits today, red when it goes against it.
    var style: Style { Style(fg: self == .suits ? Theme.good : self == .clashes ? Theme.bad : Theme.dim) }
}
