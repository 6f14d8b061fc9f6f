// `plume open`'s end: hand the link to the game that owns the socket, and read its answer.
import Foundation

#if canImport(Glibc)
import Glibc
#endif

public enum Delivery: Sendable, Equatable {
    /// The running game took the link; its words say where it went.
    case delivered(String)
    /// The running game read the message and refused it.
    case refused(String)
    /// No game is running (nothing listens and nobody holds the lock).
    case noGame
    /// A game seems to be there but the exchange failed; the reason in words.
    case failed(String)
}

public enum LinkSender {
    /// How long to wait for the game's answer.
    public static let replyDeadline: Duration = .seconds(5)

    public static func send(_ text: String, to place: RelayPlace) -> Delivery {
        // A game that is starting holds the lock a moment before it listens: try again briefly.
        for attempt in 0..<20 {
            switch connect(place.socket) {
            case .success(let fd):
                defer { close(fd) }
                return exchange(fd, text)
            case .failure(let error):
                let code = error.code
                guard code == ECONNREFUSED || code == ENOENT, isLocked(place.lock) else {
                    return code == ECONNREFUSED || code == ENOENT ? .noGame
                        : .failed("can't reach \(place.socket): \(String(cString: strerror(code)))")
                }
                if attempt < 19 { usleep(50_000) }
            }
        }
        return .failed("a Plume game holds \(place.lock) but isn't listening on \(place.socket)")
    }

    private static func exchange(_ fd: Int32, _ text: String) -> Delivery {
        guard writeAll(fd, Array((LinkListener.greeting + text).utf8)) else {
            return .failed("the running game closed the connection")
        }
        shutdown(fd, Int32(SHUT_WR))
        let (bytes, _) = readAll(fd, limit: 4096, deadline: .now + replyDeadline)
        let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        if line.hasPrefix("ok ") { return .delivered(String(line.dropFirst(3))) }
        if line.hasPrefix("refused ") { return .refused(String(line.dropFirst(8))) }
        return .failed(bytes.isEmpty ? "the running game didn't answer" : "the running game's answer couldn't be read")
    }

    private static func connect(_ path: String) -> Result<Int32, SystemError> {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .failure(SystemError(code: errno)) }
        let status = withSocketAddress(path) { Glibc.connect(fd, $0, $1) }
        if status != 0 {
            let code = errno
            close(fd)
            return .failure(SystemError(code: code))
        }
        return .success(fd)
    }

    /// Whether some process holds the game lock (a game is running or starting).
    public static func isLocked(_ path: String) -> Bool {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return false
        }
        return true
    }
}

struct SystemError: Error { let code: Int32 }
