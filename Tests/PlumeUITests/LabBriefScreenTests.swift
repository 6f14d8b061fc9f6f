// The Lab on the day's brief: g reaches it after the classic challenges, the panel gives its rule
// and a line a goal as the board reads it, the board's score is asked for as an effect (one job at
// a time) and shown only for the recipe it was computed for, and b sends the swarm to the day's
// Lab board. A refusal is shown in the board's own words before b is pressed.
import Challenges
import Foundation
import GameState
import PlumeCalendar
import ScoresAPI
import Testing
import TUI
@testable import PlumeUI

@Suite struct LabBriefScreenTests {
    let day = UTCDay.days(year: 2026, month: 11, day: 29)

    func labOnTheBrief(_ effects: inout [Effect], _ fake: inout FakeScores) -> AppModel {
        var model = app(width: 80, height: 24)
        model.drive(.clock(Double(UTCDay.start(of: day)) + 3600), &fake)
        effects += model.keys(.char("2"))
        for _ in 0..<book.swarmChallenges.count { effects += model.keys(.char("g")) }
        return model
    }

    static func jobs(_ effects: [Effect]) -> [SwarmScoring] {
        effects.compactMap { if case .scoreSwarm(let job) = $0 { job } else { nil } }
    }

    @Test func theBriefsChecklistAndTheScoreBSends() throws {
        var effects: [Effect] = []
        var fake = FakeScores()
        fake.player = FakeScores.me
        var model = labOnTheBrief(&effects, &fake)
        let brief = book.labBrief(forDay: day)
        var text = model.screenText
        #expect(text.contains("Today's brief: Sorted march II"), "\(text)")
        #expect(text.contains("board score: scoring…"))
        // Arriving asked for Huddle's season-2 score; that one still on its way, nothing else is asked yet.
        let asked = Self.jobs(effects)
        #expect(asked.count == 1 && asked[0].contest == .classic(challenge: "huddle", season: 2, week: nil))
        // Its answer came: the next job, the brief's, goes at once (and the clock asks nothing more while it runs).
        let onBrief = Self.jobs(model.update(.swarmScored(asked[0], asked[0].run())))
        #expect(Self.jobs(model.update(.clock(Double(UTCDay.start(of: day)) + 3601))).isEmpty)
        let job = try #require(onBrief.first)
        #expect(job.contest == .lab(day: day) && job.code == ShareCode.encode(.swarm(model.lab.recipe)))

        // The starter recipe has R 90: the brief refuses it, in the board's words.
        let refused = job.run()
        guard case .failure(let refusal) = refused else { Issue.record("the starter recipe keeps R at most 80?"); return }
        _ = model.update(.swarmScored(job, refused))
        text = model.screenText
        #expect(text.contains("✗ " + String(refusal.description.prefix(30))) && text.contains("b would be refused"), "\(text)")

        // A score for this recipe: a line a goal (its points of 1000), and the score b sends.
        let fair = SwarmRecipe([Ingredient(population: 90, genome: Genome(clamping: [70, 3, 7, 0.6, 0.3, 10, 0.05, 0.5])),
                                Ingredient(population: 60, genome: Genome(clamping: [40, 6, 7, 0.1, 0.8, 30, 0.2, 0.2]))])
        let scored = try book.score(fair, on: .lab(day: day)).get()
        _ = model.update(.swarmScored(job, .success(scored)))
        text = model.screenText
        #expect(text.contains("score \(scored.score), 8 runs — what b sends"), "\(text)")
        for (goal, part) in zip(brief.goals, scored.parts) {
            #expect(text.contains("\(part.points)/1000"), "\(goal.words)")
        }
        #expect(text.split(separator: "\n").count <= 24)
        // b sends the swarm to the day's Lab board.
        let sent = model.drive(keys: .char("b"), fake: &fake)
        #expect(sent == [.submit(board: "lab-2026-11-29", code: ShareCode.encode(.swarm(model.lab.recipe)))])
        // A changed recipe's old answer is not shown as its own: scoring again, asked on the clock.
        _ = model.keys(.char("m"))
        #expect(model.screenText.contains("board score: scoring…"))
        let again = Self.jobs(model.update(.clock(Double(UTCDay.start(of: day)) + 3602)))
        #expect(again.count == 1 && again[0].code == ShareCode.encode(.swarm(model.lab.recipe)) && again[0] != job)
    }

    @Test func bGoesStraightToTheBrief() {
        var fake = FakeScores()
        var model = app(width: 80, height: 24)
        model.drive(.clock(Double(UTCDay.start(of: day)) + 3600), &fake)
        _ = model.keys(.char("2"))
        let effects = model.keys(.char("B"))
        #expect(model.screenText.contains("Today's brief: Sorted march II"))
        #expect(Self.jobs(effects).isEmpty || Self.jobs(effects).first?.contest == .lab(day: day))
        // g from the brief goes round to the first challenge.
        _ = model.keys(.char("g"))
        #expect(model.screenText.contains("Challenge: Huddle"))
    }

    @Test func beforeTheLabsFirstDayThereIsNoBrief() {
        var model = app(width: 80, height: 24)
        _ = model.keys(.char("2"))
        for _ in 0..<book.swarmChallenges.count { _ = model.keys(.char("g")) }
        #expect(model.screenText.contains("Challenge: Huddle") && !model.screenText.contains("Today's brief"))
        _ = model.keys(.char("B"))
        #expect(model.screenText.contains("Challenge: Huddle") && model.status.contains("briefs begin on 2026-11-28"))
    }
}
