// The Share screen: the look's or the swarm's link on its own lines (copied on arrival), its
// bare code, the server's web link when there is one, a one-line summary and a QR code; on d,
// today's card (DayCardOverlay), made from the record the server keeps of the player's days
// (without the look's link, which joins the card once the day closes: `plume card --day`); on
// m, the player's own link for friends to follow them (PlayerLinkOverlay).
import GameState
import PlumeCalendar
import QRCode
import ScoresAPI
import TUI

public struct ShareState: Sendable {
    public var kind: ShareKind = .look
    public var copyStatus: String?
    /// The plume-server's address when scores go to one: its page for a code, `/l/{code}`, is a
    /// link that chat apps and mail make clickable, and that opens in any browser.
    public var webBase: String?
    /// d was pressed: the card is made and copied when the record it asked for arrives.
    var cardWanted = false

    public init() {}

    func shared(_ context: Context) -> SharedState { kind == .look ? .look(context.look) : .swarm(context.recipe) }
    public func link(_ context: Context) -> String { ShareCode.link(shared(context)) }
    /// The server page for the shared thing (`…/l/{code}`), when a server is known.
    public func webLink(_ context: Context) -> String? { webBase.map { ShareCode.webLink(shared(context), base: $0) } }

    /// One line in words: what the shared thing is.
    public func summary(_ context: Context) -> String {
        let catalog = context.catalog
        if kind == .look {
            let names = context.look.garments.compactMap { catalog.garment(id: $0.id)?.name }
            let model = catalog.model(id: context.look.model)?.name ?? "?"
            let place = catalog.background(id: context.look.background)?.name ?? "?"
            return names.isEmpty ? "\(model) at \(place), wearing nothing but a smile." : "\(model) at \(place) in " + names.joined(separator: ", ") + "."
        }
        let recipe = context.recipe
        return (context.swarmName.map { "“\($0)”: a" } ?? "A") + " swarm of \(recipe.ingredients.count) species, \(recipe.totalPopulation) agents (Sayama's Swarm Chemistry)."
    }

    private mutating func copy(_ text: String) -> Handled {
        copyStatus = nil
        return .done(.effect(.copyToClipboard(text)))
    }

    /// d: today's card needs the record as the server has it now (today's rank moves).
    mutating func askForCard(_ context: Context) -> Handled {
        guard context.session.player != nil else {
            return .done(.status("The card tells your day on \(context.session.place): register first (p on the Scores screen)."))
        }
        cardWanted = true
        return .done(.send(.record), .status("Making today's card…"))
    }

    /// The record arrived: today's card, copied the way the link is, and shown. Today's board is
    /// open, so the card holds back the link of the player's look on it (it would give the day's
    /// answer away) and says it comes once the day closes.
    mutating func makeCard(_ record: PlayerDays, _ context: Context) -> [Request] {
        cardWanted = false
        let today = UTCDay.parse(Substring(record.today)) ?? context.day
        guard let card = DayCard.make(record: record, day: record.today, theme: context.book.theme(forDay: today).name,
                                      name: context.session.player?.name, link: .toCome, runwayFinal: false) else {
            return [.status("No card yet: you haven't played today. b in the Studio sends your look to today's theme.")]
        }
        copyStatus = nil
        return [.push(DayCardOverlay(card)), .status("Copying today's card…"), .effect(.copyToClipboard(card.text(plain: false)))]
    }
}

extension ShareState: ScreenLayer {
    /// Arriving from the Lab shares the swarm, from anywhere else the look; the link is copied.
    public mutating func arrive(from: Screen, _ context: Context) -> [Request] {
        kind = from == .lab ? .swarm : .look
        copyStatus = nil
        return [.effect(.copyToClipboard(link(context)))]
    }

    public func help(_ context: Context) -> HelpPage {
        HelpPage(Screen.share.name, [KeyHelp("c", "copy again", hint: Priority.useful),
                                     KeyHelp("l", "share the look", hint: Priority.useful, short: "the look"),
                                     KeyHelp("h", "copy the web link (with a plume-server)"),
                                     KeyHelp("w", "share the swarm", hint: Priority.useful, short: "the swarm"),
                                     KeyHelp("d", "copy today's card: your score, rank and streak, for a chat", hint: Priority.useful, short: "today's card"),
                                     KeyHelp("m", "share yourself: your player link, for friends to follow you", hint: Priority.useful, short: "you"),
                                     KeyHelp("Esc", "back", hint: Priority.essential)] + HelpOverlay.common)
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        guard case .key(let key) = input else { return .pass }
        switch key {
        case .char("c"): return copy(link(context))
        case .char("l"):
            kind = .look
            return copy(link(context))
        case .char("w"):
            kind = .swarm
            return copy(link(context))
        case .char("h"):
            guard let web = webLink(context) else {
                return .done(.status("Web links need a plume-server (--server, PLUME_SERVER or config.toml); the plume:// link works everywhere Plume is."))
            }
            return copy(web)
        case .char("d"): return askForCard(context)
        case .char("m"): return .done(PlayerLinkOverlay.open(context.session))
        case .escape: return .done(.back)
        default: return .pass
        }
    }

    public mutating func receive(_ news: ScreenNews, _ context: Context) -> [Request] {
        guard cardWanted, case .server(let event) = news else { return [] }
        // The player went elsewhere meanwhile: the card isn't pushed over another screen.
        guard context.screen == .share else {
            cardWanted = false
            return []
        }
        switch event {
        case .record(let record) where record.playerID == context.session.player?.playerID:
            return makeCard(record, context)
        case .failed(.record, let failure):
            cardWanted = false
            return [.status("No card: \(failure.message)")]
        default:
            return []
        }
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let isLook = kind == .look
        let link = self.link(context)
        let width = area.width, height = area.maxY + 2
        // A link too long for version 10 falls back to its bare code, which Plume imports too.
        let linkSymbol = try? QRCode.encode(link)
        let symbol = linkSymbol ?? (try? QRCode.encode(ShareCode.encode(shared(context))))
        // The QR code goes on the right when there is room beside the text, else below it.
        let qrSize = symbol.map { QRCode.halfBlockSize(version: $0.version) }
        let besideX = qrSize.map { width - $0.width - 1 } ?? width
        let beside = qrSize.map { besideX >= 44 && $0.height <= height - 3 } ?? false
        let textWidth = beside ? besideX - 3 : width - 4
        var rows = Rows(Rect(x: area.x + 2, y: area.y + 1, width: textWidth, height: area.height - 1))
        if let line = rows.take() {
            grid.put(isLook ? "Share this look" : "Share this swarm", x: area.x + 1, y: line.y, style: Theme.title)
            grid.focus(x: area.x + 1, y: line.y)
        }
        rows.skip()
        for part in TextLayout.chunks(link, width: min(76, textWidth)) {
            if let line = rows.take() { grid.put(part, in: line, style: Theme.chosen) }
        }
        rows.skip()
        let code = link.split(separator: "/").last.map(String.init) ?? ""
        for (index, part) in TextLayout.chunks(code, width: min(70, textWidth - 6)).enumerated() {
            guard let line = rows.take() else { break }
            if index == 0 { grid.put("Code: ", in: line, style: Theme.label) }
            grid.put(part, x: line.x + 6, y: line.y)
        }
        if let web = webLink(context), let line = rows.take() {
            grid.put("Web:  ", in: line, style: Theme.label)
            var pieces = Rows(Rect(x: line.x + 6, y: line.y, width: min(70, textWidth - 6), height: 2))
            grid.pieces(web, rows: &pieces)
            rows.skip(max(0, pieces.y - line.y - 1))
            if let line = rows.take() {
                grid.put("(h copies it: clickable in chat and mail, opens in any browser)", in: line.inset(left: 6), style: Theme.label)
            }
        }
        rows.skip()
        grid.paragraph(summary(context), rows: &rows, maxLines: 2)
        rows.skip()
        // How the copy went, whole: inside tmux it says what tmux may need.
        grid.paragraph(copyStatus ?? "Copying…", rows: &rows, maxLines: 3, style: Theme.label)
        rows.skip()
        grid.paragraph("Anyone with Plume can paste this link to get the \(isLook ? "look" : "swarm"); it survives e-mail and chat.",
                       rows: &rows, maxLines: 2, style: Theme.label)
        rows.skip()
        let room = area.maxY - rows.y
        if let symbol, let qrSize, beside || (qrSize.height <= room && qrSize.width <= width - 3) {
            let (left, top) = (beside ? besideX : area.x + 2, beside ? area.y + 1 : rows.y)
            for (index, line) in symbol.halfBlockLines().enumerated() {
                grid.put(line, x: left, y: top + index, style: Style(fg: .rgb(0, 0, 0), bg: .rgb(255, 255, 255)), overflow: .clip)
            }
            if linkSymbol == nil, top + qrSize.height < area.maxY {
                grid.put("QR of the share code (the link is too long for one)", x: left, y: top + qrSize.height, style: Theme.label, limit: width - left - 1)
            }
            if !beside { return }
        } else if let qrSize, let line = rows.take() {
            grid.put("A larger window (\(qrSize.width + 45)×\(qrSize.height + 3)) shows this link as a QR code.", in: line, style: Theme.label)
            rows.skip()
        } else if let line = rows.take() {
            grid.put("This link is too long for a QR code (at most \(QRCode.capacity(version: QRCode.maxVersion)) characters).", in: line, style: Theme.label)
            rows.skip()
        }
        if isLook, area.maxY - 1 - rows.y >= 10 {
            FigureRenderer.drawSmall(context.look, in: context.catalog, into: &grid, x: area.x + 2, y: rows.y)
        }
    }
}
