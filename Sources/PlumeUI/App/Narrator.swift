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

    /// "Register is open — Tab/↑↓ moves · Enter registers · Esc cancels": an overlay says what
    /// it is and its keys, as many as one line of the window holds (the status line wraps over
    /// the screen's last rows, which may hold the focused item).
    func announcement(of layer: any Layer) -> String {
        let page = layer.help(context)
        let opened = "\(page.title) is open"
        let keys = HintBar.line(page.hints, width: max(10, width - 6 - TextLayout.width(opened)))
        return page.hints.isEmpty ? opened + "." : "\(opened) — \(keys)"
    }

    /// In the screen-reader mode, an overlay that just opened says what it is on the status
    /// line; words the same update said there follow its name.
    mutating func announceOpened(overlaysBefore: Int, saidBefore: Int) {
        guard screenReader, overlays.count > overlaysBefore, let top = overlays.last else { return }
        if statusSaid == saidBefore || status.isEmpty {
            status = announcement(of: top)
        } else {
            statusLine.text = "\(top.help(context).title) is open. " + status
        }
    }
}

/// The lines for the messages file, worked out after each drawing from the game as it is then.
public struct Narrator: Sendable {
    private var said = -1
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
        if model.statusSaid != said {
            said = model.statusSaid
            if !status.isEmpty && status != top { lines.append(status) }
        }
        return lines.map(SafeText.strip)
    }
}
