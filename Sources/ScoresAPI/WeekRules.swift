// The week's rules, one copy for the server that keeps the points and the game that explains them:
// what a day of play is worth (week points), the league tiers, and how many of a group move up and
// down when the week closes. A week is an ISO week, Monday to Sunday, UTC.
import PlumeCalendar

/// A day of a player's own play, as the four parts of its points. Each part is the day's best (the
/// votes a count), never a sum of tries, so sending the same thing again, or a worse one, adds
/// nothing; and a day is worth at most 100, so seven ordinary days are worth far more than one
/// lucky one.
public struct WeekDayParts: Sendable, Equatable {
    /// The day's look: `WeekRules.stylePoints` of its best (0–40).
    public var style = 0
    /// The day's swarm on the Lab brief: `WeekRules.labPoints` (0–30).
    public var lab = 0
    /// Runway votes that earned their point that day, either show, counted up to
    /// `WeekRules.votesCounted` (skips, and votes past the Runway's own daily limit, earn none).
    public var votes = 0
    /// The best place among the player's entries in the shows whose voting closed the day before
    /// (a day's shows take votes to the end of the next day): `WeekRules.placePoints` (0–10).
    public var place = 0

    public init(style: Int = 0, lab: Int = 0, votes: Int = 0, place: Int = 0) {
        (self.style, self.lab, self.votes, self.place) = (style, lab, votes, place)
    }

    /// The day's points: 0–100.
    public var points: Int {
        min(WeekRules.dayCap, style + lab + WeekRules.pointsPerVote * min(max(0, votes), WeekRules.votesCounted) + place)
    }

    /// Each part the better of the two (the votes, the larger count): what a day keeps when more of
    /// it arrives.
    public func merged(_ other: WeekDayParts) -> WeekDayParts {
        WeekDayParts(style: max(style, other.style), lab: max(lab, other.lab), votes: min(WeekRules.votesCounted, max(votes, other.votes)),
                     place: max(place, other.place))
    }
}

public enum WeekRules {
    /// The most a day is worth (the four parts' tops: 40 + 30 + 20 + 10).
    public static let dayCap = 100
    /// Votes a day that count toward the week, and what each is worth.
    public static let votesCounted = 10
    public static let pointsPerVote = 2
    /// Players in a league group at most.
    public static let groupSize = 30
    /// Of a full group, how many move up and down at the week's close.
    public static let promotedOfFull = 7
    public static let demotedOfFull = 5

    /// A look: 10 for playing, and 3 more for each full hundred of its score (10–40). A copy — a
    /// look another player already held on that day's board when it was sent — earns the 10 only.
    public static func stylePoints(score: Int64, copied: Bool) -> Int {
        10 + (copied ? 0 : 3 * ScoreBands.band(of: score))
    }

    /// A swarm on the day's Lab brief: 10, and 2 more for each full hundred (10–30). The Lab
    /// refuses copies outright.
    public static func labPoints(score: Int64) -> Int { 10 + 2 * ScoreBands.band(of: score) }

    /// A place in the people's choice of a show: first 10, top three 8, top tenth 6, top half 4,
    /// any other place 2 (nothing for a rank the show did not have).
    public static func placePoints(rank: Int, of entries: Int) -> Int {
        guard rank >= 1, entries >= rank else { return 0 }
        if rank == 1 { return 10 }
        if rank <= 3 { return 8 }
        if rank * 10 <= entries { return 6 }
        if rank * 2 <= entries { return 4 }
        return 2
    }

    /// The week a day belongs to, as its Monday (days since 1970).
    public static func monday(ofDay day: Int) -> Int { day - UTCDay.weekday(day) }

    /// How many of a group of `members` move up a tier: 7 of 30, fewer in a smaller group
    /// (rounded), none out of the highest tier.
    public static func promoted(members: Int, tier: LeagueTier) -> Int {
        guard tier.above != nil, members > 1 else { return 0 }
        return min(promotedOfFull, (promotedOfFull * members + groupSize / 2) / groupSize)
    }

    /// How many of a group of `members` move down: 5 of 30, fewer in a smaller group (rounded),
    /// none out of the lowest tier, and never one promoted.
    public static func demoted(members: Int, tier: LeagueTier) -> Int {
        guard tier.below != nil, members > 1 else { return 0 }
        let count = min(demotedOfFull, (demotedOfFull * members + groupSize / 2) / groupSize)
        return min(count, members - promoted(members: members, tier: tier))
    }
}

/// The league tiers, from the one a new player joins to the top.
public enum LeagueTier: String, CaseIterable, WireVocabulary, Comparable {
    case cotton, linen, denim, silk, velvet, brocade, couture

    /// "Silk"
    public var name: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// 0 for the lowest.
    public var level: Int { Self.allCases.firstIndex(of: self)! }

    public init?(level: Int) {
        guard Self.allCases.indices.contains(level) else { return nil }
        self = Self.allCases[level]
    }

    public var above: LeagueTier? { LeagueTier(level: level + 1) }
    public var below: LeagueTier? { LeagueTier(level: level - 1) }

    public static func < (a: LeagueTier, b: LeagueTier) -> Bool { a.level < b.level }
}
