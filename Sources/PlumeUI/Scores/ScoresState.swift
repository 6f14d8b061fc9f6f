// The Scores screen's state: where the scores are and who the player is there, the boards, the
// pages read (each with the time it arrived), the selection, and what is on its way. A failure
// keeps the last good copy on screen.
import GameState
import ScoresAPI
import TUI

/// A value and when it arrived (seconds since 1970).
public struct Dated<Value: Sendable & Equatable>: Sendable, Equatable {
    public var value: Value
    public var at: Double
}

public struct MyBests: Sendable, Equatable {
    public var own: OwnProfile
    public var profile: PublicProfile
}

public struct ScoresState: Sendable {
    public enum Tab: Int, CaseIterable, Sendable {
        case top, around, bests, contributors, causes

        public var title: String {
            switch self {
            case .top: "Top"
            case .around: "Around me"
            case .bests: "My bests"
            case .contributors: "Contributors"
            case .causes: "Causes"
            }
        }

        /// Whether the tab shows one board (so [ ] picks which).
        var showsBoard: Bool { self == .top || self == .around }
    }

    /// Why the last read failed, and since when (cleared by the next answer).
    public struct Problem: Sendable, Equatable {
        public var failure: ScoresFailure
        public var since: Double
    }

    public var tab: Tab = .top
    public var place = "Local board"
    public var isLocal = true
    public var player: Identity?
    public var outbox = 0
    public var started = false
    public var boards: [BoardInfo] = []
    public var boardIndex = 0
    /// The board to show once the next list of boards arrives (after midnight: today's).
    var follow: String?
    public var tops: [String: Dated<BoardPage>] = [:]
    public var arounds: [String: Dated<BoardPage>] = [:]
    public var bests: Dated<MyBests>?
    public var contributors: Dated<BoardPage>?
    public var causes: Dated<CauseList>?
    /// The player's SSH keys, once asked for (the Keys dialog).
    public var keys: KeyList?
    /// The highlighted row of the list on screen, and the first row shown.
    public var list = ListState()
    /// Commands sent and not answered yet, by `ScoresCommand.key`, with when they went.
    public var inFlight: [ScoresCommand.Key: Double] = [:]
    public var lastRefresh = -Double.infinity
    public var lastDrain = -Double.infinity
    public var problem: Problem?
    /// Until when the server asked us to wait (429, 503 with Retry-After).
    public var quietUntil = -Double.infinity
    /// A submission waiting for registration to finish.
    public var pendingSubmission: ScoresCommand?
    /// A registration the server couldn't be reached for: asked again every refresh while the
    /// game runs; the pending submission goes once it is answered.
    public var pendingRegistration: RegisterRequest?
    /// After a style submission that may enter the runway (the day's runway minimum or more): its code, offered on
    /// the status line (`y` in the Studio sends it).
    public var runwayOffer: String?
    /// The look last sent to a style board, for that offer.
    var lastStyleCode: String?
    /// Seconds since 1970, as last heard.
    var now = 0.0

    public init() {}

    /// Seconds between automatic refreshes while the screen is open.
    public static let refreshSeconds = 30.0
    /// An unanswered request older than this is taken as lost (the client abandons at 5 s).
    public static let lostSeconds = 20.0

    public var board: BoardInfo? { boards.indices.contains(boardIndex) ? boards[boardIndex] : nil }
    public var selection: Int { list.selected }

    /// When the data on the current tab arrived, if there is any.
    func dataTime(board: String?) -> Double? {
        switch tab {
        case .top: board.flatMap { tops[$0]?.at }
        case .around: board.flatMap { arounds[$0]?.at }
        case .bests: bests?.at
        case .contributors: contributors?.at
        case .causes: causes?.at
        }
    }

    /// The rows of the board on the Top, Around me or Contributors tab.
    var rows: [BoardRow] {
        switch tab {
        case .top: board.flatMap { tops[$0.id]?.value.rows } ?? []
        case .around: board.flatMap { arounds[$0.id]?.value.rows } ?? []
        case .contributors: contributors?.value.rows ?? []
        case .bests, .causes: []
        }
    }

    var rowCount: Int {
        switch tab {
        case .top, .around, .contributors: rows.count
        case .bests: bests?.value.profile.bests.count ?? 0
        case .causes: causes?.value.causes.count ?? 0
        }
    }

    /// The look or swarm of the selected row, if it has one.
    var selectedCode: String? {
        switch tab {
        case .top, .around, .contributors:
            let rows = self.rows
            guard rows.indices.contains(selection) else { return nil }
            return tab == .contributors ? rows[selection].avatarLook : rows[selection].code
        case .bests:
            let bests = bests?.value.profile.bests ?? []
            return bests.indices.contains(selection) ? bests[selection].code : nil
        case .causes:
            return nil
        }
    }

    /// Whose entry the selected row is, in words: "Ada's entry on Style: Beach Day: 933, rank 2".
    var selectedOwnerWords: String? {
        switch tab {
        case .top, .around:
            let rows = self.rows
            guard rows.indices.contains(selection), let board else { return nil }
            let row = rows[selection]
            let owner = row.playerID == player?.playerID ? "Your" : SafeText.strip(row.name) + "'s"
            return "\(owner) entry on \(SafeText.strip(board.title)): \(row.score), rank \(row.rank)"
        case .contributors:
            let rows = self.rows
            guard rows.indices.contains(selection) else { return nil }
            return "\(SafeText.strip(rows[selection].name))'s avatar"
        case .bests:
            let bests = bests?.value.profile.bests ?? []
            guard bests.indices.contains(selection) else { return nil }
            let best = bests[selection]
            return "Your best on \(title(of: best.boardID)): \(best.score)"
        case .causes: return nil
        }
    }

    func title(of boardID: String) -> String {
        boards.first { $0.id == boardID }.map { SafeText.strip($0.title) } ?? boardID
    }
}

/// "12 s", "3 min", "5 h", "2 d": how long ago, for people.
public func ageWords(_ seconds: Double) -> String {
    let s = max(0, Int(seconds.rounded(.down)))
    if s < 60 { return "\(s) s" }
    if s < 3600 { return "\(s / 60) min" }
    if s < 86_400 { return "\(s / 3600) h" }
    return "\(s / 86_400) d"
}
