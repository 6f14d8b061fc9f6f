// `plume swarm score`: the score a swarm board gives a recipe, computed here by the code the
// server's verifier runs (the rules and the seeds are public: no server is asked). `plume swarm
// brief`: a day's Lab brief in words.
import ArgumentParser
import Foundation
import Challenges
import GameState
import PlumeCalendar
import ScoresAPI
import SwarmSim

struct SwarmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swarm",
        abstract: "The score a swarm board gives a recipe, and the Lab's brief of a day.",
        subcommands: [Score.self, Brief.self]
    )

    struct Score: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the score a swarm board gives a recipe, as the server computes it.",
            discussion: """
                Reads a recipe or any swarm link (a plume link, a share code, a Swarm Chemistry recipe \
                or an Emergent link) from FILE, or from standard input when FILE is - or absent, and \
                scores it as the board's server does: season 1's boards (swarm-<challenge>, \
                swarm-<challenge>-YYYY-Www) from one seed at the last step; season 2's \
                (swarm-<challenge>-s2, swarm-<challenge>-s2-YYYY-Www) over 8 seeds of the board's \
                period, each read over the last 60 of 200 steps, with at least 100 agents; a day's \
                Lab brief (lab-YYYY-MM-DD) by the same rules, on its two goals and its constraints. \
                Adjustments made while reading (clamped values, rescaled populations) are notes on \
                standard error. A swarm the board refuses exits 1 with the reason.
                """
        )

        @Option(help: "The board, e.g. swarm-huddle-s2, swarm-comet-s2-2026-W49 or lab-2026-11-30.")
        var board: String

        @Flag(help: "Print {\"board\",\"score\",\"detail\",\"agents\",\"ingredients\"} as JSON.")
        var json = false

        @Argument(help: "A file holding the recipe or link; - or nothing reads standard input.")
        var file: String?

        func run() throws {
            let book = try loadBook()
            let id = BoardID(board)
            var known = false
            switch id {
            case .swarm(let challenge, _, _): known = book.swarmChallenge(id: challenge) != nil
            case .lab: known = true
            default: known = false
            }
            guard known else {
                let names = book.swarmChallenges.map(\.id).joined(separator: ", ")
                throw fail("\(board) is not a swarm board: swarm boards are swarm-<challenge>-s2 (the season) or swarm-<challenge>-s2-YYYY-Www (a week), season 1's swarm-<challenge> and swarm-<challenge>-YYYY-Www, and lab-YYYY-MM-DD (a day's Lab brief); challenges: \(names)")
            }
            let text: String
            if let file, file != "-" {
                guard let read = try? String(contentsOfFile: file, encoding: .utf8) else { throw fail("can't read \(file)") }
                text = read
            } else {
                text = String(decoding: readStandardInput(), as: UTF8.self)
            }
            let link = try importPaste(text)
            guard case .swarm(let recipe) = link.state else { throw fail("that is a look; swarm boards score swarms") }
            for note in link.notes { printError("note: " + SafeText.strip(note)) }
            let result: Result<SwarmBoardScore, SwarmRefusal> = switch id {
            case .lab(let day):
                book.score(recipe, on: .lab(day: day), threads: Swarm.availableThreads).map { SwarmBoardScore(score: $0.score, detail: $0.detail, rules: $0) }
            case .swarm(let challenge, let week, let season):
                book.boardScore(recipe, challenge: challenge, season: season, week: week, threads: Swarm.availableThreads)
            default:
                .failure(SwarmRefusal(kind: .unknownContest, description: "\(board) is not a swarm board"))
            }
            let scored: SwarmBoardScore
            switch result {
            case .success(let found): scored = found
            case .failure(let refusal): throw fail(refusal.description)
            }
            if json {
                print("{\"board\":\(SharedStateJSON.string(board)),\"score\":\(scored.score),\"detail\":\(scored.detail),"
                      + "\"agents\":\(recipe.totalPopulation),\"ingredients\":\(recipe.ingredients.count)}")
                return
            }
            print("\(board): \(scored.score) (detail \(scored.detail)) — \(recipe.totalPopulation) agents, \(recipe.ingredients.count) ingredient\(recipe.ingredients.count == 1 ? "" : "s")")
            if let rules = scored.rules {
                let runs = rules.runs.map { String(Int($0.rounded())) }.joined(separator: " ")
                print("\(rules.runs.count) runs of \(SwarmRules.steps) steps, each read over its last \(SwarmRules.window): \(runs)")
                for part in rules.parts {
                    print("  \(part.goal.words): \(part.goal.measure.words(part.reading)) → \(part.points)/1000")
                }
                if case .lab = id { print("costs: \(recipe.ingredients.count) ingredient\(recipe.ingredients.count == 1 ? "" : "s"), \(recipe.totalPopulation) agents (fewer rank first within a score)") }
            } else {
                print("season 1: one run from the challenge's seed, read at its last step")
            }
        }
    }
}

extension SwarmCommand {
    struct Brief: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a day's Lab brief: its goals, its rules and its board.",
            discussion: """
                Every UTC day from \(UTCDay.string(LabRules.firstDay)) has a Lab brief: two goals that pull against \
                each other and a constraint, scored over 8 seeds of the day on the board lab-YYYY-MM-DD. \
                Without --day, today's (UTC).
                """
        )

        @Option(help: "The day, YYYY-MM-DD (default: today, UTC).")
        var day: String?

        @Flag(help: "Print {\"board\",\"day\",\"name\",\"words\",\"goals\":[{\"measure\",\"worst\",\"best\",\"words\"}],\"rules\":[…]} as JSON.")
        var json = false

        func run() throws {
            let book = try loadBook()
            let number: Int
            if let day {
                guard let parsed = UTCDay.parse(Substring(day)) else { throw fail("\(SafeText.strip(day)) is not a day: write it YYYY-MM-DD") }
                number = parsed
            } else {
                number = UTCDay.containing(Date())
            }
            let brief = book.labBrief(forDay: number)
            let board = BoardID.lab(day: number).text
            if json {
                let goals = brief.goals.map { goal in
                    "{\"measure\":\(SharedStateJSON.string(goal.measure.rawValue)),\"worst\":\(goal.scale.worst),\"best\":\(goal.scale.best),\"words\":\(SharedStateJSON.string(goal.words))}"
                }
                print("{\"board\":\(SharedStateJSON.string(board)),\"day\":\(SharedStateJSON.string(UTCDay.string(number))),"
                      + "\"name\":\(SharedStateJSON.string(brief.name)),\"words\":\(SharedStateJSON.string(brief.words)),"
                      + "\"goals\":[\(goals.joined(separator: ","))],\"rules\":[\(brief.constraints.map { SharedStateJSON.string($0.words) }.joined(separator: ","))]}")
                return
            }
            print("\(UTCDay.string(number)) · \(brief.name)")
            print(brief.words)
            for goal in brief.goals { print("  goal: \(goal.words)") }
            print("Scored over \(SwarmRules.seeds) runs of \(SwarmRules.steps) steps (at least \(SwarmRules.minimumAgents) agents): 1000 × the geometric mean of the goals. Board: \(board)")
            if number < LabRules.firstDay { print("(the Lab's boards began on \(UTCDay.string(LabRules.firstDay)): this day has no board)") }
        }
    }
}
