// A board's id, the one place its text is spelled and read, shared by the server and the game:
//   style-YYYY-MM-DD           the day's style theme
//   swarm-<challenge>          a swarm challenge, all-time, season 1 (closed when season 2 began)
//   swarm-<challenge>-YYYY-Www the same challenge for one ISO week (UTC), season 1
//   swarm-<challenge>-sN       the challenge in season N (2 and later), all season
//   swarm-<challenge>-sN-YYYY-Www  one ISO week of season N
//   lab-YYYY-MM-DD             the day's Lab brief (swarms)
//   contributors               points each player has given to causes
//   people-YYYY-MM-DD          the Runway's people's choice for a day
//   swarmshow-YYYY-MM-DD       the swarm show's people's choice for a day (swarms, by votes)
//   crews-YYYY-Www             the crews' board of an ISO week: each crew's best 4 members' week points
// Any other text is `.unknown` (a newer server's board: shown and read, never built here). Only
// the canonical spelling is read as its shape, so an id read and written again is the same
// text. Whether the board exists (the day has begun, the challenge is in the book) is the
// server's to say, not this type's.
import PlumeCalendar

public enum BoardID: Hashable, Sendable, CustomStringConvertible {
    case style(day: Int)
    /// A classic swarm challenge: its season's board (`week` nil) or one week's. Season 1 is
    /// spelled without its number (its boards kept the ids they had before seasons began).
    case swarm(challenge: String, week: ISOWeek?, season: Int = 1)
    /// The day's Lab brief: swarms, ranked by score, then fewer ingredients, then fewer agents.
    case lab(day: Int)
    case contributors
    case people(day: Int)
    /// The swarm show's people's choice for a day: the day's Lab swarms, ranked by votes.
    case swarmShow(day: Int)
    /// The crews' board of an ISO week: crews, not players, ranked by their week score.
    case crews(week: ISOWeek)
    case unknown(String)

    /// The longest id the server defines or reads.
    public static let maxBytes = 64

    /// Reads an id; text of no known shape (or not spelled canonically) is `.unknown`.
    public init(_ text: String) {
        self = Self.shape(of: text).flatMap { $0.text == text ? $0 : nil } ?? .unknown(text)
    }

    private static func shape(of text: String) -> BoardID? {
        guard text.utf8.count <= maxBytes else { return nil }
        if text == "contributors" { return .contributors }
        if text.hasPrefix("style-") { return UTCDay.parse(text.dropFirst(6)).map { .style(day: $0) } }
        if text.hasPrefix("people-") { return UTCDay.parse(text.dropFirst(7)).map { .people(day: $0) } }
        if text.hasPrefix("swarmshow-") { return UTCDay.parse(text.dropFirst(10)).map { .swarmShow(day: $0) } }
        if text.hasPrefix("lab-") { return UTCDay.parse(text.dropFirst(4)).map { .lab(day: $0) } }
        if text.hasPrefix("crews-") { return ISOWeek(String(text.dropFirst(6))).map { .crews(week: $0) } }
        guard text.hasPrefix("swarm-") else { return nil }
        var rest = text.dropFirst(6)
        // swarm-<challenge>[-sN][-YYYY-Www]: a challenge id never ends in a week's or a season's shape.
        var week: ISOWeek?
        if rest.count > 9, rest.dropLast(8).hasSuffix("-"), let found = ISOWeek(String(rest.suffix(8))) {
            week = found
            rest = rest.dropLast(9)
        }
        var season = 1
        if let dash = rest.lastIndex(of: "-"), rest[rest.index(after: dash)...].hasPrefix("s"),
           let number = Int(rest[rest.index(dash, offsetBy: 2)...]), number >= 2 {
            season = number
            rest = rest[..<dash]
        }
        return rest.isEmpty ? nil : .swarm(challenge: String(rest), week: week, season: season)
    }

    /// The id as the wire and the store spell it.
    public var text: String {
        switch self {
        case .style(let day): "style-" + UTCDay.string(day)
        case .swarm(let challenge, let week, let season):
            "swarm-" + challenge + (season == 1 ? "" : "-s\(season)") + (week.map { "-\($0)" } ?? "")
        case .contributors: "contributors"
        case .people(let day): "people-" + UTCDay.string(day)
        case .lab(let day): "lab-" + UTCDay.string(day)
        case .swarmShow(let day): "swarmshow-" + UTCDay.string(day)
        case .crews(let week): "crews-\(week)"
        case .unknown(let text): text
        }
    }

    public var description: String { text }

    /// What the board ranks; nil for an unknown board.
    public var kind: BoardKind? {
        switch self {
        case .style: .style
        case .swarm, .lab: .swarm
        case .contributors: .contributors
        case .people, .swarmShow: .people
        case .crews: .crew
        case .unknown: nil
        }
    }

    /// Whether a record on the board counts toward its player's week (WeekRules): a day's style
    /// board and its Lab brief.
    public var earnsWeekPoints: Bool {
        switch self {
        case .style, .lab: true
        default: false
        }
    }

    /// How long the board runs; nil for an unknown board.
    public var period: BoardPeriod? {
        switch self {
        case .style, .people, .lab, .swarmShow: .day
        case .swarm(_, nil, _), .contributors: .allTime
        case .swarm(_, _?, _), .crews: .week
        case .unknown: nil
        }
    }

    /// The UTC day a style, people's, Lab or swarm show board is of.
    public var day: Int? {
        switch self {
        case .style(let day), .people(let day), .lab(let day), .swarmShow(let day): day
        case .swarm, .contributors, .crews, .unknown: nil
        }
    }

    /// Two ids are the same board when they spell the same text.
    public static func == (a: BoardID, b: BoardID) -> Bool { a.text == b.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
