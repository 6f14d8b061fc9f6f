// How a player's days scored, as Wordle draws its guess distribution: a bar a score band (a
// perfect 1000 on top, 0–99 at the bottom), as long as its share of the busiest band, with its
// count after it; the band of the latest day played stands out.
import ScoresAPI
import TUI

struct BandChart: Sendable, Equatable {
    /// Days in each band, `ScoreBands.count` of them (missing ones count 0).
    let bands: [Int]
    /// The band of the latest day played, drawn brighter and marked ◂.
    let latest: Int?

    /// Columns of a band's name: "900–999".
    static let labelWidth = 7
    /// Rows drawn: one a band.
    static let height = ScoreBands.count

    func count(_ band: Int) -> Int { bands.indices.contains(band) ? max(0, bands[band]) : 0 }

    /// The length of a band's bar in `room` columns: a share of the busiest band, at least one
    /// column for a band that has a day at all.
    func barLength(_ band: Int, room: Int) -> Int {
        let most = (0..<ScoreBands.count).map(count).max() ?? 0
        let days = count(band)
        guard days > 0, most > 0, room > 0 else { return 0 }
        return max(1, Int((Double(days) / Double(most) * Double(room)).rounded()))
    }

    /// Draws the chart with its top-left corner at (x, y) in `width` columns over `background`.
    func draw(into grid: inout Grid, x: Int, y: Int, width: Int, background: Colour = .standard) {
        let digits = String((0..<ScoreBands.count).map(count).max() ?? 0).count
        let room = max(1, width - Self.labelWidth - 2 - digits - (latest == nil ? 0 : 2))
        for (row, band) in (0..<ScoreBands.count).reversed().enumerated() {
            let isLatest = band == latest
            let name = ScoreBands.label(band)
            let labelStyle = isLatest ? Theme.chosen.on(background) : Theme.label.on(background)
            grid.put(String(repeating: " ", count: max(0, Self.labelWidth - name.count)) + name, x: x, y: y + row, style: labelStyle)
            let length = barLength(band, room: room)
            let bar = String(repeating: "█", count: length)
            var column = grid.put(bar, x: x + Self.labelWidth + 1, y: y + row, style: Style(fg: Theme.band(band), bg: background))
            if length > 0 { column += 1 }
            // The band that stands out is marked ◂ as well as brighter: it shows without colour too.
            grid.put(String(count(band)) + (isLatest ? " ◂" : ""), x: column, y: y + row,
                     style: isLatest ? Theme.chosen.on(background) : Style(bg: background))
        }
    }
}
