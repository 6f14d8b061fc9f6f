// The Runway screen's swarm show against the fake leaderboard: w switches to the day's swarms and
// back, a pair runs side by side from the start the server dealt, a vote on it counts in the
// swarm show, e enters the Lab's swarm, and a server older than the swarm show is told in words.
import Challenges
import Foundation
import GameState
import ScoresAPI
import SwarmSim
import Testing
import TUI
@testable import PlumeUI

@Suite struct RunwaySwarmShowTests {
    /// Four swarms of two species each (distinct codes).
    static let swarms: [String] = (0..<4).map { n in
        let a = Genome(clamping: [60 + Double(n) * 10, 3, 7, 0.6, 0.3, 10, 0.05, 0.5]), b = Genome(clamping: [40, 6, 7, 0.1, 0.8, 30, 0.2, 0.2])
        return ShareCode.encode(.swarm(SwarmRecipe([Ingredient(population: 90 + n, genome: a), Ingredient(population: 60, genome: b)])))
    }

    func swarmApp(_ fake: inout FakeScores) -> AppModel {
        fake.player = FakeScores.me
        fake.runwayLooks = RunwayScreenTests.looks
        fake.runwaySwarms = Self.swarms
        var model = app(width: 80, height: 24)
        model.drive(.clock(fakeNow), &fake)
        model.drive(keys: Screen.runway.key, fake: &fake)
        return model
    }

    /// Whether a braille cell (a drawn agent) is in columns `columns` of rows 3…20.
    func braille(_ model: AppModel, columns: Range<Int>) -> Bool {
        let grid = model.view()
        return (3..<21).contains { row in columns.contains { (0x2801...0x28FF).contains(grid[$0, row].scalar.value) } }
    }

    @Test func wSwitchesToTheSwarmShowAndBackKeepingEachShowsPair() {
        var fake = FakeScores()
        var model = swarmApp(&fake)
        let looks = model.runway.shown
        #expect(looks?.left == RunwayScreenTests.looks[0])
        var sent = model.drive(keys: .char("w"), fake: &fake)
        #expect(sent.contains(.runwayDay(day: "2024-10-04", show: .swarm)) && sent.contains(.runwayPair(day: "2024-10-04", show: .swarm)), "\(sent)")
        #expect(sent.contains { $0.asked(APICalls.runwayPair)?.query == [QueryValue(.show, "swarm")] })
        let text = model.screenText
        // The brief's rule goes before the counts when the line is short.
        #expect(text.contains("Swarm show · 2024-10-04 · Tight spin I · 4 swarms, 0 votes"), "\(text)")
        #expect(model.runway.shown?.left == Self.swarms[0] && model.runway.shown?.right == Self.swarms[1])
        #expect(text.components(separatedBy: "2 species · ").count - 1 == 2 && text.contains("2 species · 150 agents") && text.contains("2 species · 151 agents"))
        // Both halves hold agents, and they move frame by frame.
        #expect(braille(model, columns: 1..<39) && braille(model, columns: 41..<79), "\(text)")
        let before = model.runway.pairRun?.swarms[0].state.x
        for _ in 0..<3 { model.drive(.tick, &fake) }
        #expect(model.runway.pairRun?.step == 3 && model.runway.pairRun?.swarms[0].state.x != before)
        // Space pauses them.
        model.drive(keys: .char(" "), fake: &fake)
        model.drive(.tick, &fake)
        #expect(model.runway.pairRun?.step == 3 && model.status.hasPrefix("Paused at step 3 of 200"))
        // → votes in the swarm show; the next pair is on screen at once.
        let pair = model.runway.shown!
        sent = model.drive(keys: .right, fake: &fake)
        #expect(sent.first == .runwayVote(ticket: pair.ticket, choice: .right) && sent.contains(.runwayPair(day: "2024-10-04", show: .swarm)), "\(sent)")
        #expect(model.status == "Vote counted: +1 point. The owners stay hidden until voting closes.", "\(model.status)")
        #expect(model.runway.shown != pair && model.runway.pairRun?.pair == model.runway.shown)
        #expect(fake.judged.contains([Self.swarms[0], Self.swarms[1]]))
        // w: the looks again, their pair as it was (the server keeps it dealt).
        sent = model.drive(keys: .char("w"), fake: &fake)
        #expect(sent.contains(.runwayPair(day: "2024-10-04")) && model.screenText.contains("Runway · 2024-10-04 · Beach Day"))
        #expect(model.runway.shown == looks && model.runway.pairRun == nil)
    }

    @Test func theSwarmPairRunsSideBySideFromTheSameStart() throws {
        let pair = RunwayDealtPair(ticket: "t", left: Self.swarms[0], right: Self.swarms[3])
        var run = try #require(SwarmPairRun(pair: pair, seed: 99))
        guard case .swarm(let left)? = try? ShareCode.decode(Self.swarms[0]), case .swarm(let right)? = try? ShareCode.decode(Self.swarms[3]) else {
            Issue.record("fixture swarms")
            return
        }
        var alone = [Swarm(recipe: left, seed: 99), Swarm(recipe: right, seed: 99)]
        for _ in 0..<5 {
            run.frame(dotsWide: 76, dotsHigh: 64, threads: 1)
            for index in alone.indices { alone[index].step(threads: 1) }
        }
        #expect(run.swarms[0].state.x == alone[0].state.x && run.swarms[1].state.y == alone[1].state.y)
        // At the end of the scored run both start again from the seed.
        for _ in 5..<SwarmRules.steps { run.frame(dotsWide: 76, dotsHigh: 64, threads: 1) }
        run.frame(dotsWide: 76, dotsHigh: 64, threads: 1)
        var again = Swarm(recipe: left, seed: 99)
        again.step(threads: 1)
        #expect(run.step == 1 && run.swarms[0].state.x == again.state.x)
        // A pair that holds a look is no swarm pair.
        #expect(SwarmPairRun(pair: RunwayDealtPair(ticket: "t", left: Self.swarms[0], right: RunwayScreenTests.looks[0]), seed: 1) == nil)
    }

    @Test func eOnTheSwarmShowEntersTheLabsSwarm() {
        var fake = FakeScores()
        var model = swarmApp(&fake)
        model.drive(keys: .char("w"), fake: &fake)
        let effects = model.update(.key(.char("e")))
        #expect(effects == [.scores(.enterRunway(day: "2024-10-04", code: ShareCode.encode(.swarm(model.lab.recipe))))], "\(effects)")
        #expect(model.status.hasPrefix("Sending your Lab swarm to the swarm show"))
    }

    @Test func anOldServerWithoutASwarmShowIsToldInWords() {
        var fake = FakeScores()
        fake.noSwarmShow = true
        var model = swarmApp(&fake)
        model.drive(keys: .char("w"), fake: &fake)
        #expect(model.runway.shown == nil && model.runway.pairRun == nil)
        #expect(model.screenText.contains("This server has no swarm show yet"), "\(model.screenText)")
        #expect(!braille(model, columns: 1..<79))
    }
}
