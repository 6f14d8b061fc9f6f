// A board's histogram as an inline SVG bar chart on /b/{board}: a column a band, as tall as its
// share of the fullest band (a band with anyone in it shows at least a sliver), its count above
// and its range below, a hover title on each, in the colours the calendar gives score bands. A
// pure function of the histogram; every text is escaped.
import ScoresAPI

enum HistogramPicture {
    // Geometry in SVG units: a column, the gap after it, the bars' height, the rows for counts and labels.
    static let column = 40, gap = 6, bars = 120, top = 16, bottom = 18

    static func svg(_ histogram: BoardHistogram) -> String? {
        guard histogram.total > 0, !histogram.buckets.isEmpty else { return nil }
        let fullest = max(1, histogram.buckets.map(\.count).max() ?? 0)
        let width = histogram.buckets.count * (column + gap) - gap, height = top + bars + bottom
        let over = switch histogram.of.word {
        case .ingredients?: "the ingredients their recipes took"
        case .agents?: "the agents their recipes took"
        default: "the board's scores"
        }
        let summary = "How the bests of \(histogram.total) player\(histogram.total == 1 ? "" : "s") spread over \(over)"
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"histogram\" viewBox=\"0 0 \(width) \(height)\" width=\"100%\" "
            + "style=\"max-width:\(width * 3 / 2)px\" role=\"img\" aria-label=\"\(HTML.escape(summary))\" font-family=\"system-ui,sans-serif\" "
            + "font-size=\"9\" fill=\"#666\" text-anchor=\"middle\"><title>\(HTML.escape(summary))</title>"
        for (index, bucket) in histogram.buckets.enumerated() {
            let x = index * (column + gap)
            let tall = bucket.count == 0 ? 0 : max(2, bucket.count * bars / fullest)
            let label = bucket.from == bucket.to ? "\(bucket.from)" : "\(bucket.from)–\(bucket.to)"
            let colour = CalendarPicture.colour(band: index * (ScoreBands.count - 1) / max(1, histogram.buckets.count - 1))
            svg += "<g><title>\(HTML.escape(label)): \(bucket.count) player\(bucket.count == 1 ? "" : "s")</title>"
                + "<rect x=\"\(x)\" y=\(quoted(top + bars - tall)) width=\"\(column)\" height=\"\(tall)\" fill=\"\(colour)\" rx=\"2\"/>"
                + "<text x=\"\(x + column / 2)\" y=\"\(top + bars - tall - 4)\">\(bucket.count)</text>"
                + "<text x=\"\(x + column / 2)\" y=\"\(top + bars + 12)\">\(HTML.escape(label))</text></g>"
        }
        return svg + "</svg>"
    }

    private static func quoted(_ value: Int) -> String { "\"\(value)\"" }
}
