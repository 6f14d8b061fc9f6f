// The generic program loop: draw, wait for input (or the next frame, or the clock, as the
// program's timing and the Schedule say), update, and hand each command to the caller, whose
// work comes back as messages through the inbox. Nothing here knows what the program is.
import Foundation
import TUI

public enum ProgramLoop {
    /// What the loop does after a command was handed over.
    public enum Reaction {
        case proceed
        case quit
    }

    /// Runs `program` until a command is answered with `.quit`; returns the program as it ended.
    /// `watchInbox`: other threads may post to `inbox` at any time, so it is looked at every
    /// 200 ms even when nothing else is expected. `terminating` runs (on another thread) when
    /// SIGTERM or SIGHUP arrives, before the terminal is restored and the process ends; what it
    /// returns is written to standard error once the terminal is back. A second signal while it
    /// runs ends the process at once. `drawn` sees the program after each drawing.
    @discardableResult
    public static func run<P: Program>(_ initial: P, on screen: TerminalScreen, inbox: Inbox<P.Message>, watchInbox: Bool,
                                       schedule: Schedule = Schedule(), terminating: @escaping @Sendable () -> String? = { nil },
                                       drawn: (P) -> Void = { _ in }, perform: (P.Command) -> Reaction) -> P {
        var program = initial
        let signals = TerminationSignals(terminating)
        defer { signals.cancel() }
        let clock = ContinuousClock()
        let origin = clock.now
        func monotonic() -> Double { (clock.now - origin) / .seconds(1) }
        var memory = Schedule.Memory(lastFrame: monotonic())
        // Drawn again only after something happened: a wake-up that brought nothing (a look at
        // the inbox) costs no drawing, so an idle program stays idle.
        var dirty = true
        while true {
            if dirty {
                screen.draw(program.view())
                drawn(program)
            }
            var timing = program.timing
            timing.answers = timing.answers || inbox.expecting
            let wait = schedule.wait(timing, monotonic: monotonic(), wall: Date().timeIntervalSince1970, memory: memory, watchingInbox: watchInbox)
            let events = screen.read(timeout: wait)
            let now = monotonic(), wall = Date().timeIntervalSince1970
            let due = schedule.due(timing, monotonic: now, wall: wall, memory: memory, hadInput: !events.isEmpty)
            var messages: [P.Message] = []
            // The time first, so that input is handled in the right day.
            if due.clock {
                memory.lastClock = wall
                messages.append(.clock(wall))
            }
            messages += events.map(P.Message.init(input:))
            messages += inbox.take()
            if due.frame {
                memory.lastFrame = now
                messages.append(.frame)
            }
            dirty = !messages.isEmpty
            for message in messages {
                for command in program.update(message) where perform(command) == .quit { return program }
            }
        }
    }
}

/// SIGTERM and SIGHUP passed from the signal handler (which only writes the signal's number to
/// a pipe) to a thread of their own, so the work that must happen before the end — writing the
/// last save — can do ordinary I/O; then the terminal is put back and the signal delivered
/// again with its default action.
private final class TerminationSignals: @unchecked Sendable {
    private static let signals = [SIGTERM, SIGHUP]

    init(_ terminating: @escaping @Sendable () -> String?) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        let (reader, writer) = (fds[0], fds[1])
        terminationPipe = writer
        let thread = Thread {
            var number: UInt8 = 0
            let got = read(reader, &number, 1)
            close(reader)
            guard got == 1 else { return }
            let words = terminating()
            TerminalRestore.restoreNow()
            if let words { FileHandle.standardError.write(Data((words + "\n").utf8)) }
            signal(Int32(number), SIG_DFL)
            raise(Int32(number))
        }
        thread.start()
        for number in Self.signals { signal(number, passToThread) }
    }

    /// Back to the terminal's own handlers; the waiting thread sees the pipe close and ends.
    func cancel() {
        TerminalRestore.install()
        let writer = terminationPipe
        terminationPipe = -1
        if writer >= 0 { close(writer) }
    }
}

/// The pipe's write end, for the signal handler (only async-signal-safe calls there), and
/// whether a signal has already been passed on.
nonisolated(unsafe) private var terminationPipe: Int32 = -1
nonisolated(unsafe) private var terminationPassed: Int32 = 0

private func passToThread(_ number: Int32) {
    // A second signal while the first is handled (a save stuck on a dead disk): end now.
    if terminationPassed != 0 || terminationPipe < 0 {
        TerminalRestore.restoreNow()
        signal(number, SIG_DFL)
        raise(number)
        return
    }
    terminationPassed = 1
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(terminationPipe, &byte, 1)
}
