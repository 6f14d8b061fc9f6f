// The challenges shipped in Assets/challenges.json: daily style themes and swarm challenges.
import Foundation
import GameState
import PlumeAssets
import PlumeCalendar

public struct ChallengeBook: Sendable {
    public let styleThemes: [StyleTheme]
    public let swarmChallenges: [SwarmChallenge]

    public init(styleThemes: [StyleTheme], swarmChallenges: [SwarmChallenge]) {
        self.styleThemes = styleThemes
        self.swarmChallenges = swarmChallenges
    }

    /// The book shipped with Plume (or under `PLUME_ASSETS`), loaded once.
    public static let bundled: Result<ChallengeBook, CatalogError> = Result { () throws(CatalogError) in
        try ChallengeBook.load(from: PlumeAssets.directory)
    }

    public func swarmChallenge(id: String) -> SwarmChallenge? { swarmChallenges.first { $0.id == id } }

    public static func load(from directory: URL) throws(CatalogError) -> ChallengeBook {
        let file = directory.appendingPathComponent("challenges.json")
        func fail(_ problems: [String]) -> CatalogError { CatalogError(location: file.path, problems: problems) }
        guard let data = try? Data(contentsOf: file) else { throw fail(["challenges.json is missing or unreadable"]) }
        let raw: Raw
        do {
            raw = try JSONDecoder().decode(Raw.self, from: data)
        } catch {
            throw fail(["challenges.json is not valid: \(error)"])
        }
        var problems: [String] = []
        var themes: [StyleTheme] = []
        for theme in raw.styleThemes {
            let what = "style theme \(theme.id) (\(theme.name))"
            guard let colours = ColourRule(rawValue: theme.colours) else {
                problems.append("\(what) has unknown colour rule \"\(theme.colours)\" (rules: \(ColourRule.allCases.map(\.rawValue).joined(separator: ", ")))")
                continue
            }
            var cover = Set<BodyRegion>()
            for name in theme.cover {
                if let region = BodyRegion(rawValue: name) { cover.insert(region) } else { problems.append("\(what) requires unknown region \"\(name)\"") }
            }
            guard theme.accessories.count == 2, theme.accessories[0] <= theme.accessories[1], theme.accessories[0] >= 0 else {
                problems.append("\(what) needs accessories as [fewest, most]")
                continue
            }
            themes.append(StyleTheme(id: theme.id, name: theme.name, brief: theme.brief, wanted: Set(theme.wanted), unwanted: Set(theme.unwanted),
                                     cover: cover, colours: colours, accessories: theme.accessories[0]...theme.accessories[1], accent: theme.accent))
        }
        var swarms: [SwarmChallenge] = []
        for challenge in raw.swarmChallenges {
            guard let metric = SwarmChallenge.Metric(rawValue: challenge.metric) else {
                problems.append("swarm challenge \(challenge.id) has unknown metric \"\(challenge.metric)\"")
                continue
            }
            guard challenge.best != challenge.worst, (1...10_000).contains(challenge.steps) else {
                problems.append("swarm challenge \(challenge.id) needs best ≠ worst and 1–10000 steps")
                continue
            }
            guard let season2 = challenge.season2, season2.best != season2.worst else {
                problems.append("swarm challenge \(challenge.id) needs a season2 scale with best ≠ worst")
                continue
            }
            swarms.append(SwarmChallenge(id: challenge.id, name: challenge.name, brief: challenge.brief, metric: metric,
                                         steps: challenge.steps, seed: challenge.seed, best: challenge.best, worst: challenge.worst,
                                         seasonTwo: SwarmChallenge.Scale(best: season2.best, worst: season2.worst)))
        }
        if themes.isEmpty && problems.isEmpty { problems.append("there are no style themes") }
        if Set(raw.styleThemes.map(\.id)).count != raw.styleThemes.count { problems.append("style theme ids repeat") }
        if Set(raw.swarmChallenges.map(\.id)).count != raw.swarmChallenges.count { problems.append("swarm challenge ids repeat") }
        // A board id spells a season as "-sN" and a week as "-YYYY-Www" after the challenge's id.
        for challenge in raw.swarmChallenges where challenge.id.isEmpty || challenge.id.contains(where: { !($0.isLowercase || $0.isNumber || $0 == "-") })
            || challenge.id.split(separator: "-").last.map({ $0.first == "s" && Int($0.dropFirst()) != nil }) == true {
            problems.append("swarm challenge id \"\(challenge.id)\" must be lower-case letters, digits and dashes, not ending in a season's \"-sN\"")
        }
        guard problems.isEmpty else { throw fail(problems) }
        return ChallengeBook(styleThemes: themes, swarmChallenges: swarms)
    }

    private struct Raw: Decodable {
        struct Theme: Decodable {
            let id: Int; let name: String; let brief: String; let wanted: [String]; let unwanted: [String]
            let cover: [String]; let colours: String; let accessories: [Int]
            /// The accent colour's name (v2); a theme without one never gives accent points.
            let accent: String?
        }
        struct Swarm: Decodable {
            let id: String; let name: String; let brief: String; let metric: String
            let steps: Int; let seed: UInt64; let best: Double; let worst: Double
            /// Season 2's scale (SwarmRules): the readings of `SwarmChallenge.seasonTwoValue`.
            let season2: Scale?
        }
        struct Scale: Decodable { let best: Double; let worst: Double }
        let format: Int
        let styleThemes: [Theme]
        let swarmChallenges: [Swarm]
    }
}

extension ChallengeBook {
    /// The day's style theme, bound to the rules of that day. Each UTC calendar year has its own shuffled order of the themes,
    /// and day n of the year (0…365) takes the n-th, so with at least 366 themes no two days of
    /// a year share one; every player and the server agree on the theme for a date. A book with
    /// fewer themes than days wraps round within the year. `day` counts days since 1970-01-01.
    public func theme(forDay day: Int) -> StyleTheme {
        var theme = styleThemes[YearOrder.index(forDay: day, count: styleThemes.count, salt: YearOrder.styleThemes)]
        theme.rules = StyleRules.forDay(day)
        return theme
    }

    /// The proleptic Gregorian year of a day since 1970-01-01, and the day's index in that year
    /// (0 for 1 January), by the same calendar arithmetic the leaderboard's days use.
    public static func yearAndDayOfYear(_ day: Int) -> (year: Int, dayOfYear: Int) {
        let year = UTCDay.civil(day).year
        return (year, day - UTCDay.days(year: year, month: 1, day: 1))
    }

    /// Days since 1970-01-01 in UTC for a moment.
    public static func day(of date: Date) -> Int { UTCDay.containing(date) }
}
