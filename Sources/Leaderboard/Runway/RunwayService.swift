// The Runway: entering the day's look, dealing pairs, counting votes, and the people's boards.
// Entries are open during their UTC day; voting on day D's runway during D and D + 1. Pairs are
// the server's choice (RunwayDesk's dealer), travel in sealed single-use tickets, and are dealt
// two at a time (the pair on show and the next) so that a game never waits to show a pair.
import Challenges
import Crypto
import Foundation
import GameState
import PlumeCalendar
import Runway
import ScoresAPI

extension LeaderboardService {
    static let runwayKeyName = "runway-ticket-key"

    // MARK: Days

    /// A player was erased or banned: their entries leave the runways on the next pass.
    func runwayEntriesChanged() {
        let keys = activeRunways
        runway.staleEntries.withLock { $0.formUnion(keys) }
    }

    /// Reads a runway day: YYYY-MM-DD, from the show's first day (the first season's, or the
    /// Lab's for the swarm show) to today.
    func runwayDay(_ text: String, show: RunwayShow = .look) throws(LeaderboardError) -> Int {
        guard text.utf8.count == 10, let day = UTCDay.parse(text[...]) else {
            throw .invalid(.invalidDay, "a runway day is written YYYY-MM-DD (UTC), such as \(UTCDay.string(today))")
        }
        guard day >= UTCDay.firstSeasonDay else {
            throw LeaderboardError(.notFound, .invalidDay, "the runway began on \(UTCDay.string(UTCDay.firstSeasonDay))")
        }
        guard show == .look || day >= SwarmShowEntry.firstDay else {
            throw LeaderboardError(.notFound, .invalidDay, "the swarm show began on \(UTCDay.string(SwarmShowEntry.firstDay))")
        }
        guard day <= today else {
            throw LeaderboardError(.notFound, .invalidDay, "the runway of \(text) opens at \(Timestamp.iso(milliseconds: UTCDay.start(of: day) * 1000))")
        }
        return day
    }

    var today: Int { UTCDay.containing(milliseconds: now) }

    /// The days whose votes are still counted.
    var activeRunwayDays: [Int] { [today, today - 1].filter { $0 >= UTCDay.firstSeasonDay } }

    /// A day's shows: the looks, and from the Lab's first day the swarms.
    func runwayKeys(day: Int) -> [RunwayKey] {
        [RunwayKey(day: day, show: .look)] + (day >= LabRules.firstDay ? [RunwayKey(day: day, show: .swarm)] : [])
    }

    /// The shows whose votes are still counted.
    var activeRunways: [RunwayKey] { activeRunwayDays.flatMap(runwayKeys(day:)) }

    func votingCloses(_ day: Int) -> String { Timestamp.iso(milliseconds: UTCDay.start(of: day + 2) * 1000) }

    func requireVotingOpen(_ day: Int, show: RunwayShow = .look) throws(LeaderboardError) {
        guard RunwayTicket.isVotingOpen(day: day, now: now) else {
            let what = show == .look ? "the runway" : "the swarm show"
            throw LeaderboardError(.closed, .runwayClosed, "voting on \(what) of \(UTCDay.string(day)) closed at \(votingCloses(day))")
        }
    }

    // MARK: Dealing

    /// The voter's pair on show and the next one in a day's show, each with its ticket.
    public func dealRunwayPair(_ player: PlayerRecord, day text: String, show: RunwayShow = .look) async throws -> RunwayPairDealt {
        guard !player.banned else { throw LeaderboardError.banned }
        let day = try runwayDay(text, show: show)
        try requireVotingOpen(day, show: show)
        let key = RunwayKey(day: day, show: show)
        if runway.days.withLock({ $0[key] }) == nil { try await refreshRunway() }
        var deals = try await store.runwayDeals(day: day, show: show, voter: player.number).filter(\.open)
        let empty = (0..<2).filter { slot in !deals.contains { $0.slot == slot } }
        if !empty.isEmpty {
            // Both slots chosen at once, then written in one transaction.
            let judged = try await store.judgedPairs(day: day, show: show, voter: player.number)
            var proposals: [RunwayProposal] = []
            for slot in empty {
                let besides = deals.map { ($0.left, $0.right) } + proposals.map { ($0.left, $0.right) }
                guard let (left, right) = choosePair(key, voter: player, judged: judged + besides) else { break }
                proposals.append(RunwayProposal(slot: slot, left: left, right: right))
            }
            if !proposals.isEmpty {
                deals = try await store.openRunwayDeals(day: day, show: show, voter: player.number, proposals, at: now).filter(\.open)
            }
        }
        deals.sort { $0.serial < $1.serial }
        guard !deals.isEmpty else { throw try await noPairLeft(key, voter: player) }
        var shown: [RunwayDealtPair] = []
        for deal in deals.prefix(2) {
            guard let (left, right) = try await codes(key, deal.left, deal.right) else { continue }
            let ticket = RunwayTicket(day: day, show: show, voter: player.publicID, left: deal.left, right: deal.right, serial: deal.serial)
            shown.append(RunwayDealtPair(ticket: ticket.sealed(with: try await runwayKey()), left: left, right: right))
        }
        // A look of an open deal left the runway a moment ago (its player was erased).
        guard let pair = shown.first else { throw LeaderboardError.ticketUsed }
        let counts = try await store.runwayCounts(day: day, show: show, voter: player.number)
        return RunwayPairDealt(day: text, show: show, seed: show == .swarm ? SwarmShowEntry.seed(forDay: day) : nil, ticket: pair.ticket, left: pair.left, right: pair.right, next: shown.dropFirst().first,
                               tally: Self.tally(counts))
    }

    /// Two entries for a voter, as entry ids, avoiding the voter's own look and the pairs in
    /// `judged` (answered, or dealt and open).
    func choosePair(_ key: RunwayKey, voter: PlayerRecord, judged: [(Int64, Int64)]) -> (Int64, Int64)? {
        runway.days.withLock { days -> (Int64, Int64)? in
            // The day is read, then its counts changed in place (a copy of the state held across
            // the change would copy its arrays).
            func choose() -> (left: Int, right: Int)? {
                guard let state = days[key] else { return nil }
                let own = state.entries.firstIndex { $0.player == voter.number }
                var pairs = Set<RunwayPair>()
                for (a, b) in judged {
                    if let a = state.index[a], let b = state.index[b] { pairs.insert(RunwayPair(a, b)) }
                }
                var random = SystemRandomNumberGenerator()
                return state.dealer.deal(own: own, judged: pairs, showings: state.shown, using: &random)
            }
            guard let (left, right) = choose() else { return nil }
            days[key]?.dealt[left] += 1
            days[key]?.dealt[right] += 1
            return days[key].map { ($0.entries[left].id, $0.entries[right].id) }
        }
    }

    /// The share codes of two entries: from this process's runway when it holds them, else
    /// from the store (a look another process dealt before this one read it).
    func codes(_ key: RunwayKey, _ left: Int64, _ right: Int64) async throws -> (String, String)? {
        let held = runway.days.withLock { days -> (String, String)? in
            guard let state = days[key], let l = state.index[left], let r = state.index[right] else { return nil }
            return (state.entries[l].code, state.entries[r].code)
        }
        if let held { return held }
        let looks = try await store.runwayLooks(entries: [left, right])
        guard let l = looks[left], let r = looks[right] else { return nil }
        return (l.code, r.code)
    }

    func noPairLeft(_ key: RunwayKey, voter: PlayerRecord) async throws -> LeaderboardError {
        let day = UTCDay.string(key.day)
        let others = runway.days.withLock { $0[key]?.entries.filter { $0.player != voter.number }.count } ?? 0
        let (show, one, many) = key.show == .look ? ("the runway", "look", "looks") : ("the swarm show", "swarm", "swarms")
        guard others >= 2 else {
            return LeaderboardError(.notFound, .noPairLeft,
                                    "\(show) of \(day) has \(others == 0 ? "no \(many)" : "one \(one)") besides yours; voting needs two — come back when more players have entered")
        }
        return LeaderboardError(.notFound, .noPairLeft, "you have judged every pair in \(show) of \(day) — come back when new \(many) have entered")
    }

    // MARK: Voting

    public func castRunwayVote(_ player: PlayerRecord, _ request: RunwayVoteRequest) async throws -> RunwayVoteRecorded {
        guard !player.banned else { throw LeaderboardError.banned }
        guard let choice = request.choice.word else {
            let words = RunwayChoice.allCases.map { "\"\($0.rawValue)\"" }
            throw LeaderboardError.invalid(.invalidChoice, "choice must be \(words.dropLast().joined(separator: ", ")) or \(words[words.count - 1])")
        }
        let ticket: RunwayTicket
        do {
            ticket = try RunwayTicket.open(request.ticket, key: try await runwayKey(), voter: player.publicID, now: now)
        } catch let problem as RunwayTicket.Problem {
            switch problem {
            case .malformed, .notDealtHere: throw LeaderboardError.invalid(.invalidTicket, problem.description)
            case .anotherVoter: throw LeaderboardError(.forbidden, .invalidTicket, problem.description)
            case .votingClosed: throw LeaderboardError(.closed, .runwayClosed, problem.description)
            }
        }
        let rules = RunwayVoteRules(skipsPerDay: LeaderboardLimits.runwaySkipsPerDay, pointsPerDay: LeaderboardLimits.runwayPointsPerDay)
        let outcome = try await store.castRunwayVote(day: ticket.day, show: ticket.show, voter: player.number, serial: ticket.serial, choice: choice,
                                                     rules: rules, at: now)
        if outcome.points > 0 {
            await weekPointsRose(player.number, at: now)
            try? await catchUp()
        }
        // Whose looks they were is not said: the runway is anonymous until its voting closes.
        return RunwayVoteRecorded(day: UTCDay.string(ticket.day), show: ticket.show, choice: choice, pointsEarned: outcome.points,
                                  tally: Self.tally(outcome.counts))
    }

    static func tally(_ counts: RunwayVoterCounts) -> RunwayTally {
        RunwayTally(votes: counts.votes, skipsLeft: max(0, LeaderboardLimits.runwaySkipsPerDay - counts.skips), points: counts.points,
                    pointsLeft: max(0, LeaderboardLimits.runwayPointsPerDay - counts.points))
    }

    // MARK: A day's runway

    /// One show of a day: for the looks the day's theme, for the swarm show its Lab brief.
    public func runwayDay(_ text: String, show: RunwayShow = .look, player: PlayerRecord?) async throws -> RunwayDay {
        try requireReady()
        let day = try runwayDay(text, show: show)
        let key = RunwayKey(day: day, show: show)
        let (title, words): (String, String)
        let entryBoard: Board
        if show == .look {
            let theme = book.theme(forDay: day)
            (title, words, entryBoard) = (theme.name, theme.brief, Board(.style(day: day)))
        } else {
            let brief = book.labBrief(forDay: day)
            let goals = brief.goals.map(\.words).joined(separator: " and ")
            (title, words, entryBoard) = (brief.name, brief.words + " Goals: \(goals). The swarm show takes swarms of \(SwarmShowEntry.minimumScore) or more on this brief.",
                                          Board(.lab(day: day)))
        }
        let (entries, votes) = try await store.runwayCounts(day: day, show: show)
        let board = key.board
        var you: RunwayYou?
        if let player {
            var own: RunwayOwnEntry?
            if let entry = try await store.runwayEntry(day: day, show: show, player: player.number) {
                let fitted = runway.days.withLock { days -> (score: Int, plusMinus: Int, votes: Int)? in
                    guard let state = days[key], let at = state.index[entry.id], at < state.fit.strengths.count else { return nil }
                    let score = state.fit.score(of: at)
                    return (score.score, score.plusMinus, state.received[at])
                }
                // The board's record counts only if it is this entry's (not one it replaced).
                let ranked = index.existing(board.id)?.entry(player: player.number).flatMap { $0.key.at == entry.at ? $0 : nil }
                own = RunwayOwnEntry(code: entry.code, enteredAt: Timestamp.iso(milliseconds: entry.at),
                                     peopleScore: fitted?.score ?? ranked.map { Int($0.key.score) } ?? 500, plusMinus: fitted?.plusMinus,
                                     rank: ranked?.rank, votes: fitted?.votes ?? ranked.map { Int($0.key.detail) } ?? 0)
            }
            you = RunwayYou(entry: own, tally: Self.tally(try await store.runwayCounts(day: day, show: show, voter: player.number)))
        }
        let votingOpen = RunwayTicket.isVotingOpen(day: day, now: now)
        return RunwayDay(day: text, show: show, theme: title, brief: words, boardID: board.id, styleBoardID: Board(.style(day: day)).id,
                         entryBoardID: entryBoard.id, entries: entries, votes: votes, entriesOpen: day == today,
                         entriesCloseAt: Timestamp.iso(milliseconds: UTCDay.start(of: day + 1) * 1000), votingOpen: votingOpen,
                         votingClosesAt: votingCloses(day), final: !votingOpen, you: you)
    }
}
