// The Lab's current catalogue can be met: for each template, the best recipe the calibration's
// attacker found (`plume bench lab-calibrate`, the search the template's scales were set from)
// scores above 500, on another day's seeds, on the hardest level's goals.
import GameState
import PlumeCalendar
import Testing
@testable import Challenges
import PlumeBench

@Suite struct LabWitnessTests {
    /// A day of catalogue 2 that is not the calibration's (its seeds are new to the witnesses).
    static let day = UTCDay.days(year: 2027, month: 3, day: 14)

    @Test func everyTemplateHasAWitness() {
        let names = Set(LabRules.versions.last!.briefs.map { $0.name.components(separatedBy: " · ")[0].split(separator: " ").dropLast().joined(separator: " ") })
        #expect(Set(LabWitnesses.templates.map(\.template)) == names)
    }

    @Test(arguments: LabWitnesses.templates.indices) func theHardestLevelCanBeMetAboveFiveHundred(_ index: Int) throws {
        let (template, link) = LabWitnesses.templates[index]
        let witness = try #require(LabWitnesses.recipe(link), "\(template): not a swarm")
        let seeds = SwarmContest.lab(day: Self.day).seeds
        // Level III's scales under the template's own rules (what the witness was found under; a
        // rule of the pool that cuts its ingredients, agents or speed needs a search of its own).
        let hardest = try #require(LabCatalogue.calibration(stretch: LabCatalogue.measuredLevels[2].reach).first { $0.name == template })
        #expect(book.check(witness, brief: hardest) == nil)
        let own = book.labScore(witness, brief: hardest, seeds: seeds, threads: 2).score
        #expect(own > 500, "\(template) III: \(own)")
    }
}

/// Each rule of the pool that cuts a template's reach carries its own bests (`LabTemplate.byRule`,
/// measured by `plume bench lab-calibrate --from-witnesses`), and the rule's search found a recipe
/// that keeps it and scores above 500 on the hardest level's brief of that template and rule.
@Suite struct LabRuleWitnessTests {
    @Test func everyRuleWithItsOwnBestsHasAWitnessAndNoOtherDoes() {
        let measured = Set(LabCatalogue.measured.flatMap { template in template.byRule.keys.map { "\(template.name) · \($0.words)" } })
        #expect(!measured.isEmpty)
        #expect(Set(LabWitnesses.byRule.map { "\($0.template) · \($0.rule)" }) == measured)
    }

    @Test(arguments: LabWitnesses.byRule.indices) func theHardestLevelUnderTheRuleCanBeMetAboveFiveHundred(_ index: Int) throws {
        let (template, rule, link) = LabWitnesses.byRule[index]
        let witness = try #require(LabWitnesses.recipe(link), "\(template): not a swarm")
        let name = "\(template) \(LabCatalogue.measuredLevels[2].name) · \(rule)"
        let brief = try #require(LabRules.versions.last!.briefs.first { $0.name == name }, "no brief \(name)")
        #expect(book.check(witness, brief: brief) == nil)
        let score = book.labScore(witness, brief: brief, seeds: SwarmContest.lab(day: LabWitnessTests.day).seeds, threads: 2).score
        #expect(score > 500, "\(name): \(score)")
        // The rule's scales are its own: the template's would put the level's best further out.
        let kept = try #require(LabCatalogue.measured.first { $0.name == template })
        let own = kept.goals(stretched: LabCatalogue.measuredLevels[2].reach)
        #expect(brief.goals != own, "\(name) keeps the template's scales")
    }
}
