// The Lab's gallery (G): named original recipes with a live preview. ↑↓ browse, Enter loads one
// (the current recipe goes on the Lab's undo stack), Esc goes back. The preview's camera keeps
// the swarm in view however fast it travels (Comet, Bullet), zooms in slowly so a swarm that
// swells and shrinks is seen to (Heartbeat, Squall), and a swarm of a few agents is drawn in
// discs rather than specks.
import Challenges
import GameState
import SwarmSim
import TUI

public struct GalleryLayer: Overlay {
    let entries: [GalleryEntry]
    public private(set) var list = ListState()
    public private(set) var preview: Swarm
    var camera = Camera()
    /// Whether the camera has been put on the preview yet: a new preview is shown framed from
    /// its first frame, not eased towards from wherever the last one was (or from the origin,
    /// where a swarm that drifts, like Comet, may not be for many seconds).
    var placed = false

    /// Steps run before a preview is shown, so it opens on the behaviour, not the random start.
    static let warmUp = 150
    /// How fast the preview zooms in, a frame (it zooms out as fast as the swarm needs): slowly
    /// enough (about three seconds) that a pulse shows as a pulse, not as a steady picture.
    static let zoomingIn = 0.03

    /// Nil when there is nothing to show.
    init?(entries: [GalleryEntry]) {
        guard let first = entries.first else { return nil }
        self.entries = entries
        preview = Self.preview(first)
    }

    private static func preview(_ entry: GalleryEntry) -> Swarm {
        var swarm = Swarm(recipe: entry.recipe, seed: 1)
        swarm.run(steps: warmUp)
        return swarm
    }

    public var selected: Int { list.selected }
    public var covers: Bool { true }
    public var staysWithScreen: Bool { true }
    public func animates(_ context: Context) -> Bool { !context.reduceMotion }

    public mutating func frame(_ context: Context) {
        preview.step()
        let canvas = LabLayout(context.area).canvas
        if placed {
            camera.follow(preview.state, dotsWide: canvas.width * 2, dotsHigh: canvas.height * 4, zoomingIn: Self.zoomingIn)
        } else {
            camera.jump(to: preview.state, dotsWide: canvas.width * 2, dotsHigh: canvas.height * 4)
            placed = true
        }
    }

    private mutating func select(_ index: Int, _ context: Context) {
        list.select(index, count: entries.count, visible: listArea(context.area).height)
        preview = Self.preview(entries[index])
        camera = Camera()
        placed = false
    }

    /// Where the names are listed (rows from the top of the panel).
    private func listArea(_ area: Rect) -> Rect {
        let panel = LabLayout(area).panel
        return Rect(x: panel.x, y: panel.y + 2, width: panel.width, height: min(entries.count, max(1, panel.height - 8)))
    }

    public func help(_ context: Context) -> HelpPage {
        HelpPage("Gallery", [KeyHelp("↑↓ or wheel", context.reduceMotion ? "browse (. steps the preview)" : "browse (the preview runs)",
                                     hint: Priority.essential, short: "browse"),
                             KeyHelp("Enter or a second click", "loads it (u undoes)", hint: Priority.essential, short: "load"),
                             KeyHelp(".", "one step of the preview", hint: context.reduceMotion ? Priority.useful : nil, short: "step"),
                             KeyHelp("Esc G", "back to the Lab", hint: Priority.useful, short: "Lab")] + HelpOverlay.common)
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        switch input {
        case .key(.up): select(cycled(selected, by: -1, count: entries.count), context)
        case .key(.down): select(cycled(selected, by: 1, count: entries.count), context)
        case .mouse(let mouse) where mouse.kind != .press: select(cycled(selected, by: mouse.kind == .scrollUp ? -1 : 1, count: entries.count), context)
        case .key(.enter): return load()
        case .key(.escape), .key(.char("G")): return .done(.close, .status("Back to the Lab."))
        case .key(.char(".")):
            frame(context)
            return .done(.status("One step of the preview."))
        case .mouse(let mouse):
            let names = listArea(context.area)
            guard mouse.x >= names.x, mouse.y < names.maxY, let row = list.row(at: mouse.y, top: names.y, count: entries.count) else { return .pass }
            if row == selected { return load() }
            select(row, context)
        default: return .pass
        }
        return .nothing
    }

    private func load() -> Handled {
        let entry = entries[selected]
        return .done(.close, .lab(.run(entry.recipe, name: entry.name, lineage: 0,
                                       status: "Loaded “\(entry.name)” from the gallery (u brings back the recipe you had).", running: true)))
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let layout = LabLayout(area), canvas = layout.canvas
        var camera = camera
        if !placed { camera.jump(to: preview.state, dotsWide: canvas.width * 2, dotsHigh: canvas.height * 4) }
        SwarmRenderer.draw(preview.state, camera: camera, into: &grid, x: canvas.x, y: canvas.y, width: canvas.width, height: canvas.height,
                           markRadius: SwarmRenderer.markRadius(agents: preview.state.count))
        grid.put("Gallery", in: layout.panel.row(0), style: Theme.title)
        let names = listArea(area)
        ListView.draw(count: entries.count, state: list, in: names, into: &grid) { index, line, chosen, grid in
            grid.put((chosen ? "▸ " : "  ") + entries[index].name, in: line, style: chosen ? Theme.chosen : Theme.label)
        }
        let entry = entries[selected]
        var rows = Rows(Rect(x: names.x, y: names.maxY + 1, width: names.width, height: layout.panel.maxY - names.maxY - 1))
        if let lines = rows.take(3) { grid.paragraph(entry.brief, in: lines) }
        rows.skip()
        if let line = rows.take() { grid.put("\(entry.recipe.ingredients.count) species, \(entry.recipe.totalPopulation) agents", in: line, style: Theme.label) }
    }
}
