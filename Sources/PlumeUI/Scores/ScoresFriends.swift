// The Scores screen's friends: the Friends tab (each board among the players you follow, with
// your rank among them and theirs on the whole board), which a player who follows anyone sees
// first; f on any board's row follows its player. What the tab says when it has no rows to show,
// and the line under it (on the local board, friends are this computer's other players).
import GameState
import ScoresAPI
import TUI

extension ScoresState {
    /// The screen opens on Friends rather than Top for a player who follows anyone, until they
    /// pick a tab themself.
    mutating func preferFriends(_ context: Context) {
        guard !tabChosen, tab == .top, context.session.following?.value.players.isEmpty == false else { return }
        tab = .friends
        list = ListState()
    }

    /// f: follow the selected row's player (the session checks the rest).
    func followSelectedRow(_ session: Session) -> [Request] {
        if tab == .league, let members = session.league?.value.members, members.indices.contains(selection) {
            return session.follow(playerID: members[selection].playerID, name: members[selection].name)
        }
        let rows = tab.listsPlayers ? rows(session) : []
        if rows.indices.contains(selection), rows[selection].playerID.isEmpty {
            return [.status("This row is a crew, not a player: f follows players (a crew's page on the web lists its members).")]
        }
        guard rows.indices.contains(selection) else {
            return [.status("Pick a player's row on a board first (Top, Around me, Friends or Contributors); F follows a player by name.")]
        }
        return session.follow(playerID: rows[selection].playerID, name: rows[selection].name)
    }

    /// What the Friends tab says instead of rows: nil when it has rows to show.
    func friendsInstead(_ session: Session, hasRows: Bool) -> String? {
        guard session.player != nil else { return "Register (p) to follow players: their rows on every board, with your rank among them." }
        guard let following = session.following?.value else { return hasRows ? nil : "" }
        if following.players.isEmpty {
            if session.isLocal {
                return "You follow nobody yet. On the local board your friends are the other players of this computer, "
                    + "each registered under their own name: F follows one by name, f the player on a selected row of any board."
            }
            return "You follow nobody yet. f follows the player on a selected row of any board (Top, Around me); F follows a player "
                + "by name; a player link (plume://player/…) pasted anywhere in Plume offers to follow its player. "
                + "Your own link is on the \(Screen.share.name) screen (\(Screen.share.number), then m): send it to your friends."
        }
        if let board, let why = friendsRefused[board.id] { return "This board can't be shown among friends: \(why)." }
        return hasRows ? nil : "Nobody you follow has a record on this board yet. [ ] shows another board."
    }

    /// The line under the Friends tab's list, as much of it as `width` holds.
    func friendsNote(_ session: Session, width: Int) -> String {
        TextLayout.first(fitting: session.isLocal
            ? ["On the local board your friends are the other players of this computer · f follows a row's player · F by name",
               "On the local board, friends are this computer's other players · F by name"]
            : ["Following is one-way and private · # is your rank among you, board the rank on the whole board · F follows or stops",
               "# is your rank among you, board the rank on the whole board · F by name"], width: width)
    }

    /// "#12 of 340": a row's rank on the whole board, on the Friends tab, out of the records the
    /// page itself counted. The list of boards says how many each had when it was read (at
    /// launch, or when the day turned), which is soon too few.
    func boardRank(_ row: BoardRow, _ session: Session) -> String {
        let records = board.flatMap { session.friends[$0.id]?.value.board.records }
        return "#\(row.rank)" + (records.map { " of \($0)" } ?? "")
    }

    /// The ranks among the people on the Friends tab as a sports table prints them (SharedRanks).
    func groupRanks(_ rows: [BoardRow]) -> [Int] {
        SharedRanks.shown(rows.map { (rank: $0.groupRank ?? $0.rank, score: $0.score, tied: $0.tied) })
    }

    /// "you: #1 of 3 among you, #2 of 340 on the board": the player's rank among the people the
    /// Friends tab shows (the player included) and on the whole board; nil while the player has
    /// no row there.
    func friendsStanding(_ session: Session) -> String? {
        let rows = rows(session)
        guard tab == .friends, friendsInstead(session, hasRows: !rows.isEmpty) == nil, let me = session.player?.playerID,
              let mine = rows.firstIndex(where: { $0.playerID == me }) else { return nil }
        return "you: #\(groupRanks(rows)[mine]) of \(rows.count) among you, \(boardRank(rows[mine], session)) on the board"
    }
}
