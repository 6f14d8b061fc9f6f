// The help page: every key of the layer it was opened over, in a panel. When the window is too
// short for all of them, ↑ ↓ PgUp PgDn scroll the page; any other key closes it.
import TUI

public struct HelpOverlay: Overlay {
    public let page: HelpPage
    /// The first entry shown.
    var first = 0

    public init(_ page: HelpPage) { self.page = page }

    /// The keys every screen shares, listed after a screen's own.
    static let common = common()

    /// The shared keys, for a layer where the digits mean something else.
    static func common(digitsSwitchScreens: Bool = true) -> [KeyHelp] {
        [KeyHelp(digitsSwitchScreens ? "1-6 Tab" : "Tab", "switch screen"), KeyHelp("?", "help", hint: Priority.global),
         KeyHelp("q Ctrl-C", "quit (your work is saved)", hint: Priority.global - 1, short: "quit")]
    }

    /// The panel, and how many entries fit in it.
    func layout(_ area: Rect) -> (box: Rect, rows: Int) {
        let box = area.centred(width: min(area.width - 4, 64), height: page.keys.count + 4)
        return (box, max(1, box.height - 4))
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        guard case .key(let key) = input else { return .pass }
        let rows = layout(context.area).rows, last = max(0, page.keys.count - rows)
        guard last > 0 else { return .done(.close) }
        switch key {
        case .up: first = max(0, first - 1)
        case .down: first = min(last, first + 1)
        case .pageUp: first = max(0, first - rows)
        case .pageDown: first = min(last, first + rows)
        default: return .done(.close)
        }
        return .nothing
    }

    public func help(_ context: Context) -> HelpPage {
        let more = page.keys.count > layout(context.area).rows
        return HelpPage("Help", (more ? [KeyHelp("↑ ↓ PgUp PgDn", "scroll the page", hint: Priority.useful, short: "more keys")] : [])
                        + [KeyHelp("any other key", "closes the help", hint: Priority.essential, short: "closes")])
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let (box, rows) = layout(area)
        let hidden = page.keys.count - rows
        let footer = hidden > 0 ? " \(first + 1)–\(first + rows) of \(page.keys.count) · ↑↓ more · any key closes " : " any key closes "
        let inside = Theme.panel(" Keys — \(page.title) ", footer: footer).draw(in: box, into: &grid)
        for (index, entry) in page.keys.dropFirst(first).prefix(rows).enumerated() {
            let line = inside.row(1 + index)
            let after = grid.put(entry.keys.padding(toLength: 12, withPad: " ", startingAt: 0), in: line, style: Theme.chosen.on(Theme.panel))
            grid.put(entry.action, x: after, y: line.y, style: Style(bg: Theme.panel), limit: line.maxX - after)
        }
    }
}
