// The Runway stays anonymous while it takes votes. A voter is shown two looks as share codes; if
// any public read put a code (or the picture drawn from it) beside a name, the voter could find
// whose look they judge — friends voting for friends. So while day D's runway takes votes (D and
// D + 1, UTC):
// - rows of D's style board keep their names and scores but lose their codes (a look entered on
//   the runway is usually the player's best on the style board, and any look may still be
//   entered), and the people's board of D shows its standings under no name at all, is not read
//   around a player or for one, and no record gives a people's rank (its vote counts move as
//   votes are cast, which would otherwise point at the pair just judged);
// - an avatar that is a look on such a runway is not shown;
// - the owner still sees their own rows (reads made with their token).
// The swarm show is sealed the same way for swarms: while day D's show takes votes, rows of D's Lab
// board lose their codes (a swarm entered in the show is usually the player's Lab best) and the
// people's board of swarms shows no names.
// Once voting closes every read shows everything again.
import PlumeCalendar
import ScoresAPI

extension LeaderboardService {
    /// What an entrant is called on a people's board still taking votes.
    static func anonymousEntrant(_ board: Board) -> String {
        if case .swarmShow = board.kind { "a swarm in the show" } else { "a look on the runway" }
    }

    /// The day whose runway still takes votes, when this board's rows could give its looks away.
    func sealedDay(of board: Board) -> Int? {
        switch board.kind {
        case .style(let day), .people(let day), .lab(let day), .swarmShow(let day):
            RunwayTicket.isVotingOpen(day: day, now: now) ? day : nil
        case .swarm, .contributors, .crews: nil
        }
    }

    /// A people's board taking votes is read by rank, never by player: a player's row there (its
    /// score and votes moving as votes are cast) would point at the pair a voter just judged.
    func requireNamesShown(_ board: Board) throws(LeaderboardError) {
        guard board.isPeoples, let day = sealedDay(of: board) else { return }
        let what = if case .swarmShow = board.kind { "swarm show" } else { "people's choice" }
        throw LeaderboardError(.notFound, .noRecord,
                               "the \(what) of \(UTCDay.string(day)) names no one until its voting closes at \(votingCloses(day))")
    }

    /// Whether a look or a swarm is in a show still taking votes (as this process last read them).
    func isOnOpenRunway(_ code: String) -> Bool { runway.sealedCodes.withLock { $0.codes.contains(code) } }

    /// A row as anyone but its owner sees it.
    func anonymised(_ row: BoardRow, board: Board, sealed: Bool) -> BoardRow {
        var row = row
        if sealed {
            row.code = ""
            if board.isPeoples {
                (row.playerID, row.name, row.avatarLook) = ("", Self.anonymousEntrant(board), nil)
            }
        }
        // A swarm in a show taking votes, on any board (a classic challenge's too).
        if !row.code.isEmpty, isOnOpenRunway(row.code) { row.code = "" }
        if let avatar = row.avatarLook, isOnOpenRunway(avatar) { row.avatarLook = nil }
        return row
    }

    /// A profile as anyone but its owner sees it: no code of a board whose runway takes votes,
    /// and no avatar that is a look on such a runway.
    func anonymised(_ profile: PublicProfile) -> PublicProfile {
        var profile = profile
        for at in profile.bests.indices {
            if let board = try? board(profile.bests[at].boardID), sealedDay(of: board) != nil { profile.bests[at].code = "" }
            if isOnOpenRunway(profile.bests[at].code) { profile.bests[at].code = "" }
        }
        if let avatar = profile.avatarLook, isOnOpenRunway(avatar) { profile.avatarLook = nil }
        return profile
    }

    /// Reads again which looks and swarms are in the shows taking votes, after a refresh pass;
    /// when they changed, pages built before (whose avatars may show one) are dropped.
    func resealRunways() {
        let active = activeRunways
        let (signature, codes) = runway.days.withLock { days in
            let signature = active.map { key in
                [key.day, RunwayShow.allCases.firstIndex(of: key.show)!, days[key]?.entries.count ?? 0, Int(days[key]?.newestEntry ?? 0)]
            }
            let unchanged = runway.sealedCodes.withLock { $0.signature == signature }
            return (signature, unchanged ? nil : Set(active.flatMap { days[$0]?.entries.map(\.code) ?? [] }))
        }
        guard let codes else { return }
        runway.sealedCodes.withLock { $0 = (signature, codes) }
        pages.invalidateAll()
    }
}
