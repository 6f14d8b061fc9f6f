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
}
