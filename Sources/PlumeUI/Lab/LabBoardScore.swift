// The number the Lab chases is the number b sends: the board's score of the current recipe,
// computed by the code the server runs (`ChallengeBook.score(_:on:)`: 8 seeds of the board's
// period, the last 60 of 200 steps), off the input path as an effect, while the panel says it is
// being computed. One job at a time; an answer for a recipe since changed is kept only until the
// newer one's arrives, and never shown as the current recipe's.
import Challenges
import GameState
import PlumeCalendar
import ScoresAPI

/// A recipe (as its share code) and the contest its board scores it on.
public struct SwarmScoring: Sendable, Hashable {
    public let code: String
    public let contest: SwarmContest

    public init(code: String, contest: SwarmContest) { (self.code, self.contest) = (code, contest) }

    /// Scores the job as the board would (on the caller's thread: the effect runner's own queue).
    public func run() -> Result<SwarmScore, SwarmRefusal> {
        guard let book = try? ChallengeBook.bundled.get() else {
            return .failure(SwarmRefusal(kind: .unknownContest, description: "the game's challenges can't be read"))
        }
        guard case .swarm(let recipe)? = try? ShareCode.decode(code) else {
            return .failure(SwarmRefusal(kind: .invalid, description: "the swarm's code can't be read"))
        }
        return book.score(recipe, on: contest, threads: 1)
    }
}

/// What the Lab knows of the board's score of its recipe.
struct LabBoardScore: Sendable {
    /// The job on its way, if any.
    var inFlight: SwarmScoring?
    /// The last answer, and whose.
    var answer: (job: SwarmScoring, result: Result<SwarmScore, SwarmRefusal>)?

    /// The answer for `job`, if it is the one last heard.
    func result(for job: SwarmScoring) -> Result<SwarmScore, SwarmRefusal>? { answer?.job == job ? answer?.result : nil }
}

extension LabState {
    /// The contests `g` cycles through: each classic challenge (its season playing today), then
    /// the day's Lab brief from the Lab's first day.
    func contestCount(_ context: Context) -> Int {
        context.book.swarmChallenges.count + (context.day >= LabRules.firstDay ? 1 : 0)
    }

    /// Whether the panel is on the day's Lab brief.
    func onBrief(_ context: Context) -> Bool {
        context.day >= LabRules.firstDay && challengeIndex % contestCount(context) == context.book.swarmChallenges.count
    }

    /// The contest the panel and b are on.
    func contest(_ context: Context) -> SwarmContest {
        if onBrief(context) { return .lab(day: context.day) }
        return .classic(challenge: challenge(in: context.book).id, season: SwarmSeasons.season(onDay: context.day), week: nil)
    }

    /// The board b sends the swarm to.
    func board(_ context: Context) -> BoardID {
        switch contest(context) {
        case .lab(let day): .lab(day: day)
        case .classic(let challenge, let season, _): .swarm(challenge: challenge, week: nil, season: season)
        }
    }

    /// The current recipe's job on the current contest.
    func scoringJob(_ context: Context) -> SwarmScoring { SwarmScoring(code: ShareCode.encode(.swarm(recipe)), contest: contest(context)) }

    /// Asks for the board's score of the current recipe when it isn't known or on its way (and
    /// nothing else is): season 1 needs none (its live metric is its score).
    mutating func askBoardScore(_ context: Context) -> [Request] {
        if case .classic(_, let season, _) = contest(context), season < 2 { return [] }
        let job = scoringJob(context)
        guard boardScore.inFlight == nil, boardScore.answer?.job != job else { return [] }
        boardScore.inFlight = job
        return [.effect(.scoreSwarm(job))]
    }

    /// An answer came back.
    mutating func heard(_ job: SwarmScoring, _ result: Result<SwarmScore, SwarmRefusal>) {
        if boardScore.inFlight == job { boardScore.inFlight = nil }
        boardScore.answer = (job, result)
    }
}
