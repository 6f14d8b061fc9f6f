// Draws a look with half-block characters: each cell shows two pixels, the upper as the
// foreground of "▀" and the lower as its background (the pixels come from LookPixels).
import GameState
import TUI

public enum FigureRenderer {
    /// Draws the look with its top-left cell at (x, y); it takes width columns and height/2 rows.
    public static func draw(_ look: Look, in catalog: Catalog, into grid: inout Grid, x: Int, y: Int) {
        let image = LookPixels.render(look, in: catalog)
        for row in 0..<(image.height / 2) {
            for column in 0..<image.width {
                let top = image.colours[(row * 2) * image.width + column]
                let bottom = image.colours[(row * 2 + 1) * image.width + column]
                grid[x + column, y + row] = Cell("▀", fg: top.map(Colour.init) ?? .standard, bg: bottom.map(Colour.init) ?? .standard)
            }
        }
    }

    /// A half-size preview: every other pixel, 20 columns by 10 rows.
    public static func drawSmall(_ look: Look, in catalog: Catalog, into grid: inout Grid, x: Int, y: Int) {
        let image = LookPixels.render(look, in: catalog)
        for row in 0..<(image.height / 4) {
            for column in 0..<(image.width / 2) {
                let top = image.colours[(row * 4) * image.width + column * 2]
                let bottom = image.colours[(row * 4 + 2) * image.width + column * 2]
                grid[x + column, y + row] = Cell("▀", fg: top.map(Colour.init) ?? .standard, bg: bottom.map(Colour.init) ?? .standard)
            }
        }
    }

    /// The look as large as fits in `box` (nearest pixel, up to twice full size), centred in it;
    /// returns where it went.
    @discardableResult
    public static func draw(_ look: Look, in catalog: Catalog, into grid: inout Grid, fitting box: Rect) -> Rect {
        let image = LookPixels.render(look, in: catalog)
        guard image.width > 0, image.height > 0, box.width > 0, box.height > 0 else { return Rect(x: box.x, y: box.y, width: 0, height: 0) }
        // Each cell is one pixel wide and two tall.
        let scale = min(Double(box.width) / Double(image.width), Double(box.height * 2) / Double(image.height), 2)
        let columns = max(1, Int(Double(image.width) * scale)), rows = max(1, Int(Double(image.height) * scale / 2))
        let x = box.x + (box.width - columns) / 2, y = box.y + (box.height - rows) / 2
        func pixel(_ column: Int, _ half: Int) -> RGB? {
            let px = min(image.width - 1, Int(Double(column) / scale)), py = min(image.height - 1, Int(Double(half) / scale))
            return image.colours[py * image.width + px]
        }
        for row in 0..<rows {
            for column in 0..<columns {
                let top = pixel(column, row * 2), bottom = pixel(column, row * 2 + 1)
                grid[x + column, y + row] = Cell("▀", fg: top.map(Colour.init) ?? .standard, bg: bottom.map(Colour.init) ?? .standard)
            }
        }
        return Rect(x: x, y: y, width: columns, height: rows)
    }
}
