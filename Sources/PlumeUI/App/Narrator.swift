// What the game says aloud in the screen-reader mode, besides the screen itself: a dialog (any
// overlay) names itself and its keys on the status line when it opens, and the messages file
// (`plume play --messages-to PATH`) hears, as plain lines, every new status line and each screen
// or overlay as it comes up — so a speech program, or a braille display's reader, can follow the
// game without reading the whole screen.
import Foundation
import GameState
import TUI

extension AppModel {
    /// The top layer's name: its help page's title.
    var topTitle: String { topLayer.help(context).title }

    /// "Register — Tab/↑↓ moves · Enter registers · Esc cancels": an overlay says what it is
    /// and how to leave it.
    func announcement(of layer: any Layer) -> String {
        let page = layer.help(context)
        let keys = HintBar.line(page.hints, width: 160)
        return keys.isEmpty ? "\(page.title) is open." : "\(page.title) is open — \(keys)"
    }

    /// In the screen-reader mode, an overlay that just opened says what it is on the status line,
    /// unless the same update already said something there.
    mutating func announceOpened(overlaysBefore: Int, statusBefore: StatusLine) {
        guard screenReader, overlays.count > overlaysBefore, statusLine == statusBefore, let top = overlays.last else { return }
        status = announcement(of: top)
    }
}

/// The lines for the messages file, worked out after each drawing from the game as it is then.
public struct Narrator: Sendable {
    private var said = ""
    private var shown: String?

    public init() {}

    /// What is new since the last call: the top layer when it changed ("Studio screen.", "Help
    /// is open — …"), then the status line's words when they changed and say something.
    public mutating func lines(for model: AppModel) -> [String] {
        var lines: [String] = []
        let top = model.overlays.isEmpty ? "\(model.screen.name) screen." : model.announcement(of: model.overlays.last!)
        let key = "\(model.overlays.count) \(model.topTitle)"
        if key != shown {
            shown = key
            lines.append(top)
        }
        let status = model.status.trimmingCharacters(in: .whitespaces)
        if status != said {
            said = status
            if !status.isEmpty && status != top { lines.append(status) }
        }
        return lines.map(SafeText.strip)
    }
}
