// After an import or a cancel, the link's x-success or x-cancel target shown in full with who
// says they sent it: o opens it, any other key carries on without it. Never opened by itself.
import TUI

public struct CallbackOffer: Overlay, Equatable {
    public enum Occasion: String, Sendable {
        case success = "now that the link is imported"
        case cancel = "now that the import is cancelled"
    }
    public var occasion: Occasion
    public var url: String
    /// Who says they sent the link (unverified).
    public var source: String?

    public init(occasion: Occasion, url: String, source: String?) { (self.occasion, self.url, self.source) = (occasion, url, source) }

    public var covers: Bool { true }

    var opens: String { url.lowercased().hasPrefix("plume:") ? "imports it here" : "opens it in your browser (or copies it, with no desktop)" }

    public func help(_ context: Context) -> HelpPage {
        HelpPage("Return to the sender", [KeyHelp("o", opens, hint: Priority.essential, short: "open it"),
                                          KeyHelp("Enter Esc", "carry on without it", hint: Priority.essential)])
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        switch input {
        case .key(.char("o")), .key(.ctrl("o")): return .done(.close, .callback(url))
        case .key: return .done(.close, .status("Not returned to the link's sender."))
        // A click on the tab bar goes elsewhere, which answers the offer with "no".
        case .mouse, .paste: return .pass
        }
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        var rows = Rows(area.inset(top: 1, left: 1, right: 1))
        if let line = rows.take() { grid.put(Screen.importer.name, in: line, style: Theme.title) }
        rows.skip()
        let body = rows.rest().inset(left: 1, right: 1)
        rows = Rows(body)
        if let line = rows.take() {
            let success = occasion == .success
            grid.put(success ? "✓ Imported." : "Import cancelled.", in: line, style: Style(fg: success ? Theme.good : Theme.accent, bold: true))
            grid.focus(x: line.x, y: line.y)
        }
        rows.skip()
        let sender = source.map { "\($0) (unverified — anyone can write any name)" } ?? "The app that sent the link"
        for text in TextLayout.wrap("\(sender) asks to be opened \(occasion.rawValue), at:", width: body.width) {
            if let line = rows.take() { grid.put(text, in: line, style: Theme.label) }
        }
        if !grid.pieces(url, rows: &rows, maxLines: max(1, rows.remaining - 3), style: Theme.chosen), let line = rows.take() {
            grid.put("(the whole address doesn't fit this window: make it larger to read it before you press o)", in: line, style: Theme.warning)
        }
        rows.skip()
        grid.paragraph("o \(opens) · Enter or Esc carries on without it", rows: &rows, style: Theme.chosen)
    }
}
