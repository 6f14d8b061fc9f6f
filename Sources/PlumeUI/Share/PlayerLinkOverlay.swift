// The player's own link on the Share screen (m): `plume://player/{id}` with its QR code and, with a
// plume-server, the page `/p/{id}`. A friend who pastes the link in Plume is offered to follow
// the player. It is copied when it opens; c copies it again, h the web page; Esc closes.
import GameState
import QRCode
import TUI

public struct PlayerLinkOverlay: Overlay {
    public let playerID: String

    public init(playerID: String) { self.playerID = playerID }

    public var covers: Bool { true }

    var link: String { PlayerLink.link(playerID: playerID) }
    func webLink(_ context: Context) -> String? { context.webBase.map { PlayerLink.webLink(playerID: playerID, base: $0) } }

    /// m on the Share screen: the overlay with the link copied, or registering first.
    static func open(_ session: Session) -> [Request] {
        guard let me = session.player else {
            return [.status("Your player link is who you are on \(session.place): register first (p on the Scores screen).")]
        }
        let overlay = PlayerLinkOverlay(playerID: me.playerID)
        return [.push(overlay), .effect(.copyToClipboard(overlay.link))]
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        guard case .key(let key) = input else { return .nothing }
        switch key {
        case .char("c"): return .done(.effect(.copyToClipboard(link)))
        case .char("h"):
            guard let web = webLink(context) else { return .done(.status("The web page needs a plume-server; the plume:// link works wherever Plume is.")) }
            return .done(.effect(.copyToClipboard(web)))
        case .escape, .enter, .char("m"): return .done(.close)
        default: return .pass
        }
    }

    public func help(_ context: Context) -> HelpPage {
        HelpPage("Your player link", [KeyHelp("c", "copy the link again", hint: Priority.useful, short: "copy"),
                                      KeyHelp("h", "copy your web page (with a plume-server)", hint: context.webBase == nil ? nil : Priority.useful,
                                              short: "web page"),
                                      KeyHelp("Esc m", "close", hint: Priority.essential, short: "close")] + HelpOverlay.common)
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let session = context.session
        let symbol = try? QRCode.encode(link)
        let size = symbol.map { QRCode.halfBlockSize(version: $0.version) }
        let besideX = size.map { area.maxX - $0.width - 1 } ?? area.maxX
        let beside = size.map { besideX >= 44 && $0.height <= area.height - 1 } ?? false
        var rows = Rows(Rect(x: area.x + 2, y: area.y + 1, width: beside ? besideX - 3 : area.width - 4, height: area.height - 1))
        if let line = rows.take() {
            grid.put("Share yourself", x: area.x + 1, y: line.y, style: Theme.title)
            grid.focus(x: area.x + 1, y: line.y)
        }
        rows.skip()
        grid.pieces(link, rows: &rows, style: Theme.chosen)
        if let web = webLink(context), let line = rows.take() {
            grid.put("Web:  ", in: line, style: Theme.label)
            var pieces = Rows(Rect(x: line.x + 6, y: line.y, width: max(1, line.width - 6), height: 2))
            grid.pieces(web, rows: &pieces)
            rows.skip(max(0, pieces.y - line.y - 1))
        }
        rows.skip()
        if let me = session.player, let line = rows.take() { grid.put("\(me.name) on \(session.place)", in: line, style: Theme.label) }
        rows.skip()
        let whom = session.isLocal ? "Other players of this computer who paste it" : "Friends who paste this link in Plume"
        grid.paragraph("\(whom) can follow you: your records join their Friends view of every board, and they hear when you pass them.",
                       rows: &rows, maxLines: 4)
        rows.skip()
        grid.paragraph("It was copied: c copies it again\(webLink(context) == nil ? "" : ", h your web page") · Esc closes.", rows: &rows,
                       maxLines: 2, style: Theme.label)
        rows.skip()
        guard let symbol, let size, beside || size.height <= area.maxY - rows.y else { return }
        let (left, top) = (beside ? besideX : area.x + 2, beside ? area.y + 1 : rows.y)
        for (index, line) in symbol.halfBlockLines().enumerated() {
            grid.put(line, x: left, y: top + index, style: Style(fg: .rgb(0, 0, 0), bg: .rgb(255, 255, 255)), overflow: .clip)
        }
    }
}
