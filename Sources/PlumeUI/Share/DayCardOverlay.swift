// Today's card on the Share screen: the lines `plume card` prints, as pasted in a chat, over the
// screen once they are on the clipboard. The copy has the card's emoji (chat apps draw them); the
// terminal shows its plain twin, since a grid cell holds one narrow character. While the day's
// board is open the card holds back the look's link, and this says where to get the card with it
// once the day closes. p copies the plain card, c the one with emoji again; Esc or Enter closes.
import TUI

public struct DayCardOverlay: Overlay {
    public let card: DayCard
    /// Whether the last copy was the plain card.
    var plain = false

    public init(_ card: DayCard) { self.card = card }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        guard case .key(let key) = input else { return .nothing }
        switch key {
        case .char("c"), .char("d"):
            plain = false
            return .done(.effect(.copyToClipboard(card.text(plain: false))))
        case .char("p"):
            plain = true
            return .done(.effect(.copyToClipboard(card.text(plain: true))))
        case .escape, .enter: return .done(.close)
        default: return .pass
        }
    }

    public func help(_ context: Context) -> HelpPage {
        HelpPage("Today's card", [KeyHelp("c", "copy the card again (with emoji, for chat apps)", hint: Priority.useful, short: "copy"),
                                  KeyHelp("p", "copy it as plain text (ASCII only)", hint: Priority.useful, short: "copy plain"),
                                  KeyHelp("Esc Enter", "close", hint: Priority.essential, short: "close")] + HelpOverlay.common)
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let lines = card.lines(plain: true)
        var notes = [plain ? "Copied as plain text, as shown." : "Copied with emoji for chat apps; shown here in plain text."]
        if card.linkToCome { notes.append(Self.later(card)) }
        let box = Dialog.box(in: area, lines: lines.count + 1 + notes.count, width: DayCard.Limits.columns + 6)
        let inside = Theme.panel(" Today's card ", footer: " c copy · p plain · Esc close ").draw(in: box, into: &grid)
        // A link longer than the box ends in "…" here; the copy has all of it.
        for (index, line) in lines.enumerated() { grid.put(line, in: inside.row(1 + index), style: Style(bg: Theme.panel)) }
        for (index, note) in notes.enumerated() { grid.put(note, in: inside.row(lines.count + 2 + index), style: Theme.label.on(Theme.panel)) }
    }

    /// Where the card with the look's link is, once the day has closed.
    static func later(_ card: DayCard) -> String { "The link, once the day closes: plume card --day \(card.day)" }
}
