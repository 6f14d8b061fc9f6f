// The Lab's attacker (what `make bench-lab` runs): it keeps the budget, notes its checkpoints,
// is the same for a seed, reports a best that is the board's own score of its recipe, and every
// candidate it scores keeps the brief's rules.
import GameState
import PlumeBench
import PlumeCalendar
import Testing
@testable import Challenges

@Suite struct LabAttackerTests {
    // 2026-11-28: Aligned cover II, exactly 3 species; 2026-11-29: Sorted march II, R at most 80.
    static let days = [UTCDay.days(year: 2026, month: 11, day: 28), UTCDay.days(year: 2026, month: 11, day: 29)]

    @Test(arguments: days) func aSearchKeepsItsBudgetAndReportsTheBoardsScore(_ day: Int) throws {
        var attacker = LabAttacker(book: book, day: day, seed: 7)
        let report = attacker.run(budget: 16, checkpoints: [8, 16])
        #expect(report.candidates == 16)
        #expect(report.seedRuns >= 2 * 8 && report.seedRuns <= 10 * 16, "racing: 2 seeds each, 8 more for the promising")
        let best = try #require(report.best)
        #expect(report.bestAt[16]?.score == best.score && (report.bestAt[8]?.score ?? 0) <= best.score)
        // The best is what the board gives its recipe, and the recipe keeps the brief's rules.
        #expect(book.check(best.recipe, on: .lab(day: day)) == nil)
        #expect(try book.score(best.recipe, on: .lab(day: day)).get().score == best.score)
        // The same seed searches the same way.
        var again = LabAttacker(book: book, day: day, seed: 7)
        #expect(again.run(budget: 16, checkpoints: [16]).best?.score == best.score)
    }

    @Test func repairsKeepEveryRuleOfThePool() {
        let attacker = LabAttacker(book: book, day: Self.days[1], seed: 1)
        let wide = SwarmRecipe((0..<6).map { Ingredient(population: 5 + 40 * $0, genome: Genome(clamping: [300, 20, 40, 1, 1, 100, 0.5, 1])) })
        let fixed = attacker.repaired(wide)
        #expect(book.check(fixed, on: .lab(day: Self.days[1])) == nil, "\(fixed)")
        let three = LabAttacker(book: book, day: Self.days[0], seed: 1).repaired(SwarmRecipe([Ingredient(population: 20, genome: Genome(clamping: [50, 5, 5, 0.5, 0.5, 10, 0.1, 0.5]))]))
        #expect(three.ingredients.count == 3 && three.totalPopulation >= 100 && book.check(three, on: .lab(day: Self.days[0])) == nil)
    }

    @Test func aSearchCanGoOnFromAnothersBest() throws {
        // The calibration's searches per rule: the first candidate is the start, kept to the rule.
        let brief = try #require(LabCatalogue.calibration(stretch: 3).first { $0.name == "Calm comet" })
        let ruled = LabCatalogue.calibrationByRule(brief)
        #expect(ruled.count == 11 && ruled.allSatisfy { $0.goals == brief.goals && $0.constraints.count == 1 })
        let rule = try #require(ruled.first { $0.constraints == [.maxAgents(150)] })
        let start = SwarmRecipe([Ingredient(population: 240, genome: Genome(clamping: [60, 4, 6, 0.5, 0.4, 20, 0.1, 0.5]))])
        let seeds = Array(SwarmContest.lab(day: Self.days[0]).seeds)
        var attacker = LabAttacker(book: book, brief: rule, seeds: seeds, seed: 3, start: start)
        let report = attacker.run(budget: 1, checkpoints: [1])
        let best = try #require(report.best)
        #expect(best.recipe.totalPopulation == 150 && best.recipe.ingredients[0].genome == start.ingredients[0].genome)
        // Every template's rules: the catalogue's third (each level has every template × rule once).
        let all = LabCatalogue.calibration(stretch: 3).flatMap(LabCatalogue.calibrationByRule)
        #expect(all.count * 3 == LabRules.versions[1].briefs.count)
    }
}
