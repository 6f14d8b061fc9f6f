// Puts the terminal back as it was — on quit, on SIGTERM/SIGHUP, and on a crash — using only
// async-signal-safe calls (write, tcsetattr), since a crash's signal handler may run it.
import CNCurses
import Foundation

/// The terminal settings before Plume started, for the signal handler.
nonisolated(unsafe) private var savedTermios = termios()
nonisolated(unsafe) private var haveSavedTermios = false

/// Leaves the alternate screen, shows the cursor, turns off bracketed paste and mouse reports,
/// resets colours.
let resetSequence: [UInt8] = Array("\u{1B}[?2004l\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l\r\n".utf8)

enum TerminalRestore {
    static func saveCurrentSettings() {
        if tcgetattr(STDIN_FILENO, &savedTermios) == 0 { haveSavedTermios = true }
    }

    static func install() {
        for sig in [SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
            signal(sig, restoreAndReraise)
        }
    }

    /// Resets the screen and the saved terminal settings at once, from any thread.
    static func restoreNow() {
        resetSequence.withUnsafeBufferPointer { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        if haveSavedTermios { tcsetattr(STDIN_FILENO, TCSANOW, &savedTermios) }
    }

    static func uninstall() {
        for sig in [SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] { signal(sig, SIG_DFL) }
    }
}

private func restoreAndReraise(_ sig: Int32) {
    TerminalRestore.restoreNow()
    signal(sig, SIG_DFL)
    raise(sig)
}
