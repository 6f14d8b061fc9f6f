// The help page: every key of the layer it was opened over, in a panel; any key closes it.
import TUI

public struct HelpOverlay: Overlay {
    public let page: HelpPage

    public init(_ page: HelpPage) { self.page = page }

    /// The keys every screen shares, listed after a screen's own.
    static let common = [KeyHelp("1-5 Tab", "switch screen"), KeyHelp("?", "help", hint: Priority.global),
                         KeyHelp("q Ctrl-C", "quit (your work is saved)", hint: Priority.global - 1, short: "quit")]

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        if case .key = input { return .done(.close) }
        return .nothing
    }

    public func help(_ context: Context) -> HelpPage { HelpPage("Help", [KeyHelp("any key", "closes the help", hint: Priority.essential)]) }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let entries = page.keys
        let box = area.centred(width: min(area.width - 4, 64), height: entries.count + 4)
        let inside = Theme.panel(" Keys — \(page.title) ", footer: " any key closes ").draw(in: box, into: &grid)
        for (index, entry) in entries.prefix(inside.height - 2).enumerated() {
            let line = inside.row(1 + index)
            let after = grid.put(entry.keys.padding(toLength: 12, withPad: " ", startingAt: 0), in: line, style: Theme.chosen.on(Theme.panel))
            grid.put(entry.action, x: after, y: line.y, style: Style(bg: Theme.panel), limit: line.maxX - after)
        }
    }
}
