// plume-fuzz: one harness of PlumeFuzz at a time (PLUME_FUZZ_TARGET=NAME), under libFuzzer when
// built for it (`make fuzz`: -sanitize=fuzzer and -DPLUME_FUZZER), where an input that breaks
// the harness's rule stops the run and is kept as a crash; built plainly, it replays files:
//
//     plume-fuzz --list
//     plume-fuzz --write-seeds DIR  (each harness's first inputs, in DIR/NAME)
//     plume-fuzz NAME FILE…        (each file through NAME's oracle; exit 1 if one breaks it)
import Foundation
import PlumeFuzz

#if PLUME_FUZZER
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

nonisolated(unsafe) var chosen: Harness?

/// The harness PLUME_FUZZ_TARGET names; the run stops, in words, when it names none.
func choose() -> Harness {
    guard let name = ProcessInfo.processInfo.environment["PLUME_FUZZ_TARGET"], let harness = Harnesses.named(name) else {
        FileHandle.standardError.write(Data(("plume-fuzz: set PLUME_FUZZ_TARGET to one of: " + Harnesses.all.map(\.name).joined(separator: " ") + "\n").utf8))
        exit(2)
    }
    return harness
}

/// libFuzzer calls this once before the first input (its own main runs the show).
@_cdecl("LLVMFuzzerInitialize")
func fuzzInitialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 {
    chosen = choose()
    return 0
}

/// The executable's entry point as SwiftPM names it, should the linker take it for `main`:
/// libFuzzer's driver, the same way.
@_cdecl("plume_fuzz_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    chosen = choose()
    var count = argc
    var vector = argv
    return runFuzzerDriver(&count, &vector) { data, size in fuzzOne(data, size) }
}

/// One input through the chosen harness: a broken rule is said, and stops the run as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let harness = chosen ?? choose()
    if let broken = harness.check(bytes) {
        FileHandle.standardError.write(Data("plume-fuzz: \(harness.name): \(broken)\n".utf8))
        abort()
    }
    return 0
}
#else
@main
struct Replay {
    static func main() throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--write-seeds", arguments.count == 2 {
            // Each harness's first inputs, as files named by their content.
            for harness in Harnesses.all {
                let directory = arguments[1] + "/" + harness.name
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                for seed in Seeds.make(harness.name) {
                    let name = seed.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
                    _ = FileManager.default.createFile(atPath: directory + "/seed-" + String(name, radix: 16), contents: Data(seed))
                }
            }
            return
        }
        if arguments.first == "--list" || arguments.isEmpty {
            for harness in Harnesses.all { print("\(harness.name)\t\(harness.summary)") }
            exit(arguments.isEmpty ? 2 : 0)
        }
        guard let harness = Harnesses.named(arguments[0]) else {
            FileHandle.standardError.write(Data("plume-fuzz: no harness is called \(arguments[0]) (see --list)\n".utf8))
            exit(2)
        }
        var broken = 0
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("plume-fuzz: can't read \(path)\n".utf8))
                exit(2)
            }
            if let problem = harness.check(Array(data)) {
                print("\(path): \(problem)")
                broken += 1
            }
        }
        exit(broken == 0 ? 0 : 1)
    }
}
#endif
