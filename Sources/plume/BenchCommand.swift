// `plume bench …`: benchmarks, meant for release builds. (The link fuzzer is test code: Fuzz/.)
import ArgumentParser
import Foundation
import Challenges
import GameState
import PlumeUI
import SwarmSim
import TUI
import PlumeBench
import PlumeCalendar
import Synchronization

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Benchmarks (run with swift run -c release).",
        subcommands: [SwarmBench.self, RulesBench.self, LabBench.self, LabCalibrate.self, UIBench.self, EvolveBench.self, StyleScores.self]
    )

    struct StyleScores: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "style-scores",
            abstract: "Score looks under a version of the style rules (checks the style solver against the game).",
            discussion: """
                Reads lines "THEME-ID RULES CODE" on standard input (RULES is v1 or v2, CODE a look's \
                share code) and prints, for each, the parts and the total as the game and the server \
                score them: "total cover tags colour extras palette accent". A line that can't be \
                read prints "error: WHY". scripts/style-solver compares its own scoring with this.
                """
        )

        func run() throws {
            let catalog = try loadCatalog()
            let book = try ChallengeBook.bundled.get()
            while let line = readLine() {
                let fields = line.split(separator: " ").map(String.init)
                guard fields.count == 3, let id = Int(fields[0]), var theme = book.styleThemes.first(where: { $0.id == id }),
                      let rules = StyleRules.allCases.first(where: { $0.description == fields[1] }) else {
                    print("error: expected THEME-ID RULES CODE")
                    continue
                }
                guard case .look(let look)? = try? ShareCode.decode(fields[2]) else {
                    print("error: not a look's code")
                    continue
                }
                theme.rules = rules
                let score = theme.score(look, in: catalog)
                print(([score.total] + StylePart.allCases.map(score.points)).map(String.init).joined(separator: " "))
            }
        }
    }

    struct RulesBench: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rules",
            abstract: "Time season 2's swarm scores (what the server's verifier and plume swarm score compute).",
            discussion: """
                Scores --recipes seeded recipes of --agents agents (half dense large-radius blobs, \
                half small-radius swarms) on each classic challenge's season-2 board, on one thread \
                as the verifier's slots run, and prints per challenge and for all: \
                challenge=ID scores=N ms_median=… ms_max=…
                """
        )

        @Option(help: "Recipes per challenge.")
        var recipes = 10

        @Option(help: "Agents per recipe (100–300).")
        var agents = 300

        func run() throws {
            let book = try loadBook()
            let clock = ContinuousClock()
            let total = min(max(agents, SwarmRules.minimumAgents), GameLimits.maxTotalPopulation)
            var all: [Double] = []
            func line(_ name: String, _ times: [Double]) -> String {
                let sorted = times.sorted()
                return String(format: "challenge=%@ scores=%d ms_median=%.1f ms_max=%.1f", name, sorted.count,
                              sorted[sorted.count / 2], sorted.last ?? 0)
            }
            for challenge in book.swarmChallenges {
                var times: [Double] = []
                for n in 0..<max(1, recipes) {
                    let family = n % 2 == 0 ? BenchmarkRecipes.largeRadius(seed: UInt64(n)) : BenchmarkRecipes.smallRadius(seed: UInt64(n))
                    var recipe = family
                    // Two species or more, each a fair share, so Sort scores them too.
                    if recipe.ingredients.count == 1 { recipe.ingredients.append(recipe.ingredients[0]) }
                    let populations = SwarmRecipe.scaled(recipe.ingredients.map { _ in 1 }, to: total)
                    for index in recipe.ingredients.indices { recipe.ingredients[index].population = populations[index] }
                    let start = clock.now
                    guard case .success = book.score(recipe, on: .classic(challenge: challenge.id, season: 2, week: nil), threads: 1) else {
                        throw fail("recipe \(n) was refused on \(challenge.id)")
                    }
                    times.append(Double((clock.now - start) / .microseconds(1)) / 1000)
                }
                print(line(challenge.id, times))
                all += times
            }
            print(line("all", all) + String(format: " agents=%d seeds=%d steps=%d", total, SwarmRules.seeds, SwarmRules.steps))
        }
    }

    struct SwarmBench: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "swarm",
            abstract: "Time the Swarm Chemistry engine.",
            discussion: """
                Runs a recipe for --warmup untimed steps (so blobs can form), then times --steps \
                steps. The recipe comes from --recipe FILE (any form plume link decode reads:
                Sayama recipe text, a link, an Emergent link), or a seeded random recipe with \
                --random-large-r (dense blobs) or --random-small-r. Prints, last:
                agents=N steps=T threads=K agent_steps_per_s=… interactions_per_s=…
                """
        )

        @Option(help: "A file holding a recipe (Sayama text, a plume:// or emergent:// link).")
        var recipe: String?

        @Flag(help: "A random recipe with large radii that packs into dense blobs.")
        var randomLargeR = false

        @Flag(help: "A random recipe with small radii.")
        var randomSmallR = false

        @Option(help: "Agents (the recipe's populations are scaled to this total).")
        var agents = 1000

        @Option(help: "Timed steps.")
        var steps = 500

        @Option(help: "Untimed steps first.")
        var warmup = 200

        @Option(help: "Worker threads (default: every core).")
        var threads = Swarm.availableThreads

        @Option(help: "Seed for the random recipe and the run.")
        var seed: UInt64 = 1

        func run() throws {
            let chosen: SwarmRecipe
            if let recipe {
                chosen = try readSwarmRecipe(path: recipe)
            } else if randomSmallR {
                chosen = BenchmarkRecipes.smallRadius(seed: seed)
            } else {
                chosen = BenchmarkRecipes.largeRadius(seed: seed)
            }
            guard agents >= chosen.ingredients.count, agents <= SwarmLimits.maxAgents else {
                throw fail("--agents must be between \(chosen.ingredients.count) and \(SwarmLimits.maxAgents)")
            }
            var swarm = Swarm(recipe: chosen, seed: seed, agents: agents)
            swarm.run(steps: warmup, threads: threads)
            var interactions = 0
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<steps {
                swarm.step(threads: threads)
                interactions += swarm.neighbourCounts.reduce(0) { $0 + Int($1) }
            }
            let elapsed = clock.now - start
            let seconds = elapsed / .seconds(1)
            print("recipe: " + SayamaRecipeText.format(chosen).replacingOccurrences(of: "\n", with: " | "))
            print(String(format: "mean_neighbours=%.1f steps_per_s=%.1f ms_per_step=%.3f total_ms=%.1f isa=%@",
                         Double(interactions) / Double(max(1, steps * agents)), Double(steps) / seconds,
                         seconds * 1000 / Double(max(1, steps)), seconds * 1000, Swarm.kernelInstructionSet))
            print(String(format: "agents=%d steps=%d threads=%d agent_steps_per_s=%.0f interactions_per_s=%.0f",
                         agents, steps, threads, Double(steps * agents) / seconds, Double(interactions) / seconds))
        }
    }

    struct UIBench: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ui",
            abstract: "Time drawing the Lab: view() into a grid plus the diff against the last frame.",
            discussion: """
                Runs the Lab with --agents agents on a --width × --height grid, stepping the swarm \
                between frames (timed apart, as step_ms_per_frame), and times view() + diff per frame. \
                Prints, last:
                agents=N width=W height=H frames=F ms_per_frame=… changed_cells_per_frame=…
                """
        )

        @Option(help: "Agents in the Lab.") var agents = 3000
        @Option(help: "Grid width.") var width = 200
        @Option(help: "Grid height.") var height = 60
        @Option(help: "Frames to time.") var frames = 300

        func run() throws {
            let catalog = try loadCatalog()
            var model = AppModel(catalog: catalog, book: try loadBook(), day: 0)
            _ = model.update(.resize(width: width, height: height))
            _ = model.update(.key(.char("2")))
            model.lab.setAgents(agents)
            var previous: Grid? = model.view()
            var spent = Duration.zero, stepping = Duration.zero
            var changed = 0
            let clock = ContinuousClock()
            for _ in 0..<frames {
                let tick = clock.now
                _ = model.update(.tick)
                let start = clock.now
                stepping += start - tick
                let grid = model.view()
                changed += grid.diff(from: previous).changes.count
                spent += clock.now - start
                previous = grid
            }
            let ms = spent / .milliseconds(1) / Double(frames)
            print(String(format: "step_ms_per_frame=%.3f (the swarm's step, through the game's update)", stepping / .milliseconds(1) / Double(frames)))
            print(String(format: "agents=%d width=%d height=%d frames=%d ms_per_frame=%.3f changed_cells_per_frame=%.0f",
                         model.lab.agentCount, width, height, frames, ms, Double(changed) / Double(frames)))
        }
    }

    struct EvolveBench: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "evolve",
            abstract: "Time the Lab's evolution grid: nine live mini-swarms, stepped and drawn.",
            discussion: """
                Opens the evolution grid on a --width × --height window with nine children of a \
                dense large-radius recipe, every agent within every other's radius (each child run \
                with --agents agents), and times whole frames: one step \
                of every swarm (shared among the cores), view() and the diff. Prints, last:
                swarms=9 agents=300 fps=…
                """
        )

        @Option(help: "Agents in each mini-swarm.") var agents = 300
        @Option(help: "Window width.") var width = 100
        @Option(help: "Window height.") var height = 30
        @Option(help: "Frames to time.") var frames = 600
        @Option(help: "Recipe file for the parent (default: the dense large-radius benchmark recipe).") var recipe: String?

        func run() throws {
            var model = AppModel(catalog: try loadCatalog(), book: try loadBook(), day: 0)
            _ = model.update(.resize(width: width, height: height))
            _ = model.update(.key(.char("2")))
            let parent = try recipe.map { try readSwarmRecipe(path: $0) } ?? BenchmarkRecipes.largeRadius(seed: 1)
            model.push(EvolutionLayer(parent: parent, count: EvolutionState.maxChildren, seed: 1, agents: agents))
            let swarms = model.top(EvolutionLayer.self)!.state.swarms.count
            var previous: Grid? = model.view()
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<frames {
                _ = model.update(.tick)
                let grid = model.view()
                _ = grid.diff(from: previous)
                previous = grid
            }
            let seconds = (clock.now - start) / .seconds(1)
            let perSwarm = model.top(EvolutionLayer.self)!.state.swarms.map(\.state.count)
            print(String(format: "frames=%d seconds=%.2f ms_per_frame=%.2f width=%d height=%d threads=%d", frames, seconds,
                         seconds * 1000 / Double(frames), width, height, Swarm.availableThreads))
            print(String(format: "swarms=%d agents=%d fps=%.1f", swarms, perSwarm.min() ?? 0, Double(frames) / seconds))
        }
    }
}

/// A swarm recipe from a file, in any form the importer reads, or exit 1 with the reason.
func readSwarmRecipe(path: String) throws -> SwarmRecipe {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw fail("can't read \(path)") }
    guard case .swarm(let parsed) = try importPaste(text).state else { throw fail("\(path) holds a look, not a swarm") }
    return parsed
}
