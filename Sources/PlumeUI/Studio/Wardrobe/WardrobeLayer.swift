// The wardrobe (W in the Studio): every garment the Studio's selected row can wear, with its tags
// (those today's theme wants marked ✓, those against it ✗) and its colours, filtered by a tag or
// a colour. It opens over the Studio's panel, so the model and the score stay in view: Enter
// wears the highlighted garment in the colour ← → chose, by the Studio's own rules (a request),
// and the model beside it changes. Esc or W goes back to the Studio.
import Challenges
import GameState
import TUI

/// Where the wardrobe's parts sit: over the Studio's panel, right of the model.
struct WardrobeLayout {
    let box: Rect
    /// "Wardrobe · Shoes" and how many garments are shown.
    let title: Rect
    /// The filters in force.
    let filter: Rect
    let list: Rect
    /// The highlighted garment: its tags, the colour Enter puts on, all its colours.
    let details: Rect

    /// Rows of the details: a line of tags, the colour Enter puts on, two lines of colours.
    static let detailRows = 4
    /// The widest a garment's name column grows (the longest name, and a space).
    static let nameColumn = 18
    /// The tags' column when a row has room for the colours after it too (a wide window).
    static let tagsColumn = 30
    /// The least room the colours get after the tags' column.
    static let coloursColumn = 12

    init(_ area: Rect) {
        box = StudioLayout.panel(in: area)
        title = box.row(0)
        filter = box.row(1)
        let detailHeight = min(Self.detailRows, max(0, box.height - 5))
        details = Rect(x: box.x, y: box.maxY - detailHeight, width: box.width, height: detailHeight)
        // A blank row between the list and the details.
        list = Rect(x: box.x, y: box.y + 2, width: box.width, height: max(1, details.y - 1 - (box.y + 2)))
    }
}

public struct WardrobeLayer: Overlay {
    /// The Studio's row it dresses.
    public let row: StudioState.Row
    /// What that row can wear, in the order ← → run through them in the Studio.
    let garments: [Garment]
    public private(set) var filter = WardrobeFilter()
    /// The highlighted garment among those shown.
    public private(set) var list = ListState()
    /// The colour variant Enter puts on, of the highlighted garment.
    public private(set) var colour = 0

    /// Nil when the row wears no garments (the background and model rows).
    init?(row: StudioState.Row, garments: [Garment], worn: WornGarment?) {
        guard !garments.isEmpty else { return nil }
        self.row = row
        self.garments = garments
        if let worn, let index = garments.firstIndex(where: { $0.id == worn.id }) {
            list = ListState(selected: index)
            colour = worn.colour
        }
    }

    public var staysWithScreen: Bool { true }

    /// The garments the filters let through.
    public var shown: [Garment] { garments.filter { filter.admits($0) } }

    /// The highlighted garment, if any is shown.
    public var highlighted: Garment? {
        let shown = self.shown
        return shown.indices.contains(list.selected) ? shown[list.selected] : nil
    }

    public func help(_ context: Context) -> HelpPage {
        HelpPage("Wardrobe", [
            KeyHelp("↑ ↓", "highlight a garment (or the wheel)", hint: Priority.essential, short: "garment"),
            KeyHelp("PgUp PgDn Home End", "a page up or down, the first, the last"),
            KeyHelp("Enter", "wear it, in the colour shown (or click it twice); u in the Studio undoes", hint: Priority.essential, short: "wear"),
            KeyHelp("← →", "the colour Enter puts on", hint: Priority.useful - 5, short: "colour"),
            KeyHelp("t T", "show one tag's garments: today's wanted tags (✓) first, then the rest", hint: Priority.essential, short: "by tag"),
            KeyHelp("c C", "show one colour's garments: today's accent first, then the rest", hint: Priority.useful + 5, short: "by colour"),
            KeyHelp("x Del", "show every garment again", hint: Priority.extra, short: "all"),
            KeyHelp("Esc W", "back to the Studio", hint: Priority.useful + 5, short: "Studio"),
        ] + HelpOverlay.common)
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        let count = shown.count, page = WardrobeLayout(context.area).list.height
        switch input {
        case .key(.up): move(to: cycled(list.selected, by: -1, count: count), context)
        case .key(.down): move(to: cycled(list.selected, by: 1, count: count), context)
        case .key(.pageUp): move(to: list.selected - page, context)
        case .key(.pageDown): move(to: list.selected + page, context)
        case .key(.home): move(to: 0, context)
        case .key(.end): move(to: count - 1, context)
        case .key(.left): recolour(by: -1)
        case .key(.right): recolour(by: 1)
        case .key(.char("t")): stepTag(by: 1, context)
        case .key(.char("T")): stepTag(by: -1, context)
        case .key(.char("c")): stepColour(by: 1, context)
        case .key(.char("C")): stepColour(by: -1, context)
        case .key(.char("x")), .key(.delete), .key(.backspace): refilter(WardrobeFilter(), context)
        case .key(.enter): return wear()
        case .key(.escape), .key(.char("W")): return .done(.close)
        case .mouse(let mouse):
            let names = WardrobeLayout(context.area).list
            switch mouse.kind {
            case .scrollUp: move(to: list.selected - 1, context)
            case .scrollDown: move(to: list.selected + 1, context)
            case .press:
                guard mouse.x >= names.x, mouse.x < names.maxX, mouse.y < names.maxY,
                      let index = shownList(names.height).row(at: mouse.y, top: names.y, count: count) else { return .pass }
                if index == list.selected { return wear() }
                move(to: index, context)
            }
        default: return .pass
        }
        return .nothing
    }

    /// Enter: the highlighted garment, in the chosen colour, on the Studio's row.
    private func wear() -> Handled {
        guard let garment = highlighted else { return .done(.status("Nothing is shown: x shows every garment again.")) }
        return .done(.wearGarment(id: garment.id, colour: colour, on: row))
    }

    /// Highlights the `index`th garment shown (held inside the list, scrolled into view), with
    /// the colour Enter first offers for it.
    private mutating func move(to index: Int, _ context: Context) {
        let shown = self.shown
        guard !shown.isEmpty else {
            (list, colour) = (ListState(), 0)
            return
        }
        let visible = WardrobeLayout(context.area).list.height
        var state = shownList(visible)
        state.select(index, count: shown.count, visible: visible)
        list = state
        colour = firstColour(of: shown[state.selected], look: context.look)
    }

    /// The colour Enter first offers for a garment: the filter's colour, else the one it is worn
    /// in, else its first.
    func firstColour(of garment: Garment, look: Look) -> Int {
        filter.variant(of: garment) ?? look.garments.first { $0.id == garment.id }?.colour ?? 0
    }

    private mutating func recolour(by step: Int) {
        guard let garment = highlighted else { return }
        colour = cycled(colour, by: step, count: garment.variants.count)
    }

    /// The next or previous tag, among those of the garments the colour filter lets through (so
    /// that the two filters together never show nothing).
    private mutating func stepTag(by step: Int, _ context: Context) {
        let byColour = WardrobeFilter(colour: filter.colour)
        var new = filter
        new.tag = WardrobeFilter.stepped(filter.tag, through: WardrobeFilter.tags(of: garments.filter { byColour.admits($0) }, theme: context.theme),
                                         by: step)
        refilter(new, context)
    }

    /// The next or previous main colour, among those of the garments the tag filter lets through.
    private mutating func stepColour(by step: Int, _ context: Context) {
        let byTag = WardrobeFilter(tag: filter.tag)
        var new = filter
        new.colour = WardrobeFilter.stepped(filter.colour, through: WardrobeFilter.colours(of: garments.filter { byTag.admits($0) }, theme: context.theme),
                                            by: step)
        refilter(new, context)
    }

    /// New filters: the highlighted garment stays highlighted when it is still shown.
    private mutating func refilter(_ new: WardrobeFilter, _ context: Context) {
        let before = highlighted?.id
        filter = new
        list = ListState()
        move(to: shown.firstIndex { $0.id == before } ?? 0, context)
    }

    /// The list as drawn in `height` rows: scrolled to keep the highlighted garment in view.
    func shownList(_ height: Int) -> ListState {
        var state = list
        state.scroll(visible: height)
        return state
    }

    /// "Showing tag winter✓ · colour Burgundy (accent)", or how to filter when nothing is.
    func filterWords(_ theme: StyleTheme) -> String {
        guard !filter.isEmpty else { return "Every garment · t by tag · c by colour" }
        let tag = filter.tag.map { "tag " + theme.marked(tag: $0) }
        let colour = filter.colour.map { "colour " + $0 + (WardrobeFilter.isAccent($0, theme) ? " (accent)" : "") }
        return "Showing " + [tag, colour].compactMap { $0 }.joined(separator: " · ")
    }

    /// "White · Black · Sky": a garment's main colours, each once.
    static func colourNames(of garment: Garment) -> String {
        var seen = Set<String>()
        return garment.variants.map { WardrobeFilter.colourName(of: $0) }.filter { seen.insert($0).inserted }.joined(separator: " · ")
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let layout = WardrobeLayout(area), theme = context.theme, shown = self.shown
        // Over the Studio's panel only: the model and today's theme and score stay in view.
        grid.fill(layout.box, with: .blank)
        let count = filter.isEmpty ? "\(garments.count)" : "\(shown.count) of \(garments.count)"
        let end = grid.put("Wardrobe · \(row.title)", in: layout.title, style: Theme.title)
        if end + 2 + TextLayout.width(count) <= layout.title.maxX {
            grid.put(count, x: layout.title.maxX - TextLayout.width(count), y: layout.title.y, style: Theme.label)
        }
        grid.put(filterWords(theme), in: layout.filter, style: filter.isEmpty ? Theme.label : Theme.chosen)
        let nameWidth = min(WardrobeLayout.nameColumn, (garments.map { TextLayout.width($0.name) }.max() ?? 0) + 1)
        ListView.draw(count: shown.count, state: shownList(layout.list.height), in: layout.list, into: &grid) { index, line, chosen, grid in
            let garment = shown[index]
            // ▸ the highlighted one, • one the look wears.
            let worn = context.look.garments.contains { $0.id == garment.id }
            grid.put((chosen ? "▸" : " ") + (worn ? "•" : " ") + " " + garment.name, x: line.x, y: line.y,
                     style: chosen ? Theme.chosen : .plain, limit: min(line.width, 2 + nameWidth))
            let x = line.x + 3 + nameWidth, room = line.maxX - x
            // The colours follow the tags on a wide window; the details say them on any.
            let tagsRoom = room >= WardrobeLayout.tagsColumn + 1 + WardrobeLayout.coloursColumn ? WardrobeLayout.tagsColumn : room
            grid.put(theme.markedTags(of: garment), x: x, y: line.y, style: Theme.label, limit: tagsRoom)
            if tagsRoom < room {
                grid.put(Self.colourNames(of: garment), x: x + tagsRoom + 1, y: line.y, style: Theme.label, limit: room - tagsRoom - 1)
            }
        }
        if shown.isEmpty {
            grid.put("Nothing here is both: x shows every garment.", in: layout.list.row(0), style: Theme.label)
            grid.focus(x: layout.list.x, y: layout.list.y)
        }
        if let garment = highlighted { drawDetails(of: garment, in: layout.details, theme: theme, catalog: context.catalog, into: &grid) }
    }

    /// The highlighted garment whole: its tags and the verdict they make, the colour Enter puts on
    /// with today's mark for it (← → change it), and all its colours.
    private func drawDetails(of garment: Garment, in area: Rect, theme: StyleTheme, catalog: Catalog, into grid: inout Grid) {
        var rows = Rows(area)
        if let line = rows.take() { StudioState.drawTags(of: garment, theme: theme, in: line, into: &grid) }
        if let line = rows.take(), garment.variants.indices.contains(colour) {
            let variant = garment.variants[colour]
            let after = grid.put("← → \(variant.name)", in: line, style: Theme.chosen)
            grid.put(" (" + theme.colourMark(variant, in: catalog) + ") \(colour + 1)/\(garment.variants.count)", x: after, y: line.y,
                     style: Theme.label, limit: line.maxX - after)
        }
        grid.paragraph("colours: " + garment.variants.map(\.name).joined(separator: " · "), rows: &rows, style: Theme.label)
    }
}
