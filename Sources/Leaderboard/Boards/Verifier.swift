// Turns a submitted share code into an official score. Clients never send numbers: the code is
// decoded with GameState and scored with Challenges (swarms re-simulated with SwarmSim, on a
// bounded pool off the caller's threads). Results are cached by (challenge or theme, code), so a
// code already verified costs no simulation.
import Challenges
import Foundation
import PlumeCalendar
import GameState
import Synchronization
import ScoresAPI
import SwarmSim

public struct Verification: Sendable, Equatable {
    public let score: Int64
    /// Board-specific order within a score: the unclamped 0–1000 scale on swarm boards.
    public let detail: Double
    public let state: SharedState
}

public final class Verifier: Sendable {
    let catalog: Catalog
    let book: ChallengeBook
    private let cache = Mutex(GenerationalCache<String, Verification>(capacity: LeaderboardLimits.verificationCacheEntries))
    let pool: SimulationPool
    private let counters = Mutex((simulated: 0, looks: 0, cached: 0))

    public init(catalog: Catalog, book: ChallengeBook, simulationSlots: Int, queueLimit: Int = LeaderboardLimits.verificationQueue) {
        self.catalog = catalog
        self.book = book
        pool = SimulationPool(slots: simulationSlots, queueLimit: queueLimit)
    }

    /// (swarms simulated, looks scored, answers from the cache).
    public var counts: (simulated: Int, looks: Int, cached: Int) { counters.withLock { $0 } }

    public func verify(code raw: String, for board: Board) async throws(LeaderboardError) -> Verification {
        let code = try Self.bareCode(raw)
        let state: SharedState
        do { state = try ShareCode.decode(code) } catch {
            throw .invalid(.invalidCode, "the share code can't be read: \(error.description)")
        }
        switch board.kind {
        case .contributors:
            throw .invalid(.boardTakesDonations, "the contributors board counts donations; it takes no share codes")
        case .crews:
            throw .invalid(.wrongKind, "the crews' board adds up the week points of each crew's best \(CrewRules.counted) members; it takes no share codes")
        case .people(let day):
            throw .invalid(.boardTakesVotes, "the people's choice is counted from players' votes — enter a look on the runway of \(UTCDay.string(day)) instead")
        case .swarmShow(let day):
            throw .invalid(.boardTakesVotes, "the swarm show is counted from players' votes — enter a swarm in the swarm show of \(UTCDay.string(day)) instead")
        case .style(let day):
            guard case .look(let look) = state else {
                throw .invalid(.wrongKind, "this board ranks looks, and that code is a swarm — submit it to a swarm challenge")
            }
            let theme = book.theme(forDay: day)
            let key = "style:\(theme.id):\(code)"
            if let hit = cache.withLock({ $0[key] }) { return counted(hit, \.cached) }
            let broken = look.brokenRules(in: catalog)
            guard broken.isEmpty else {
                throw .invalid(.lookNotWearable, "this look can't be worn: " + broken.map(\.description).joined(separator: "; "))
            }
            let result = Verification(score: Int64(theme.score(look, in: catalog).total), detail: 0, state: state)
            cache.withLock { $0[key] = result }
            return counted(result, \.looks)
        case .lab(let day):
            let recipe = try Self.swarm(in: state)
            let contest = SwarmContest.lab(day: day)
            return try await scoredSwarm(recipe, state: state, key: "swarm:\(contest.seedName):\(code)", board: board, check: contest) { book, threads in
                book.score(recipe, on: contest, threads: threads).map { SwarmBoardScore(score: $0.score, detail: $0.detail, rules: $0) }
            }
        case .swarm(let id, let week, let season):
            let recipe = try Self.swarm(in: state)
            guard book.swarmChallenge(id: id) != nil else { throw .noSuchBoard(board.id) }
            guard recipe.totalPopulation <= GameLimits.maxTotalPopulation else {
                throw .invalid(.swarmTooLarge, "a swarm may have at most \(GameLimits.maxTotalPopulation) agents")
            }
            // Season 1 scored one fixed seed whatever the week; later seasons each week's own seeds.
            let contest = SwarmContest.classic(challenge: id, season: season, week: week)
            let key = season == 1 ? "swarm:\(id):\(code)" : "swarm:\(contest.seedName):\(code)"
            return try await scoredSwarm(recipe, state: state, key: key, board: board, check: season >= 2 ? contest : nil) { book, threads in
                book.boardScore(recipe, challenge: id, season: season, week: week, threads: threads)
            }
        }
    }

    /// The swarm a swarm board's code must hold.
    private static func swarm(in state: SharedState) throws(LeaderboardError) -> SwarmRecipe {
        guard case .swarm(let recipe) = state else {
            throw .invalid(.wrongKind, "this board ranks swarms, and that code is a look — submit it to today's style board")
        }
        return recipe
    }

    /// A swarm's score through the cache: refusals that need no run answered first (`check`), then
    /// `score` on the simulation pool.
    private func scoredSwarm(_ recipe: SwarmRecipe, state: SharedState, key: String, board: Board, check contest: SwarmContest?,
                             _ score: @escaping @Sendable (ChallengeBook, Int) -> Result<SwarmBoardScore, SwarmRefusal>) async throws(LeaderboardError) -> Verification {
        if let hit = cache.withLock({ $0[key] }) { return counted(hit, \.cached) }
        if let contest, let refusal = book.check(recipe, on: contest) { throw Self.refused(refusal, board: board) }
        let threads = pool.threadsPerSimulation
        let book = book
        switch try await pool.run({ score(book, threads) }) {
        case .success(let outcome):
            let result = Verification(score: Int64(outcome.score), detail: outcome.detail, state: state)
            cache.withLock { $0[key] = result }
            return counted(result, \.simulated)
        case .failure(let refusal):
            throw Self.refused(refusal, board: board)
        }
    }

    /// A swarm rule's refusal as the API answers it.
    static func refused(_ refusal: SwarmRefusal, board: Board) -> LeaderboardError {
        switch refusal.kind {
        case .tooSmall: .invalid(.swarmTooSmall, refusal.description)
        case .invalid: .invalid(.swarmTooLarge, refusal.description)
        case .unknownContest: .noSuchBoard(board.id)
        case .breaksBrief: .invalid(.swarmBreaksBrief, refusal.description)
        }
    }

    private typealias Counts = (simulated: Int, looks: Int, cached: Int)

    private func counted(_ result: Verification, _ path: WritableKeyPath<Counts, Int>) -> Verification {
        counters.withLock { $0[keyPath: path] += 1 }
        return result
    }

    /// Accepts a bare code or a canonical link (`plume://look/1…`); anything else is refused here
    /// with a reason rather than guessed at (the game's importer repairs mangled pastes).
    static func bareCode(_ raw: String) throws(LeaderboardError) -> String {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .invalid(.invalidCode, "the share code is missing") }
        guard trimmed.utf8.count <= LeaderboardLimits.maxCodeBytes else {
            throw .invalid(.invalidCode, "that is far longer than any share code")
        }
        for prefix in ["plume://look/", "plume://swarm/"] where trimmed.hasPrefix(prefix) {
            return String(trimmed.dropFirst(prefix.count))
        }
        return trimmed
    }
}

/// A bounded cache that forgets the least recently used half at a time: lookups check the
/// current generation, then the previous one (promoting hits); when the current fills, it
/// becomes the previous and the oldest generation is dropped.
public struct GenerationalCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private var current: [Key: Value] = [:]
    private var previous: [Key: Value] = [:]
    let capacity: Int

    public init(capacity: Int) { self.capacity = max(2, capacity) }

    public subscript(key: Key) -> Value? {
        mutating get {
            if let value = current[key] { return value }
            guard let value = previous.removeValue(forKey: key) else { return nil }
            self[key] = value
            return value
        }
        set {
            current[key] = newValue
            if current.count >= capacity / 2 {
                previous = current
                current = [:]
            }
        }
    }
}

extension Verifier {
    /// A swarm's state after `steps` from `seed`, simulated on the same bounded pool as
    /// verifications (the web page of a swarm link draws it).
    public func finalState(of recipe: SwarmRecipe, steps: Int, seed: UInt64) async throws(LeaderboardError) -> SwarmState {
        let threads = pool.threadsPerSimulation
        return try await pool.run {
            var swarm = Swarm(recipe: recipe, seed: seed)
            swarm.run(steps: steps, threads: threads)
            return swarm.state
        }
    }

    /// Any CPU-bound work on the simulation pool (a moving picture of swarms): bounded as
    /// verification is, refused `verifier_busy` past the queue. `work` is given the threads a
    /// simulation may use.
    public func onPool<T: Sendable>(_ work: @escaping @Sendable (Int) -> T) async throws(LeaderboardError) -> T {
        let threads = pool.threadsPerSimulation
        return try await pool.run { work(threads) }
    }

    /// (running, waiting) simulations, for metrics.
    public var poolLoad: (running: Int, waiting: Int) { pool.load }
}
