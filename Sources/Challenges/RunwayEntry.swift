// The ticket to the runway: a look enters a day's runway only if it scores at least the day's
// minimum on that day's theme (500 under the v1 rules; 400 under v2 and v3, whose top takes more, so
// that a first-day player who follows the picker's hints still gets there). A refusal gives the score and, in words, each part of the checklist it fell
// short on, so that the player knows what to change.
import GameState

public enum RunwayEntry {
    /// The least a look must score on a day under its rules to enter that day's runway.
    public static func minimumScore(_ rules: StyleRules) -> Int {
        switch rules {
        case .v1: 500
        case .v2, .v3: 400
        }
    }

    /// The look's score when it may enter; otherwise the words of the refusal.
    public static func check(_ look: Look, theme: StyleTheme, catalog: Catalog) -> Result<Int, Refusal> {
        let score = theme.score(look, in: catalog)
        let minimum = minimumScore(theme.rules)
        guard score.total < minimum else { return .success(score.total) }
        return .failure(Refusal(score: score.total, theme: theme.name, minimum: minimum, shortfalls: shortfalls(look, score, theme, catalog)))
    }

    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        public let score: Int
        public let theme: String
        public let minimum: Int
        /// One phrase per part of the checklist the look lost points on, biggest loss first.
        public let shortfalls: [String]

        public var description: String {
            "this look scores \(score) on today's theme, \(theme); the runway takes \(minimum) or more"
                + (shortfalls.isEmpty ? "" : ". Missing: " + shortfalls.joined(separator: "; "))
        }
    }

    static func shortfalls(_ look: Look, _ score: StyleScore, _ theme: StyleTheme, _ catalog: Catalog) -> [String] {
        let worn = WornLook(look, in: catalog)
        let pieces = worn.pieces.map(\.garment)
        let rules = theme.rules
        var lost: [(points: Int, words: String)] = []
        for part in rules.parts where score.points(part) < rules.maximum(part) {
            let words: String
            switch part {
            case .coverage:
                words = "the theme wants \(StyleTheme.regions(theme.cover.subtracting(worn.covered))) covered"
            case .tags:
                let suiting = pieces.filter { theme.fit(of: $0) == .suits }.count
                let clashing = pieces.filter { theme.fit(of: $0) == .clashes }.count
                var text = "\(suiting) of \(pieces.count) garment\(pieces.count == 1 ? "" : "s") suit\(suiting == 1 && pieces.count == 1 ? "s" : "") the theme"
                if clashing > 0 { text += ", \(clashing) go\(clashing == 1 ? "es" : "") against it" }
                words = text
            case .colour:
                words = "colours: the theme asks for \(theme.colours.description)"
            case .extras:
                let count = worn.accessoryCount
                var text = "\(count) accessor\(count == 1 ? "y" : "ies"), where the theme wants \(theme.accessoryRange)"
                if rules >= .v2, pieces.count > theme.pieceLimit { text += "; \(pieces.count) pieces, where it allows \(theme.pieceLimit)" }
                words = text
            case .palette:
                let colours = Set(worn.mainColours).count
                words = "your pieces use \(colours) colour\(colours == 1 ? "" : "s"); \(StyleRules.paletteColours) at most"
            case .accent:
                let accent = theme.accent ?? "the accent colour"
                let wearing = theme.accentPieces(of: worn, in: catalog)
                words = wearing == 0 ? "no piece in \(accent)" : "\(wearing) pieces in \(accent); exactly one"
            }
            lost.append((rules.maximum(part) - score.points(part), words))
        }
        return lost.sorted { $0.points > $1.points }.map(\.words)
    }
}
