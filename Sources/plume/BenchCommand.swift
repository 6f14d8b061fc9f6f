// `plume bench …`: benchmarks and the link fuzzer, meant for release builds.
import ArgumentParser
import Foundation
import GameState

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Benchmarks (run with swift run -c release).",
        subcommands: [Links.self]
    )

    struct Links: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fuzz the link importer with random and structured hostile input.",
            discussion: """
                Feeds N generated inputs (random bytes, mutated and mangled links, broken Emergent
                links and recipes, over-long pastes) through the importer; every accepted input must
                be a valid state that round-trips. Exits 1 on any failure. Prints, last:
                inputs=N accepted=A rejected=R failures=F seconds=S inputs_per_s=…
                """
        )

        @Option(help: "How many inputs to generate.")
        var inputs = 1_000_000

        @Option(help: "Generator seed (the same seed gives the same inputs).")
        var seed: UInt64 = 1

        func run() throws {
            var fuzzer = LinkFuzzer(importer: LinkImporter(catalog: try loadCatalog()), seed: seed)
            let clock = ContinuousClock()
            let start = clock.now
            let report = fuzzer.run(inputs: inputs)
            let elapsed = clock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            for failure in report.failures { printError("failure: " + failure) }
            print(String(format: "inputs=%d accepted=%d rejected=%d failures=%d seconds=%.2f inputs_per_s=%.0f",
                         report.inputs, report.accepted, report.rejected, report.failures.count, seconds, Double(report.inputs) / seconds))
            if !report.failures.isEmpty { throw ExitCode(1) }
        }
    }
}
