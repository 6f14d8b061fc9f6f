// The Scores screen's League tab: the player's group of up to 30 this week, ranked by week
// points, with the rows that move up (▲) and down (▼) when the week closes, a countdown to the
// close, and what a day of play is worth (WeekRules, the server's own formula). Once the week has
// closed, the tab asks again: a new week begins with no group until the player's first points.
import GameState
import ScoresAPI
import TUI

extension ScoresState {
    /// What a day of play is worth toward the week, from the server's own rules.
    static let weekPointsWords: String = {
        let look = "your look 10, and 3 for each full hundred (up to \(WeekRules.stylePoints(score: 1000, copied: false)); a look someone sent first that day \(WeekRules.stylePoints(score: 1000, copied: true)))"
        let lab = "your swarm on the Lab brief 10, and 2 a hundred (up to \(WeekRules.labPoints(score: 1000)))"
        let votes = "\(WeekRules.pointsPerVote) a Runway vote (up to \(WeekRules.votesCounted) a day)"
        let place = "a place in a show's people's choice \(WeekRules.placePoints(rank: 10, of: 10))–\(WeekRules.placePoints(rank: 1, of: 1))"
        return "a day is worth at most \(WeekRules.dayCap): \(look) · \(lab) · \(votes) · \(place); each part is the day's best, never a sum of tries"
    }()

    func drawLeague(_ grid: inout Grid, _ layout: ScoresLayout, _ context: Context) {
        let session = context.session, width = layout.area.width, now = context.now
        let listWidth = layout.panelX - 2
        drawWeekPoints(&grid, layout)
        guard session.player != nil else {
            grid.paragraph("Register (p) to play in a league: your first week points put you in a group of up to \(WeekRules.groupSize).",
                           in: Rect(x: 2, y: layout.listTop + 1, width: listWidth - 2, height: 3), style: Theme.label)
            return
        }
        guard let table = session.league?.value else { return }
        let tier = SafeText.strip(table.tierName), week = SafeText.strip(table.week)
        let closes = Timestamp.seconds(table.closesAt)
        var heading = "\(tier) · \(week)"
        if table.closed {
            heading += " · closed"
        } else if let closes {
            heading += now < closes ? " · closes in \(untilWords(closes - now))" : " · closing…"
        }
        grid.put(heading, in: Rect(x: 1, y: layout.boardLine, width: width - 2, height: 1), style: Style(fg: Theme.accent))
        guard table.group != nil else {
            let points = table.points ?? 0
            let words = points > 0
                ? "You have \(points) week points: your seat among up to \(WeekRules.groupSize) players of \(tier) comes as soon as last week's close is done (r asks again)."
                : "No group yet this week: your first week points (b in the Studio, a swarm on the Lab brief, a Runway vote) "
                    + "put you among up to \(WeekRules.groupSize) players of \(tier)."
            grid.paragraph(words, in: Rect(x: 2, y: layout.listTop + 1, width: listWidth - 2, height: max(1, layout.listHeight - 2)), style: Theme.label)
            return
        }
        let members = table.members, count = members.count
        grid.put("  #  name                  points", x: 1, y: layout.listTop, style: Theme.label, limit: listWidth)
        let body = Rect(x: 1, y: layout.listTop + 1, width: listWidth, height: layout.listHeight - 1)
        let mine = session.player?.playerID
        ListView.draw(count: count, state: list, in: body, into: &grid) { index, line, chosen, grid in
            let member = members[index]
            let up = member.moved.map { $0.word == .up } ?? (member.rank <= table.promote)
            let down = member.moved.map { $0.word == .down } ?? (member.rank > count - table.demote)
            let own = member.playerID == mine
            let style = chosen ? Theme.selected : own ? Style(fg: Theme.good, bold: true) : .plain
            grid.fill(line, with: Cell(" ", reverse: chosen))
            let x = grid.put(String(member.rank).leftPadded(to: 3) + " ", in: line, style: style)
            let mark = up ? "▲" : down ? "▼" : " "
            grid.put(mark, x: x, y: line.y, style: chosen ? style : up ? Style(fg: Theme.good) : down ? Theme.warning : style)
            grid.put((own ? "▸ " : "") + SafeText.strip(member.name), x: x + 2, y: line.y, style: style, limit: 20)
            grid.put(String(member.points).leftPadded(to: 6), x: x + 23, y: line.y, style: style, limit: line.maxX - x - 23)
        }
        // The zones in words, under the list.
        let upWords = table.promote == 0 ? "no one goes up" : "▲ top \(table.promote) go up"
        let downWords = table.demote == 0 ? "no one goes down from \(tier)" : "▼ bottom \(table.demote) go down"
        let zones = table.closed ? "The week has closed: ▲ went up, ▼ went down." : "\(upWords) · \(downWords) when the week ends"
        grid.put(zones, x: 2, y: layout.area.maxY - 1, style: Theme.label, limit: width - 4)
    }

    /// Where the player stands in their group, for the freshness line: "you: #4 of 23, 212 points".
    func leagueStanding(_ session: Session) -> String? {
        guard let table = session.league?.value, let rank = table.rank, let points = table.points else { return nil }
        return "you: #\(rank) of \(table.members.count), \(points) point\(points == 1 ? "" : "s")"
    }

    /// The right-hand panel: what a day of play is worth.
    private func drawWeekPoints(_ grid: inout Grid, _ layout: ScoresLayout) {
        let x = layout.panelX, width = layout.area.width - x - 1
        guard width >= 16 else { return }
        grid.put("Week points", x: x, y: layout.listTop, style: Theme.title, limit: width)
        let lines = [
            "a day is at most \(WeekRules.dayCap):",
            "look \(WeekRules.stylePoints(score: 0, copied: false)), +3 a hundred",
            "  (a copy: \(WeekRules.stylePoints(score: 1000, copied: true)))",
            "Lab \(WeekRules.labPoints(score: 0)), +2 a hundred",
            "vote \(WeekRules.pointsPerVote), \(WeekRules.votesCounted) a day",
            "show place \(WeekRules.placePoints(rank: 10, of: 10))–\(WeekRules.placePoints(rank: 1, of: 1))",
            "each the day's best",
        ]
        var y = layout.listTop + 1
        for line in lines {
            y += grid.paragraph(line, in: Rect(x: x, y: y, width: width, height: 2), style: Theme.label)
        }
    }
}
