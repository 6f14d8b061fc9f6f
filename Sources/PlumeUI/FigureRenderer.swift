// Draws a look with half-block characters: each cell shows two pixels, the upper as the
// foreground of "▀" and the lower as its background. Layers, back to front: background art,
// model, then garments in the catalog's fixed layer order, each recoloured by its variant.
import GameState

public enum FigureRenderer {
    /// Pixel colours of a look, background size (40×40 for the shipped catalog).
    public static func pixels(of look: Look, in catalog: Catalog) -> (width: Int, height: Int, colours: [RGB?]) {
        let (bw, bh) = catalog.backgroundSize
        var canvas = [RGB?](repeating: nil, count: bw * bh)
        if let background = catalog.background(id: look.background) {
            paint(background.art, palette: background.palette, into: &canvas, width: bw, offsetX: 0, offsetY: 0)
        }
        let (fw, fh) = catalog.figureSize
        let ox = (bw - fw) / 2, oy = bh - fh
        if let model = catalog.model(id: look.model) {
            paint(model.art, palette: model.palette, into: &canvas, width: bw, offsetX: ox, offsetY: oy)
        }
        let worn = look.garments.compactMap { item -> (Garment, Int)? in catalog.garment(id: item.id).map { ($0, item.colour) } }
        for (garment, colour) in worn.sorted(by: { ($0.0.slot.layer, $0.0.id) < ($1.0.slot.layer, $1.0.id) }) {
            guard garment.variants.indices.contains(colour) else { continue }
            paint(garment.art, palette: garment.variants[colour].colours, into: &canvas, width: bw, offsetX: ox, offsetY: oy)
        }
        return (bw, bh, canvas)
    }

    private static func paint(_ art: PixelArt, palette: [UInt8: RGB], into canvas: inout [RGB?], width: Int, offsetX: Int, offsetY: Int) {
        for y in 0..<art.height {
            for x in 0..<art.width {
                let key = art[x, y]
                guard key != 0, let colour = palette[key] else { continue }
                let cx = x + offsetX, cy = y + offsetY
                guard cx >= 0, cx < width, cy >= 0, cy * width + cx < canvas.count else { continue }
                canvas[cy * width + cx] = colour
            }
        }
    }

    /// Draws the look with its top-left cell at (x, y); it takes width columns and height/2 rows.
    public static func draw(_ look: Look, in catalog: Catalog, into grid: inout Grid, x: Int, y: Int) {
        let image = pixels(of: look, in: catalog)
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
        let image = pixels(of: look, in: catalog)
        for row in 0..<(image.height / 4) {
            for column in 0..<(image.width / 2) {
                let top = image.colours[(row * 4) * image.width + column * 2]
                let bottom = image.colours[(row * 4 + 2) * image.width + column * 2]
                grid[x + column, y + row] = Cell("▀", fg: top.map(Colour.init) ?? .standard, bg: bottom.map(Colour.init) ?? .standard)
            }
        }
    }
}
