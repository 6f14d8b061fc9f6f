// Every input the fuzzing keeps — each harness's corpus and the regressions (inputs that once
// broke a rule, minimised) — run through the same oracles here, without libFuzzer: on any
// machine, the ordinary tests guard every fix the fuzzing led to.
import Foundation
@testable import PlumeFuzz
import Testing

/// Runs an oracle on a thread of its own: the server's harness waits for async work, which must
/// not hold one of the few threads Swift's concurrency shares (the tests run on them).
func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: work()) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

@Suite struct FuzzReplayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    static func inputs(_ kind: String, _ harness: String) -> [URL] {
        let directory = root.appendingPathComponent(kind).appendingPathComponent(harness)
        return ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
            .filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
    }

    @Test(arguments: Harnesses.all.map(\.name))
    func everyKeptInputHoldsItsHarnesssRules(_ name: String) async throws {
        let harness = try #require(Harnesses.named(name))
        let kept = Self.inputs("corpus", name) + Self.inputs("regressions", name)
        #expect(!Self.inputs("corpus", name).isEmpty, "\(name) has no corpus")
        let inputs = try kept.map { ($0.lastPathComponent, Array(try Data(contentsOf: $0))) }
        let broken = await onThread { inputs.compactMap { file, bytes in harness.check(bytes).map { "\(file) breaks \(name): \($0)" } } }
        #expect(broken.isEmpty, "\(broken)")
    }

    @Test func everyHarnessHasADictionaryAndTheSeedsHoldTheRules() async throws {
        for harness in Harnesses.all {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("dict/\(harness.name).dict").path), "\(harness.name) has no dictionary")
        }
        let broken = await onThread {
            Harnesses.all.flatMap { harness in Seeds.make(harness.name).compactMap { harness.check($0).map { "a seed of \(harness.name): \($0)" } } }
        }
        #expect(broken.isEmpty, "\(broken)")
    }

    /// The structured generator (random, mutated and mangled links, broken recipes, over-long
    /// pastes), 20 000 inputs from a fixed seed, through the importer's rules.
    @Test func generatedPastesNeverBreakTheImporter() {
        var fuzzer = LinkFuzzer(importer: LinkDoors.importer, seed: 42)
        let report = fuzzer.run(inputs: 20_000)
        #expect(report.failures.isEmpty, "\(report.failures)")
        #expect(report.accepted > 1_000 && report.rejected > 1_000)
    }

    /// The oracles can fail: what they guard against is caught when it is there.
    @Test func theOraclesCatchWhatTheyGuard() throws {
        #expect(LinkDoors.checkWords("") != nil && LinkDoors.checkWords("bad\u{1B}[31m") != nil && LinkDoors.checkWords("the code is damaged") == nil)
        // A sealed box spelled otherwise than the server spells it (padding) would be a second spelling.
        let genuine = try #require(Seeds.make("sealed").first.map { String(decoding: $0, as: UTF8.self) })
        #expect(ServerDoors.canonical(genuine, prefix: "rt1.") == nil && ServerDoors.canonical(genuine + "=", prefix: "rt1.") != nil)
        // A request answered 5xx, or refused with a code outside the list, breaks the server's rule.
        #expect(ServerDoors.knownCodes.contains("not_found") && !ServerDoors.knownCodes.contains("made_up"))
        #expect(InputDoors.checkInput([5, 0, 0, 104, 5, 1]) == nil)
    }
}
