// A player's last 26 weeks as an SVG calendar, the way GitHub draws contributions: a column a
// week (Monday on top, the current week on the right), a colour a score band, month names over
// the weeks they begin in, a legend, a hover title on every day, and today outlined. Days count
// from the record's `today` (the server's UTC day when the record was read), never from a wall
// clock here, so the picture is a pure function of the record. Drawn inline in /p/{id} (the
// pages' Content-Security-Policy allows inline SVG and no scripts); every text is escaped.
import GameState
import PlumeCalendar
import ScoresAPI

enum CalendarPicture {
    /// Weeks drawn: half a year, as many as the player page reads days for.
    static let weeks = 26
    /// The days of the record the page reads to fill the calendar (`weeks` whole weeks).
    static let days = weeks * 7

    // Geometry in SVG units: a cell, the gap after it, the day names' column, the month row.
    static let cell = 11, gap = 3, left = 30, top = 16
    static var step: Int { cell + gap }
    static var width: Int { left + weeks * step }
    /// The month row, seven days, and the legend's row under them.
    static var height: Int { top + 7 * step + 22 }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// Names beside Monday, Wednesday and Friday only, as GitHub does: every row named is a crowd.
    static let dayNames = [0: "Mon", 2: "Wed", 4: "Fri"]
    /// A day not played (GitHub's empty grey), and the outline of today.
    static let unplayed = "#ebe6ef", todayOutline = "#222222"

    /// A score band's colour: from a pale lilac (0–99) to the pages' deep purple (1000), so a
    /// better day reads darker on the light page, as a busier day does on GitHub.
    static func colour(band: Int) -> String {
        let t = Double(min(max(band, 0), ScoreBands.count - 1)) / Double(ScoreBands.count - 1)
        func mix(_ from: Double, _ to: Double) -> UInt8 { UInt8((from + (to - from) * t).rounded()) }
        return Pictures.hex(RGB(r: mix(226, 74), g: mix(208, 26), b: mix(240, 128)))
    }

    /// The calendar for the record's days; nil when the record's `today` isn't a day.
    static func svg(_ record: PlayerDays) -> String? {
        guard let today = UTCDay.parse(Substring(record.today)) else { return nil }
        var played: [Int: RecordDay] = [:]
        for day in record.days {
            if let number = UTCDay.parse(Substring(day.day)) { played[number] = day }
        }
        let first = today - UTCDay.weekday(today) - 7 * (weeks - 1)
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"calendar\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width * 2)\" "
            + "height=\"\(height * 2)\" role=\"img\" aria-label=\"days played in the last \(weeks) weeks\" "
            + "font-family=\"system-ui,sans-serif\" font-size=\"9\" fill=\"#666\">"
            + "<title>Days played in the last \(weeks) weeks, to \(HTML.escape(record.today))</title>"
        for (week, name) in monthLabels(first: first) {
            svg += "<text x=\"\(left + week * step)\" y=\"\(top - 5)\">\(name)</text>"
        }
        for (row, name) in dayNames.sorted(by: { $0.key < $1.key }) {
            svg += "<text x=\"0\" y=\"\(top + row * step + cell - 2)\">\(name)</text>"
        }
        for week in 0..<weeks {
            for row in 0..<7 {
                let day = first + 7 * week + row
                guard day <= today else { break }
                svg += square(x: left + week * step, y: top + row * step, day: day, played: played[day], isToday: day == today)
            }
        }
        svg += legend(y: top + 7 * step + 8)
        return svg + "</svg>"
    }

    /// One day: its band's colour (grey when not played) and a title with the date and score.
    static func square(x: Int, y: Int, day: Int, played: RecordDay?, isToday: Bool) -> String {
        let date = UTCDay.string(day)
        var title = date + (isToday ? " (today)" : "")
        let fill: String
        if let played {
            fill = colour(band: ScoreBands.band(of: played.score))
            title += ": \(played.score)" + (played.rank.map { ", rank \($0) of \(played.entries)" } ?? "")
        } else {
            fill = unplayed
            title += isToday ? ": not played yet" : ": not played"
        }
        let outline = isToday ? " stroke=\"\(todayOutline)\" stroke-width=\"1.5\"" : ""
        return "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(cell)\" height=\"\(cell)\" rx=\"2\" fill=\"\(fill)\"\(outline)>"
            + "<title>\(HTML.escape(title))</title></rect>"
    }

    /// "Not played", a square per band from the lowest to 1000 (each titled with its scores),
    /// and today's outline.
    static func legend(y: Int) -> String {
        var x = left
        var out = "<text x=\"\(x)\" y=\"\(y + cell - 2)\">Less</text>"
        x += 24
        out += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(cell)\" height=\"\(cell)\" rx=\"2\" fill=\"\(unplayed)\"><title>not played</title></rect>"
        for band in 0..<ScoreBands.count {
            x += step
            out += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(cell)\" height=\"\(cell)\" rx=\"2\" fill=\"\(colour(band: band))\">"
                + "<title>\(HTML.escape(ScoreBands.label(band)))</title></rect>"
        }
        x += step + 4
        out += "<text x=\"\(x)\" y=\"\(y + cell - 2)\">More</text>"
        x += 40
        out += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(cell)\" height=\"\(cell)\" rx=\"2\" fill=\"none\" stroke=\"\(todayOutline)\" stroke-width=\"1.5\"/>"
        return out + "<text x=\"\(x + step)\" y=\"\(y + cell - 2)\">today</text>"
    }

    /// Month names over the weeks: a month is named over the first week whose Monday is in it;
    /// the first week is named too when the next name leaves it room (a name takes two weeks).
    static func monthLabels(first: Int) -> [(week: Int, name: String)] {
        var labels: [(week: Int, name: String)] = []
        for week in 0..<weeks {
            let monday = UTCDay.civil(first + 7 * week)
            if monday.day <= 7 { labels.append((week, monthNames[monday.month - 1])) }
        }
        if labels.first.map({ $0.week >= 2 }) ?? true {
            labels.insert((0, monthNames[UTCDay.civil(first).month - 1]), at: 0)
        }
        return labels
    }
}
