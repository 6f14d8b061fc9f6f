// The Studio screen: the model on the left; today's theme, the live score, the slot list, what
// today wants, the saved slots and the garment picker on the right. Its keys dress the model.
import Challenges
import GameState
import PlumeCalendar
import TUI

/// Where the Studio's parts sit in its area (shared by drawing and clicks). Nothing the player
/// acts on is cut: the theme's brief and the checklist wrap; in a short window the blank rows,
/// the saved-slots line and then rows of the slot list (which scrolls) give way first.
struct StudioLayout {
    let figure: (x: Int, y: Int)
    let panel: Rect
    let briefLines: Int
    /// The checklist beside the score, as drawn: each part's line, wrapped.
    let checklist: [String]
    /// Blank rows around the slot list (tall windows only).
    let spaced: Bool
    /// The slot list's rows on screen (fewer than the rows when the window is short).
    let list: Rect

    /// Rows kept under the list for the picker (what → and the row would put on).
    static let pickerRows = 2

    init(_ area: Rect, brief: String, checklist lines: [ChecklistLine]) {
        figure = (area.x + 1, area.y + 1)
        panel = Rect(x: area.x + 43, y: area.y + 1, width: area.width - 43, height: area.height - 1)
        briefLines = min(4, max(1, TextLayout.wrap(brief, width: panel.width).count, area.height >= 25 ? 2 : 1))
        let width = panel.width
        checklist = lines.flatMap { Self.words(of: $0, width: width) }
        let above = 1 + briefLines + 1 + checklist.count
        let all = StudioState.Row.all.count
        spaced = above + all + Self.pickerRows + 2 <= panel.height
        let top = panel.y + above + (spaced ? 1 : 0)
        let height = max(4, min(all, panel.maxY - top - Self.pickerRows - (spaced ? 1 : 0)))
        list = Rect(x: panel.x, y: top, width: panel.width, height: height)
    }

    /// "colour 150/150 warm colours": a part, its points and its rule, wrapped (three lines at most).
    static func words(of line: ChecklistLine, width: Int) -> [String] {
        let head = (line.part.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0) + " \(line.points)/\(line.maximum)")
            .padding(toLength: 16, withPad: " ", startingAt: 0)
        let lines = TextLayout.wrap(line.words, width: max(8, width - 16), maxLines: 3)
        return lines.enumerated().map { (offset, words) in (offset == 0 ? head : String(repeating: " ", count: 16)) + words }
    }
}

extension StudioState {
    /// The layout for this look on this theme (its score given when the caller has it).
    func layout(_ area: Rect, _ context: Context, score known: StyleScore? = nil) -> StudioLayout {
        let theme = context.theme, score = known ?? theme.score(look, in: context.catalog)
        return StudioLayout(area, brief: theme.brief, checklist: theme.checklist(look, score: score, in: context.catalog))
    }

    /// The slot list as shown in `height` rows: scrolled to keep the selected row in view.
    func shownRows(_ height: Int) -> ListState {
        var shown = rows
        shown.offset = 0
        shown.scroll(visible: height)
        return shown
    }
}

extension StudioState: ScreenLayer {
    public var title: String { "Studio" }

    public func help(_ context: Context) -> HelpPage {
        HelpPage("Studio", [
            KeyHelp("↑ ↓", "pick a slot", hint: Priority.essential, short: "slot"),
            KeyHelp("← →", "change garment", hint: Priority.essential, short: "garment"),
            KeyHelp("c C", "next / previous colour", hint: Priority.useful, short: "colour"),
            KeyHelp("x Del", "take off", hint: Priority.extra),
            KeyHelp("r", "randomise", hint: Priority.extra),
            KeyHelp("u U", "undo / redo", hint: Priority.useful, short: "undo/redo"),
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
            case .char("w"): return .done(.push(SlotPrompt(.look, .save)))
            case .char("o"): return .done(.push(SlotPrompt(.look, .open)))
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
        FigureRenderer.draw(look, in: catalog, into: &grid, x: layout.figure.x, y: layout.figure.y)
        var rows = Rows(layout.panel)
        if let line = rows.take() { grid.put("Today: \(theme.name)", in: line, style: Theme.title) }
        if let lines = rows.take(layout.briefLines) { grid.paragraph(theme.brief, in: lines) }
        if let line = rows.take() {
            let total = grid.put("Score ", in: line, style: Theme.label)
            let after = grid.put("\(score.total)", x: total, y: line.y, style: Style(fg: score.total >= 700 ? Theme.good : .standard, bold: true))
            grid.put("/1000", x: after, y: line.y, style: Theme.label)
        }
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

    /// A row's words in `width` columns: "Garment · Colour"; when that is too long the garment's
    /// name gives way before the colour's (colour is a fifth of the score).
    func label(of row: Row, in catalog: Catalog, width: Int) -> String {
        let full = label(of: row, in: catalog)
        guard TextLayout.width(full) > width, let worn = worn(on: row, in: catalog), let garment = catalog.garment(id: worn.id),
              garment.variants.indices.contains(worn.colour) else { return full }
        let colour = garment.variants[worn.colour].name
        let nameRoom = width - 3 - TextLayout.width(colour)
        // The selected row's words are whole on the picker's "on" line below.
        return nameRoom >= 8 ? TextLayout.elide(garment.name, to: nameRoom) + " · " + colour : TextLayout.elide(full, to: width)
    }

    /// What ← and → would put on, and whether it suits today, before it is worn; and what the
    /// row wears now, with its colour, whole (on two lines if need be: the ← line, then the →
    /// line, make room for it).
    private func drawPicker(into grid: inout Grid, rows: inout Rows, theme: StyleTheme, catalog: Catalog) {
        guard let (previous, next) = neighbours(in: catalog) else { return }
        let width = rows.area.width
        let worn = self.worn(on: row, in: catalog).flatMap { catalog.garment(id: $0.id) }
        var onLines: [String] = []
        if let worn, let wearing = self.worn(on: row, in: catalog) {
            let verdict = Self.verdict(of: worn, fit: theme.fit(of: worn), theme: theme, width: width)
            // The colour's own mark: the colour rule, and the accent (c changes the colour).
            let mark = worn.variants.indices.contains(wearing.colour) ? " (" + theme.colourMark(worn.variants[wearing.colour], in: catalog) + ")" : ""
            let words = "on " + label(of: row, in: catalog) + mark
            onLines = TextLayout.wrap(TextLayout.width(words + " " + verdict) <= width ? words + " " + verdict : words, width: width, maxLines: 2)
        }
        var arrows = [("→", next), ("←", previous)]
        while !arrows.isEmpty, arrows.count + onLines.count > rows.remaining { arrows.removeLast() }
        for (arrow, garment) in arrows {
            guard let line = rows.take() else { return }
            let fit = garment.map { theme.fit(of: $0) } ?? .neutral
            // The verdict keeps its room, with the tags that decide it; the garment's name gives way.
            let verdict = garment.map { Self.verdict(of: $0, fit: fit, theme: theme, width: line.width / 2 + 4) } ?? ""
            let wordsRoom = max(0, line.width - TextLayout.width(verdict) - 1)
            let after = grid.put("\(arrow) " + (garment?.name ?? "nothing"), x: line.x, y: line.y, style: Theme.label, limit: wordsRoom)
            grid.put(verdict, x: after + 1, y: line.y, style: Style(fg: fit == .suits ? Theme.good : fit == .clashes ? Theme.bad : Theme.dim),
                     limit: line.maxX - after - 1)
        }
        for words in onLines {
            guard let line = rows.take() else { return }
            grid.put(words, in: line, style: Theme.label)
        }
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
