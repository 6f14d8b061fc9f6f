// `plume swarm score`: the score a swarm board gives a recipe, computed here by the code the
// server's verifier runs (the rules and the seeds are public: no server is asked).
import ArgumentParser
import Foundation
import Challenges
import GameState
import ScoresAPI
import SwarmSim

struct SwarmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swarm",
        abstract: "The score a swarm board gives a recipe.",
        subcommands: [Score.self]
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
                period, each read over the last 60 of 200 steps, with at least 100 agents. \
                Adjustments made while reading (clamped values, rescaled populations) are notes on \
                standard error. A swarm the board refuses exits 1 with the reason.
                """
        )

        @Option(help: "The board, e.g. swarm-huddle-s2 or swarm-comet-s2-2026-W49.")
        var board: String

        @Flag(help: "Print {\"board\",\"score\",\"detail\",\"agents\",\"ingredients\"} as JSON.")
        var json = false

        @Argument(help: "A file holding the recipe or link; - or nothing reads standard input.")
        var file: String?

        func run() throws {
            let book = try loadBook()
            guard case let .swarm(challenge, week, season) = BoardID(board), book.swarmChallenge(id: challenge) != nil else {
                let names = book.swarmChallenges.map(\.id).joined(separator: ", ")
                throw fail("\(board) is not a swarm board: swarm boards are swarm-<challenge>-s2 (the season) or swarm-<challenge>-s2-YYYY-Www (a week), and season 1's swarm-<challenge> and swarm-<challenge>-YYYY-Www; challenges: \(names)")
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
            let scored: SwarmBoardScore
            switch book.boardScore(recipe, challenge: challenge, season: season, week: week, threads: Swarm.availableThreads) {
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
            } else {
                print("season 1: one run from the challenge's seed, read at its last step")
            }
        }
    }
}
