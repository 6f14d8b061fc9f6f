// A selectable, scrolling list: which row is chosen, which is the first shown, and the one way
// to step through a list (wrapping or stopping at the ends).

/// Steps `index` by `step` through `count` items, wrapping around at either end.
public func cycled(_ index: Int, by step: Int, count: Int) -> Int {
    guard count > 0 else { return 0 }
    return ((index + step) % count + count) % count
}

extension CaseIterable where Self: Equatable, AllCases.Index == Int {
    /// The case `step` places after this one, wrapping around.
    public func cycled(by step: Int) -> Self {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[TUI.cycled(index, by: step, count: all.count)]
    }
}

public struct ListState: Hashable, Sendable {
    public var selected: Int
    /// The first row shown.
    public var offset: Int

    public init(selected: Int = 0, offset: Int = 0) { (self.selected, self.offset) = (selected, offset) }

    /// Moves the selection by `step`, wrapping around.
    public mutating func cycle(by step: Int, count: Int) {
        selected = cycled(selected, by: step, count: count)
    }

    /// Moves the selection to `row`, held inside the list (Page Up at the top stays at the top),
    /// and scrolls so it stays in view of `visible` rows.
    public mutating func select(_ row: Int, count: Int, visible: Int) {
        selected = max(0, min(count - 1, row))
        scroll(visible: visible)
    }

    /// Scrolls just enough to keep the selection among `visible` rows.
    public mutating func scroll(visible: Int) {
        let visible = max(1, visible)
        if selected < offset { offset = selected }
        if selected >= offset + visible { offset = selected - visible + 1 }
        offset = max(0, offset)
    }

    /// The list row under screen row `y` of a list drawn from `top`, if there is one.
    public func row(at y: Int, top: Int, count: Int) -> Int? {
        let row = offset + y - top
        return y >= top && (0..<count).contains(row) ? row : nil
    }
}

public enum ListView {
    /// Draws rows `state.offset…` into `rect`, one per line; `row` draws one row (its index, its
    /// line, and whether it is selected). The cursor goes to the start of the selected row (a
    /// row may move it further). Returns how many rows were drawn.
    @discardableResult
    public static func draw(count: Int, state: ListState, in rect: Rect, into grid: inout Grid,
                            row: (_ index: Int, _ line: Rect, _ selected: Bool, _ grid: inout Grid) -> Void) -> Int {
        var drawn = 0
        for index in state.offset..<max(state.offset, min(count, state.offset + rect.height)) {
            let line = rect.row(index - state.offset)
            if index == state.selected { grid.focus(x: line.x, y: line.y) }
            row(index, line, index == state.selected, &grid)
            drawn += 1
        }
        return drawn
    }
}
