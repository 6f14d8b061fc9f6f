// The ticket to the runway: a look enters a day's runway only if it scores at least 500 on that
// day's theme. A refusal gives the score and, in words, each part of the checklist it fell
// short on, so that the player knows what to change.
import GameState

public enum RunwayEntry {
    public static let minimumScore = 500

    /// The look's score when it may enter; otherwise the words of the refusal.
    public static func check(_ look: Look, theme: StyleTheme, catalog: Catalog) -> Result<Int, Refusal> {
        let score = theme.score(look, in: catalog)
        guard score.total < minimumScore else { return .success(score.total) }
        return .failure(Refusal(score: score.total, theme: theme.name, shortfalls: shortfalls(look, score, theme, catalog)))
    }

    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        public let score: Int
        public let theme: String
        /// One phrase per part of the checklist the look lost points on, biggest loss first.
        public let shortfalls: [String]

        public var description: String {
            "this look scores \(score) on today's theme, \(theme); the runway takes \(RunwayEntry.minimumScore) or more"
                + (shortfalls.isEmpty ? "" : ". Missing: " + shortfalls.joined(separator: "; "))
        }
    }

    static func shortfalls(_ look: Look, _ score: StyleScore, _ theme: StyleTheme, _ catalog: Catalog) -> [String] {
        let worn = look.garments.compactMap { catalog.garment(id: $0.id) }
        var lost: [(points: Int, words: String)] = []
        if score.coverage < StyleScore.maxCoverage {
            let covered = worn.reduce(into: Set<BodyRegion>()) { $0.formUnion($1.covers) }
            let bare = theme.cover.subtracting(covered).map(\.rawValue).sorted()
            lost.append((StyleScore.maxCoverage - score.coverage, "the theme wants \(bare.joined(separator: ", ")) covered"))
        }
        if score.tags < StyleScore.maxTags {
            let suiting = worn.filter { theme.fit(of: $0) == .suits }.count
            let clashing = worn.filter { theme.fit(of: $0) == .clashes }.count
            var words = "\(suiting) of \(worn.count) garment\(worn.count == 1 ? "" : "s") suit\(suiting == 1 && worn.count == 1 ? "s" : "") the theme"
            if clashing > 0 { words += ", \(clashing) go\(clashing == 1 ? "es" : "") against it" }
            lost.append((StyleScore.maxTags - score.tags, words))
        }
        if score.colour < StyleScore.maxColour {
            lost.append((StyleScore.maxColour - score.colour, "colours: the theme asks for \(theme.colours.description)"))
        }
        if score.accessories < StyleScore.maxAccessories {
            let count = worn.filter { $0.slot == .accessory }.count
            let wanted = theme.accessories.lowerBound == theme.accessories.upperBound ? "\(theme.accessories.lowerBound)"
                : "\(theme.accessories.lowerBound)–\(theme.accessories.upperBound)"
            lost.append((StyleScore.maxAccessories - score.accessories, "\(count) accessor\(count == 1 ? "y" : "ies"), where the theme wants \(wanted)"))
        }
        return lost.sorted { $0.points > $1.points }.map(\.words)
    }
}
