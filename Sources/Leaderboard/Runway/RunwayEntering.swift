// Entering a day's runway: a look on the runway, or a swarm in the swarm show. The code's kind
// picks the show. A look must reach the day's runway minimum on its theme (RunwayEntry); a swarm
// must keep the day's Lab brief and score the swarm show's minimum on it (SwarmShowEntry), scored
// as the Lab board scores it (the verifier's cache and pool), and be the player's own (a swarm
// another player holds on a swarm board or in a swarm show is refused code_taken). Entering does
// not submit to the style or Lab board.
import Challenges
import GameState
import PlumeCalendar
import ScoresAPI

extension LeaderboardService {
    public func enterRunway(_ player: PlayerRecord, day text: String, _ request: RunwayEntryRequest) async throws -> RunwayEntered {
        guard !player.banned else { throw LeaderboardError.banned }
        // A code that can't be read goes the look's way, whose verifier says why in words.
        let show: RunwayShow = if case .swarm? = try? ShareCode.decode(try Verifier.bareCode(request.code)) { .swarm } else { .look }
        let day = try runwayDay(text, show: show)
        guard day == today else {
            let what = show == .look ? "the runway" : "the swarm show"
            throw LeaderboardError(.closed, .runwayClosed,
                                   "entries for \(what) of \(text) closed at \(Timestamp.iso(milliseconds: UTCDay.start(of: day + 1) * 1000)); voting on it is open until \(votingCloses(day))")
        }
        let entryBoard = show == .look ? Board(.style(day: day)) : Board(.lab(day: day))
        let verified = try await verifier.verify(code: request.code, for: entryBoard)
        let score = Int(verified.score)
        switch verified.state {
        case .look(let look):
            if case .failure(let refusal) = RunwayEntry.check(look, theme: book.theme(forDay: day), catalog: catalog) {
                throw LeaderboardError.invalid(.belowRunwayMinimum, refusal.description)
            }
        case .swarm:
            if case .failure(let refusal) = SwarmShowEntry.check(score: score, brief: book.labBrief(forDay: day)) {
                throw LeaderboardError.invalid(.belowRunwayMinimum, refusal.description)
            }
        }
        let code = ShareCode.encode(verified.state)
        let at = now
        let (entry, replaced) = try await store.enterRunway(day: day, show: show, player: player.number, code: code, at: at)
        runway.staleEntries.withLock { _ = $0.insert(RunwayKey(day: day, show: show)) }
        // The runway reads its entries again now; the board shows the entry once the next fit
        // has counted it (at once for a replaced one, within a second for a new one).
        try await refreshRunway(settled: false)
        return RunwayEntered(day: text, show: show, code: entry.code, boardID: entryBoard.id, score: score, replaced: replaced != nil,
                             enteredAt: Timestamp.iso(milliseconds: entry.at))
    }
}
