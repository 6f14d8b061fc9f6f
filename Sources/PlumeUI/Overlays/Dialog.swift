// What the dialogs (register, donate, name) share: a panel centred over the screen, labelled
// fields, the way a field shows that it has the keys, and words wrapped to the panel's width
// (the panel grows to hold them) rather than cut.
import TUI

enum Dialog {
    /// Width of the label column.
    static let labelWidth = 10

    /// A box for `lines` lines of content, centred in the area.
    static func box(in area: Rect, lines: Int, width widest: Int = 66) -> Rect {
        let width = min(area.width - 4, widest), height = lines + 4
        return Rect(x: area.x + (area.width - width) / 2, y: max(area.y, area.y + (area.height - height) / 2), width: width, height: height)
    }

    /// The width inside a box `box(in:lines:width:)` makes: what its words wrap to.
    static func textWidth(in area: Rect, width widest: Int = 66) -> Int { max(1, min(area.width - 4, widest) - 4) }

    /// Most lines one message takes (an answer from the server, a question): the dialog stays a
    /// dialog, and a longer one ends in "…".
    static let messageLines = 3

    /// Draws `lines` from row `row` of `inside`; returns the row after them.
    @discardableResult
    static func put(_ lines: [String], from row: Int, of inside: Rect, style: Style, into grid: inout Grid) -> Int {
        for (index, line) in lines.enumerated() { grid.put(line, in: inside.row(row + index), style: style) }
        return row + lines.count
    }

    static let fieldStyle = Style(fg: .standard, bg: Theme.field)
    static let focusedStyle = Style(fg: Theme.ink, bg: Theme.accent, bold: true)

    /// "▸ Name    Ada▏": a label and a text field. The field with the keys is marked ▸ as well as
    /// by its colour, so that it shows without colour (NO_COLOR) and to a colour-blind player.
    static func field(_ label: String, _ field: TextField, focused: Bool, line: Rect, into grid: inout Grid) {
        let style = focused ? focusedStyle : fieldStyle
        grid.fill(line, with: Cell(" ", style: style))
        if focused { grid.focus(x: line.x, y: line.y) }
        let after = grid.put(marked(label, focused), in: line, style: style)
        field.draw(x: after, y: line.y, width: line.maxX - after, style: style, focused: focused, into: &grid)
    }

    /// "  Updates [x] send me news": a label and a value that isn't typed.
    static func choice(_ label: String, _ value: String, focused: Bool, line: Rect, into grid: inout Grid) {
        let style = focused ? focusedStyle : fieldStyle
        grid.fill(line, with: Cell(" ", style: style))
        if focused { grid.focus(x: line.x, y: line.y) }
        grid.put(marked(label, focused) + value, in: line, style: style)
    }

    /// The label in the label column, after ▸ when its field has the keys.
    static func marked(_ label: String, _ focused: Bool) -> String {
        assert(label.count <= labelWidth - 3, "a dialog's label leaves room for ▸ and a space before its value: \(label)")
        return ((focused ? "▸ " : "  ") + label).padding(toLength: labelWidth, withPad: " ", startingAt: 0)
    }
}
