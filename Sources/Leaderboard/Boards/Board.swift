// The boards the server defines (clients never create one), and what each ranks:
//   style-YYYY-MM-DD          the day's style theme; open that UTC day only, readable forever
//   swarm-<challenge>[-sN]    a swarm challenge's season (season 1 unnumbered): open from the
//                             season's first day until the next season's
//   swarm-<challenge>[-sN]-YYYY-Www the same challenge for one ISO week (UTC) of the season
//   lab-YYYY-MM-DD            the day's Lab brief (swarms; ties go to fewer ingredients, then
//                             fewer agents); open that UTC day only, from LabRules.firstDay
//   contributors              points each player has given to causes
//   people-YYYY-MM-DD         the Runway's people's choice for a day: looks ranked by players'
//                             votes; written by the runway's fit, never by submissions; open
//                             (votes count) that UTC day and the next, final after
//   swarmshow-YYYY-MM-DD      the swarm show's people's choice: the day's Lab swarms ranked by
//                             votes, from LabRules.firstDay; open as a people's board is
import Foundation
import Challenges
import PlumeCalendar
import ScoresAPI

public struct Board: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case style(day: Int)
        case swarm(challenge: String, week: ISOWeek?, season: Int)
        case lab(day: Int)
        case contributors
        case people(day: Int)
        case swarmShow(day: Int)
        /// A week's crews, by the week points of each one's best members (CrewService).
        case crews(week: ISOWeek)
    }

    public let kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    public static let contributors = Board(.contributors)

    /// The board's id as the game and the server both read it (ScoresAPI's `BoardID`).
    public var boardID: BoardID {
        switch kind {
        case .style(let day): .style(day: day)
        case .swarm(let challenge, let week, let season): .swarm(challenge: challenge, week: week, season: season)
        case .contributors: .contributors
        case .people(let day): .people(day: day)
        case .lab(let day): .lab(day: day)
        case .swarmShow(let day): .swarmShow(day: day)
        case .crews(let week): .crews(week: week)
        }
    }

    /// Whether players' votes rank this board (a people's choice of looks or of swarms).
    public var isPeoples: Bool {
        switch kind {
        case .people, .swarmShow: true
        case .style, .swarm, .lab, .contributors, .crews: false
        }
    }

    /// The id's text: the key of the board's records in the store and the rank index.
    public var id: String { boardID.text }

    /// Whether a share code can be submitted to this board (contributors takes donations only;
    /// a people's board is counted from votes).
    public var acceptsCodes: Bool {
        switch kind {
        case .contributors, .people, .swarmShow, .crews: false
        case .style, .swarm, .lab: true
        }
    }

    /// The window in which submissions count, as [start, end) in seconds since 1970 (UTC);
    /// nil when the board never closes.
    public var openInterval: Range<Int64>? {
        switch kind {
        case .style(let day), .lab(let day): UTCDay.start(of: day) ..< UTCDay.start(of: day + 1)
        case .swarm(_, let week?, let season):
            // A week of a season runs inside the season: the week the seasons changed is split.
            UTCDay.start(of: max(week.firstDay, Self.firstDay(ofSeason: season)))
                ..< UTCDay.start(of: min(week.firstDay + 7, SwarmSeasons.endDay(of: season) ?? week.firstDay + 7))
        case .swarm(_, nil, let season):
            SwarmSeasons.endDay(of: season).map { UTCDay.start(of: Self.firstDay(ofSeason: season)) ..< UTCDay.start(of: $0) }
        case .people(let day), .swarmShow(let day): UTCDay.start(of: day) ..< UTCDay.start(of: day + 2)
        case .crews(let week): UTCDay.start(of: week.firstDay) ..< UTCDay.start(of: week.firstDay + 7)
        case .contributors: nil
        }
    }

    /// The first day a season's boards count: season 1's is the boards' first day.
    static func firstDay(ofSeason season: Int) -> Int { SwarmSeasons.firstDay(of: season) ?? UTCDay.firstSeasonDay }

    /// The classic challenge's season, when this is one of its boards.
    public var season: Int? {
        if case .swarm(_, _, let season) = kind { season } else { nil }
    }

    public func isOpen(at seconds: Int64) -> Bool { openInterval.map { $0.contains(seconds) } ?? true }

    /// Reads a board id, checking that it names something the server defines and that the
    /// period has begun (future days and weeks are not boards yet).
    public static func parse(_ id: String, book: ChallengeBook, now seconds: Int64) -> Board? {
        parse(BoardID(id), book: book, now: seconds)
    }

    public static func parse(_ id: BoardID, book: ChallengeBook, now seconds: Int64) -> Board? {
        let today = UTCDay.containing(seconds: seconds)
        // Tested by comparisons, never as ranges: a clock behind the first days makes no board, not a trap.
        let played = { (first: Int, day: Int) in day >= first && day <= today }
        switch id {
        case .contributors: return .contributors
        case .style(let day): return played(UTCDay.firstSeasonDay, day) ? Board(.style(day: day)) : nil
        case .people(let day): return played(UTCDay.firstSeasonDay, day) ? Board(.people(day: day)) : nil
        case .lab(let day): return played(LabRules.firstDay, day) ? Board(.lab(day: day)) : nil
        case .swarmShow(let day): return played(LabRules.firstDay, day) ? Board(.swarmShow(day: day)) : nil
        case .crews(let week):
            return week.firstDay <= today && week.firstDay + 7 > UTCDay.firstSeasonDay ? Board(.crews(week: week)) : nil
        case .swarm(let challenge, let week, let season):
            // A season not yet begun (or unknown here) has no boards; a challenge without a
            // season-2 scale plays season 1 only.
            guard let found = book.swarmChallenge(id: challenge), SwarmSeasons.isDefined(season),
                  season == 1 || found.seasonTwo != nil else { return nil }
            let first = firstDay(ofSeason: season)
            guard first <= today else { return nil }
            if let week {
                guard week.firstDay <= today, week.firstDay + 7 > first,
                      week.firstDay < SwarmSeasons.endDay(of: season) ?? Int.max else { return nil }
            }
            return Board(.swarm(challenge: challenge, week: week, season: season))
        case .unknown: return nil
        }
    }

    /// The boards open at `seconds`, in the order a player would browse them: today's style
    /// theme, today's people's choice and yesterday's (still taking votes), today's Lab brief and
    /// the swarm shows of today and yesterday, each challenge's season and this week of it, this
    /// week's crews, then contributors.
    public static func current(book: ChallengeBook, now seconds: Int64) -> [Board] {
        let today = UTCDay.containing(seconds: seconds)
        let week = ISOWeek(day: today)
        var boards = [Board(.style(day: today)), Board(.people(day: today))]
        if today - 1 >= UTCDay.firstSeasonDay { boards.append(Board(.people(day: today - 1))) }
        if today >= LabRules.firstDay { boards += [Board(.lab(day: today)), Board(.swarmShow(day: today))] }
        if today - 1 >= LabRules.firstDay { boards.append(Board(.swarmShow(day: today - 1))) }
        for challenge in book.swarmChallenges {
            let season = challenge.seasonTwo == nil ? 1 : SwarmSeasons.season(onDay: today)
            boards.append(Board(.swarm(challenge: challenge.id, week: nil, season: season)))
            boards.append(Board(.swarm(challenge: challenge.id, week: week, season: season)))
        }
        boards.append(Board(.crews(week: week)))
        boards.append(.contributors)
        return boards
    }

    /// The boards a game lists: those open now, then each earlier day's style board, people's
    /// choice, Lab board and swarm show (closed, still read) back `LeaderboardLimits.earlierDays` days or to the
    /// first season day, newest first; last week's crews; each challenge's earlier seasons (closed,
    /// final), newest first; contributors last.
    public static func listed(book: ChallengeBook, now seconds: Int64) -> [Board] {
        let today = UTCDay.containing(seconds: seconds)
        var boards = current(book: book, now: seconds).filter { $0 != .contributors }
        for day in stride(from: today - 1, through: max(UTCDay.firstSeasonDay, today - LeaderboardLimits.earlierDays), by: -1) {
            boards.append(Board(.style(day: day)))
            // Yesterday's people's choice still takes votes: it is among the open boards.
            if day < today - 1 { boards.append(Board(.people(day: day))) }
            if day >= LabRules.firstDay { boards.append(Board(.lab(day: day))) }
            if day >= LabRules.firstDay, day < today - 1 { boards.append(Board(.swarmShow(day: day))) }
        }
        // Last week's crews, final.
        let lastWeek = ISOWeek(day: today - 7)
        if lastWeek.firstDay + 7 > UTCDay.firstSeasonDay { boards.append(Board(.crews(week: lastWeek))) }
        let season = SwarmSeasons.season(onDay: today)
        for earlier in stride(from: season - 1, through: 1, by: -1) {
            for challenge in book.swarmChallenges where earlier == 1 || challenge.seasonTwo != nil {
                boards.append(Board(.swarm(challenge: challenge.id, week: nil, season: earlier)))
            }
        }
        boards.append(.contributors)
        return boards
    }
}

extension UTCDay {
    /// The leaderboard's first day: older style boards and weeks do not exist.
    public static let firstSeasonDay = parse(LeaderboardLimits.firstStyleDay[...])!
}
