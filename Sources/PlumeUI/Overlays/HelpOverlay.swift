// The help page: every key of the layer it was opened over, in a panel. When the window is too
// short for all of them, ↑ ↓ PgUp PgDn scroll the page; any other key closes it.
import TUI

public struct HelpOverlay: Overlay {
    public let page: HelpPage
    /// The first line shown.
    var first = 0

    public init(_ page: HelpPage) { self.page = page }

    /// The keys every screen shares, listed after a screen's own.
    static let common = common()

    /// The shared keys, for a layer where the digits mean something else. The screen keys are
    /// counted from the screens themselves.
    static func common(digitsSwitchScreens: Bool = true) -> [KeyHelp] {
        [KeyHelp(digitsSwitchScreens ? "\(Screen.digitKeys) Tab" : "Tab", "switch screen"), KeyHelp("?", "help", hint: Priority.global),
         KeyHelp(",", "settings: colours, screen reader, still motion"),
         KeyHelp("q Ctrl-C", "quit (your work is saved)", hint: Priority.global - 1, short: "quit")]
    }

    /// One line of the page: a key's name on the first line of its entry, and its words, wrapped
    /// rather than cut.
    struct Line: Equatable {
        var keys: String?
        var words: String
    }

    /// The page's lines for a panel `width` wide inside: the keys' column is as wide as the
    /// widest key (a third of the panel at most; a key wider than that has a line of its own).
    static func lines(of page: HelpPage, width: Int) -> (lines: [Line], keyColumn: Int) {
        let widest = page.keys.map { TextLayout.width($0.keys) }.max() ?? 0
        let keyColumn = min(widest, max(6, width / 3)) + 2
        var lines: [Line] = []
        for entry in page.keys {
            var keys: String? = entry.keys
            if TextLayout.width(entry.keys) + 2 > keyColumn {
                lines.append(Line(keys: entry.keys, words: ""))
                keys = nil
            }
            for (index, words) in TextLayout.wrap(entry.action, width: max(1, width - keyColumn)).enumerated() {
                lines.append(Line(keys: index == 0 ? keys : nil, words: words))
            }
        }
        return (lines, keyColumn)
    }

    /// The panel, its lines and how many fit in it.
    func layout(_ area: Rect) -> (box: Rect, lines: [Line], keyColumn: Int, rows: Int) {
        let width = min(area.width - 4, 72)
        let (lines, keyColumn) = Self.lines(of: page, width: width - 4)
        let box = area.centred(width: width, height: lines.count + 4)
        return (box, lines, keyColumn, max(1, box.height - 4))
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        guard case .key(let key) = input else { return .pass }
        let (_, lines, _, rows) = layout(context.area)
        let last = max(0, lines.count - rows)
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
        let layout = layout(context.area), more = layout.lines.count > layout.rows
        return HelpPage("Help", (more ? [KeyHelp("↑ ↓ PgUp PgDn", "scroll the page", hint: Priority.useful, short: "more keys")] : [])
                        + [KeyHelp("any other key", "closes the help", hint: Priority.essential, short: "closes")])
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let (box, lines, keyColumn, rows) = layout(area)
        let hidden = lines.count - rows
        let footer = hidden > 0 ? " \(first + 1)–\(first + rows) of \(lines.count) · ↑↓ more · any key closes " : " any key closes "
        let inside = Theme.panel(" Keys — \(page.title) ", footer: footer).draw(in: box, into: &grid)
        for (index, entry) in lines.dropFirst(first).prefix(rows).enumerated() {
            let line = inside.row(1 + index)
            if let keys = entry.keys { grid.put(keys, in: line, style: Theme.chosen.on(Theme.panel)) }
            if !entry.words.isEmpty {
                grid.put(entry.words, x: line.x + keyColumn, y: line.y, style: Style(bg: Theme.panel), limit: line.maxX - line.x - keyColumn)
            }
        }
    }
}
