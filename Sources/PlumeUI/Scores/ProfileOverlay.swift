// Your profile (p on Scores or the Runway, once registered): who you are here (name, avatar,
// e-mail, points, banners), your days (played, streak, best streak, today's score), a calendar of the last
// weeks and how your days scored, band by band; on a tall window, the latest days too. e edits
// the name, e-mail and avatar (the Register dialog); r reads it all again. It reads the session
// and owns nothing.
import GameState
import PlumeCalendar
import ScoresAPI
import TUI

public struct ProfileOverlay: Overlay {
    public init() {}

    public var covers: Bool { true }

    /// Columns between the calendar and the chart.
    static let gap = 3

    /// What opening the profile asks for: the days and the points, both fresh.
    static let reads: [Request] = [.send(.record), .send(.myBests)]

    /// p (on Scores and the Runway): the profile with its days, or registering first.
    static func open(_ session: Session) -> [Request] {
        session.player == nil ? [.push(RegisterDialog(session))] : [.push(ProfileOverlay())] + reads
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        guard case .key(let key) = input else { return .nothing }
        switch key {
        case .escape, .char("p"): return .done(.close)
        case .char("e"), .enter: return .done(.push(RegisterDialog(context.session)))
        case .char("r"): return .done([.session(.stopWaiting), .status("Reading your days from \(context.session.place)…")] + Self.reads)
        default: return .pass
        }
    }

    public func help(_ context: Context) -> HelpPage {
        HelpPage("Profile", [KeyHelp("e Enter", "edit your name, e-mail and avatar", hint: Priority.essential, short: "edit"),
                             KeyHelp("r", "read your days again", hint: Priority.useful, short: "refresh"),
                             KeyHelp("Esc p", "close", hint: Priority.essential, short: "close")] + HelpOverlay.common)
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let session = context.session
        let inside = Theme.panel(" Your profile on \(session.place) ", footer: " e edits · r refreshes · Esc closes ").draw(in: area, into: &grid)
        let record = session.record?.value
        drawWho(&grid, inside, context)
        if let record { grid.put(Self.bannersLine(record), in: inside.row(2), style: Theme.label.on(Theme.panel)) }
        drawStats(&grid, inside.row(3).inset(bottom: -1), record)
        let below = Rect(x: inside.x, y: inside.y + 6, width: inside.width, height: inside.height - 6)
        guard let record, let calendar = DayCalendar(record) else {
            let words = session.recordFailure.map { "Your days couldn't be read: \($0). r tries again." } ?? "Reading your days from \(session.place)…"
            grid.paragraph(words, in: below.row(0).inset(bottom: -1), style: Theme.label.on(Theme.panel))
            return
        }
        let chartWidth = min(40, max(28, inside.width / 3))
        let weeks = DayCalendar.weeks(fitting: inside.width - chartWidth - Self.gap)
        let chartX = inside.x + DayCalendar.width(weeks: weeks) + Self.gap
        grid.put("Your last \(weeks) weeks", x: below.x, y: below.y, style: Theme.title.on(Theme.panel))
        grid.put("Your day scores", x: chartX, y: below.y, style: Theme.title.on(Theme.panel))
        calendar.draw(into: &grid, x: below.x, y: below.y + 1, weeks: weeks, background: Theme.panel)
        let latest = record.days.first.map { ScoreBands.band(of: $0.score) }
        BandChart(bands: record.bands, latest: latest).draw(into: &grid, x: chartX, y: below.y + 1, width: inside.maxX - chartX, background: Theme.panel)
        let listTop = below.y + 2 + BandChart.height
        drawRecentDays(&grid, Rect(x: inside.x, y: listTop, width: inside.width, height: inside.maxY - listTop), record)
    }

    /// "Banners: Every Day silver · Climber bronze": each banner at the highest tier earned.
    static func bannersLine(_ record: PlayerDays) -> String {
        var best: [String: Banner] = [:], order: [String] = []
        for banner in record.banners ?? [] {
            let kind = banner.id.rawValue
            if best[kind] == nil { order.append(kind) }
            if banner.tier > best[kind]?.tier ?? 0 { best[kind] = banner }
        }
        guard !order.isEmpty else { return "Banners: none yet — a 7-day streak earns one" }
        return "Banners: " + order.compactMap { best[$0] }.map { "\(SafeText.strip($0.name)) \(SafeText.strip($0.tierName))" }.joined(separator: " · ")
    }

    /// The avatar and name, when and where the player began, the e-mail and the points.
    private func drawWho(_ grid: inout Grid, _ inside: Rect, _ context: Context) {
        let session = context.session, own = session.bests?.value.own
        let name = SafeText.strip(own?.name ?? session.player?.name ?? "")
        var x = ScoresState.drawTinyAvatar(own?.avatarLook, into: &grid, x: inside.x, y: inside.y, context.catalog) + 1
        x = grid.put(name, x: x, y: inside.y, style: Theme.title.on(Theme.panel), limit: inside.maxX - x)
        if let since = own.flatMap({ UTCDay.parse($0.createdAt.prefix(10)) }) {
            let date = UTCDay.civil(since)
            grid.put(" · playing since \(date.day) \(DayCalendar.monthNames[date.month - 1]) \(date.year)", x: x, y: inside.y,
                     style: Theme.label.on(Theme.panel), limit: inside.maxX - x)
        }
        guard let own else { return }
        let email = own.email.map { "E-mail \(SafeText.strip($0)) · news by e-mail \(own.updatesOptIn ? "on" : "off")" } ?? "No e-mail (e adds one)"
        let points = "\(own.pointsEarned) points, \(own.pointsAvailable) to give"
        grid.put(email + " · " + points, in: inside.row(1), style: Theme.label.on(Theme.panel))
    }

    /// Four figures, Wordle-style: days played, streak, best streak, today's score.
    private func drawStats(_ grid: inout Grid, _ rows: Rect, _ record: PlayerDays?) {
        let todays = record.flatMap { days in days.days.first { $0.day == days.today } }
        let figures: [(value: String, label: String)] = [
            (record.map { "\($0.daysPlayed)" } ?? "–", "days played"),
            (record.map { "\($0.streak)" } ?? "–", record?.streak == 1 ? "day in a row" : "days in a row"),
            (record.map { "\($0.bestStreak)" } ?? "–", "best streak"),
            (todays.map { "\($0.score)" } ?? "–", todays == nil ? "not played today" : "today's score"),
        ]
        let width = rows.width / figures.count
        for (index, figure) in figures.enumerated() {
            let x = rows.x + index * width
            func centred(_ text: String, _ y: Int, _ style: Style) {
                grid.put(text, x: x + max(0, (width - TextLayout.width(text)) / 2), y: y, style: style, limit: width)
            }
            centred(figure.value, rows.y, Theme.chosen.on(Theme.panel))
            centred(figure.label, rows.y + 1, Theme.label.on(Theme.panel))
        }
    }

    /// The latest days, one a line, where the window leaves room: the day, the score and the ranks.
    private func drawRecentDays(_ grid: inout Grid, _ rect: Rect, _ record: PlayerDays) {
        guard rect.height >= 3, !record.days.isEmpty else { return }
        grid.put("Your latest days", x: rect.x, y: rect.y, style: Theme.title.on(Theme.panel))
        for (index, day) in record.days.prefix(rect.height - 1).enumerated() {
            grid.put(Self.describe(day, today: record.today), in: rect.row(1 + index), style: Style(bg: Theme.panel))
        }
    }

    /// "Fri 4 Oct    812   #2 of 40   runway #3 of 8", a still-open day's rank marked "so far".
    static func describe(_ day: RecordDay, today: String) -> String {
        let date = UTCDay.parse(Substring(day.day)).map { "\(DayCalendar.dayNames[UTCDay.weekday($0)]) \(NewsOverlay.shortDate($0))" } ?? day.day
        var text = date.padding(toLength: 11, withPad: " ", startingAt: 0) + String(day.score).leftPadded(to: 5)
        if let rank = day.rank { text += "   #\(rank) of \(day.entries)" + (day.day == today ? " so far" : "") }
        if let people = day.peopleRank { text += "   runway #\(people)" + (day.peopleEntries.map { " of \($0)" } ?? "") }
        return text
    }
}
