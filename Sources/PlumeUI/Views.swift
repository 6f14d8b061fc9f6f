// view(): the app drawn into a Grid. Tab bar on top, the screen, a status line and a key hint
// line at the bottom; the help overlay and the "window too small" notice on top of all.
import Challenges
import GameState
import QRCode
import SwarmSim

enum Theme {
    static let accent = Colour.rgb(255, 121, 176)
    static let dim = Colour.rgb(140, 140, 150)
    static let good = Colour.rgb(120, 220, 140)
    static let bad = Colour.rgb(255, 110, 110)
    static let title = Style(fg: accent, bold: true)
    static let label = Style(fg: dim)
    static let selected = Style(reverse: true)
}

extension AppModel {
    // Layout, shared by view() and mouse handling.
    var studioPanelX: Int { 43 }
    var studioListTop: Int { 7 }
    var labCanvas: (x: Int, y: Int, width: Int, height: Int) { (1, 2, max(10, width - 40), max(4, height - 5)) }

    func tabRanges() -> [(Screen, Range<Int>)] {
        var x = 10
        return Screen.allCases.map { screen in
            let label = " \(screen.rawValue + 1) \(screen.title) "
            defer { x += label.count + 1 }
            return (screen, x..<(x + label.count))
        }
    }

    func tabAt(column: Int) -> Screen? { tabRanges().first { $0.1.contains(column) }?.0 }

    public func view() -> Grid {
        var grid = Grid(width: width, height: height)
        if tooSmall {
            let lines = ["Make the window larger:", "Plume needs \(Self.minimumWidth)×\(Self.minimumHeight); this one is \(width)×\(height).", "(q quits)"]
            for (index, line) in lines.enumerated() {
                grid.put(line, x: max(0, (width - line.count) / 2), y: max(0, height / 2 - 1 + index), style: index == 0 ? Theme.title : .plain)
            }
            return grid
        }
        drawTabs(&grid)
        switch screen {
        case .studio: drawStudio(&grid)
        case .lab: drawLab(&grid)
        case .importer: drawImport(&grid)
        case .share: drawShare(&grid)
        case .scores: drawScores(&grid)
        }
        grid.fill(x: 0, y: height - 2, width: width, height: 1, with: Cell(" ", reverse: true))
        grid.put(" " + status, x: 0, y: height - 2, style: Theme.selected)
        let hints = screen == .importer && importing.offer != nil ? "o open it · Enter Esc carry on without it"
            : screen == .lab && evolution != nil ? "1-9 or click: breed from it · x mix two · r re-roll · u back a generation · Space pause · Esc Lab"
            : screen == .lab && browsing != nil ? "↑↓ or wheel: browse (the preview runs) · Enter or a second click loads · Esc Lab"
            : screen.keyHelp.filter(\.hint).map { "\($0.keys) \($0.action)" }.joined(separator: " · ")
        grid.put(" " + hints, x: 0, y: height - 1, style: Theme.label)
        if showingHelp { drawHelp(&grid) }
        drawDialog(&grid)
        return grid
    }

    private func drawTabs(_ grid: inout Grid) {
        grid.put(" ◆ Plume", x: 0, y: 0, style: Theme.title)
        for (tab, range) in tabRanges() {
            let style = tab == screen ? Style(fg: .rgb(20, 20, 20), bg: Theme.accent, bold: true) : Theme.label
            grid.put(" \(tab.rawValue + 1) \(tab.title) ", x: range.lowerBound, y: 0, style: style)
        }
        let right = "? help  q quit "
        grid.put(right, x: width - right.count, y: 0, style: Theme.label)
    }

    // MARK: Studio

    private func drawStudio(_ grid: inout Grid) {
        FigureRenderer.draw(studio.look, in: catalog, into: &grid, x: 1, y: 2)
        let x = studioPanelX, panel = width - x - 1
        let theme = self.theme, score = styleScore
        grid.put("Today: \(theme.name)", x: x, y: 2, style: Theme.title, limit: panel)
        grid.put(theme.brief, x: x, y: 3, limit: panel)
        let total = grid.put("Score ", x: x, y: 4, style: Theme.label)
        grid.put("\(score.total)", x: total, y: 4, style: Style(fg: score.total >= 700 ? Theme.good : .standard, bold: true))
        grid.put("/1000", x: total + "\(score.total)".count, y: 4, style: Theme.label)
        grid.put("cover \(score.coverage) · tags \(score.tags) · colour \(score.colour) · extras \(score.accessories)",
                 x: x, y: 5, style: Theme.label, limit: panel)
        for (index, row) in StudioState.Row.all.enumerated() {
            let y = studioListTop + index
            let chosen = index == studio.selected
            let marker = chosen ? "▸ " : "  "
            let after = grid.put(marker + row.title.padding(toLength: 12, withPad: " ", startingAt: 0), x: x, y: y,
                                 style: chosen ? Style(fg: Theme.accent, bold: true) : Theme.label, limit: panel)
            grid.put(studio.label(of: row, in: catalog), x: after, y: y, style: chosen ? Theme.selected : .plain, limit: panel - (after - x))
        }
        let wanted = "Wants: " + theme.wanted.sorted().joined(separator: ", ") + " · " + theme.colours.description
        grid.put(wanted, x: x, y: studioListTop + StudioState.Row.all.count + 1, style: Theme.label, limit: panel)
        let slotsLine = "Slots: " + slots.enumerated().map { $1 == nil ? "·" : "\($0 + 1)" }.joined(separator: " ")
        grid.put(slotsLine, x: x, y: studioListTop + StudioState.Row.all.count + 2, style: Theme.label, limit: panel)
        // The picker: what ← and → would put on, and whether it suits today, before it is worn.
        if let (previous, next) = studio.neighbours(in: catalog) {
            var y = studioListTop + StudioState.Row.all.count + 3
            let worn = studio.worn(on: studio.row, in: catalog).flatMap { catalog.garment(id: $0.id) }
            for (arrow, garment) in [("→", next), ("←", previous), ("on", worn)] where y < height - 2 {
                if arrow == "on" && garment == nil { continue }
                let words = garment.map { "\($0.name) (\($0.tags.joined(separator: ", ")))" } ?? "nothing"
                let after = grid.put("\(arrow) " + words + " ", x: x, y: y, style: Theme.label, limit: panel)
                let fit = garment.map { theme.fit(of: $0) } ?? .neutral
                grid.put(fit.words, x: after, y: y, style: Style(fg: fit == .suits ? Theme.good : fit == .clashes ? Theme.bad : Theme.dim),
                         limit: max(0, x + panel - after))
                y += 1
            }
        }
    }

    // MARK: Lab

    private func drawLab(_ grid: inout Grid) {
        if evolution != nil {
            drawEvolve(&grid)
            return
        }
        if browsing != nil {
            drawGallery(&grid)
            return
        }
        let canvas = labCanvas
        SwarmRenderer.draw(lab.swarm.state, camera: lab.camera, into: &grid, x: canvas.x, y: canvas.y, width: canvas.width, height: canvas.height)
        let x = canvas.x + canvas.width + 2, panel = width - x - 1
        let after = grid.put(lab.running ? "▶ running" : "‖ paused", x: x, y: 2, style: Style(fg: lab.running ? Theme.good : Theme.accent, bold: true))
        if let name = lab.name { grid.put("  “\(name)”", x: after, y: 2, style: Theme.title, limit: max(0, x + panel - after)) }
        grid.put("step \(lab.swarm.state.step) · ×\(lab.speed) · \(lab.agentCount) agents", x: x, y: 3, style: Theme.label, limit: panel)
        // Its own line: beside the step count it ran off an 80-column panel.
        if lab.lineage > 0 { grid.put("bred by eye · generation \(lab.lineage)", x: x, y: 4, style: Theme.label, limit: panel) }
        let names = lab.recipe.ingredients.indices.map { index -> String in "\(index + 1)" }
        var column = grid.put("Ingredients ", x: x, y: 5, style: Theme.label)
        for (index, name) in names.enumerated() {
            let style = index == lab.ingredient ? Style(fg: .rgb(20, 20, 20), bg: SwarmRenderer.palette[index % 16], bold: true)
                : Style(fg: SwarmRenderer.palette[index % 16])
            column = grid.put(name, x: column, y: 5, style: style, limit: max(0, x + panel - column))
            column = grid.put(" ", x: column, y: 5)
        }
        let item = lab.recipe.ingredients[lab.ingredient]
        let rows: [(String, String)] = [("population", "\(item.population)")] + Genome.Parameter.allCases.map {
            ("\($0.symbol) \($0.meaning)", Hundredths.format(item.genome.hundredths($0)))
        }
        for (index, row) in rows.enumerated() {
            let chosen = index == lab.parameterRow
            let after = grid.put((chosen ? "▸ " : "  ") + row.0.padding(toLength: 24, withPad: " ", startingAt: 0), x: x, y: 6 + index,
                                 style: chosen ? Style(fg: Theme.accent, bold: true) : Theme.label, limit: panel)
            grid.put(row.1, x: after, y: 6 + index, style: chosen ? Theme.selected : .plain, limit: panel - (after - x))
        }
        let challenge = self.challenge
        let value = lab.challengeValue(challenge)
        grid.put("Challenge: \(challenge.name)", x: x, y: 16, style: Theme.title, limit: panel)
        grid.put(challenge.brief, x: x, y: 17, limit: panel)
        grid.put(String(format: "%@ now %.2f → score %d", challenge.metric.rawValue, value, challenge.score(for: value)), x: x, y: 18, style: Theme.label, limit: panel)
    }

    // MARK: Import

    private func drawImport(_ grid: inout Grid) {
        grid.put("Import", x: 1, y: 2, style: Theme.title)
        if let offer = importing.offer {
            drawOffer(offer, into: &grid)
            return
        }
        grid.put("Paste a plume:// link, a share code, an Emergent link or a Swarm Chemistry recipe — anywhere in Plume.", x: 1, y: 3, style: Theme.label, limit: width - 2)
        let shown = importing.text.split(separator: "\n", omittingEmptySubsequences: false).prefix(3)
        grid.fill(x: 1, y: 5, width: width - 2, height: 3, with: Cell(" ", bg: .rgb(40, 40, 48)))
        if importing.text.isEmpty {
            grid.put("(waiting for a paste)", x: 2, y: 5, style: Style(fg: Theme.dim, bg: .rgb(40, 40, 48)))
        }
        for (index, line) in shown.enumerated() {
            grid.put(String(line), x: 2, y: 5 + index, style: Style(bg: .rgb(40, 40, 48)), limit: width - 4)
        }
        let y = 9
        switch importing.result {
        case nil: break
        case .failure(let error)?:
            let lines = wrap(error.description, width: width - 4).prefix(4)
            for (index, line) in lines.enumerated() {
                grid.put(line, x: 2, y: y + index, style: Style(fg: Theme.bad, bold: index == 0))
            }
            if let target = importing.errorTarget {
                var line = y + lines.count + 1
                grid.put("The link asks to be told of errors at (nothing is sent unless you press Ctrl-O):", x: 2, y: line, style: Theme.label, limit: width - 4)
                line += 1
                for part in chunks(target, width: width - 4).prefix(max(1, height - 4 - line)) {
                    grid.put(part, x: 2, y: line, style: Style(fg: Theme.accent))
                    line += 1
                }
                grid.put("Ctrl-O opens it · Esc cancels", x: 2, y: line, style: Style(fg: Theme.accent, bold: true))
            }
        case .success(let link)?:
            let what: String
            switch link.state {
            case .look(let look): what = "A look: \(look.garments.count) garments on \(catalog.background(id: look.background)?.name ?? "?")"
            case .swarm(let recipe): what = "A swarm: \(recipe.ingredients.count) ingredients, \(recipe.totalPopulation) agents" + (link.title.map { " — \($0)" } ?? "")
            }
            grid.put("✓ " + what + " (\(link.form.rawValue))", x: 2, y: y, style: Style(fg: Theme.good, bold: true), limit: width - 4)
            var line = y + 1
            if let source = link.callback.source {
                grid.put("From: \(source) (unverified — anyone can write any name)", x: 2, y: line, style: Theme.label, limit: width - 4); line += 1
            }
            for (name, target) in [("after", link.callback.success), ("on error", link.callback.error), ("on cancel", link.callback.cancel)] {
                if let target { grid.put("Wants to return \(name) to: \(target) — Plume won't open it unless you choose to", x: 2, y: line, style: Theme.label, limit: width - 4); line += 1 }
            }
            for note in (link.notes + link.callback.dropped).prefix(3) {
                grid.put("note: " + note, x: 2, y: line, style: Theme.label, limit: width - 4); line += 1
            }
            grid.put("Enter applies · Esc cancels", x: 2, y: line, style: Style(fg: Theme.accent, bold: true)); line += 1
            let room = height - 3 - line
            switch link.state {
            case .look(let look) where room >= 10:
                FigureRenderer.drawSmall(look, in: catalog, into: &grid, x: 2, y: line)
            case .swarm where room >= 4:
                if let preview = importing.preview {
                    SwarmRenderer.draw(preview.state, camera: importing.previewCamera, into: &grid, x: 2, y: line, width: 30, height: min(10, room))
                }
            default: break
            }
        }
    }

    /// After an import or a cancel: the link's x-success or x-cancel target in full, and the key.
    private func drawOffer(_ offer: CallbackOffer, into grid: inout Grid) {
        var y = 4
        let done = offer.occasion == .success ? "✓ Imported." : "Import cancelled."
        grid.put(done, x: 2, y: y, style: Style(fg: offer.occasion == .success ? Theme.good : Theme.accent, bold: true))
        y += 2
        let sender = offer.source.map { "\($0) (unverified — anyone can write any name)" } ?? "The app that sent the link"
        for line in wrap("\(sender) asks to be opened \(offer.occasion.rawValue), at:", width: width - 4) {
            grid.put(line, x: 2, y: y, style: Theme.label)
            y += 1
        }
        for part in chunks(offer.url, width: width - 4).prefix(max(1, height - 8 - y)) {
            grid.put(part, x: 2, y: y, style: Style(fg: Theme.accent, bold: true))
            y += 1
        }
        y += 1
        let how = offer.url.lowercased().hasPrefix("plume:") ? "imports it here" : "opens it in your browser (or copies it, with no desktop)"
        grid.put("o \(how) · Enter or Esc carries on without it", x: 2, y: y, style: Style(fg: Theme.accent, bold: true), limit: width - 4)
    }

    // MARK: Share

    private func drawShare(_ grid: inout Grid) {
        let isLook = sharing.kind == .look
        let link = shareLink
        // A link too long for version 10 falls back to its bare code, which Plume imports too.
        let symbol = (try? QRCode.encode(link)) ?? (try? QRCode.encode(ShareCode.encode(sharing.kind == .look ? .look(studio.look) : .swarm(lab.recipe))))
        let symbolIsCode = symbol != nil && (try? QRCode.encode(link)) == nil
        // The QR code goes on the right when there is room beside the text, else below it.
        let qrSize = symbol.map { QRCode.halfBlockSize(version: $0.version) }
        let besideX = qrSize.map { width - $0.width - 1 } ?? width
        let beside = qrSize.map { besideX >= 44 && $0.height <= height - 3 } ?? false
        let textWidth = beside ? besideX - 3 : width - 4
        grid.put(isLook ? "Share this look" : "Share this swarm", x: 1, y: 2, style: Theme.title)
        var y = 4
        for line in chunks(link, width: min(76, textWidth)) {
            grid.put(line, x: 2, y: y, style: Style(fg: Theme.accent, bold: true))
            y += 1
        }
        y += 1
        let code = link.split(separator: "/").last.map(String.init) ?? ""
        grid.put("Code: ", x: 2, y: y, style: Theme.label)
        for line in chunks(code, width: min(70, textWidth - 6)) {
            grid.put(line, x: 8, y: y)
            y += 1
        }
        if let web = shareWebLink {
            grid.put("Web:  ", x: 2, y: y, style: Theme.label)
            for line in chunks(web, width: min(70, textWidth - 6)).prefix(2) {
                grid.put(line, x: 8, y: y)
                y += 1
            }
            grid.put("(h copies it: clickable in chat and mail, opens in any browser)", x: 8, y: y, style: Theme.label, limit: textWidth - 6)
            y += 1
        }
        y += 1
        for line in wrap(summary, width: textWidth).prefix(2) {
            grid.put(line, x: 2, y: y)
            y += 1
        }
        y += 1
        grid.put(sharing.copyStatus ?? "Copying…", x: 2, y: y, style: Theme.label, limit: textWidth)
        y += 2
        for line in wrap("Anyone with Plume can paste this link to get the \(isLook ? "look" : "swarm"); it survives e-mail and chat.", width: textWidth).prefix(2) {
            grid.put(line, x: 2, y: y, style: Theme.label)
            y += 1
        }
        y += 1
        let room = height - 2 - y
        if let symbol, let qrSize, beside || (qrSize.height <= room && qrSize.width <= width - 3) {
            let (left, top) = (beside ? besideX : 2, beside ? 2 : y)
            drawQR(symbol, into: &grid, x: left, y: top)
            if symbolIsCode, top + qrSize.height < height - 2 {
                grid.put("QR of the share code (the link is too long for one)", x: left, y: top + qrSize.height, style: Theme.label, limit: width - left - 1)
            }
            if !beside { return }
        } else if let qrSize {
            grid.put("A larger window (\(qrSize.width + 45)×\(qrSize.height + 3)) shows this link as a QR code.", x: 2, y: y, style: Theme.label, limit: textWidth)
            y += 2
        } else {
            grid.put("This link is too long for a QR code (at most \(QRCode.capacity(version: QRCode.maxVersion)) characters).", x: 2, y: y, style: Theme.label, limit: textWidth)
            y += 2
        }
        if isLook, height - 3 - y >= 10 {
            FigureRenderer.drawSmall(studio.look, in: catalog, into: &grid, x: 2, y: y)
        }
    }

    /// Dark modules on a light ground, whatever the terminal's own colours; quiet zone included.
    private func drawQR(_ symbol: QRCode, into grid: inout Grid, x: Int, y: Int) {
        let paper = Style(fg: .rgb(0, 0, 0), bg: .rgb(255, 255, 255))
        for (index, line) in symbol.halfBlockLines().enumerated() {
            grid.put(line, x: x, y: y + index, style: paper)
        }
    }

    /// One line in words: what the shared thing is.
    public var summary: String {
        if sharing.kind == .look {
            let names = studio.look.garments.compactMap { catalog.garment(id: $0.id)?.name }
            let model = catalog.model(id: studio.look.model)?.name ?? "?"
            let place = catalog.background(id: studio.look.background)?.name ?? "?"
            return names.isEmpty ? "\(model) at \(place), wearing nothing but a smile." : "\(model) at \(place) in " + names.joined(separator: ", ") + "."
        }
        let recipe = lab.recipe
        return (lab.name.map { "“\($0)”: a" } ?? "A") + " swarm of \(recipe.ingredients.count) species, \(recipe.totalPopulation) agents (Sayama's Swarm Chemistry)."
    }

    // MARK: Help

    private func drawHelp(_ grid: inout Grid) {
        let entries = screen.keyHelp
        let boxWidth = min(width - 4, 64), boxHeight = min(height - 2, entries.count + 4)
        let x = (width - boxWidth) / 2, y = (height - boxHeight) / 2
        let frame = Style(fg: Theme.accent)
        grid.fill(x: x, y: y, width: boxWidth, height: boxHeight, with: Cell(" ", bg: .rgb(30, 30, 38)))
        grid.put("┌" + String(repeating: "─", count: boxWidth - 2) + "┐", x: x, y: y, style: frame)
        for row in (y + 1)..<(y + boxHeight - 1) {
            grid.put("│", x: x, y: row, style: frame)
            grid.put("│", x: x + boxWidth - 1, y: row, style: frame)
        }
        grid.put("└" + String(repeating: "─", count: boxWidth - 2) + "┘", x: x, y: y + boxHeight - 1, style: frame)
        grid.put(" Keys — \(screen.title) ", x: x + 2, y: y, style: Theme.title)
        for (index, entry) in entries.prefix(boxHeight - 4).enumerated() {
            let after = grid.put(entry.keys.padding(toLength: 12, withPad: " ", startingAt: 0), x: x + 2, y: y + 2 + index, style: Style(fg: Theme.accent, bg: .rgb(30, 30, 38), bold: true))
            grid.put(entry.action, x: after, y: y + 2 + index, style: Style(bg: .rgb(30, 30, 38)), limit: boxWidth - (after - x) - 2)
        }
        grid.put(" any key closes ", x: x + boxWidth - 18, y: y + boxHeight - 1, style: Theme.label)
    }
}

/// Splits text into lines of at most `width` characters (for links, which have no spaces).
func chunks(_ text: String, width: Int) -> [String] {
    let characters = Array(text)
    guard width > 0, !characters.isEmpty else { return [text] }
    return stride(from: 0, to: characters.count, by: width).map { String(characters[$0..<min(characters.count, $0 + width)]) }
}

/// Word-wraps text to `width` columns.
func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = [], current = ""
    for word in text.split(separator: " ") {
        if !current.isEmpty && current.count + 1 + word.count > width {
            lines.append(current)
            current = ""
        }
        current += (current.isEmpty ? "" : " ") + word
    }
    if !current.isEmpty { lines.append(current) }
    return lines
}
