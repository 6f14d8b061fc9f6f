// A layer's keys, in one table: the help page lists them all, and the hint line shows those
// with a priority, dropping the lowest first when the window is narrow.
import TUI

public struct KeyHelp: Sendable, Equatable {
    public let keys: String
    public let action: String
    /// On the hint line too, with this priority (higher stays longer); nil: the help page only.
    public let hint: Int?
    /// What the hint line says (the action when nil): the line has less room than the page.
    public let short: String?

    public init(_ keys: String, _ action: String, hint: Int? = nil, short: String? = nil) {
        (self.keys, self.action, self.hint, self.short) = (keys, action, hint, short)
    }
}

/// A layer's help: the title of its page and its keys.
public struct HelpPage: Sendable, Equatable {
    public var title: String
    public var keys: [KeyHelp]

    public init(_ title: String, _ keys: [KeyHelp]) { (self.title, self.keys) = (title, keys) }

    var hints: [Hint] { keys.compactMap { entry in entry.hint.map { Hint(entry.keys, entry.short ?? entry.action, priority: $0) } } }
}

/// How important a hint is, for the hint line.
enum Priority {
    /// The keys that make the screen work (change the garment, apply, cancel).
    static let essential = 30
    static let useful = 20
    static let extra = 10
    /// Global keys shown on every screen (help, quit): the tab bar already says them.
    static let global = 5
}
