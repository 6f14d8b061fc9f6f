// A player's days drawn the way GitHub draws contributions: a column a week (Monday on top, the
// current week on the right), a shade a score band, month names over the weeks they begin, today
// marked, and a legend. Days count from the server's today, never the device's clock.
import PlumeCalendar
import ScoresAPI
import TUI

struct DayCalendar: Sendable, Equatable {
    /// Today as the server counts it (days since 1970).
    let today: Int
    /// Each day played and its score.
    let scores: [Int: Int64]

    /// nil when the server's today can't be read as a day.
    init?(_ record: PlayerDays) {
        guard let today = UTCDay.parse(Substring(record.today)) else { return nil }
        self.today = today
        var scores: [Int: Int64] = [:]
        for day in record.days {
            if let number = UTCDay.parse(Substring(day.day)) { scores[number] = day.score }
        }
        self.scores = scores
    }

    init(today: Int, scores: [Int: Int64]) { (self.today, self.scores) = (today, scores) }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    /// Columns before the first week: a day's name and a space.
    static let labelWidth = 4
    /// Rows drawn: the months, the seven days, the legend.
    static let height = 9
    /// The most weeks drawn: what a page of the record holds (ScoresSession.recordDays).
    static let maxWeeks = 53
    /// The fewest weeks drawn: the legend needs their width.
    static let minWeeks = 14

    /// The columns `weeks` weeks take: a cell and a gap each (the last gap marks today).
    static func width(weeks: Int) -> Int { labelWidth + 2 * weeks }

    /// As many weeks as fit in `width` columns (at least `minWeeks`, at most a year).
    static func weeks(fitting width: Int) -> Int { min(maxWeeks, max(minWeeks, (width - labelWidth) / 2)) }

    /// The glyph for a score band: four steps, so a picture without colour still reads (the
    /// colour tells all eleven bands apart).
    static func glyph(band: Int) -> Unicode.Scalar {
        switch band {
        case ..<3: "░"
        case ..<6: "▒"
        case ..<9: "▓"
        default: "█"
        }
    }

    /// The Monday of the first week shown.
    func firstMonday(weeks: Int) -> Int { today - UTCDay.weekday(today) - 7 * (weeks - 1) }

    /// Month names over the weeks: a month is named over the first week that begins in it; the
    /// first week is named too when the next name leaves it room.
    func monthLabels(weeks: Int) -> [(week: Int, name: String)] {
        let first = firstMonday(weeks: weeks)
        var labels: [(week: Int, name: String)] = []
        for week in 0..<weeks {
            let monday = UTCDay.civil(first + 7 * week)
            if monday.day <= 7 { labels.append((week, Self.monthNames[monday.month - 1])) }
        }
        // A name takes three columns of a week's two; the first week's needs a clear week after it.
        if labels.first.map({ $0.week >= 3 }) ?? true {
            labels.insert((0, Self.monthNames[UTCDay.civil(first).month - 1]), at: 0)
        }
        return labels
    }

    /// What one day shows: nothing after today, a dot for a day not played, else its band's shade.
    func cell(_ day: Int) -> Cell {
        if day > today { return Cell(" ") }
        guard let score = scores[day] else { return Cell("·", fg: Theme.dim) }
        let band = ScoreBands.band(of: score)
        return Cell(Self.glyph(band: band), fg: Theme.band(band))
    }

    /// Draws the calendar with its top-left corner at (x, y), `weeks` weeks wide, over `background`.
    func draw(into grid: inout Grid, x: Int, y: Int, weeks: Int, background: Colour = .standard) {
        let first = firstMonday(weeks: weeks)
        let label = Theme.label.on(background)
        for (week, name) in monthLabels(weeks: weeks) {
            grid.put(name, x: x + Self.labelWidth + 2 * week, y: y, style: label)
        }
        for row in 0..<7 {
            grid.put(Self.dayNames[row], x: x, y: y + 1 + row, style: label)
            for week in 0..<weeks {
                var cell = cell(first + 7 * week + row)
                cell.bg = background
                grid[x + Self.labelWidth + 2 * week, y + 1 + row] = cell
            }
        }
        let todayColumn = x + Self.labelWidth + 2 * (weeks - 1) + 1
        grid[todayColumn, y + 1 + UTCDay.weekday(today)] = Cell("◂", fg: Theme.accent, bg: background, bold: true)
        drawLegend(into: &grid, x: x + Self.labelWidth, y: y + 8, background: background)
    }

    /// "less ░ ▒ ▓ █ more   ◂ today", each shade in its colour.
    private func drawLegend(into grid: inout Grid, x: Int, y: Int, background: Colour) {
        var column = grid.put("less ", x: x, y: y, style: Theme.label.on(background))
        for band in [1, 4, 7, 10] {
            grid[column, y] = Cell(Self.glyph(band: band), fg: Theme.band(band), bg: background)
            column += 2
        }
        column = grid.put("more   ", x: column, y: y, style: Theme.label.on(background))
        column = grid.put("◂", x: column, y: y, style: Style(fg: Theme.accent, bg: background, bold: true))
        grid.put(" today", x: column, y: y, style: Theme.label.on(background))
    }
}
