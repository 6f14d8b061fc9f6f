// Season 2's swarm rules: minimum crowds refused in words, seeds of a period, readings averaged
// over the window and the seeds, details rounded, and nothing for a swarm that does nothing.
import GameState
import PlumeCalendar
import SwarmSim
import Testing
@testable import Challenges

@Suite struct SwarmRulesTests {
    let week = ISOWeek(day: UTCDay.days(year: 2026, month: 11, day: 30))
    func huddle(_ week: ISOWeek? = nil, season: Int = 2) -> SwarmContest { .classic(challenge: "huddle", season: season, week: week) }
    /// A flocking species that draws together.
    let gathering = Genome(clamping: [80, 3, 6, 0.6, 0.3, 10, 0.05, 0.5])
    let drifting = Genome(clamping: [40, 8, 12, 0.1, 0.8, 30, 0.2, 0.2])
    func recipe(_ populations: [Int]) -> SwarmRecipe {
        SwarmRecipe(populations.enumerated().map { Ingredient(population: $1, genome: $0 % 2 == 0 ? gathering : drifting) })
    }

    func refusal(_ recipe: SwarmRecipe, _ contest: SwarmContest) -> SwarmRefusal? {
        if case let .failure(refusal) = book.score(recipe, on: contest) { return refusal }
        return nil
    }

    @Test func tooFewAgentsAreRefusedInWordsBeforeAnyRun() {
        let frozen = Genome(clamping: [0, 0, 0, 0, 0, 0, 0, 0])
        let lone = SwarmRecipe([Ingredient(population: 1, genome: frozen)])
        for challenge in book.swarmChallenges {
            let contest = SwarmContest.classic(challenge: challenge.id, season: 2, week: nil)
            let refused = book.check(lone, on: contest)
            #expect(refused?.kind == .tooSmall, "\(challenge.id)")
            #expect(refused?.description.contains("at least 100 agents") == true && refused?.description.contains("has 1") == true)
        }
        #expect(book.check(recipe([60, 39]), on: huddle())?.description == "a swarm needs at least 100 agents to be scored; this one has 99")
        #expect(book.check(recipe([60, 40]), on: huddle()) == nil)
        #expect(book.check(SwarmRecipe([]), on: huddle())?.kind == .invalid)
        #expect(book.check(recipe([200, 101]), on: huddle())?.kind == .invalid)
        #expect(book.check(recipe([100]), on: .classic(challenge: "nosuch", season: 2, week: nil))?.kind == .unknownContest)
    }

    @Test func sortingNeedsTwoSpeciesOfAFifthEach() {
        let sort = SwarmContest.classic(challenge: "sort", season: 2, week: nil)
        #expect(book.check(recipe([150]), on: sort)?.description == "Sort needs at least two species, each at least 20 % of the agents; this swarm has one")
        #expect(book.check(recipe([90, 10]), on: sort)?.description == "Sort needs every species to be at least 20 % of the agents; ingredient 2 is 10 % (10 of 100)")
        #expect(book.check(recipe([70, 30]), on: sort) == nil)
        #expect(book.check(recipe([40, 40, 20]), on: sort) == nil)
        // The other goals take one species, and a small one beside a large one.
        #expect(book.check(recipe([150]), on: huddle()) == nil)
        #expect(book.check(recipe([95, 5]), on: huddle()) == nil)
    }

    @Test func seedsBelongToThePeriodNotToThePlayer() {
        let seeds = huddle(week).seeds
        #expect(seeds.count == SwarmRules.seeds && Set(seeds).count == seeds.count)
        #expect(seeds == huddle(week).seeds)
        let nextWeek = ISOWeek(day: week.firstDay + 7)
        #expect(Set(seeds).isDisjoint(with: huddle(nextWeek).seeds))
        #expect(Set(seeds).isDisjoint(with: huddle().seeds))
        #expect(Set(huddle().seeds).isDisjoint(with: huddle(season: 3).seeds))
        #expect(Set(huddle().seeds).isDisjoint(with: SwarmContest.classic(challenge: "comet", season: 2, week: nil).seeds))
        // Written down once: a change here changes every board's seeds, which must never happen to a board in play.
        #expect(huddle().seedName == "plume-seeds|classic|huddle|s2|season")
        #expect(huddle(week).seedName == "plume-seeds|classic|huddle|s2|2026-W49")
        #expect(FNV1a.hash("") == 0xcbf2_9ce4_8422_2325 && FNV1a.hash("a") == 0xaf63_dc4c_8601_ec8c)
    }

    @Test func aScoreIsTheMeanOverSeedsOfTheMeanOverTheWindow() throws {
        let swarm = recipe([70, 40])
        let comet = SwarmContest.classic(challenge: "comet", season: 2, week: week)
        let scored = try book.score(swarm, on: comet).get()
        let challenge = try #require(book.swarmChallenge(id: "comet"))
        let scale = try #require(challenge.seasonTwo)
        // By hand: each seed's run read at 140, 146, …, 200: how far it has gone from its start.
        var values: [Double] = []
        for seed in comet.seeds {
            var swarmRun = Swarm(recipe: swarm, seed: seed)
            let start = swarmRun.state
            var readings: [Double] = []
            for step in 1...SwarmRules.steps {
                swarmRun.step(threads: 1)
                if step >= 140 && (step - 140) % 6 == 0 {
                    readings.append(SwarmMetrics.travel(from: start, to: swarmRun.state))
                }
            }
            #expect(readings.count == 11)
            values.append(readings.reduce(0, +) / 11)
        }
        let runs = values.map { 1000 * min(1, max(0, scale.share($0))) }
        #expect(scored.runs == runs)
        #expect(scored.score == Int((runs.reduce(0, +) / 8).rounded()))
        #expect(scored.detail == SwarmRules.rounded(1000 * values.map(scale.share).reduce(0, +) / 8))
        #expect(abs(scored.value - values.reduce(0, +) / 8) < 1e-12)
        #expect(scored.agents == 110 && scored.ingredients == 2)
        // The seeds disagree: a score of one frame of one seed would not be this one.
        #expect(Set(runs).count > 1)
        // The last frame alone is not what is scored.
        var last = Swarm(recipe: swarm, seed: comet.seeds[0])
        let start = last.state
        last.run(steps: SwarmRules.steps, threads: 1)
        #expect(SwarmMetrics.travel(from: start, to: last.state) != values[0])
    }

    @Test func detailsAreRoundedAndRunsRepeatToTheBit() throws {
        let swarm = recipe([80, 50])
        let comet = SwarmContest.classic(challenge: "comet", season: 2, week: week)
        let first = try book.score(swarm, on: comet, threads: 1).get()
        let again = try book.score(swarm, on: comet, threads: 2).get()
        #expect(first == again)
        #expect(first.detail == SwarmRules.rounded(first.detail))
        #expect(SwarmRules.rounded(999.999_999_7) == 1000 && SwarmRules.rounded(1000.000_000_000_2) == 1000)
        #expect(SwarmRules.rounded(.nan) == 0)
        #expect(SwarmRules.readings == Array(stride(from: 140, through: 200, by: 6)))
    }

    @Test func aSwarmThatDoesNothingScoresNothing() throws {
        // Every parameter zero: agents stop where they start. Season 1 paid Huddle 233 for it and a
        // lone agent 1000; season 2 measures against the start.
        let frozen = SwarmRecipe([Ingredient(population: 100, genome: Genome(clamping: [0, 0, 0, 0, 0, 0, 0, 0]))])
        let twoFrozen = SwarmRecipe([Ingredient(population: 50, genome: Genome(clamping: [0, 0, 0, 0, 0, 0, 0, 0])),
                                     Ingredient(population: 50, genome: Genome(clamping: [0, 0, 0, 0, 0, 0, 0, 0]))])
        for challenge in book.swarmChallenges {
            let contest = SwarmContest.classic(challenge: challenge.id, season: 2, week: nil)
            let scored = try book.score(challenge.readsSpecies ? twoFrozen : frozen, on: contest).get()
            #expect(scored.score <= 50, "\(challenge.id): a frozen swarm scores \(scored.score)")
        }
    }
}
