// The Lab's briefs: a catalogue of distinct briefs, a calendar with none twice in a year, goals
// that must both be met (the geometric mean), constraints refused in words before any run, the
// day's seeds, and costs kept in the detail so that fewer ingredients, then fewer agents, rank first.
import GameState
import PlumeCalendar
import SwarmSim
import Testing
@testable import Challenges

@Suite struct LabBriefTests {
    let gathering = Genome(clamping: [70, 3, 7, 0.6, 0.3, 10, 0.05, 0.5])
    let drifting = Genome(clamping: [40, 6, 7, 0.1, 0.8, 30, 0.2, 0.2])

    /// A swarm every rule of the pool allows: n species of a fair share each, 150 agents, R ≤ 80, Vm ≤ 8.
    func fair(species: Int) -> SwarmRecipe {
        SwarmRecipe((0..<species).map { index in
            Ingredient(population: 150 / species + (index < 150 % species ? 1 : 0), genome: index % 2 == 0 ? gathering : drifting)
        })
    }

    @Test(arguments: LabRules.versions.indices) func eachCatalogueIsDistinctAndLongerThanAYear(_ version: Int) {
        let (firstDay, briefs) = LabRules.versions[version]
        // The version's catalogue from its first day until the next version's.
        let until = version + 1 < LabRules.versions.count ? LabRules.versions[version + 1].firstDay : firstDay + 800
        #expect(book.labBriefs(forDay: firstDay) == briefs && book.labBriefs(forDay: until - 1) == briefs)
        #expect(version == 0 || book.labBriefs(forDay: firstDay - 1) != briefs)
        #expect(briefs.count >= 366 && briefs.count == [372, 378][version], "the counts docs/playing.md gives")
        #expect(Set(briefs.map(\.name)).count == briefs.count, "two briefs of one name")
        // Ids run on from the version before, so no two versions share one.
        let firstID = LabRules.versions.prefix(version).reduce(0) { $0 + $1.briefs.count }
        #expect(briefs.enumerated().allSatisfy { firstID + $0.offset == $0.element.id })
        for brief in briefs {
            #expect(brief.goals.count == 2 && brief.goals[0].measure != brief.goals[1].measure, "\(brief.name)")
            #expect(!brief.constraints.isEmpty && brief.words.contains("Rules: "), "\(brief.name)")
            // A swarm that keeps every rule of the pool is scored, never refused, on every brief.
            let species = brief.constraints.compactMap { if case .exactSpecies(let n) = $0 { n } else { nil } }.first ?? 2
            #expect(brief.constraints.allSatisfy { $0.broken(by: fair(species: species)) == nil }, "\(brief.name)")
        }
    }

    @Test func aDayKeepsItsBriefWhenANewCatalogueBegins() {
        // Days played under version 1 keep their briefs (what the server answered on them).
        #expect(book.labBrief(forDay: LabRules.firstDay).id < 372 && book.labBrief(forDay: LabRules.versions[1].firstDay - 1).id < 372)
        #expect(book.labBrief(forDay: UTCDay.days(year: 2026, month: 11, day: 29)).name == "Sorted march II · R at most 80 in every ingredient")
        #expect(book.labBrief(forDay: LabRules.versions[1].firstDay).id >= 372)
        #expect(LabRules.versions.map(\.firstDay) == LabRules.versions.map(\.firstDay).sorted())
    }

    @Test(arguments: [2026, 2027, 2028]) func noBriefComesTwiceInAYear(_ year: Int) {
        let first = UTCDay.days(year: year, month: 1, day: 1), next = UTCDay.days(year: year + 1, month: 1, day: 1)
        let ids = (first..<next).map { book.labBrief(forDay: $0).id }
        #expect(Set(ids).count == next - first)
        // Each year its own order, and the same order on every machine (a pinned day).
        #expect(book.labBrief(forDay: first).id != book.labBrief(forDay: next).id || book.labBrief(forDay: first + 1).id != book.labBrief(forDay: next + 1).id)
    }

    @Test func theStyleThemesKeepTheirCalendar() {
        // Days already played keep their themes: the calendar moved into YearOrder unchanged
        // (these are what the server answered before it moved).
        let played = [(2026, 1, 1, "Cycling Club After Dark"), (2026, 6, 15, "Graduation in Pastels"),
                      (2026, 11, 22, "Garden Tea in Cool Tones"), (2026, 11, 28, "Cabin Weekend in Black and White")]
        for (year, month, day, name) in played {
            #expect(book.theme(forDay: UTCDay.days(year: year, month: month, day: day)).name == name)
        }
        #expect(YearOrder.labBriefs != YearOrder.styleThemes)
    }

    @Test func aBestPastWhatAMeasureCanReadIsSaidInWords() {
        // Lower is better (calm: worst 8 per step, a best past standing still) and higher is
        // better (alignment: a best past 1): what the perfect reading earns of the goal.
        #expect(LabCatalogue.goalWords(.calm, best: -2, worst: 8) == "move calmly (a perfect 0.0 per step earns 80 % of this goal)")
        #expect(LabCatalogue.goalWords(.alignment, best: 1.25, worst: 0) == "head one way (a perfect 1.00 earns 80 % of this goal)")
        // Within what the measure reads, or a measure without a bound: the best itself.
        #expect(LabCatalogue.goalWords(.calm, best: 1, worst: 8) == "move calmly (1.0 per step is best)")
        #expect(LabCatalogue.goalWords(.alignment, best: 1, worst: 0) == "head one way (1.00 is best)")
        #expect(LabCatalogue.goalWords(.travel, best: 5000, worst: 0) == "go far (5000 units is best)")
        // Every level-III goal of catalogue 2 on a bounded measure says so when it is past it.
        for brief in LabRules.versions[1].briefs where brief.name.contains(" III · ") {
            for goal in brief.goals {
                guard let bound = goal.measure.bound else { continue }
                let past = (goal.scale.best - bound) * (goal.scale.best - goal.scale.worst) > 0
                #expect(goal.words.contains("a perfect") == past, "\(brief.name): \(goal.words)")
            }
        }
    }

    @Test func aRulesOwnMeasureSetsItsBriefsScales() {
        let template = LabTemplate(name: "Test comet", words: "Go far, calmly.", goals: [(.travel, 0, 1000), (.calm, 8, 2)], intrinsic: [],
                                   byRule: [.maxAgents(150): [600, 4]])
        let briefs = LabCatalogue.build([template], levels: [("I", 1 / 0.8)], firstID: 0)
        #expect(briefs.count == LabCatalogue.pool.count)
        for brief in briefs {
            let ruled = brief.constraints == [.maxAgents(150)]
            // A level's best is 1/0.8 of the way from the worst to the reach: the rule's own, else the template's.
            #expect(abs(brief.goals[0].scale.best - (ruled ? 750 : 1250)) < 1e-9, "\(brief.name)")
            #expect(abs(brief.goals[1].scale.best - (ruled ? 3 : 0.5)) < 1e-9, "\(brief.name)")
            #expect(brief.goals.map(\.scale.worst) == [0, 8])
        }
    }

    @Test func bothGoalsMustBeMet() {
        let brief = book.labBrief(forDay: LabRules.firstDay)
        let best = brief.goals.map(\.scale.best), worst = brief.goals.map(\.scale.worst)
        #expect(brief.points(best) == 1000)
        #expect(brief.points([best[0], worst[1]]) == 0 && brief.points([worst[0], best[1]]) == 0)
        let half = zip(best, worst).map { ($0 + $1) / 2 }
        #expect(abs(brief.points(half) - 500) < 1e-9)
        let mixed = [worst[0] + (best[0] - worst[0]) * 0.81, worst[1] + (best[1] - worst[1]) * 0.25]
        #expect(abs(brief.points(mixed) - 450) < 1e-6, "√(0.81 × 0.25) = 0.45")
    }

    @Test func rulesAreRefusedInWordsBeforeAnyRun() throws {
        // 2026-11-29: Sorted march II, R at most 80 in every ingredient; it reads species.
        let day = UTCDay.days(year: 2026, month: 11, day: 29)
        let brief = book.labBrief(forDay: day)
        #expect(brief.name == "Sorted march II · R at most 80 in every ingredient")
        var wide = fair(species: 2)
        wide.ingredients[1].genome.set(.radius, hundredths: 9000)
        let refused = try #require(book.check(wide, on: .lab(day: day)))
        #expect(refused.kind == .breaksBrief && refused.description == "this brief wants R at most 80 in every ingredient; ingredient 2 has 90")
        #expect(book.check(fair(species: 1), on: .lab(day: day))?.kind == .tooSmall, "sorting needs two species")
        #expect(book.check(SwarmRecipe([Ingredient(population: 99, genome: gathering)]), on: .lab(day: day))?.kind == .tooSmall)
        #expect(book.check(fair(species: 2), on: .lab(day: day)) == nil)
        for constraint: LabConstraint in [.maxIngredients(2), .exactSpecies(3), .maxAgents(149), .parameterAtMost(.maxSpeed, hundredths: 600)] {
            #expect(constraint.broken(by: fair(species: 4))?.isEmpty == false, "\(constraint.words)")
        }
    }

    @Test func aScoreIsTheDaysSeedsAndItsCostsRankFewerFirst() throws {
        let day = UTCDay.days(year: 2026, month: 11, day: 30)
        let contest = SwarmContest.lab(day: day)
        #expect(contest.seedName == "plume-seeds|lab|2026-11-30" && Set(contest.seeds).count == SwarmRules.seeds)
        #expect(contest.seeds != SwarmContest.lab(day: day + 1).seeds)
        let recipe = fair(species: 2)
        let scored = try book.score(recipe, on: contest).get()
        #expect(try book.score(recipe, on: contest, threads: 2).get() == scored, "the same on any number of threads")
        #expect(scored.runs.count == SwarmRules.seeds && scored.parts.count == 2 && (0...1000).contains(scored.score))
        #expect(scored.score == Int((scored.runs.reduce(0, +) / Double(scored.runs.count)).rounded()))
        #expect(scored.detail == LabCosts.detail(ingredients: 2, agents: 150) && LabCosts.costs(scored.detail)! == (2, 150))
        // Within a score the detail ranks fewer ingredients first, then fewer agents.
        #expect(LabCosts.detail(ingredients: 1, agents: 300) > LabCosts.detail(ingredients: 2, agents: 100))
        #expect(LabCosts.detail(ingredients: 2, agents: 120) > LabCosts.detail(ingredients: 2, agents: 121))
        #expect(LabCosts.costs(0.5) == nil && LabCosts.costs(12) == nil)
    }
}
