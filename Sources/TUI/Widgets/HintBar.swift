// The key hint line: as many hints as fit, dropping the least important first rather than
// running off the edge; the survivors keep their order.

public struct Hint: Hashable, Sendable {
    public var keys: String
    public var action: String
    /// Higher stays longer when the line is short of room.
    public var priority: Int

    public init(_ keys: String, _ action: String, priority: Int = 0) {
        (self.keys, self.action, self.priority) = (keys, action, priority)
    }

    public var text: String { keys.isEmpty ? action : "\(keys) \(action)" }
}

public enum HintBar {
    public static let separator = " · "

    /// The hints that fit in `width` columns, joined; the lowest priority goes first (the later
    /// one of equal priority), and a lone hint too long for the line is shortened with "…".
    public static func line(_ hints: [Hint], width: Int) -> String {
        var kept = Array(hints.enumerated())
        func joined() -> String { kept.map(\.element.text).joined(separator: separator) }
        var line = joined()
        if TextLayout.width(line) <= width { return line }
        while kept.count > 1, TextLayout.width(line) > width {
            let drop = kept.indices.min { a, b in
                kept[a].element.priority != kept[b].element.priority
                    ? kept[a].element.priority < kept[b].element.priority : kept[a].offset > kept[b].offset
            }!
            kept.remove(at: drop)
            line = joined()
        }
        return TextLayout.elide(line, to: width)
    }
}
