// The pixels of a look: background art, then the model, then garments in the catalog's fixed
// layer order, each fitted to the model's build and recoloured by its variant. The terminal
// draws them as half-blocks; the leaderboard server draws the same pixels as SVG.

public enum LookPixels {
    /// Pixel colours, row by row, at the background's size (40×40 for the shipped catalog);
    /// nil where nothing is drawn.
    public static func render(_ look: Look, in catalog: Catalog) -> (width: Int, height: Int, colours: [RGB?]) {
        let (bw, bh) = catalog.backgroundSize
        var canvas = [RGB?](repeating: nil, count: bw * bh)
        if let background = catalog.background(id: look.background) {
            paint(background.art, palette: background.palette, into: &canvas, width: bw, offsetX: 0, offsetY: 0)
        }
        let (fw, fh) = catalog.figureSize
        let ox = (bw - fw) / 2, oy = bh - fh
        let model = catalog.model(id: look.model)
        if let model {
            paint(model.art, palette: model.palette, into: &canvas, width: bw, offsetX: ox, offsetY: oy)
        }
        let fit = model.flatMap { $0.build.isStandard ? nil : $0.build }
        let worn = look.garments.compactMap { item -> (Garment, Int)? in catalog.garment(id: item.id).map { ($0, item.colour) } }
        for (garment, colour) in worn.sorted(by: { ($0.0.slot.layer, $0.0.id) < ($1.0.slot.layer, $1.0.id) }) {
            guard garment.variants.indices.contains(colour) else { continue }
            paint(fit?.fit(garment.art) ?? garment.art, palette: garment.variants[colour].colours, into: &canvas, width: bw, offsetX: ox, offsetY: oy)
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
}
