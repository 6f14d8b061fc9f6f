// Where the Studio's parts sit in its area, shared by drawing, clicks and the wardrobe: today's
// theme and the score on the top row; the model on the left; on the right the brief, the
// checklist, the slot list and the garment picker.
import Challenges
import GameState
import TUI

/// The Studio's layout. Nothing the player acts on is cut: the theme's name is whole on the top
/// row, and the picker's lines (what → would put on and how it suits today, what the row wears,
/// its tags) keep their rows. In a short window (80×24) the slot list keeps at least
/// `slotRowsKept` rows too, and, should the theme's words not fit beside them, they give way, in this order: the checklist goes under a
/// narrower head; then it keeps every part's first line and the brief its first, and the further
/// lines of each part follow, in order, while rows are left (a part or a brief cut short ends in
/// "…"); the rest of the brief last, as its words are the flavour of the rules the parts spell.
struct StudioLayout {
    /// The row above the model and the panel: today's theme and the score.
    let header: Rect
    let figure: (x: Int, y: Int)
    let panel: Rect
    /// The brief as drawn, a line a row.
    let brief: [String]
    /// The checklist under the brief: each part's points and today's rule for it, wrapped.
    let checklist: [String]
    /// Blank rows between the parts (tall windows only).
    let spaced: Bool
    /// The slot list's rows on screen (fewer than the rows when the window is short).
    let list: Rect

    /// Rows kept under the list for the picker: what → would put on, what the row wears, its tags.
    static let pickerRows = 3
    /// The slot rows a short window keeps before the theme's words give way. The words are whole
    /// on every theme at 80×24 (the first-day test reads them), and the list takes every row they
    /// leave (WardrobeTests counts them over a year of themes); the rest scroll into view.
    static let slotRowsKept = 3
    /// Columns the model (40) and the gap beside it take, left of the panel.
    static let figureColumns = 43
    /// Lines of the brief kept before the checklist's parts get their further lines.
    static let briefLinesKept = 1

    /// The panel right of the model, under the top row (the wardrobe opens over it).
    static func panel(in area: Rect) -> Rect {
        Rect(x: area.x + figureColumns, y: area.y + 1, width: area.width - figureColumns, height: area.height - 1)
    }

    init(_ area: Rect, brief text: String, checklist lines: [ChecklistLine]) {
        header = Rect(x: area.x + 1, y: area.y, width: area.width - 2, height: 1)
        figure = (area.x + 1, area.y + 1)
        panel = Self.panel(in: area)
        let all = StudioState.Row.all.count
        let room = panel.height - Self.pickerRows
        let words = Self.fitted(brief: text, checklist: lines, width: panel.width, rows: room - min(all, Self.slotRowsKept))
        brief = words.brief
        checklist = words.checklist
        // A blank row under the brief, and one either side of the list, when everything fits besides.
        spaced = brief.count + checklist.count + all + 3 <= room
        let top = panel.y + brief.count + checklist.count + (spaced ? 2 : 0)
        let height = max(Self.slotRowsKept, min(all, panel.maxY - top - Self.pickerRows - (spaced ? 1 : 0)))
        list = Rect(x: panel.x, y: top, width: panel.width, height: height)
    }

    /// The brief and the checklist in `rows` rows of `width` columns, as whole as they fit (see
    /// the type's comment for what gives way first).
    static func fitted(brief text: String, checklist lines: [ChecklistLine], width: Int, rows: Int) -> (brief: [String], checklist: [String]) {
        let brief = TextLayout.wrap(text, width: width)
        let aligned = lines.flatMap { words(of: $0, width: width) }
        if brief.count + aligned.count <= rows { return (brief, aligned) }
        let parts = lines.map { compactWords(of: $0, width: width) }
        var shown = parts.map { _ in 1 }
        var briefShown = max(1, min(brief.count, briefLinesKept, rows - parts.count))
        var spare = rows - briefShown - parts.count
        for index in parts.indices where spare > 0 {
            let more = min(spare, parts[index].count - 1)
            shown[index] += more
            spare -= more
        }
        briefShown += max(0, min(spare, brief.count - briefShown))
        let checklist = lines.indices.flatMap { compactWords(of: lines[$0], width: width, maxLines: shown[$0]) }
        return (TextLayout.wrap(text, width: width, maxLines: briefShown), checklist)
    }

    /// "colour   150/150 warm colours": a part, its points and its rule, under a head as wide as
    /// the widest part's, wrapped (three lines at most).
    static func words(of line: ChecklistLine, width: Int) -> [String] {
        let head = (line.part.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0) + " \(line.points)/\(line.maximum)")
            .padding(toLength: 16, withPad: " ", startingAt: 0)
        let lines = TextLayout.wrap(line.words, width: max(8, width - 16), maxLines: 3)
        return lines.enumerated().map { (offset, words) in (offset == 0 ? head : String(repeating: " ", count: 16)) + words }
    }

    /// "cover 0/300 bare: head, torso," then "  outer, hips, legs, feet": the same words under a
    /// head only as wide as its own, the rest indented, in `maxLines` lines at most.
    static func compactWords(of line: ChecklistLine, width: Int, maxLines: Int = .max) -> [String] {
        let text = "\(line.part.rawValue) \(line.points)/\(line.maximum) \(line.words)"
        if maxLines == 1 { return [TextLayout.elide(text, to: width)] }
        // The first line takes the whole width; the rest hang under it, two columns in.
        let first = TextLayout.wrap(text, width: width)
        guard first.count > 1 else { return first }
        let rest = first.dropFirst().joined(separator: " ")
        let hanging = TextLayout.wrap(rest, width: max(8, width - 2), maxLines: maxLines - 1).map { "  " + $0 }
        return [first[0]] + hanging
    }
}

extension StudioState {
    /// The layout for this look on this theme (its score given when the caller has it).
    func layout(_ area: Rect, _ context: Context, score known: StyleScore? = nil) -> StudioLayout {
        let theme = context.theme, score = known ?? theme.score(look, in: context.catalog)
        return StudioLayout(area, brief: theme.brief, checklist: theme.checklist(look, score: score, in: context.catalog))
    }

    /// The slot list as shown in `height` rows: scrolled to keep the selected row in view.
    func shownRows(_ height: Int) -> ListState {
        var shown = rows
        shown.offset = 0
        shown.scroll(visible: height)
        return shown
    }
}
