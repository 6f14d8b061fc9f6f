// A row of tabs, one of them selected: where each label sits (for clicks) and how it is drawn.

public struct TabBar: Sendable {
    public var labels: [String]
    public var selected: Int
    public var selectedStyle: Style
    public var style: Style
    /// Columns between labels.
    public var gap = 1

    public init(labels: [String], selected: Int, selectedStyle: Style, style: Style) {
        (self.labels, self.selected, self.selectedStyle, self.style) = (labels, selected, selectedStyle, style)
    }

    /// The bar's width in columns.
    public var width: Int { labels.reduce(0) { $0 + TextLayout.width($1) + 2 } + gap * max(0, labels.count - 1) }

    /// The bar as it fits in `room` columns, by the first rule that fits: the labels as they are;
    /// the short labels (`short`, whole words, never cut); then only the tabs' keys with the
    /// selected tab named ("1 2 3 Import 4 5"). A label is never cut mid-word.
    public func fitting(_ room: Int, short: [String]? = nil, keys: [String]? = nil) -> TabBar {
        if width <= room { return self }
        var bar = self
        if let short, short.count == labels.count {
            bar.labels = short
            if bar.width <= room { return bar }
        }
        if let keys, keys.count == labels.count {
            bar.labels = keys.enumerated().map { $0.offset == selected ? (short ?? labels)[$0.offset] : $0.element }
            bar.gap = 0
        }
        return bar
    }

    /// Each tab's columns when the bar starts at column `x` (a label is drawn with a space on each side).
    public func ranges(from x: Int) -> [Range<Int>] {
        var column = x
        return labels.map { label in
            let width = TextLayout.width(label) + 2
            defer { column += width + gap }
            return column..<(column + width)
        }
    }

    /// The tab at a column, if any.
    public func tab(at column: Int, from x: Int) -> Int? {
        ranges(from: x).firstIndex { $0.contains(column) }
    }

    /// Draws the bar; the selected tab is in brackets where the others have spaces ("[2 Lab]"),
    /// so that it shows without its colour too (NO_COLOR, a colour-blind player, a screen reader).
    @discardableResult
    public func draw(x: Int, y: Int, into grid: inout Grid) -> Int {
        var end = x
        for (index, range) in ranges(from: x).enumerated() {
            let shown = index == selected ? "[\(labels[index])]" : " \(labels[index]) "
            end = grid.put(shown, x: range.lowerBound, y: y, style: index == selected ? selectedStyle : style)
        }
        return end
    }
}
