// The boards the server defines (clients never create one), and what each ranks:
//   style-YYYY-MM-DD          the day's style theme; open that UTC day only, readable forever
//   swarm-<challenge>         a swarm challenge, all-time
//   swarm-<challenge>-YYYY-Www the same challenge for one ISO week (UTC)
//   contributors              points each player has given to causes
//   people-YYYY-MM-DD         the Runway's people's choice for a day: looks ranked by players'
//                             votes; written by the runway's fit, never by submissions; open
//                             (votes count) that UTC day and the next, final after
import Foundation
import Challenges
import PlumeCalendar
import ScoresAPI

public struct Board: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case style(day: Int)
        case swarm(challenge: String, week: ISOWeek?)
        case contributors
        case people(day: Int)
    }

    public let kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    public static let contributors = Board(.contributors)

    /// The board's id as the game and the server both read it (ScoresAPI's `BoardID`).
    public var boardID: BoardID {
        switch kind {
        case .style(let day): .style(day: day)
        case .swarm(let challenge, let week): .swarm(challenge: challenge, week: week)
        case .contributors: .contributors
        case .people(let day): .people(day: day)
        }
    }

    /// The id's text: the key of the board's records in the store and the rank index.
    public var id: String { boardID.text }

    /// Whether a share code can be submitted to this board (contributors takes donations only;
    /// a people's board is counted from votes).
    public var acceptsCodes: Bool {
        switch kind {
        case .contributors, .people: false
        case .style, .swarm: true
        }
    }

    /// The window in which submissions count, as [start, end) in seconds since 1970 (UTC);
    /// nil when the board never closes.
    public var openInterval: Range<Int64>? {
        switch kind {
        case .style(let day): UTCDay.start(of: day) ..< UTCDay.start(of: day + 1)
        case .swarm(_, let week?): UTCDay.start(of: week.firstDay) ..< UTCDay.start(of: week.firstDay + 7)
        case .people(let day): UTCDay.start(of: day) ..< UTCDay.start(of: day + 2)
        case .swarm(_, nil), .contributors: nil
        }
    }

    public func isOpen(at seconds: Int64) -> Bool { openInterval.map { $0.contains(seconds) } ?? true }

    /// Reads a board id, checking that it names something the server defines and that the
    /// period has begun (future days and weeks are not boards yet).
    public static func parse(_ id: String, book: ChallengeBook, now seconds: Int64) -> Board? {
        parse(BoardID(id), book: book, now: seconds)
    }

    public static func parse(_ id: BoardID, book: ChallengeBook, now seconds: Int64) -> Board? {
        let today = UTCDay.containing(seconds: seconds)
        let season = UTCDay.firstSeasonDay...today
        switch id {
        case .contributors: return .contributors
        case .style(let day): return season.contains(day) ? Board(.style(day: day)) : nil
        case .people(let day): return season.contains(day) ? Board(.people(day: day)) : nil
        case .swarm(let challenge, nil, 1):
            return book.swarmChallenge(id: challenge) == nil ? nil : Board(.swarm(challenge: challenge, week: nil))
        case .swarm(let challenge, let week?, 1):
            guard book.swarmChallenge(id: challenge) != nil, week.firstDay <= today, week.firstDay + 7 > UTCDay.firstSeasonDay else { return nil }
            return Board(.swarm(challenge: challenge, week: week))
        // Season 2's boards are read once its rules score them.
        case .swarm, .unknown: return nil
        }
    }

    /// The boards open at `seconds`, in the order a player would browse them: today's style
    /// theme, today's people's choice and yesterday's (still taking votes), each challenge
    /// all-time and this week, then contributors.
    public static func current(book: ChallengeBook, now seconds: Int64) -> [Board] {
        let today = UTCDay.containing(seconds: seconds)
        let week = ISOWeek(day: today)
        var boards = [Board(.style(day: today)), Board(.people(day: today))]
        if today - 1 >= UTCDay.firstSeasonDay { boards.append(Board(.people(day: today - 1))) }
        for challenge in book.swarmChallenges {
            boards.append(Board(.swarm(challenge: challenge.id, week: nil)))
            boards.append(Board(.swarm(challenge: challenge.id, week: week)))
        }
        boards.append(.contributors)
        return boards
    }

    /// The boards a game lists: those open now, then each earlier day's style board and
    /// people's choice (closed, still read) back `LeaderboardLimits.earlierDays` days or to the
    /// first season day, newest first; contributors last.
    public static func listed(book: ChallengeBook, now seconds: Int64) -> [Board] {
        let today = UTCDay.containing(seconds: seconds)
        var boards = current(book: book, now: seconds).filter { $0 != .contributors }
        for day in stride(from: today - 1, through: max(UTCDay.firstSeasonDay, today - LeaderboardLimits.earlierDays), by: -1) {
            boards.append(Board(.style(day: day)))
            // Yesterday's people's choice still takes votes: it is among the open boards.
            if day < today - 1 { boards.append(Board(.people(day: day))) }
        }
        boards.append(.contributors)
        return boards
    }
}

extension UTCDay {
    /// The leaderboard's first day: older style boards and weeks do not exist.
    public static let firstSeasonDay = parse(LeaderboardLimits.firstStyleDay[...])!
}
