// Pictures for the web: a look as SVG (the same half-block pixels the terminal draws, one rect
// per run of equal colour), a swarm as SVG dots, one colour per species, and a QR code as SVG.
import GameState
import QRCode
import SwarmSim

enum Pictures {
    static func lookSVG(_ look: Look, in catalog: Catalog) -> String {
        let image = LookPixels.render(look, in: catalog)
        var rects = ""
        for y in 0..<image.height {
            var x = 0
            while x < image.width {
                guard let colour = image.colours[y * image.width + x] else { x += 1; continue }
                var end = x + 1
                while end < image.width, image.colours[y * image.width + end] == colour { end += 1 }
                rects += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(end - x)\" height=\"1\" fill=\"\(hex(colour))\"/>"
                x = end
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"figure\" viewBox=\"0 0 \(image.width) \(image.height)\" "
            + "width=\"\(image.width * 8)\" height=\"\(image.height * 8)\" shape-rendering=\"crispEdges\" role=\"img\" "
            + "aria-label=\"a Plume look\"><title>A Plume look</title>\(rects)</svg>"
    }

    static let speciesColours = ["#e4572e", "#17bebb", "#ffc914", "#76b041", "#8e44ad", "#2e86de", "#ff6f91", "#6d4c41",
                                 "#00a878", "#f86624", "#4c6ef5", "#c0392b", "#16a085", "#d35400", "#7f8c8d", "#2c3e50"]

    static func swarmSVG(_ state: SwarmState) -> String {
        guard state.count > 0 else { return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"figure\" viewBox=\"0 0 100 100\"/>" }
        let minX = state.x.min()!, maxX = state.x.max()!, minY = state.y.min()!, maxY = state.y.max()!
        let span = max(maxX - minX, maxY - minY, 50) * 1.1
        let cx = (minX + maxX) / 2, cy = (minY + maxY) / 2
        var dots = ""
        for i in 0..<state.count {
            let x = (state.x[i] - cx) / span * 100 + 50, y = (state.y[i] - cy) / span * 100 + 50
            let colour = speciesColours[Int(state.species[i]) % speciesColours.count]
            dots += "<circle cx=\"\(round1(x))\" cy=\"\(round1(y))\" r=\"0.9\" fill=\"\(colour)\"/>"
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"figure\" viewBox=\"0 0 100 100\" width=\"320\" height=\"320\" "
            + "role=\"img\" aria-label=\"a Plume swarm\"><title>A Plume swarm</title><rect width=\"100\" height=\"100\" fill=\"#101820\"/>\(dots)</svg>"
    }

    static func hex(_ c: RGB) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + String([c.r >> 4, c.r & 15, c.g >> 4, c.g & 15, c.b >> 4, c.b & 15].map { digits[Int($0)] })
    }

    static func round1(_ value: Double) -> String {
        let scaled = (value * 10).rounded() / 10
        return scaled == scaled.rounded() ? String(Int(scaled)) : String(scaled)
    }

    /// A QR code as SVG: one rect per run of dark modules in a row, inside the quiet zone the
    /// standard asks for; nil when the text is too long for the versions the encoder makes.
    static func qrSVG(_ text: String) -> String? {
        guard let code = try? QRCode.encode(text) else { return nil }
        let quiet = QRCode.quietZone, side = code.size + 2 * quiet
        var rects = ""
        for row in 0..<code.size {
            var column = 0
            while column < code.size {
                guard code[row, column] else { column += 1; continue }
                var end = column + 1
                while end < code.size, code[row, end] { end += 1 }
                rects += "<rect x=\"\(column + quiet)\" y=\"\(row + quiet)\" width=\"\(end - column)\" height=\"1\"/>"
                column = end
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"qr\" viewBox=\"0 0 \(side) \(side)\" width=\"\(side * 5)\" height=\"\(side * 5)\" "
            + "shape-rendering=\"crispEdges\" role=\"img\" aria-label=\"QR code of the link\"><rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/>"
            + "<g fill=\"#000\">\(rects)</g></svg>"
    }
}
