// Where a running game listens for links: a Unix domain socket and a lock file in a directory
// only this user can enter — `$XDG_RUNTIME_DIR/plume`, or `plume-UID` under the temporary
// directory when there is no usable runtime directory.
import Foundation

#if canImport(Glibc)
import Glibc
#endif

public struct RelayPlace: Sendable, Equatable {
    public let directory: String
    public var socket: String { directory + "/game.sock" }
    public var lock: String { directory + "/game.lock" }

    public init(directory: String) { self.directory = directory }

    /// The directory for this user, created 0700 if missing, or why there is none to use.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<RelayPlace, RelayError> {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), isPrivateDirectory(runtime) {
            let place = RelayPlace(directory: runtime + "/plume")
            if case .success = place.prepare() { return .success(place) }
        }
        var temporary = environment["TMPDIR"] ?? "/tmp"
        if !temporary.hasPrefix("/") || temporary.isEmpty { temporary = "/tmp" }
        while temporary.count > 1 && temporary.hasSuffix("/") { temporary.removeLast() }
        let place = RelayPlace(directory: temporary + "/plume-\(getuid())")
        return place.prepare().map { place }
    }

    /// Creates the directory (0700) if it is missing, then checks it: a real directory, not a
    /// link, owned by this user, closed to everyone else (a mode that lets others in is
    /// tightened, since the directory is ours). The socket's path must fit in `sun_path`.
    public func prepare() -> Result<Void, RelayError> {
        if socket.utf8.count >= 108 { return .failure(.unusable("the path \(socket) is too long for a socket")) }
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            return .failure(.unusable("can't create \(directory): \(String(cString: strerror(errno)))"))
        }
        var info = stat()
        guard lstat(directory, &info) == 0 else {
            return .failure(.unusable("can't read \(directory): \(String(cString: strerror(errno)))"))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return .failure(.unusable("\(directory) is not a directory")) }
        guard info.st_uid == getuid() else { return .failure(.unusable("\(directory) belongs to another user")) }
        if info.st_mode & 0o077 != 0, chmod(directory, 0o700) != 0 {
            return .failure(.unusable("\(directory) is open to other users and can't be closed"))
        }
        return .success(())
    }

    static func isPrivateDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR && info.st_uid == getuid()
    }
}

public enum RelayError: Error, Equatable, CustomStringConvertible {
    /// There is no private place for the socket (the reason in words).
    case unusable(String)
    /// The socket couldn't be made to listen.
    case socket(String)

    public var description: String {
        switch self {
        case .unusable(let why), .socket(let why): why
        }
    }
}

/// `sockaddr_un` for a path, and a call that takes it as a `sockaddr`.
func withSocketAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (index, byte) in bytes.prefix(raw.count - 1).enumerated() { raw[index] = byte }
    }
    return withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
}

/// Reads from `fd` until end of file, `limit` bytes, or the deadline; never blocks past it.
func readAll(_ fd: Int32, limit: Int, deadline: ContinuousClock.Instant) -> (bytes: [UInt8], ended: Bool) {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while bytes.count <= limit {
        let left = deadline - ContinuousClock.now
        let milliseconds = Int32(max(0, min(Double(Int32.max), Double(left.components.seconds) * 1000 + Double(left.components.attoseconds) / 1e15)))
        if milliseconds <= 0 { return (bytes, false) }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, milliseconds)
        if ready < 0 && errno == EINTR { continue }
        if ready <= 0 { return (bytes, false) }
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
        if count <= 0 { return (bytes, count == 0) }
        bytes += buffer[0..<count]
    }
    return (bytes, false)
}

/// Writes all of `bytes`, giving up on an error (the peer went away).
func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
        let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { return false }
        sent += count
    }
    return true
}
