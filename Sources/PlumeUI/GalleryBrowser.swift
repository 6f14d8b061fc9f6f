// The Lab's gallery (G): named original recipes with a live preview; Enter loads one (the current
// recipe goes on the undo stack).
import Challenges
import GameState
import SwarmSim

public struct GalleryBrowser: Sendable {
    public var selected: Int
    public private(set) var preview: Swarm
    public var camera = Camera()

    /// Steps run before a preview is shown, so it opens on the behaviour, not the random start.
    static let warmUp = 150

    init(entries: [GalleryEntry], selected: Int) {
        self.selected = selected
        preview = Swarm(recipe: entries[selected].recipe, seed: 1)
        preview.run(steps: Self.warmUp)
    }

    mutating func select(_ index: Int, in entries: [GalleryEntry]) {
        selected = index
        preview = Swarm(recipe: entries[index].recipe, seed: 1)
        preview.run(steps: Self.warmUp)
        camera = Camera()
    }

    mutating func frame() { preview.step() }
}

extension AppModel {
    mutating func openGallery() -> [Effect] {
        guard !galleryEntries.isEmpty else {
            status = "The gallery couldn't be read (gallery.json)."
            return []
        }
        browsing = GalleryBrowser(entries: galleryEntries, selected: 0)
        status = "Gallery: ↑↓ browse · Enter loads (u undoes) · Esc back."
        return []
    }

    mutating func pressGallery(_ key: Key) -> [Effect] {
        guard var browser = browsing else { return [] }
        let count = galleryEntries.count
        switch key {
        case .char("q"): return [.save(savedGame), .quit]
        case .char("?"): showingHelp = true; return []
        case .escape, .char("G"):
            browsing = nil
            status = "Back to the Lab."
            return []
        case .up: browser.select((browser.selected + count - 1) % count, in: galleryEntries)
        case .down: browser.select((browser.selected + 1) % count, in: galleryEntries)
        case .enter:
            let entry = galleryEntries[browser.selected]
            browsing = nil
            lab.use(entry.recipe)
            lab.name = entry.name
            lab.lineage = 0
            lab.running = true
            return changed("Loaded “\(entry.name)” from the gallery (u brings back the recipe you had).")
        default: return []
        }
        browsing = browser
        return []
    }

    mutating func clickGallery(_ mouse: Mouse) -> [Effect] {
        guard var browser = browsing else { return [] }
        let count = galleryEntries.count
        switch mouse.kind {
        case .scrollUp: browser.select((browser.selected + count - 1) % count, in: galleryEntries)
        case .scrollDown: browser.select((browser.selected + 1) % count, in: galleryEntries)
        case .press:
            let row = mouse.y - 4, x = labCanvas.x + labCanvas.width + 2
            guard mouse.x >= x, galleryEntries.indices.contains(row) else { return [] }
            if row == browser.selected { return pressGallery(.enter) }
            browser.select(row, in: galleryEntries)
        }
        browsing = browser
        return []
    }

    func drawGallery(_ grid: inout Grid) {
        guard let browser = browsing else { return }
        let canvas = labCanvas
        SwarmRenderer.draw(browser.preview.state, camera: browser.camera, into: &grid, x: canvas.x, y: canvas.y, width: canvas.width, height: canvas.height)
        let x = canvas.x + canvas.width + 2, panel = width - x - 1
        grid.put("Gallery", x: x, y: 2, style: Theme.title)
        for (index, entry) in galleryEntries.enumerated() where 4 + index < height - 8 {
            let chosen = index == browser.selected
            grid.put((chosen ? "▸ " : "  ") + entry.name, x: x, y: 4 + index, style: chosen ? Style(fg: Theme.accent, bold: true) : Theme.label, limit: panel)
        }
        let entry = galleryEntries[browser.selected]
        let top = 5 + min(galleryEntries.count, height - 12)
        for (offset, line) in wrap(entry.brief, width: panel).prefix(3).enumerated() {
            grid.put(line, x: x, y: top + offset, limit: panel)
        }
        grid.put("\(entry.recipe.ingredients.count) species, \(entry.recipe.totalPopulation) agents", x: x, y: top + 4, style: Theme.label, limit: panel)
    }
}
