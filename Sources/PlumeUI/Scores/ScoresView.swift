// The Scores screen drawn: where the scores are and who you are (and on a server whether others
// may watch your games), the sub-tabs, the board, how old the data is (or why it couldn't be
// refreshed), the list, and the selected player's avatar. Every remote string passes
// SafeText.strip before it is drawn.
import GameState
import ScoresAPI
import TUI

extension ScoresState {
    /// The header's second line: how old the data is, or why it couldn't be refreshed.
    func freshness(_ context: Context) -> (text: String, bad: Bool) {
        let session = context.session, now = context.now
        let at = dataTime(board: tab.showsBoard ? board?.id : nil, session)
        let sending = session.inFlight.keys.contains(where: \.isRead)
        if let problem = session.problem {
            let what = problem.failure.kind == .offline || problem.failure.kind == .timedOut ? "offline" : "can't refresh"
            let shown = at.map { "showing data from \(ageWords(now - $0)) ago" } ?? "nothing to show yet"
            var text = "\(what) — \(shown)"
            if session.quietUntil > now { text += " · asked to wait \(Int((session.quietUntil - now).rounded(.up))) s" }
            return (text + " (\(SafeText.strip(problem.failure.message)))", true)
        }
        if let at { return ("updated \(ageWords(now - at)) ago" + (sending ? " · refreshing…" : ""), false) }
        return (sending || !session.started ? "loading…" : "no data yet — r refreshes", false)
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let layout = ScoresLayout(area: area)
        let line = area.inset(left: 1, right: 1)
        let session = context.session
        let who = session.player.map { "you are \($0.name)" } ?? "not registered — p registers"
        var header = "Scores · \(session.place) · \(who)"
        if session.outbox > 0 { header += " · outbox: \(session.outbox) waiting" }
        // Whether others may watch keeps its place at the right; the header gives way to it.
        var headerLine = line.row(layout.header - area.y)
        if let watching = session.watchingLabel {
            let width = TextLayout.width(watching)
            grid.put(watching, x: headerLine.maxX - width, y: headerLine.y, style: Theme.label)
            headerLine.width -= width + 2
        }
        grid.put(header, in: headerLine, style: Theme.title)
        grid.focus(x: headerLine.x, y: headerLine.y)
        var tabs = layout.tabBar
        tabs.selected = tab.rawValue
        tabs.draw(x: line.x, y: layout.tabs, into: &grid)
        if tab.showsBoard, let board {
            let state = board.open ? "open" : "closed"
            grid.put("◂ [ \(SafeText.strip(board.title)) ] ▸  (\(state) · \(boardIndex + 1)/\(boards.count))", in: line.row(layout.boardLine - area.y),
                     style: Style(fg: Theme.accent))
        }
        var fresh = freshness(context)
        // On Friends, where the player stands among the people shown and on the whole board.
        if tab == .friends, !fresh.bad, let standing = friendsStanding(session) { fresh.text += " · " + standing }
        if tab == .league, !fresh.bad, let standing = leagueStanding(session) { fresh.text += " · " + standing }
        grid.put(fresh.text, in: line.row(layout.freshness - area.y), style: fresh.bad ? Theme.warning : Theme.label)
        switch tab {
        case .top, .around, .friends, .contributors: drawBoardRows(&grid, layout, context)
        case .bests: drawBests(&grid, layout, context)
        case .causes: drawCauses(&grid, layout, session)
        case .spread: drawSpread(&grid, layout, context)
        case .league: drawLeague(&grid, layout, context)
        }
    }

    /// The Spread tab: how the board's players' bests spread over its bands, yours marked, and
    /// where you stand in words.
    private func drawSpread(_ grid: inout Grid, _ layout: ScoresLayout, _ context: Context) {
        let width = layout.area.width
        guard let board, let histogram = histograms[board.id]?.value else { return }
        guard histogram.total > 0 else {
            grid.put("No bests on \(SafeText.strip(board.title)) yet.", x: 2, y: layout.listTop + 1, style: Theme.label, limit: width - 4)
            return
        }
        let players = "\(histogram.total) player\(histogram.total == 1 ? "" : "s")"
        let words: String
        if let you = histogram.you {
            let others = histogram.total - 1
            words = others == 0 ? "You: \(you.score), the only player so far."
                : "You: \(you.score), rank \(you.rank) — better than \(you.percentile) % of the other \(others)."
        } else {
            words = context.session.player == nil ? "\(players). Register (p) and submit to see where you stand." : "\(players); you have no best here yet."
        }
        grid.put(words, x: 1, y: layout.listTop, style: histogram.you == nil ? Theme.label : .plain, limit: width - 2)
        grid.focus(x: 1, y: layout.listTop)
        // Score boards count in ScoreBands; another board's buckets are listed as they came.
        let counts = histogram.buckets.map(\.count)
        let chart = BandChart(bands: counts, latest: histogram.you.map { ScoreBands.band(of: $0.score) })
        let room = layout.listHeight - 1
        if histogram.buckets.count == ScoreBands.count, room >= BandChart.height {
            chart.draw(into: &grid, x: 1, y: layout.listTop + 1, width: min(width - 2, 60))
        } else {
            for (row, bucket) in histogram.buckets.reversed().prefix(max(0, room)).enumerated() {
                let label = bucket.from == bucket.to ? "\(bucket.from)" : "\(bucket.from)–\(bucket.to)"
                grid.put("\(label): \(bucket.count)", x: 2, y: layout.listTop + 1 + row, style: Theme.label, limit: width - 4)
            }
        }
    }

    private func drawBoardRows(_ grid: inout Grid, _ layout: ScoresLayout, _ context: Context) {
        let session = context.session, player = session.player, now = context.now
        let rows = rows(session)
        let listWidth = layout.panelX - 2, width = layout.area.width
        let friends = tab == .friends
        // The line under the list: why looks are hidden when some are; else, on Friends, what its
        // columns mean.
        if let note = hiddenLooksNote(rows, context, width: width - 4) ?? (friends ? friendsNote(session, width: width - 4) : nil) {
            grid.put(note, x: 2, y: layout.area.maxY - 1, style: Theme.label, limit: width - 4)
        }
        if friends {
            if let instead = friendsInstead(session, hasRows: !rows.isEmpty) {
                grid.paragraph(instead, in: Rect(x: 2, y: layout.listTop + 1, width: width - 4, height: max(1, layout.listHeight - 2)), style: Theme.label)
                grid.focus(x: 2, y: layout.listTop + 1)
                return
            }
        }
        if rows.isEmpty {
            let empty: String = switch tab {
            case .around where player == nil: "Register (p) to see the players around you."
            case .around: "You have no record on this board yet — b in the Studio or Lab submits."
            case .contributors: "Nobody has given points yet: d donates some of yours."
            default: session.problem == nil ? "No scores on this board yet — be the first (b in the Studio or Lab)." : ""
            }
            grid.put(empty, x: 2, y: layout.listTop + 1, style: Theme.label, limit: width - 4)
            if !empty.isEmpty { grid.focus(x: 2, y: layout.listTop + 1) }
            return
        }
        let valueTitle = tab == .contributors ? "points" : "score"
        // A people's board ranks by the votes' score; how many votes each look was in says how sure.
        let people = tab != .contributors && board?.kind.word == .people
        // Friends: the rank among them, and the rank on the whole board where the others say when.
        let last = friends ? "board" : people ? "votes" : "when"
        grid.put("  #  look name                 \(valueTitle.padding(toLength: 6, withPad: " ", startingAt: 0))  \(last)", x: 1,
                 y: layout.listTop, style: Theme.label, limit: listWidth)
        let body = Rect(x: 1, y: layout.listTop + 1, width: listWidth, height: layout.listHeight - 1)
        // As a sports table prints them (SharedRanks): on Friends, the ranks among them.
        let shown = friends ? groupRanks(rows) : SharedRanks.shown(of: rows)
        ListView.draw(count: rows.count, state: list, in: body, into: &grid) { index, line, chosen, grid in
            let row = rows[index]
            let mine = row.playerID == player?.playerID
            let style = chosen ? Theme.selected : mine ? Style(fg: Theme.good, bold: true) : .plain
            grid.fill(line, with: Cell(" ", reverse: chosen))
            var x = grid.put(String(shown[index]).leftPadded(to: 3) + (row.tied ? "=" : " "), in: line, style: style)
            // A crew has no avatar to sketch.
            x = row.crewID != nil ? x + 5 : Self.drawTinyAvatar(row.avatarLook, into: &grid, x: x + 1, y: line.y, context.catalog)
            grid.put((mine ? "▸ " : "") + SafeText.strip(row.name), x: x + 1, y: line.y, style: style, limit: 20)
            let when = friends ? boardRank(row, session) : people ? "\(Int(row.detail)) vote\(Int(row.detail) == 1 ? "" : "s")"
                : Timestamp.seconds(row.at).map { ageWords(now - $0) + " ago" } ?? "?"
            grid.put(String(row.score).leftPadded(to: 6) + "  " + when, x: x + 22, y: line.y, style: style, limit: line.maxX - x - 22)
        }
        drawSelectedPlayer(&grid, rows: rows, layout, context)
    }

    /// A four-cell sketch of a look (each cell two pixels, half-blocks): enough to tell players apart.
    @discardableResult
    static func drawTinyAvatar(_ code: String?, into grid: inout Grid, x: Int, y: Int, _ catalog: Catalog) -> Int {
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

    private func drawSelectedPlayer(_ grid: inout Grid, rows: [BoardRow], _ layout: ScoresLayout, _ context: Context) {
        guard rows.indices.contains(selection) else { return }
        let row = rows[selection], x = layout.panelX, width = layout.area.width, bottom = layout.area.maxY + 2
        grid.put(SafeText.strip(row.name), x: x, y: layout.listTop, style: Theme.title, limit: width - x - 1)
        if let code = row.avatarLook, case .look(let look)? = try? ShareCode.decode(code), bottom - 3 - (layout.listTop + 1) >= 10 {
            FigureRenderer.drawSmall(look, in: context.catalog, into: &grid, x: x, y: layout.listTop + 1)
        }
        let entry: String = switch (tab, try? ShareCode.decode(row.code)) {
        case (.contributors, _): "gave \(row.score) points"
        case (_, .swarm(let recipe)?): "a swarm: \(recipe.ingredients.count) species, \(recipe.totalPopulation) agents"
        case (_, .look?): "a look"
        default: row.code.isEmpty ? "shown after voting" : ""
        }
        grid.put(entry, x: x, y: min(bottom - 4, layout.listTop + 12), style: Theme.label, limit: width - x - 1)
        if tab == .contributors ? row.avatarLook != nil : !row.code.isEmpty {
            grid.put("Enter: preview it", x: x, y: min(bottom - 3, layout.listTop + 13), style: Style(fg: Theme.accent), limit: width - x - 1)
        }
    }

    private func drawBests(_ grid: inout Grid, _ layout: ScoresLayout, _ context: Context) {
        let width = layout.area.width, session = context.session, now = context.now
        guard session.player != nil else {
            grid.put("Register (p) to keep personal bests on \(session.place).", x: 2, y: layout.listTop + 1, style: Theme.label, limit: width - 4)
            return
        }
        guard let bests = session.bests?.value else { return }
        let points = "Points: \(bests.own.pointsEarned) earned · \(bests.own.pointsGiven) given · \(bests.own.pointsAvailable) to give"
        grid.put(points, x: 1, y: layout.listTop, style: Theme.label, limit: width - 2)
        if bests.profile.bests.isEmpty {
            grid.put("No bests yet — b in the Studio or the Lab submits your work.", x: 2, y: layout.listTop + 2, style: Theme.label, limit: width - 4)
        }
        let body = Rect(x: 1, y: layout.listTop + 1, width: width - 2, height: layout.listHeight - 1)
        ListView.draw(count: bests.profile.bests.count, state: list, in: body, into: &grid) { index, line, chosen, grid in
            let best = bests.profile.bests[index]
            let style = chosen ? Theme.selected : .plain
            grid.fill(line, with: Cell(" ", reverse: chosen))
            let rank = best.rank.map { "#\($0)" } ?? "—"
            let when = Timestamp.seconds(best.at).map { ageWords(now - $0) + " ago" } ?? "?"
            let text = rank.leftPadded(to: 6) + "  " + String(best.score).leftPadded(to: 5) + "  " + session.title(of: best.boardID)
            let after = grid.put(text, x: line.x, y: line.y, style: style, limit: width - 14)
            grid.put("  " + when, x: after, y: line.y, style: chosen ? style : Theme.label, limit: line.maxX - after)
        }
    }

    private func drawCauses(_ grid: inout Grid, _ layout: ScoresLayout, _ session: Session) {
        guard let causes = session.causes?.value.causes else { return }
        let width = layout.area.width
        let available = session.bests?.value.own.pointsAvailable
        let line = available.map { "You have \($0) point\($0 == 1 ? "" : "s") to give · d donates" } ?? (session.player == nil ? "Register (p) to give points" : "d donates")
        grid.put(line, x: 1, y: layout.listTop, style: Theme.label, limit: width - 2)
        let shown = min(causes.count, layout.visibleRows(.causes))
        let body = Rect(x: 1, y: layout.listTop + 1, width: width - 2, height: shown)
        ListView.draw(count: causes.count, state: list, in: body, into: &grid) { index, line, chosen, grid in
            let cause = causes[index]
            grid.fill(line, with: Cell(" ", reverse: chosen))
            grid.put(SafeText.strip(cause.name).padding(toLength: 30, withPad: " ", startingAt: 0) + String(cause.totalPoints).leftPadded(to: 9)
                     + " points from \(cause.donors) player\(cause.donors == 1 ? "" : "s")", in: line, style: chosen ? Theme.selected : .plain)
        }
        if causes.indices.contains(selection) {
            let text = Rect(x: 2, y: layout.listTop + 2 + shown, width: width - 4, height: 3)
            grid.paragraph(SafeText.strip(causes[selection].description), in: text, style: Theme.label)
        }
    }
}

extension String {
    public func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
