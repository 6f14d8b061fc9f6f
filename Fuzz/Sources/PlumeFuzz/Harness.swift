// A harness per door of outside input: a name, what it feeds, and an oracle stronger than "does
// not crash" — given one input, nil when every rule held, else the rule that broke, in words.
// libFuzzer's driver (plume-fuzz, built with -sanitize=fuzzer) stops on a broken rule, and the
// ordinary tests (FuzzReplayTests) run every kept input through the same oracle without it.

public struct Harness: Sendable {
    public let name: String
    /// What the harness feeds, for `plume-fuzz --list`.
    public let summary: String
    public let check: @Sendable ([UInt8]) -> String?

    public init(_ name: String, _ summary: String, check: @escaping @Sendable ([UInt8]) -> String?) {
        (self.name, self.summary, self.check) = (name, summary, check)
    }
}

public enum Harnesses {
    /// Every harness, in the order `make fuzz` runs them.
    public static let all: [Harness] = LinkDoors.harnesses + InputDoors.harnesses + ServerDoors.harnesses + HostingDoors.harnesses
        + ConfigDoors.harnesses

    public static func named(_ name: String) -> Harness? { all.first { $0.name == name } }
}

/// Text from bytes as a terminal or a socket would make it: invalid UTF-8 replaced, not refused.
func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// A rule that held (nil) or broke (its words), for oracles written as a list of checks.
func rule(_ holds: Bool, _ words: @autoclosure () -> String) -> String? { holds ? nil : words() }
