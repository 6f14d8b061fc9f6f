// Rectangles of cells and the few ways screens cut them up (Ratatui's Rect and Layout, small).

/// A cell's place: column `x`, row `y`.
public struct Point: Hashable, Sendable {
    public var x: Int, y: Int

    public init(x: Int, y: Int) { (self.x, self.y) = (x, y) }
}

public struct Rect: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, max(0, width), max(0, height))
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Smaller on every side by the given margins.
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }

    /// Row `index` of this rectangle, one line high.
    public func row(_ index: Int) -> Rect { Rect(x: x, y: y + index, width: width, height: 1) }

    /// A rectangle of at most `width` × `height` centred in this one.
    public func centred(width w: Int, height h: Int) -> Rect {
        let cw = min(width, w), ch = min(height, h)
        return Rect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
    }
}

/// Hands out rows from the top of a rectangle, one after another: a screen lays out its lines
/// without fixed row numbers, and simply stops when the room runs out.
public struct Rows: Sendable {
    public private(set) var area: Rect
    private var next: Int

    public init(_ area: Rect) {
        self.area = area
        next = area.y
    }

    /// The rows left.
    public var remaining: Int { max(0, area.maxY - next) }
    public var y: Int { next }

    /// The next `count` rows, or nil when fewer are left.
    public mutating func take(_ count: Int = 1) -> Rect? {
        guard count >= 0, remaining >= count else { return nil }
        defer { next += count }
        return Rect(x: area.x, y: next, width: area.width, height: count)
    }

    /// Leaves `count` rows blank.
    public mutating func skip(_ count: Int = 1) { next = min(area.maxY, next + count) }

    /// Everything not yet handed out.
    public mutating func rest() -> Rect {
        defer { next = area.maxY }
        return Rect(x: area.x, y: next, width: area.width, height: remaining)
    }
}
