// The Studio screen: the model on the left; today's theme, the live score, the slot list, what
// today wants, the saved slots and the garment picker on the right. Its keys dress the model.
import Challenges
import GameState
import PlumeCalendar
import TUI

/// Where the Studio's parts sit in its area (shared by drawing and clicks).
struct StudioLayout {
    let figure: (x: Int, y: Int)
    let panel: Rect
    let briefLines: Int
    let list: Rect

    init(_ area: Rect) {
        figure = (area.x + 1, area.y + 1)
        panel = Rect(x: area.x + 43, y: area.y + 1, width: area.width - 44, height: area.height - 1)
        // A second line for the theme's brief when the window is tall enough to keep the picker.
        briefLines = area.height >= 25 ? 2 : 1
        list = Rect(x: panel.x, y: panel.y + briefLines + 4, width: panel.width, height: StudioState.Row.all.count)
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
            KeyHelp("y", "after b: send the look down today's runway, where players vote (500 or more)"),
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
            case .char("y") where context.scores.runwayOffer != nil:
                // The status line offered it after `b`: the look just submitted goes down the runway.
                return .done(.send(.enterRunway(day: UTCDay.string(context.day), code: context.scores.runwayOffer!)),
                             .scores(.dropRunwayOffer), .status("Sending your look down today's runway…"))
            case .char("w"): return .done(.push(SlotPrompt(.look, .save)))
            case .char("o"): return .done(.push(SlotPrompt(.look, .open)))
            default: return .pass
            }
            return .nothing
        case .mouse(let mouse):
            let list = StudioLayout(context.area).list
            switch mouse.kind {
            case .press:
                guard mouse.x >= list.x, let row = rows.row(at: mouse.y, top: list.y, count: Row.all.count) else { return .pass }
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
        let catalog = context.catalog, layout = StudioLayout(area)
        FigureRenderer.draw(look, in: catalog, into: &grid, x: layout.figure.x, y: layout.figure.y)
        let theme = context.theme, score = theme.score(look, in: catalog)
        var rows = Rows(layout.panel)
        if let line = rows.take() { grid.put("Today: \(theme.name)", in: line, style: Theme.title) }
        if let lines = rows.take(layout.briefLines) { grid.paragraph(theme.brief, in: lines) }
        if let line = rows.take() {
            let total = grid.put("Score ", in: line, style: Theme.label)
            let after = grid.put("\(score.total)", x: total, y: line.y, style: Style(fg: score.total >= 700 ? Theme.good : .standard, bold: true))
            grid.put("/1000", x: after, y: line.y, style: Theme.label)
        }
        if let line = rows.take() {
            let (c, t, o, a) = (score.coverage, score.tags, score.colour, score.accessories)
            grid.put(TextLayout.first(fitting: ["cover \(c) · tags \(t) · colour \(o) · extras \(a)", "cover \(c) tags \(t) colour \(o) extras \(a)",
                                                "cov \(c) · tag \(t) · col \(o) · acc \(a)"], width: line.width), in: line, style: Theme.label)
        }
        rows.skip()
        if let list = rows.take(Row.all.count) {
            ListView.draw(count: Row.all.count, state: self.rows, in: list, into: &grid) { index, line, chosen, grid in
                let row = Row.all[index]
                let after = grid.put((chosen ? "▸ " : "  ") + row.title.padding(toLength: 12, withPad: " ", startingAt: 0), in: line,
                                     style: chosen ? Theme.chosen : Theme.label)
                grid.put(label(of: row, in: catalog), x: after, y: line.y, style: chosen ? Theme.selected : .plain, limit: line.maxX - after)
            }
        }
        rows.skip()
        if let line = rows.take() {
            grid.put("Wants: " + theme.wanted.sorted().joined(separator: ", ") + " · " + theme.colours.description, in: line, style: Theme.label)
        }
        if let line = rows.take() {
            grid.put("Slots: " + context.shelf.looks.enumerated().map { $1 == nil ? "·" : "\($0 + 1)" }.joined(separator: " "), in: line, style: Theme.label)
        }
        drawPicker(into: &grid, rows: &rows, theme: theme, catalog: catalog)
    }

    /// What ← and → would put on, and whether it suits today, before it is worn.
    private func drawPicker(into grid: inout Grid, rows: inout Rows, theme: StyleTheme, catalog: Catalog) {
        guard let (previous, next) = neighbours(in: catalog) else { return }
        let worn = self.worn(on: row, in: catalog).flatMap { catalog.garment(id: $0.id) }
        for (arrow, garment) in [("→", next), ("←", previous), ("on", worn)] {
            if arrow == "on" && garment == nil { continue }
            guard let line = rows.take() else { return }
            let words = garment.map { "\($0.name) (\($0.tags.joined(separator: ", ")))" } ?? "nothing"
            let fit = garment.map { theme.fit(of: $0) } ?? .neutral
            let verdict = fit.words
            // The verdict keeps its room; the garment's words give way.
            let wordsRoom = max(0, line.width - TextLayout.width(verdict) - 1)
            let after = grid.put("\(arrow) " + words, x: line.x, y: line.y, style: Theme.label, limit: wordsRoom)
            grid.put(verdict, x: after + 1, y: line.y, style: Style(fg: fit == .suits ? Theme.good : fit == .clashes ? Theme.bad : Theme.dim),
                     limit: line.maxX - after - 1)
        }
    }
}
