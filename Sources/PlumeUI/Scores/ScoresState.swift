// The Scores screen's state: the tabs, the boards, the pages read (each with the time it arrived)
// and the selection. Who the player is, whom they follow and what is on its way are the
// session's (`context.session`); a failure keeps the last good copy on screen.
import GameState
import ScoresAPI
import TUI

public struct ScoresState: Sendable {
    public enum Tab: Int, CaseIterable, Sendable {
        case top, around, friends, bests, contributors, causes, spread, league

        public var title: String {
            switch self {
            case .top: "Top"
            case .around: "Around me"
            case .friends: "Friends"
            case .bests: "My bests"
            case .contributors: "Contributors"
            case .causes: "Causes"
            case .spread: "Spread"
            case .league: "League"
            }
        }

        /// The title where the row is narrow (the tabs at 80 columns).
        public var short: String {
            switch self {
            case .around: "Around"
            case .bests: "Bests"
            default: title
            }
        }

        /// Whether the tab shows one board (so [ ] picks which).
        var showsBoard: Bool { self == .top || self == .around || self == .friends || self == .spread }

        /// Whether the tab lists players' rows, each a player to follow (f).
        var listsPlayers: Bool { self == .top || self == .around || self == .friends || self == .contributors }
    }

    public var tab: Tab = .top
    /// The player picked a tab themself: the screen no longer picks Friends for them.
    var tabChosen = false
    /// Whom the player follows was heard of once: the first time may come after they arrived.
    var heardFollowing = false
    /// Boards the server won't show among friends, and why (a runway still taking votes).
    var friendsRefused: [String: String] = [:]
    public var boards: [BoardInfo] = []
    public var boardIndex = 0
    /// The board to show once the next list of boards arrives (after midnight: today's).
    var follow: String?
    public var tops: [String: Dated<BoardPage>] = [:]
    public var contributors: Dated<BoardPage>?
    /// Each board's histogram as last read (with the player's own place when registered).
    public var histograms: [String: Dated<BoardHistogram>] = [:]
    /// The highlighted row of the list on screen, and the first row shown.
    public var list = ListState()
    public var lastRefresh = -Double.infinity

    public init() {}

    /// Seconds between automatic refreshes while the screen is open.
    public static let refreshSeconds = 30.0

    public var board: BoardInfo? { boards.indices.contains(boardIndex) ? boards[boardIndex] : nil }
    public var selection: Int { list.selected }

    /// When the data on the current tab arrived, if there is any.
    func dataTime(board: String?, _ session: Session) -> Double? {
        switch tab {
        case .top: board.flatMap { tops[$0]?.at }
        case .around: board.flatMap { session.arounds[$0]?.at }
        case .friends: board.flatMap { session.friends[$0]?.at }
        case .bests: session.bests?.at
        case .contributors: contributors?.at
        case .causes: session.causes?.at
        case .spread: board.flatMap { histograms[$0]?.at }
        case .league: session.league?.at
        }
    }

    /// The rows of the board on the Top, Around me, Friends or Contributors tab.
    func rows(_ session: Session) -> [BoardRow] {
        switch tab {
        case .top: board.flatMap { board in tops[board.id]?.value.rows.map { ownLook($0, on: board.id, session) } } ?? []
        case .around: board.flatMap { session.arounds[$0.id]?.value.rows } ?? []
        case .friends: board.flatMap { board in session.friends[board.id]?.value.rows.map { ownLook($0, on: board.id, session) } } ?? []
        case .contributors: contributors?.value.rows.map { ownLook($0, on: BoardID.contributors.text, session) } ?? []
        case .bests, .causes, .spread, .league: []
        }
    }

    /// Why the selected row's look or swarm is held back (until its show's voting closes), in
    /// words; nil when it isn't.
    func selectedEntryHiddenWords(_ session: Session) -> String? {
        guard selectedCode(session) == nil, selection < rowCount(session) else { return nil }
        let bests = session.bests?.value.profile.bests ?? []
        let id: String? = switch tab {
        case .top, .around, .friends: board?.id
        case .bests: bests.indices.contains(selection) ? bests[selection].boardID : nil
        case .contributors, .causes, .spread, .league: nil
        }
        switch id.map(BoardID.init) {
        case .style?, .people?: return "This look stays hidden while its runway takes votes: it shows here once voting closes."
        case .lab?, .swarmShow?: return "This swarm stays hidden while the swarm show takes votes: it shows here once voting closes."
        default: return nil
        }
    }

    func rowCount(_ session: Session) -> Int {
        switch tab {
        case .top, .around, .friends, .contributors: rows(session).count
        case .bests: session.bests?.value.profile.bests.count ?? 0
        case .causes: session.causes?.value.causes.count ?? 0
        case .spread: 0
        case .league: session.league?.value.members.count ?? 0
        }
    }

    /// The look or swarm of the selected row, if it has one.
    func selectedCode(_ session: Session) -> String? {
        switch tab {
        case .top, .around, .friends, .contributors:
            let rows = rows(session)
            guard rows.indices.contains(selection) else { return nil }
            let code = tab == .contributors ? rows[selection].avatarLook : rows[selection].code
            return code?.isEmpty == false ? code : nil
        case .bests:
            let bests = session.bests?.value.profile.bests ?? []
            return bests.indices.contains(selection) && !bests[selection].code.isEmpty ? bests[selection].code : nil
        case .causes, .spread, .league:
            return nil
        }
    }

    /// Whose entry the selected row is, in words: "Ada's entry on Style: Beach Day: 933, rank 2".
    func selectedOwnerWords(_ session: Session) -> String? {
        switch tab {
        case .top, .around, .friends:
            let rows = rows(session)
            guard rows.indices.contains(selection), let board else { return nil }
            let row = rows[selection]
            let owner = row.playerID == session.player?.playerID ? "Your" : SafeText.strip(row.name) + "'s"
            return "\(owner) entry on \(SafeText.strip(board.title)): \(row.score), rank \(row.rank)"
        case .contributors:
            let rows = rows(session)
            guard rows.indices.contains(selection) else { return nil }
            return "\(SafeText.strip(rows[selection].name))'s avatar"
        case .bests:
            let bests = session.bests?.value.profile.bests ?? []
            guard bests.indices.contains(selection) else { return nil }
            let best = bests[selection]
            return "Your best on \(session.title(of: best.boardID)): \(best.score)"
        case .league:
            let members = session.league?.value.members ?? []
            guard members.indices.contains(selection) else { return nil }
            let member = members[selection]
            return "\(SafeText.strip(member.name)): \(member.points) week points, #\(member.rank)"
        case .causes, .spread: return nil
        }
    }
}

/// "4 d 13 h", "3 h 12 min", "1 min 05 s", "40 s": how long until, for people.
public func untilWords(_ seconds: Double) -> String {
    let s = max(0, Int(seconds.rounded(.up)))
    if s < 60 { return "\(s) s" }
    if s < 3600 { return "\(s / 60) min " + (s % 60 < 10 ? "0" : "") + "\(s % 60) s" }
    if s < 86_400 { return "\(s / 3600) h \(s / 60 % 60) min" }
    return "\(s / 86_400) d \(s / 3600 % 24) h"
}

/// "12 s", "3 min", "5 h", "2 d": how long ago, for people.
public func ageWords(_ seconds: Double) -> String {
    let s = max(0, Int(seconds.rounded(.down)))
    if s < 60 { return "\(s) s" }
    if s < 3600 { return "\(s / 60) min" }
    if s < 86_400 { return "\(s / 3600) h" }
    return "\(s / 86_400) d"
}
