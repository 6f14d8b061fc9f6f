// `plume bench lab` and `plume bench lab-calibrate`: the Lab attacker's ceiling on the day's
// briefs, and the measurements the briefs' scales come from.
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

extension Bench {
    struct LabBench: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lab",
            abstract: "How high a search with a budget climbs on the Lab's briefs (the ceiling make bench-lab prints).",
            discussion: """
                Runs the Lab attacker (PlumeBench's LabAttacker: random recipes keeping the brief's rules, \
                then a hill-climb with parameter nudges and Sayama's mutation, raced on 2 seeds before \
                the board's 8) on --briefs days spread over the year from --from, one brief per worker \
                at a time, and prints per brief the best full score after 300 and after --budget \
                candidates, and the best of a search held to one or two ingredients (--small-budget \
                candidates); then the medians and whether the issue's goal holds: median@300 <= 850, \
                median@budget <= 950, no one-or-two-ingredient best >= 900.
                """
        )

        @Option(help: "Briefs (days) to attack.") var briefs = 6
        @Option(help: "Candidates per brief.") var budget = 3000
        @Option(name: .customLong("small-budget"), help: "Candidates of the one-or-two-ingredient search.") var smallBudget = 600
        @Option(help: "Briefs attacked at once (each on one thread).") var workers = 2
        @Option(help: "The search's seed.") var seed: UInt64 = 1
        @Option(help: "The first day sampled (YYYY-MM-DD); the days are spread over the year after it.") var from = "2027-01-01"

        func run() throws {
            let book = try loadBook()
            guard let first = UTCDay.parse(Substring(from)) else { throw fail("--from must be YYYY-MM-DD") }
            let count = max(1, briefs), budget = max(300, self.budget)
            let days = (0..<count).map { first + $0 * 365 / count }
            let rows = Mutex([(day: Int, text: String, at300: Int, atBudget: Int, small: Int)]())
            let next = Mutex(0)
            let seed = seed, smallBudget = smallBudget
            let clock = ContinuousClock()
            // Each worker takes the next brief until none is left; the engine runs on one thread a brief.
            DispatchQueue.concurrentPerform(iterations: max(1, min(workers, count))) { _ in
                while let index = next.withLock({ n -> Int? in
                    guard n < days.count else { return nil }
                    n += 1
                    return n - 1
                }) {
                    let day = days[index], started = clock.now
                    var attacker = LabAttacker(book: book, day: day, seed: seed)
                    let report = attacker.run(budget: budget, checkpoints: [300, budget])
                    var small = LabAttacker(book: book, day: day, seed: seed &+ 1, ingredientCap: 2)
                    let smallReport = small.run(budget: smallBudget, checkpoints: [smallBudget])
                    let seconds = Double((clock.now - started) / .milliseconds(1)) / 1000
                    // A checkpoint with nothing valid found yet counts as no score (shown as 0, and said so).
                    let at300 = report.bestAt[300]?.score ?? 0, atBudget = report.best?.score ?? 0, best2 = smallReport.best?.score ?? 0
                    if report.bestAt[300] == nil { print("note: \(UTCDay.string(day)): no recipe kept the brief's rules within 300 candidates") }
                    let name = String(book.labBrief(forDay: day).name.prefix(48))
                    let text = UTCDay.string(day) + "  " + name.padding(toLength: 48, withPad: " ", startingAt: 0)
                        + String(format: "  best@300 %4d  best@%d %4d  best≤2 %4d  candidates %d  seed-runs %d  %.0f s",
                                 at300, budget, atBudget, best2, report.candidates + smallReport.candidates,
                                 report.seedRuns + smallReport.seedRuns, seconds)
                    rows.withLock { $0.append((day, text, at300, atBudget, best2)) }
                    print(text)
                }
            }
            let all = rows.withLock { $0 }
            func median(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }
            let m300 = median(all.map(\.at300)), mBudget = median(all.map(\.atBudget)), maxSmall = all.map(\.small).max() ?? 0
            let met = m300 <= 850 && mBudget <= 950 && maxSmall < 900
            print("briefs=\(all.count) median@300=\(m300) median@\(budget)=\(mBudget) max≤2=\(maxSmall) goal=\(met ? "met" : "not met")")
        }
    }

    struct LabCalibrate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lab-calibrate",
            abstract: "Measure how far the Lab attacker reaches on each template of the briefs' catalogue (its scales come from this).",
            discussion: """
                For each template of the Lab's current catalogue, a brief held to the template's own \
                rules only (no rule of the pool), its goals' bests --stretch times as far from the \
                worst as the catalogue's measured bests (so no goal is capped), attacked with --budget candidates on the seeds of --day; then the same held to \
                one or two ingredients (--small-budget). Prints, per template, the goals' mean \
                readings of the best recipe after 300 and after --budget candidates and of the small \
                search, and both searches' best recipes as links (witnesses that the template can be \
                met). With --rule-budget N, then once for each rule of the pool the template allows: \
                a search of N candidates that starts from the better of the two bests made to keep \
                the rule, printed as a "rule" line with its readings and witness. With \
                --from-witnesses, no template search: each template's best is its witness \
                (PlumeBench's LabWitnesses), and per rule the witness made to keep the rule is \
                scored first; only a rule under which it keeps less than --cut of the witness's own \
                score gets the search of --rule-budget candidates. "ratio" is the rule's best \
                score over the witness's (on the stretched scales).
                """
        )

        @Option(help: "Candidates per template.") var budget = 1000
        @Option(name: .customLong("small-budget"), help: "Candidates of the one-or-two-ingredient search.") var smallBudget = 400
        @Option(help: "How many times as far from the worst as the catalogue's measured bests the calibration's bests lie.") var stretch = 3.0
        @Option(help: "Templates attacked at once (each on one thread).") var workers = 2
        @Option(help: "The search's seed.") var seed: UInt64 = 1
        @Option(help: "The day whose seeds the runs use (YYYY-MM-DD).") var day = "2026-12-01"
        @Option(help: "Only the templates whose names contain this.") var only: String?
        @Option(name: .customLong("rule-budget"), help: "Candidates of a search per rule of the pool (0: none).") var ruleBudget = 0
        @Flag(name: .customLong("from-witnesses"), help: "Start from each template's witness instead of searching the template.") var fromWitnesses = false
        @Option(help: "With --from-witnesses: search a rule only when the witness kept to it scores below this share of its own score.") var cut = 0.9
        @Flag(name: .customLong("rule-readings"), help: "Print each rule witness's (LabWitnesses.byRule) goal readings averaged over --days days' seeds, and nothing else.") var ruleReadings = false
        @Option(help: "With --rule-readings: the days, spread over the year from --day.") var days = 10

        func run() throws {
            let book = try loadBook()
            guard let day = UTCDay.parse(Substring(day)) else { throw fail("--day must be YYYY-MM-DD") }
            let seeds = SwarmContest.lab(day: day).seeds
            if ruleReadings { return Self.printRuleReadings(book: book, from: day, days: max(1, days)) }
            let briefs = LabCatalogue.calibration(stretch: stretch).filter { only.map($0.name.contains) ?? true }
            let next = Mutex(0)
            let budget = max(300, budget), smallBudget = smallBudget, seed = seed, ruleBudget = ruleBudget
            let fromWitnesses = fromWitnesses, cut = cut
            @Sendable func link(_ recipe: SwarmRecipe?) -> String { recipe.map { ShareCode.link(.swarm($0)) } ?? "-" }
            @Sendable func readings(_ recipe: SwarmRecipe?, _ brief: LabBrief) -> String {
                guard let recipe else { return "-" }
                let score = book.labScore(recipe, brief: brief, seeds: seeds, threads: 1)
                return score.parts.map { String(format: "%.4f", $0.reading) }.joined(separator: " ")
            }
            DispatchQueue.concurrentPerform(iterations: max(1, min(workers, briefs.count))) { _ in
                while let index = next.withLock({ n -> Int? in
                    guard n < briefs.count else { return nil }
                    n += 1
                    return n - 1
                }) {
                    let brief = briefs[index]
                    if fromWitnesses {
                        Self.rulesFromWitness(brief, book: book, seeds: seeds, seed: seed, ruleBudget: ruleBudget, cut: cut,
                                              readings: readings, link: link)
                        continue
                    }
                    var attacker = LabAttacker(book: book, brief: brief, seeds: seeds, seed: seed)
                    let report = attacker.run(budget: budget, checkpoints: [300, budget])
                    let speciesFixed = brief.constraints.contains { if case .exactSpecies = $0 { true } else { false } }
                    var small: LabAttacker.Report?
                    if !speciesFixed {
                        var attacker = LabAttacker(book: book, brief: brief, seeds: seeds, seed: seed &+ 1, ingredientCap: 2)
                        small = attacker.run(budget: smallBudget, checkpoints: [smallBudget])
                    }
                    let goals = brief.goals.map(\.measure.rawValue).joined(separator: "+")
                    print("""
                        template \(brief.name) [\(goals)] @300 \(readings(report.bestAt[300]?.recipe, brief)) \
                        @\(budget) \(readings(report.best?.recipe, brief)) ≤2 \(readings(small?.best?.recipe, brief)) \
                        ingredients \(report.best?.recipe.ingredients.count ?? 0) agents \(report.best?.recipe.totalPopulation ?? 0) \
                        seed-runs \(report.seedRuns + (small?.seedRuns ?? 0)) witness \(link(report.best?.recipe)) small-witness \(link(small?.best?.recipe))
                        """)
                    guard ruleBudget > 0 else { continue }
                    // Each rule of the pool, from the better best (on the stretched scales, one score).
                    let start = [report.best, small?.best].compactMap { $0 }.max { $0.score < $1.score }?.recipe
                    for ruled in LabCatalogue.calibrationByRule(brief) {
                        var attacker = LabAttacker(book: book, brief: ruled, seeds: seeds, seed: seed &+ 2, start: start)
                        let found = attacker.run(budget: ruleBudget, checkpoints: [ruleBudget])
                        print("rule \(ruled.name) [\(goals)] @\(ruleBudget) \(readings(found.best?.recipe, ruled)) witness \(link(found.best?.recipe))")
                    }
                }
            }
        }

        /// Each rule witness's goal readings, each the mean over the seeds of `days` days spread
        /// over the year from `first` (a rule's bests: one day's seeds can flatter a fragile swarm).
        static func printRuleReadings(book: ChallengeBook, from first: Int, days: Int) {
            let briefs = LabCatalogue.calibration(stretch: 3)
            let rows = LabWitnesses.byRule.map { ($0.template, $0.rule, $0.link) }
            let results = Mutex([Int: String]())
            DispatchQueue.concurrentPerform(iterations: rows.count) { index in
                let (template, rule, text) = rows[index]
                guard let brief = briefs.first(where: { $0.name == template }), let witness = LabWitnesses.recipe(text) else {
                    results.withLock { $0[index] = "\(template) · \(rule): no brief or witness" }
                    return
                }
                var sums = [Double](repeating: 0, count: brief.goals.count)
                for n in 0..<days {
                    let parts = book.labScore(witness, brief: brief, seeds: SwarmContest.lab(day: first + n * 365 / days).seeds, threads: 1).parts
                    for (goal, part) in parts.enumerated() { sums[goal] += part.reading }
                }
                let readings = sums.map { String(format: "%.4f", $0 / Double(days)) }.joined(separator: " ")
                results.withLock { $0[index] = "readings \(template) · \(rule) [\(brief.goals.map(\.measure.rawValue).joined(separator: "+"))] over \(days) days \(readings)" }
            }
            let lines = results.withLock { $0 }
            for index in rows.indices { print(lines[index] ?? "") }
        }

        /// Each rule of the pool the template allows, from the template's witness: the witness
        /// kept to the rule, and a search of `ruleBudget` candidates where that keeps less than `cut`.
        static func rulesFromWitness(_ brief: LabBrief, book: ChallengeBook, seeds: [UInt64], seed: UInt64, ruleBudget: Int, cut: Double,
                                     readings: (SwarmRecipe?, LabBrief) -> String, link: (SwarmRecipe?) -> String) {
            let goals = brief.goals.map(\.measure.rawValue).joined(separator: "+")
            guard let witness = LabWitnesses.template(brief.name).flatMap(LabWitnesses.recipe) else {
                print("template \(brief.name): no witness in LabWitnesses")
                return
            }
            let own = book.labScore(witness, brief: brief, seeds: seeds, threads: 1).score
            print("template \(brief.name) [\(goals)] witness \(readings(witness, brief)) score \(own)")
            for ruled in LabCatalogue.calibrationByRule(brief) {
                var screen = LabAttacker(book: book, brief: ruled, seeds: seeds, seed: seed &+ 2, start: witness)
                var found = screen.run(budget: 1, checkpoints: [1])
                var spent = 1
                if Double(found.best?.score ?? 0) < cut * Double(own), ruleBudget > 0 {
                    var attacker = LabAttacker(book: book, brief: ruled, seeds: seeds, seed: seed &+ 2, start: witness)
                    found = attacker.run(budget: ruleBudget, checkpoints: [ruleBudget])
                    spent = ruleBudget
                }
                let ratio = Double(found.best?.score ?? 0) / Double(max(1, own))
                print("rule \(ruled.name) [\(goals)] @\(spent) \(readings(found.best?.recipe, ruled)) ratio \(String(format: "%.2f", ratio)) witness \(link(found.best?.recipe))")
            }
        }
    }
}
