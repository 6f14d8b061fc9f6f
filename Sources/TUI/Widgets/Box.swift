// A framed panel: a box-drawn border with a title, over a filled background. Dialogs and the
// help page are panels; what goes inside is drawn in the rectangle it returns.

public struct Panel: Sendable {
    public var title: String
    public var frame: Style
    public var titleStyle: Style
    public var background: Colour
    /// A note set into the bottom border, at the right ("any key closes").
    public var footer: String?
    public var footerStyle: Style

    public init(title: String, frame: Style, titleStyle: Style, background: Colour, footer: String? = nil, footerStyle: Style = .plain) {
        (self.title, self.frame, self.titleStyle, self.background) = (title, frame, titleStyle, background)
        (self.footer, self.footerStyle) = (footer, footerStyle)
    }

    /// Draws the panel over `rect` and returns the space inside its border.
    @discardableResult
    public func draw(in rect: Rect, into grid: inout Grid) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        let frame = self.frame.on(background)
        grid.fill(rect, with: Cell(" ", bg: background))
        let bar = String(repeating: "─", count: rect.width - 2)
        grid.put("┌" + bar + "┐", x: rect.x, y: rect.y, style: frame, overflow: .clip)
        for row in (rect.y + 1)..<(rect.maxY - 1) {
            grid.put("│", x: rect.x, y: row, style: frame)
            grid.put("│", x: rect.maxX - 1, y: row, style: frame)
        }
        grid.put("└" + bar + "┘", x: rect.x, y: rect.maxY - 1, style: frame, overflow: .clip)
        if !title.isEmpty {
            grid.put(title, x: rect.x + 2, y: rect.y, style: titleStyle.on(background), limit: rect.width - 4)
            // The panel says what it is first: the cursor rests on its title until something in
            // it has the focus.
            grid.focus(x: rect.x + 2 + title.prefix { $0 == " " }.count, y: rect.y)
        }
        if let footer, rect.width - 4 > TextLayout.width(footer) {
            grid.put(footer, x: rect.maxX - 2 - TextLayout.width(footer), y: rect.maxY - 1, style: footerStyle.on(background))
        }
        return rect.inset(top: 1, left: 2, bottom: 1, right: 2)
    }
}
