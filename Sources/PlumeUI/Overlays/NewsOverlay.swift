// "While you were away": what the server wrote about the player since the newest item shown to
// them before (a day closed, the runway closed, a streak), shown over the screen when the game
// starts and after midnight. One line an item, newest last, cut with "…"; any key closes it.
import GameState
import PlumeCalendar
import ScoresAPI
import TUI

public struct NewsOverlay: Overlay {
    /// Oldest first, as the server sends them.
    public let items: [NewsItem]
    /// Whether the server has still more after these (they come the next time news is asked for).
    public let more: Bool

    public init(items: [NewsItem], more: Bool) { (self.items, self.more) = (items, more) }

    /// The widest the box grows: room for a long line of news, still a box on a wide window.
    static let widest = 96
    /// The narrowest: the title and the footer fit.
    static let narrowest = 44

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        guard case .key = input else { return .nothing }
        return .done(.close)
    }

    public func help(_ context: Context) -> HelpPage {
        HelpPage("While you were away", [KeyHelp("any key", "closes the news (it is not shown again)", hint: Priority.essential, short: "closes")])
    }

    /// The lines drawn for a box with room for `rows` lines: the newest items that fit, under a
    /// line counting the earlier ones left out, and a last line when more is still to come.
    func lines(rows: Int) -> [String] {
        let tail = more ? ["More news is waiting: it comes next time."] : []
        let room = max(1, rows - tail.count)
        guard items.count > room else { return items.map(Self.line) + tail }
        let shown = items.suffix(room - 1)
        let earlier = items.count - shown.count
        return ["… and \(earlier) earlier item\(earlier == 1 ? "" : "s")"] + shown.map(Self.line) + tail
    }

    /// "3 Oct  Your look finished #3 of 40 on Beach Day." (the day as the server dated the item).
    static func line(_ item: NewsItem) -> String {
        let day = UTCDay.parse(Substring(item.day)).map(shortDate) ?? String(item.day.prefix(10))
        return day.leftPadded(to: 6) + "  " + SafeText.strip(item.text)
    }

    /// "3 Oct": a day of the year as a player says it.
    static func shortDate(_ day: Int) -> String {
        let date = UTCDay.civil(day)
        return "\(date.day) \(DayCalendar.monthNames[date.month - 1])"
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let lines = lines(rows: max(1, area.height - 4))
        // As wide as the longest line needs (the panel's border and margins take 6), no wider.
        let longest = lines.map(TextLayout.width).max() ?? 0
        let box = Dialog.box(in: area, lines: lines.count, width: min(Self.widest, max(Self.narrowest, longest + 6)))
        let inside = Theme.panel(" While you were away ", footer: " any key closes ").draw(in: box, into: &grid)
        for (index, line) in lines.enumerated() {
            let note = line.hasPrefix("… and") || (more && index == lines.count - 1)
            grid.put(line, in: inside.row(1 + index), style: (note ? Theme.label : Style()).on(Theme.panel))
        }
    }
}
