// What this process knows of the runways still taking votes (today's and yesterday's, each with
// its two shows, looks and swarms, held apart as a `RunwayKey`): each show's entries, every vote read from the store, the fit and the dealer. The store is the truth;
// a refresh pass reads what is new (entries at most once a second, judgements after the last id
// read), refits from the previous fit, and writes the people's-board records that changed. Every
// process on one database refreshes on its own and writes the same records, so any of them may
// serve any voter.
import Crypto
import Runway
import ScoresAPI
import Synchronization

/// One show of one day's runway: what the desk holds, refreshes and writes a people's board for.
struct RunwayKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    var day: Int
    var show: RunwayShow

    /// The people's board the show's votes become.
    var board: Board { show == .look ? Board(.people(day: day)) : Board(.swarmShow(day: day)) }

    var description: String { "\(day)/\(show.rawValue)" }

    static func < (a: RunwayKey, b: RunwayKey) -> Bool {
        (a.day, RunwayShow.allCases.firstIndex(of: a.show)!) < (b.day, RunwayShow.allCases.firstIndex(of: b.show)!)
    }
}

struct RunwayDayState: Sendable {
    var entries: [RunwayEntryRecord] = []
    /// Entry id → its index in `entries` (and in the fit).
    var index: [Int64: Int] = [:]
    /// Voter number → its index in the fit's voter weights.
    var voters: [Int64: Int] = [:]
    /// Every vote read, for the fit. A refresh pass holds them while it runs (the shared copy is
    /// empty meanwhile); `voteCount` counts them wherever they are.
    var votes: [RunwayVote] = []
    private(set) var voteCount = 0
    /// Judgements (votes and skips) each entry has been in, and votes (the board's second key).
    var showings: [Int] = []
    var received: [Int] = []
    /// Pairs this process dealt whose answers have not been read yet, per entry: counted as
    /// showings, so that voters dealt at the same moment are spread over the looks.
    var dealt: [Int] = []
    var lastJudgement: Int64 = 0
    /// The highest entry id the entries have shown: a judgement naming a higher one is of a look
    /// entered since they were read.
    var newestEntry: Int64 = 0
    var fit = PeoplesChoice.empty(entries: 0, voters: 0)
    /// When the fit was made, and how many votes it saw.
    var fittedAt: ContinuousClock.Instant?
    var fittedVotes = 0
    /// The votes counted by the last fit from nothing (the settled board), nil after a warm refit.
    var settledVotes: Int?
    /// When every moved score and changed vote count was last written to the board.
    var boardWrittenAt: ContinuousClock.Instant?
    /// When a pass last read a new vote or entry.
    var changedAt: ContinuousClock.Instant?
    /// How long the last fit took.
    var fitSeconds = 0.0
    var dealer = PairDealer(fit: .empty(entries: 0, voters: 0))
    /// When the entries were last read; nil forces a read.
    var entriesReadAt: ContinuousClock.Instant?

    init(entries: [RunwayEntryRecord] = []) {
        for entry in entries { append(entry) }
    }

    mutating func append(_ entry: RunwayEntryRecord) {
        index[entry.id] = entries.count
        entries.append(entry)
        showings.append(0)
        received.append(0)
        dealt.append(0)
    }

    /// Adds one judgement; returns whether it was a vote the fit must see.
    mutating func read(_ judgement: RunwayJudgement) -> Bool {
        lastJudgement = max(lastJudgement, judgement.id)
        // A judgement of a look since replaced or removed counts for nothing.
        guard let left = index[judgement.left], let right = index[judgement.right] else { return false }
        for side in [left, right] {
            showings[side] += 1
            dealt[side] = max(0, dealt[side] - 1)
        }
        let choice: RunwayVote.Choice
        switch judgement.choice.word {
        case .left?: choice = .left
        case .right?: choice = .right
        case .tie?: choice = .tie
        case .skip?, nil: return false
        }
        let voter = voters[judgement.voter] ?? voters.count
        voters[judgement.voter] = voter
        votes.append(RunwayVote(voter: voter, left: left, right: right, choice: choice))
        voteCount += 1
        received[left] += 1
        received[right] += 1
        return true
    }

    /// How often an entry has been shown, counting pairs dealt and not yet answered.
    var shown: [Int] { zip(showings, dealt).map { $0 + $1 } }
}

/// A runway's show as this process holds it, for /metrics.
public struct RunwayStatus: Sendable, Equatable {
    public var day: Int
    public var show: RunwayShow
    public var entries: Int
    /// Votes read, and how many of them the current fit has counted.
    public var votes: Int
    public var fittedVotes: Int
    public var voters: Int
    /// Voters the fit gives less than a third of a careful voter's weight (coins, contrarians).
    public var unreliableVoters: Int
    public var fitSeconds: Double
    /// Whether the people's board is the fit of every vote read, from nothing (votes have stopped).
    public var settled: Bool
}

final class RunwayDesk: Sendable {
    let days = Mutex<[RunwayKey: RunwayDayState]>([:])
    /// Refresh passes run one at a time; callers arriving together share one.
    let passes = ChangeFollower()
    let key = Mutex<SymmetricKey?>(nil)
    /// Shows whose entries changed through this process: read again on the next pass.
    let staleEntries = Mutex<Set<RunwayKey>>([])
    /// Whether the next refresh pass should be a settled one (see `refreshRunway`).
    let settleWanted = Mutex(false)
    /// Days whose voting has closed that the next pass should fit one last time and let go (both
    /// shows), though this process may not hold them (a closing pass asks).
    let closedDays = Mutex<Set<Int>>([])
    /// The looks and swarms in the shows taking votes (Anonymity), with the entries'
    /// (day, show, count, newest id) they were read from.
    let sealedCodes = Mutex<(signature: [[Int]], codes: Set<String>)>(([], []))
}
