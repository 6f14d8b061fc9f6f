// The terminal title a hosted game sets: "Plume · Studio" as the player moves between screens
// (their window shows where they are, and the server reads it for its watch menu). The player's
// own title is pushed on xterm's title stack first and popped at the end.
import PlumeUI

enum WindowTitle {
    /// XTWINOPS 22: push the window title.
    static let keep = "\u{1B}[22;2t"
    /// XTWINOPS 23: pop it.
    static let putBack = "\u{1B}[23;2t"

    /// OSC 2, ended by BEL.
    static func set(_ screen: Screen) -> String { "\u{1B}]2;Plume · \(screen.name)\u{07}" }
}
