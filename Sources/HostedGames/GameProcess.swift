// One game: `plume hosted` in its own session on a new pseudo-terminal (CPseudoTerminal does the
// fork and exec). A thread per game waits for it to end; until then its process group may be
// signalled (SIGHUP when the player leaves, SIGKILL if it lingers); once it has ended, anything
// left in its group is killed and the game is reaped, so nothing is left behind.
import CPseudoTerminal
import Foundation
import Synchronization

final class GameProcess: Sendable {
    let pid: pid_t
    /// The pseudo-terminal's master side; the session's pipe channel owns it.
    let master: Int32
    /// True once the game has ended (signals are then no-ops: its pid may be reused once reaped).
    private let ended = Mutex(false)

    struct Limits: Sendable {
        var memoryBytes: UInt64
        var cpuSeconds: UInt64
        var openFiles: UInt64 = 256
        var fileBytes: UInt64 = 64 << 20
        var nice: Int32
    }

    struct StartFailure: Error, CustomStringConvertible {
        let errno: Int32
        var description: String { String(cString: strerror(errno)) }
    }

    private init(pid: pid_t, master: Int32) {
        (self.pid, self.master) = (pid, master)
    }

    /// Starts `executable`; `handoff` is written to a pipe the game reads as its descriptor 3.
    static func start(executable: String, arguments: [String], environment: [String: String], directory: String,
                      handoff: [UInt8], columns: Int, rows: Int, limits: Limits) throws(StartFailure) -> GameProcess {
        var pipeEnds: [Int32] = [0, 0]
        let piped = plume_pipe(&pipeEnds)
        guard piped == 0 else { throw StartFailure(errno: piped) }
        defer { close(pipeEnds[0]) }
        // The hand-off is small (well under a pipe's 64 KiB), so it is written whole before the game starts.
        let written = handoff.withUnsafeBytes { write(pipeEnds[1], $0.baseAddress, $0.count) }
        close(pipeEnds[1])
        guard written == handoff.count else { throw StartFailure(errno: EIO) }
        var cLimits = plume_child_limits(address_space: limits.memoryBytes, cpu_seconds: limits.cpuSeconds, open_files: limits.openFiles,
                                         file_size: limits.fileBytes, nice: limits.nice)
        var child = plume_pty_child()
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let clampedColumns = UInt16(clamping: max(1, columns)), clampedRows = UInt16(clamping: max(1, rows))
        let result = argv.withUnsafeBufferPointer { argvBuffer in
            envp.withUnsafeBufferPointer { envpBuffer in
                plume_pty_spawn(executable, argvBuffer.baseAddress, envpBuffer.baseAddress, directory, pipeEnds[0],
                                clampedColumns, clampedRows, &cLimits, &child)
            }
        }
        guard result == 0 else { throw StartFailure(errno: result) }
        return GameProcess(pid: child.pid, master: child.master)
    }

    func resize(columns: Int, rows: Int) {
        _ = plume_pty_resize(master, UInt16(clamping: max(1, columns)), UInt16(clamping: max(1, rows)))
    }

    /// Signals the game's process group, unless it has ended.
    func signal(_ number: Int32) {
        ended.withLock { ended in
            if !ended { _ = plume_pty_signal(pid, number) }
        }
    }

    /// Waits on a thread of its own; `done` gets the exit status (128 + signal for a signal).
    func whenEnded(_ done: @escaping @Sendable (Int32) -> Void) {
        let thread = Thread { [self] in
            _ = plume_pty_await_exit(pid)
            ended.withLock { ended in
                // Whatever the game left in its group goes with it, while its pid still names the group.
                _ = plume_pty_signal(pid, SIGKILL)
                ended = true
            }
            done(plume_pty_reap(pid))
        }
        thread.name = "plume-game-\(pid)"
        thread.stackSize = 256 * 1024
        thread.start()
    }
}
