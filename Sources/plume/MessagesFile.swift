// `plume play --messages-to PATH`: the game's messages as plain lines, for a speech program to
// read as they come (Narrator says which). PATH may be a file (appended to), a named pipe or a
// descriptor the player opened (/dev/fd/3). Writing never holds up the game: the descriptor is
// made non-blocking, a named pipe with nobody reading yet is opened again at the next line, and
// a line that doesn't fit a full pipe is dropped rather than waited for (a line cut short is
// ended, so the next starts on its own).
import Foundation

final class MessagesFile {
    struct Problem: Error { let words: String }

    private let path: String
    private let isPipe: Bool
    private var descriptor: Int32 = -1

    init(path: String) throws(Problem) {
        self.path = path
        var status = stat()
        let exists = stat(path, &status) == 0
        if exists, (status.st_mode & S_IFMT) == S_IFDIR { throw Problem(words: "it is a directory") }
        isPipe = exists && (status.st_mode & S_IFMT) == S_IFIFO
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, !FileManager.default.fileExists(atPath: parent) { throw Problem(words: "\(parent) doesn't exist") }
        // A reader that goes away must not end the game: the write says EPIPE instead.
        signal(SIGPIPE, SIG_IGN)
        // A named pipe nobody reads yet opens later; anything else that can't be opened is said.
        if !open(), !(isPipe && errno == ENXIO) { throw Problem(words: String(cString: strerror(errno))) }
    }

    /// Opens PATH for appending, without blocking (a descriptor passed as /dev/fd/N may come back
    /// as that descriptor's blocking twin, so it is made non-blocking again).
    private func open() -> Bool {
        descriptor = Foundation.open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        return true
    }

    func write(_ lines: [String]) {
        guard !lines.isEmpty, descriptor >= 0 || (isPipe && open()) else { return }
        for line in lines {
            let bytes = Array((line + "\n").utf8)
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress!, $0.count) }
            if written < 0 {
                // The reader went away: start again with the next line (a new reader may come).
                if errno == EPIPE, isPipe {
                    close(descriptor)
                    descriptor = -1
                }
                return
            }
            if written < bytes.count {
                _ = "\n".withCString { Foundation.write(descriptor, $0, 1) }
                return
            }
        }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }
}
