// `plume play --messages-to PATH`: the game's messages as plain lines, for a speech program to
// read as they come (Narrator says which). PATH may be a file (appended to), a named pipe or a
// descriptor the player opened (/dev/fd/3). Writing never holds up the game: the file is opened
// without blocking, a pipe with nobody reading yet is opened again at the next line, and a line
// that doesn't fit a full pipe is dropped rather than waited for.
import Foundation

final class MessagesFile {
    struct Problem: Error { let words: String }

    private let path: String
    private var descriptor: Int32 = -1

    init(path: String) throws(Problem) {
        self.path = path
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { throw Problem(words: "it is a directory") }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, !FileManager.default.fileExists(atPath: parent) { throw Problem(words: "\(parent) doesn't exist") }
        if !open(), errno != ENXIO { throw Problem(words: String(cString: strerror(errno))) }
        // A reader that goes away must not end the game: the write says EPIPE instead.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Opens PATH for appending, without blocking. False when it can't be (for a pipe with no
    /// reader yet, errno is ENXIO: it is tried again with the next line).
    private func open() -> Bool {
        descriptor = Foundation.open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        return descriptor >= 0
    }

    func write(_ lines: [String]) {
        guard !lines.isEmpty, descriptor >= 0 || open() else { return }
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress!, $0.count) }
        // The reader went away: start again with the next line (a new reader may come).
        if written < 0, errno == EPIPE {
            close(descriptor)
            descriptor = -1
        }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }
}
