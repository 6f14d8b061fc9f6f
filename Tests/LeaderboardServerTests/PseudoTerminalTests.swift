// The pseudo-terminal shim (CPseudoTerminal) through GameProcess, as a hosted game is started: a
// program in its own session on a new terminal of the size asked, the hand-off on descriptor 3,
// limits applied, a resize, signals to its group, and its end reaped with its status. `make
// sanitize` runs these under AddressSanitizer and UndefinedBehaviorSanitizer.
import Foundation
import Testing
@testable import HostedGames

@Suite struct PseudoTerminalTests {
    static let limits = GameProcess.Limits(memoryBytes: 1 << 30, cpuSeconds: 60, nice: 5)

    /// What the terminal shows, read as it comes, until `done` says enough (or 20 s pass).
    func output(of process: GameProcess, until done: (String) -> Bool) -> String {
        var seen = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !done(seen) {
            var ready = pollfd(fd: process.master, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 200) > 0 else { continue }
            let got = read(process.master, &buffer, buffer.count)
            if got > 0 { seen += String(decoding: buffer[0..<got], as: UTF8.self) } else if got < 0, errno == EINTR || errno == EAGAIN { continue } else { break }
        }
        return seen
    }

    func ended(_ process: GameProcess) async -> Int32 {
        await withCheckedContinuation { continuation in process.whenEnded { continuation.resume(returning: $0) } }
    }

    @Test func aProgramRunsInItsOwnTerminalWithTheHandOffSizeAndLimits() async throws {
        let script = "stty size; cat <&3; echo; ulimit -t; nice; tty"
        let process = try GameProcess.start(executable: "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"],
                                            directory: "/", handoff: Array("hand-off".utf8), columns: 91, rows: 37, limits: Self.limits)
        let shown = output(of: process) { $0.contains("/dev/pts/") && $0.hasSuffix("\n") }
        #expect(await ended(process) == 0)
        let lines = shown.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first == "37 91", "\(shown)")
        #expect(lines.contains("hand-off") && lines.contains("60") && lines.contains("5"), "\(shown)")
        #expect(lines.last?.hasPrefix("/dev/pts/") == true, "\(shown)")
    }

    @Test func aResizeReachesTheProgramAndAHangUpEndsItsGroup() async throws {
        let script = "trap 'stty size' WINCH; echo ready; while :; do sleep 0.05; done"
        let process = try GameProcess.start(executable: "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"],
                                            directory: "/", handoff: [], columns: 80, rows: 24, limits: Self.limits)
        #expect(output(of: process) { $0.contains("ready") }.contains("ready"))
        process.resize(columns: 120, rows: 40)
        let seen = output(of: process) { $0.contains("40 120") }
        #expect(seen.contains("40 120"), "\(seen)")
        process.signal(SIGHUP)
        let status = await ended(process)
        #expect(status == 128 + SIGHUP, "ended with \(status)")
        // Once reaped, signals are no-ops (its pid may be another process's by then).
        process.signal(SIGKILL)
    }
}
