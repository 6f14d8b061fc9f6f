// The Scores screen drawn: where the scores are and who you are, the sub-tabs, the board, how
// old the data is (or why it couldn't be refreshed), the list, and a preview of the selected
// player's avatar. Every remote string passes SafeText.strip before it is drawn.
import GameState
import ScoresAPI

extension AppModel {
    var scoresListTop: Int { 6 }
    var scoresListHeight: Int { max(1, height - 3 - scoresListTop) }
    var scoresPanelX: Int { max(46, width - 24) }

    func scoresTabRanges() -> [(ScoresState.Tab, Range<Int>)] {
        var x = 1
        return ScoresState.Tab.allCases.map { tab in
            let label = " \(tab.title) "
            defer { x += label.count + 1 }
            return (tab, x..<(x + label.count))
        }
    }

    /// The rows of the board on the Top, Around me or Contributors tab.
    var scoresRows: [BoardRow] {
        switch scores.tab {
        case .top: scores.board.flatMap { scores.tops[$0.id]?.value.rows } ?? []
        case .around: scores.board.flatMap { scores.arounds[$0.id]?.value.rows } ?? []
        case .contributors: scores.contributors?.value.rows ?? []
        case .bests, .causes: []
        }
    }

    var scoresRowCount: Int {
        switch scores.tab {
        case .top, .around, .contributors: scoresRows.count
        case .bests: scores.bests?.value.profile.bests.count ?? 0
        case .causes: scores.causes?.value.causes.count ?? 0
        }
    }

    /// The header's second line: how old the data is, or why it couldn't be refreshed.
    var scoresFreshness: (text: String, bad: Bool) {
        let boardID = scores.tab == .top || scores.tab == .around ? scores.board?.id : nil
        let at = scores.dataTime(board: boardID)
        let sending = scores.inFlight.keys.contains { !$0.hasPrefix("submit:") && $0 != "outbox" }
        if let problem = scores.problem {
            let what = problem.failure.kind == .offline || problem.failure.kind == .timedOut ? "offline" : "can't refresh"
            let shown = at.map { "showing data from \(ageWords(now - $0)) ago" } ?? "nothing to show yet"
            var text = "\(what) — \(shown)"
            if scores.quietUntil > now { text += " · asked to wait \(Int((scores.quietUntil - now).rounded(.up))) s" }
            return (text + " (\(SafeText.strip(problem.failure.message)))", true)
        }
        if let at { return ("updated \(ageWords(now - at)) ago" + (sending ? " · refreshing…" : ""), false) }
        return (sending || !scores.started ? "loading…" : "no data yet — r refreshes", false)
    }

    func drawScores(_ grid: inout Grid) {
        let who = scores.player.map { "you are \($0.name)" } ?? "not registered — p registers"
        var header = "Scores · \(scores.place) · \(who)"
        if scores.outbox > 0 { header += " · outbox: \(scores.outbox) waiting" }
        grid.put(header, x: 1, y: 2, style: Theme.title, limit: width - 2)
        for (tab, range) in scoresTabRanges() {
            let style = tab == scores.tab ? Style(fg: .rgb(20, 20, 20), bg: Theme.accent, bold: true) : Theme.label
            grid.put(" \(tab.title) ", x: range.lowerBound, y: 3, style: style)
        }
        if scores.tab == .top || scores.tab == .around, let board = scores.board {
            let state = board.open ? "open" : "closed"
            grid.put("◂ [ \(SafeText.strip(board.title)) ] ▸  (\(state) · \(scores.boardIndex + 1)/\(scores.boards.count))", x: 1, y: 4,
                     style: Style(fg: Theme.accent), limit: width - 2)
        }
        let fresh = scoresFreshness
        grid.put(fresh.text, x: 1, y: 5, style: fresh.bad ? Style(fg: Theme.bad, bold: true) : Theme.label, limit: width - 2)
        switch scores.tab {
        case .top, .around, .contributors: drawBoardRows(&grid)
        case .bests: drawBests(&grid)
        case .causes: drawCauses(&grid)
        }
    }

    private func drawBoardRows(_ grid: inout Grid) {
        let rows = scoresRows
        let panel = scoresPanelX, listWidth = panel - 2
        if rows.isEmpty {
            let empty: String = switch scores.tab {
            case .around where scores.player == nil: "Register (p) to see the players around you."
            case .around: "You have no record on this board yet — b in the Studio or Lab submits."
            case .contributors: "Nobody has given points yet: d donates some of yours."
            default: scores.problem == nil ? "No scores on this board yet — be the first (b in the Studio or Lab)." : ""
            }
            grid.put(empty, x: 2, y: scoresListTop + 1, style: Theme.label, limit: width - 4)
            return
        }
        let valueTitle = scores.tab == .contributors ? "points" : "score"
        grid.put("  #  look name                 \(valueTitle.padding(toLength: 6, withPad: " ", startingAt: 0))  when", x: 1, y: scoresListTop,
                 style: Theme.label, limit: listWidth)
        for (offset, row) in rows.dropFirst(scores.scroll).prefix(scoresListHeight - 1).enumerated() {
            let index = scores.scroll + offset, y = scoresListTop + 1 + offset
            let mine = row.playerID == scores.player?.playerID
            let chosen = index == scores.selection
            let style = chosen ? Theme.selected : mine ? Style(fg: Theme.good, bold: true) : .plain
            let rank = String(row.rank).leftPadded(to: 3) + (row.tied ? "=" : " ")
            grid.fill(x: 1, y: y, width: listWidth, height: 1, with: Cell(" ", reverse: chosen))
            var x = grid.put(rank, x: 1, y: y, style: style)
            x = drawTinyAvatar(row.avatarLook, into: &grid, x: x + 1, y: y)
            let name = (mine ? "▸ " : "") + SafeText.strip(row.name)
            grid.put(name, x: x + 1, y: y, style: style, limit: 20)
            let when = Timestamp.seconds(row.at).map { ageWords(now - $0) + " ago" } ?? "?"
            grid.put(String(row.score).leftPadded(to: 6) + "  " + when, x: x + 22, y: y, style: style, limit: max(0, listWidth - x - 21))
        }
        drawSelectedPlayer(&grid, rows: rows)
    }

    /// A four-cell sketch of a look (each cell two pixels, half-blocks): enough to tell players apart.
    @discardableResult
    func drawTinyAvatar(_ code: String?, into grid: inout Grid, x: Int, y: Int) -> Int {
        guard let code, case .look(let look)? = try? ShareCode.decode(code) else {
            grid.put("····", x: x, y: y, style: Theme.label)
            return x + 4
        }
        let image = LookPixels.render(look, in: catalog)
        for column in 0..<4 {
            func average(_ rows: Range<Int>) -> Colour {
                var r = 0, g = 0, b = 0, n = 0
                let xs = (column * image.width / 4)..<((column + 1) * image.width / 4)
                for py in rows { for px in xs { if let c = image.colours[py * image.width + px] { r += Int(c.r); g += Int(c.g); b += Int(c.b); n += 1 } } }
                return n == 0 ? .standard : .rgb(UInt8(r / n), UInt8(g / n), UInt8(b / n))
            }
            let half = image.height / 2
            grid[x + column, y] = Cell("▀", fg: average(0..<half), bg: average(half..<image.height))
        }
        return x + 4
    }

    private func drawSelectedPlayer(_ grid: inout Grid, rows: [BoardRow]) {
        guard rows.indices.contains(scores.selection) else { return }
        let row = rows[scores.selection], x = scoresPanelX
        grid.put(SafeText.strip(row.name), x: x, y: scoresListTop, style: Theme.title, limit: width - x - 1)
        if let code = row.avatarLook, case .look(let look)? = try? ShareCode.decode(code), height - 3 - (scoresListTop + 1) >= 10 {
            FigureRenderer.drawSmall(look, in: catalog, into: &grid, x: x, y: scoresListTop + 1)
        }
        let entry: String = switch (scores.tab, try? ShareCode.decode(row.code)) {
        case (.contributors, _): "gave \(row.score) points"
        case (_, .swarm(let recipe)?): "a swarm: \(recipe.ingredients.count) species, \(recipe.totalPopulation) agents"
        case (_, .look?): "a look"
        default: ""
        }
        grid.put(entry, x: x, y: min(height - 4, scoresListTop + 12), style: Theme.label, limit: width - x - 1)
        if scores.tab != .contributors || row.avatarLook != nil {
            grid.put("Enter: preview it", x: x, y: min(height - 3, scoresListTop + 13), style: Style(fg: Theme.accent), limit: width - x - 1)
        }
    }

    private func drawBests(_ grid: inout Grid) {
        guard scores.player != nil else {
            grid.put("Register (p) to keep personal bests on \(scores.place).", x: 2, y: scoresListTop + 1, style: Theme.label, limit: width - 4)
            return
        }
        guard let bests = scores.bests?.value else { return }
        let points = "Points: \(bests.own.pointsEarned) earned · \(bests.own.pointsGiven) given · \(bests.own.pointsAvailable) to give"
        grid.put(points, x: 1, y: scoresListTop, style: Theme.label, limit: width - 2)
        if bests.profile.bests.isEmpty {
            grid.put("No bests yet — b in the Studio or the Lab submits your work.", x: 2, y: scoresListTop + 2, style: Theme.label, limit: width - 4)
        }
        for (offset, best) in bests.profile.bests.dropFirst(scores.scroll).prefix(scoresListHeight - 1).enumerated() {
            let index = scores.scroll + offset, y = scoresListTop + 1 + offset
            let style = index == scores.selection ? Theme.selected : .plain
            grid.fill(x: 1, y: y, width: width - 2, height: 1, with: Cell(" ", reverse: index == scores.selection))
            let rank = best.rank.map { "#\($0)" } ?? "—"
            let when = Timestamp.seconds(best.at).map { ageWords(now - $0) + " ago" } ?? "?"
            let line = rank.leftPadded(to: 6) + "  " + String(best.score).leftPadded(to: 5) + "  " + title(of: best.boardID)
            let after = grid.put(line, x: 1, y: y, style: style, limit: width - 14)
            grid.put("  " + when, x: after, y: y, style: index == scores.selection ? style : Theme.label, limit: max(0, width - after - 1))
        }
    }

    private func drawCauses(_ grid: inout Grid) {
        guard let causes = scores.causes?.value.causes else { return }
        let available = scores.bests?.value.own.pointsAvailable
        let line = available.map { "You have \($0) point\($0 == 1 ? "" : "s") to give · d donates" } ?? (scores.player == nil ? "Register (p) to give points" : "d donates")
        grid.put(line, x: 1, y: scoresListTop, style: Theme.label, limit: width - 2)
        for (index, cause) in causes.prefix(scoresListHeight - 4).enumerated() {
            let y = scoresListTop + 1 + index
            let style = index == scores.selection ? Theme.selected : .plain
            grid.fill(x: 1, y: y, width: width - 2, height: 1, with: Cell(" ", reverse: index == scores.selection))
            grid.put(SafeText.strip(cause.name).padding(toLength: 30, withPad: " ", startingAt: 0) + String(cause.totalPoints).leftPadded(to: 9)
                     + " points from \(cause.donors) player\(cause.donors == 1 ? "" : "s")", x: 1, y: y, style: style, limit: width - 2)
        }
        if causes.indices.contains(scores.selection) {
            let y = scoresListTop + 2 + min(causes.count, scoresListHeight - 4)
            for (offset, text) in wrap(SafeText.strip(causes[scores.selection].description), width: width - 4).prefix(3).enumerated() {
                grid.put(text, x: 2, y: y + offset, style: Theme.label)
            }
        }
    }

    // MARK: Dialogs

    func drawDialog(_ grid: inout Grid) {
        guard let dialog else { return }
        var lines: [(String, Style)] = []
        let title: String
        let field = Style(fg: .standard, bg: .rgb(55, 55, 70))
        let active = Style(fg: .rgb(20, 20, 20), bg: Theme.accent, bold: true)
        switch dialog {
        case .register(let form):
            title = form.isProfile ? " Profile on \(scores.place) " : " Register on \(scores.place) "
            func row(_ label: String, _ value: String, _ which: RegisterForm.Field) -> (String, Style) {
                (label.padding(toLength: 10, withPad: " ", startingAt: 0) + value, form.field == which ? active : field)
            }
            lines.append(row("Name", form.name + (form.field == .name ? "▏" : ""), .name))
            lines.append(row("E-mail", (form.email.isEmpty && form.field != .email ? "(optional)" : form.email) + (form.field == .email ? "▏" : ""), .email))
            lines.append(row("Updates", form.updates ? "[x] send me news by e-mail" : "[ ] send me news by e-mail", .updates))
            let choices = avatarChoices
            lines.append(row("Avatar", "◂ " + choices[min(form.avatar, choices.count - 1)].label + " ▸", .avatar))
            lines.append(("", .plain))
            lines.append(("A name is unique here (ignoring case); the server says if it is taken.", Theme.label))
            lines.append((form.sending ? "Sending…" : "Tab/↑↓ moves · Space toggles · Enter \(form.isProfile ? "saves" : "registers") · Esc cancels",
                          Style(fg: Theme.accent)))
            if let error = form.error { lines.append((error, Style(fg: Theme.bad, bold: true))) }
        case .donate(let form):
            title = " Donate points "
            let causes = scores.causes?.value.causes ?? []
            let cause = causes.indices.contains(form.cause) ? SafeText.strip(causes[form.cause].name) : "(loading causes…)"
            lines.append(("Cause     ◂ \(cause) ▸", field))
            lines.append(("Points    \(form.points)▏", active))
            let available = scores.bests?.value.own.pointsAvailable
            lines.append((available.map { "You have \($0) point\($0 == 1 ? "" : "s") to give." } ?? "Checking your points…", Theme.label))
            lines.append(("", .plain))
            if form.confirming {
                lines.append(("Give \(form.points) points to \(cause)? y gives · any other key goes back", Style(fg: Theme.accent, bold: true)))
            } else {
                lines.append((form.sending ? "Sending…" : "←→ picks the cause · digits set points · Enter · Esc cancels", Style(fg: Theme.accent)))
            }
            if let error = form.error { lines.append((error, Style(fg: Theme.bad, bold: true))) }
        case .name(let form):
            title = " Name this swarm "
            lines.append(("Name      " + form.text + "▏", active))
            lines.append(("", .plain))
            lines.append(("Saved with the swarm and its slots. Enter keeps it · empty removes it · Esc cancels", Style(fg: Theme.accent)))
        }
        let boxWidth = min(width - 4, 66), boxHeight = lines.count + 4
        let x = (width - boxWidth) / 2, y = max(1, (height - boxHeight) / 2)
        let back = Style(bg: .rgb(30, 30, 38))
        grid.fill(x: x, y: y, width: boxWidth, height: boxHeight, with: Cell(" ", bg: .rgb(30, 30, 38)))
        grid.put("┌" + String(repeating: "─", count: boxWidth - 2) + "┐", x: x, y: y, style: Style(fg: Theme.accent))
        for row in (y + 1)..<(y + boxHeight - 1) {
            grid.put("│", x: x, y: row, style: Style(fg: Theme.accent))
            grid.put("│", x: x + boxWidth - 1, y: row, style: Style(fg: Theme.accent))
        }
        grid.put("└" + String(repeating: "─", count: boxWidth - 2) + "┘", x: x, y: y + boxHeight - 1, style: Style(fg: Theme.accent))
        grid.put(title, x: x + 2, y: y, style: Theme.title, limit: boxWidth - 4)
        for (index, line) in lines.enumerated() {
            var style = line.1
            if style.bg == .standard { style.bg = back.bg }
            grid.put(line.0, x: x + 2, y: y + 2 + index, style: style, limit: boxWidth - 4)
        }
    }
}

extension String {
    public func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
