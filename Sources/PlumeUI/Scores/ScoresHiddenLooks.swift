// What the Scores screen shows of looks the Runway keeps hidden. While day D's runway takes votes
// (D and D + 1, UTC) the server leaves the looks off D's style and people's boards in public
// reads, and any avatar that is a look on such a runway (Leaderboard/Runway/Anonymity): those rows
// show "····" and "shown after voting", and the line under the list says why and until when. The
// player's own row is theirs to see: its look and avatar come back from their own reads
// (around-me and their profile, read with their token), asked for when a page hides them. The
// swarm show seals D's Lab board and its people's board of swarms the same way.
import PlumeCalendar
import ScoresAPI
import TUI

extension ScoresState {
    /// The day whose runway or swarm show still takes votes when the board shown is its style,
    /// Lab or people's board.
    func sealedDay(_ context: Context) -> Int? {
        guard tab.showsBoard, let day = board?.day, context.day == day || context.day == day + 1 else { return nil }
        return day
    }

    /// The player's own row with the look and avatar a public page left off it, from their own
    /// reads: around-me, then their bests for the look and their profile for the avatar.
    func ownLook(_ row: BoardRow, on board: String, _ session: Session) -> BoardRow {
        guard let me = session.player?.playerID, row.playerID == me, row.code.isEmpty || row.avatarLook == nil else { return row }
        var row = row
        let own = session.arounds[board]?.value.rows.first { $0.playerID == me }
        if row.code.isEmpty {
            row.code = own.flatMap { $0.code.isEmpty ? nil : $0.code }
                ?? session.bests?.value.profile.bests.first { $0.boardID == board && !$0.code.isEmpty }?.code ?? ""
        }
        if row.avatarLook == nil { row.avatarLook = own?.avatarLook ?? session.bests?.value.own.avatarLook }
        return row
    }

    /// Whether a page of a style board left the player's own look off their row: their own read
    /// (around-me) has it. A people's board is never read around a player while it takes votes.
    func hidesOwnLook(_ page: BoardPage, board: String, _ session: Session) -> Bool {
        switch BoardID(board) {
        case .style, .lab: break
        default: return false
        }
        guard let me = session.player?.playerID else { return false }
        return page.rows.contains { $0.playerID == me && $0.code.isEmpty }
    }

    /// The line under the list when rows show "····" or hold no look: why, and until when. Nil
    /// when every row shows its look.
    func hiddenLooksNote(_ rows: [BoardRow], _ context: Context, width: Int) -> String? {
        // A crews' board's rows are crews, with no look or avatar: what its scores are instead.
        if rows.contains(where: { $0.crewID != nil }) {
            return TextLayout.first(fitting: ["Crews: each scores its best \(CrewRules.counted) members' week points — `plume crew` shows yours.",
                                              "Crews: their best \(CrewRules.counted) members' week points."], width: width)
        }
        let sealed = sealedDay(context)
        guard rows.contains(where: { $0.avatarLook == nil || (sealed != nil && $0.code.isEmpty) }) else { return nil }
        guard let day = sealed else {
            return TextLayout.first(fitting: ["···· is a player with no avatar, or one that is a look on a runway still taking votes.",
                                              "····: no avatar, or one on a runway taking votes."], width: width)
        }
        // Voting on day D's runway closes as D + 2 begins (UTC).
        let until = "until \(UTCDay.string(day + 2)) 00:00 UTC"
        let yours = context.session.player == nil ? "" : "; yours shows to you"
        let swarms: Bool = switch board.map({ BoardID($0.id) }) {
        case .lab?, .swarmShow?: true
        default: false
        }
        let (what, show, short) = swarms ? ("Swarms", "swarm show", "show") : ("Looks", "runway", "runway")
        return TextLayout.first(fitting: ["\(what) are hidden while this day's \(show) takes votes — \(until)\(yours).",
                                          "\(what) are hidden while the \(show) votes — \(until)\(yours).",
                                          "\(what) are hidden while the \(short) votes — \(until).",
                                          "\(what) hidden \(until) (\(short) voting)."], width: width)
    }
}
