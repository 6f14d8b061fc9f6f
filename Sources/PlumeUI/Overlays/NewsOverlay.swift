// "While you were away", and the news that comes while the game runs: what the server wrote
// about the player since the newest item shown to them before (a day or a runway closed, a
// streak, a friend passing their score), shown over the screen. The items are in order of their
// day, oldest first, so the story reads in order (the server writes them as it learns of them,
// not by day); each wraps over as many lines as it needs. When they don't all fit, ↑ ↓ j k PgUp
// PgDn Space scroll; any other key closes the box.
import GameState
import PlumeCalendar
import ScoresAPI
import TUI

public struct NewsOverlay: Overlay {
    /// In order of their day, oldest first; a day's items in the order they came (the server's).
    public let items: [NewsItem]
    /// Whether the server has still more after these (they come the next time news is asked for).
    public let more: Bool
    /// What the box is called: `away` for the first news of a run, `later` for what came after.
    public let title: String
    /// The first line shown.
    var first = 0

    public init(items: [NewsItem], more: Bool, title: String = NewsOverlay.away) {
        self.items = Self.inOrderOfDay(items)
        (self.more, self.title) = (more, title)
    }

    public static let away = "While you were away", later = "News"

    /// The widest the box grows: room for a long line of news, still a box on a wide window.
    static let widest = 96
    /// The narrowest: the title and the footer fit.
    static let narrowest = 44
    /// Columns before an item's words: its day ("3 Oct", right-aligned) and two spaces.
    static let dayColumn = 8
    static let moreWaiting = "More news is waiting: it comes next time."

    /// Oldest day first; among a day's items, the order they came in. An item whose day can't be
    /// read goes last.
    static func inOrderOfDay(_ items: [NewsItem]) -> [NewsItem] {
        let keyed = items.enumerated().map { (day: UTCDay.parse(Substring($0.element.day)) ?? Int.max, order: $0.offset, item: $0.element) }
        return keyed.sorted { ($0.day, $0.order) < ($1.day, $1.order) }.map { $0.item }
    }

    /// A line of the box: an item's (its day on the first, then its words, indented under
    /// them), or of the note that more is waiting (`item` nil).
    struct Line: Equatable {
        var text: String
        var item: Int?
    }

    /// Every line of the news for a box `width` columns wide inside: nothing cut, nothing left out.
    func lines(width: Int) -> [Line] {
        let room = max(1, width - Self.dayColumn)
        var lines: [Line] = []
        for (index, item) in items.enumerated() {
            for (row, words) in TextLayout.wrap(SafeText.strip(item.text), width: room).enumerated() {
                let lead = row == 0 ? Self.dayLabel(item) : String(repeating: " ", count: Self.dayColumn)
                lines.append(Line(text: lead + words, item: index))
            }
        }
        if more { lines += TextLayout.wrap(Self.moreWaiting, width: max(1, width)).map { Line(text: $0, item: nil) } }
        return lines
    }

    /// " 3 Oct  ": the day as the server dated the item, as wide as the day column.
    static func dayLabel(_ item: NewsItem) -> String {
        let day = UTCDay.parse(Substring(item.day)).map(shortDate) ?? TextLayout.elide(SafeText.strip(item.day), to: dayColumn - 2)
        return day.leftPadded(to: dayColumn - 2) + "  "
    }

    /// "3 Oct": a day of the year as a player says it.
    static func shortDate(_ day: Int) -> String {
        let date = UTCDay.civil(day)
        return "\(date.day) \(DayCalendar.monthNames[date.month - 1])"
    }

    /// The box in `area`, every line of the news, and how many lines it shows at once. The box
    /// is as wide as the longest item needs on one line (the border and margins take 4, and two
    /// columns spare), no wider; on a narrower window the items wrap to the room inside.
    func layout(_ area: Rect) -> (box: Rect, lines: [Line], rows: Int) {
        let longest = items.map { Self.dayColumn + TextLayout.width(SafeText.strip($0.text)) }.max() ?? 0
        let note = more ? TextLayout.width(Self.moreWaiting) : 0
        let wanted = min(Self.widest, max(Self.narrowest, max(longest, note) + 6))
        let lines = self.lines(width: min(area.width - 4, wanted) - 4)
        let rows = max(1, min(lines.count, area.height - 4))
        return (Dialog.box(in: area, lines: rows, width: wanted), lines, rows)
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        let (_, lines, rows) = layout(context.area)
        let last = max(0, lines.count - rows), top = min(first, last)
        switch input {
        case .key(let key):
            // All of it shown: any key closes it, as the keys below do once it scrolls.
            guard last > 0 else { return .done(.close) }
            switch key {
            case .up, .char("k"): first = max(0, top - 1)
            case .down, .char("j"): first = min(last, top + 1)
            case .pageUp: first = max(0, top - rows)
            case .pageDown: first = min(last, top + rows)
            // Space reads on a page at a time, and closes the box once the end is shown.
            case .char(" ") where top < last: first = min(last, top + rows)
            default: return .done(.close)
            }
        case .mouse(let mouse) where mouse.kind == .scrollUp: first = max(0, top - 1)
        case .mouse(let mouse) where mouse.kind == .scrollDown: first = min(last, top + 1)
        case .mouse, .paste: break
        }
        return .nothing
    }

    public func help(_ context: Context) -> HelpPage {
        let (_, lines, rows) = layout(context.area)
        let close = "closes the news (it is not shown again)"
        guard lines.count > rows else { return HelpPage(title, [KeyHelp("any key", close, hint: Priority.essential, short: "closes")]) }
        return HelpPage(title, [KeyHelp("↑ ↓ j k PgUp PgDn Space", "scroll the news (Space at the end closes it)", hint: Priority.useful, short: "scroll"),
                                KeyHelp("any other key", close, hint: Priority.essential, short: "closes")])
    }

    /// The border's note: which items are in view ("3–5 of 7") and the keys, as much as fits.
    func footer(_ shown: ArraySlice<Line>, scrolls: Bool, width: Int) -> String {
        guard scrolls else { return " any key closes " }
        let seen = shown.compactMap(\.item)
        let (from, to) = ((seen.min() ?? items.count - 1) + 1, (seen.max() ?? items.count - 1) + 1)
        let place = (from == to ? "\(from)" : "\(from)–\(to)") + " of \(items.count)"
        // The panel sets a note only where it leaves a column of border either side.
        return TextLayout.first(fitting: [" \(place) · ↑↓ scroll · any other key closes ", " \(place) · any other key closes ", " \(place) "],
                                width: width - 5)
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let (box, lines, rows) = layout(area)
        let last = max(0, lines.count - rows), top = min(first, last)
        let shown = lines[top..<min(lines.count, top + rows)]
        let inside = Theme.panel(" \(title) ", footer: footer(shown, scrolls: last > 0, width: box.width)).draw(in: box, into: &grid)
        // The blank rows above and below the items say whether there is more that way.
        let note = Theme.label.on(Theme.panel)
        if top > 0 { grid.put("↑ more above", in: inside.row(0), style: note) }
        if top < last {
            let below = "more below ↓"
            grid.put(below, x: inside.maxX - TextLayout.width(below), y: inside.maxY - 1, style: note)
        }
        for (index, line) in shown.enumerated() {
            grid.put(line.text, in: inside.row(1 + index), style: line.item == nil ? note : Style().on(Theme.panel))
        }
    }
}
