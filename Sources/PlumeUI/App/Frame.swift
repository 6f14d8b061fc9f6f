// view(): the game drawn into a Grid — the tab bar on top, the current screen, the overlays
// over it, then the status line and the hint line (the top layer's keys, as many as fit).
// Each part is drawn by a function of its own, so that tests can draw one part alone: a
// screen's snapshot holds its area, the chrome's its rows (Tests/PlumeUITests/SnapshotTests).
import GameState
import TUI

extension AppModel {
    /// Where screens and overlays draw: between the tab bar and the status line.
    var contentArea: Rect { Context.area(Size(width: width, height: height)) }

    var tabBarX: Int { 10 }

    /// The screens' tabs, fitted to the window (TabBar.fitting): "1 Studio 2 Lab …", or, when
    /// the screens outgrow the line, their keys alone with the current screen named.
    var tabBar: TabBar {
        let keys = Screen.allCases.map { "\($0.number)" }
        let titles = Screen.allCases.map { "\($0.number) \($0.name)" }
        return TabBar(labels: titles, selected: screen.rawValue, selectedStyle: Theme.tab, style: Theme.label)
            .fitting(width - tabBarX - 1, keys: keys)
    }

    public func view() -> Grid {
        var grid = Grid(width: width, height: height)
        if tooSmall {
            drawTooSmall(into: &grid)
            return grid
        }
        let context = self.context
        drawTitleRow(into: &grid)
        drawLayers(into: &grid, context)
        drawStatusLine(into: &grid)
        drawHintLine(into: &grid, context)
        grid.recolour(palette.recolouring)
        return grid
    }

    /// What a window smaller than the game needs shows instead of the game.
    func drawTooSmall(into grid: inout Grid) {
        let lines = ["Make the window larger:", "Plume needs \(Self.minimumWidth)×\(Self.minimumHeight); this one is \(width)×\(height).", "(q quits)"]
            + (audience?.label.map { [$0] } ?? [])
        for (index, line) in lines.enumerated() {
            grid.put(line, x: max(0, (width - TextLayout.width(line)) / 2), y: max(0, height / 2 - 1 + index), style: index == 0 ? Theme.title : .plain)
        }
    }

    /// The top row: the game's name, the tab bar and, when there is room, the global keys.
    func drawTitleRow(into grid: inout Grid) {
        grid.put(" ◆ Plume", x: 0, y: 0, style: Theme.title)
        let tabsEnd = tabBar.draw(x: tabBarX, y: 0, into: &grid)
        // The settings' key where the row has room for it (the help lists it always).
        if let right = ["? help  , settings  q quit ", "? help  q quit "].first(where: { tabsEnd + 1 + $0.count <= width }) {
            grid.put(right, x: width - right.count, y: 0, style: Theme.label)
        }
    }

    /// The current screen and the overlays over it, in the content area. The cursor is where
    /// the top layer puts it (its focused item), whatever the layers under it said.
    func drawLayers(into grid: inout Grid, _ context: Context) {
        let area = contentArea
        // Overlays that fill the area hide what is under them.
        let first = overlays.lastIndex { $0.covers } ?? -1
        if first < 0 {
            grid.cursor = nil
            screenLayer(screen).draw(into: &grid, area: area, context)
        }
        for overlay in overlays[max(0, first)...] {
            grid.cursor = nil
            overlay.draw(into: &grid, area: area, context)
        }
        if grid.cursor == nil { grid.focus(x: area.x, y: area.y) }
    }

    /// The status line: a message longer than the line wraps upward over the screen's last rows
    /// (three at most) rather than losing its end. While anyone watches a hosted game, its right
    /// end says how many, on every screen.
    func drawStatusLine(into grid: inout Grid) {
        let watching = audience?.label
        let room = watching.map { width - TextLayout.width($0) - 2 } ?? width
        let said = Self.statusLines(status, width: room)
        let top = height - 1 - said.count
        grid.fill(x: 0, y: top, width: width, height: said.count, with: Cell(" ", reverse: true))
        for (index, line) in said.enumerated() { grid.put(" " + line, x: 0, y: top + index, style: Theme.selected) }
        if let watching { grid.put(watching, x: width - TextLayout.width(watching) - 1, y: height - 2, style: Theme.watching) }
    }

    /// The hint line: the top layer's keys that have a place on it.
    func drawHintLine(into grid: inout Grid, _ context: Context) {
        let hints = topLayer.help(context).hints
        grid.put(" " + HintBar.line(hints, width: width - 2), x: 0, y: height - 1, style: Theme.label)
    }

    /// The status line's text as drawn in a window `width` wide: one line, or up to three.
    static func statusLines(_ status: String, width: Int) -> [String] {
        let lines = TextLayout.wrap(status, width: max(1, width - 2), maxLines: 3)
        return lines.isEmpty ? [""] : lines
    }
}
