// The running game's end: it holds an exclusive lock for as long as it runs, so exactly one game
// owns the socket; a socket left by a game that crashed is found (its lock is free) and replaced.
// Each connection is read on its own thread with a deadline, so a client that connects and says
// nothing can't hold anything up.
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// What one connection brought.
public enum Incoming: Sendable, Equatable {
    /// A message of the right shape; the handler decides whether it is a link.
    case text(String)
    /// Refused before the handler saw it, with the reason in words.
    case refused(String)
}

/// The game's answer, sent back to the client.
public enum Reply: Sendable, Equatable {
    case accepted(String)
    case refused(String)

    var line: String {
        switch self {
        case .accepted(let words): "ok " + words + "\n"
        case .refused(let words): "refused " + words + "\n"
        }
    }
}

public final class LinkListener: Sendable {
    /// The first line of every message, so a stray connection is never read as a link.
    public static let greeting = "plume-open 1\n"
    /// The most a message may carry after its greeting (the importer's paste limit).
    public static let maxMessageBytes = 4096
    /// How long a client has to send its message.
    public static let readDeadline: Duration = .seconds(2)
    /// Connections read at once; more are closed straight away.
    static let maxConnections = 16

    public let place: RelayPlace
    private let lockFD: Int32
    private let socketFD: Int32
    private let open = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)

    private init(place: RelayPlace, lockFD: Int32, socketFD: Int32) {
        self.place = place
        self.lockFD = lockFD
        self.socketFD = socketFD
    }

    /// Takes the socket for this game, or returns nil when another running game holds it.
    /// `handle` is called on a background thread for every message.
    public static func claim(_ place: RelayPlace, handle: @escaping @Sendable (Incoming) -> Reply) -> Result<LinkListener?, RelayError> {
        let lockFD = Glibc.open(place.lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lockFD >= 0 else { return .failure(.socket("can't open \(place.lock): \(String(cString: strerror(errno)))")) }
        if flock(lockFD, LOCK_EX | LOCK_NB) != 0 {
            let busy = errno == EWOULDBLOCK
            close(lockFD)
            return busy ? .success(nil) : .failure(.socket("can't lock \(place.lock): \(String(cString: strerror(errno)))"))
        }
        // The lock is ours, so any socket file here is stale.
        unlink(place.socket)
        let socketFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketFD >= 0 else {
            close(lockFD)
            return .failure(.socket("can't make a socket: \(String(cString: strerror(errno)))"))
        }
        // No umask here: it is process-wide, and other threads may be creating files. The
        // directory is 0700 and checked to be ours, so nobody else can reach the socket before
        // the chmod.
        let bound = withSocketAddress(place.socket) { bind(socketFD, $0, $1) }
        guard bound == 0, chmod(place.socket, 0o600) == 0, listen(socketFD, 16) == 0 else {
            let why = String(cString: strerror(errno))
            close(socketFD)
            unlink(place.socket)
            close(lockFD)
            return .failure(.socket("can't listen on \(place.socket): \(why)"))
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(lockFD, 0)
        _ = pid.withUnsafeBytes { pwrite(lockFD, $0.baseAddress, $0.count, 0) }
        let listener = LinkListener(place: place, lockFD: lockFD, socketFD: socketFD)
        Thread.detachNewThread { listener.acceptLoop(handle) }
        return .success(listener)
    }

    /// Removes the socket, then lets the lock go (in that order, so a game that takes over next
    /// never has its socket removed by this one).
    public func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        unlink(place.socket)
        shutdown(socketFD, Int32(SHUT_RDWR))
        close(socketFD)
        close(lockFD)
    }

    deinit { stop() }

    private func acceptLoop(_ handle: @escaping @Sendable (Incoming) -> Reply) {
        while !stopped.load(ordering: .acquiring) {
            let client = accept(socketFD, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            // The directory and the socket's mode keep other users out; this checks it anyway.
            guard Self.peerUID(client) == getuid() else {
                close(client)
                continue
            }
            guard open.add(1, ordering: .relaxed).newValue <= Self.maxConnections else {
                open.subtract(1, ordering: .relaxed)
                close(client)
                continue
            }
            Thread.detachNewThread { [self] in
                defer {
                    close(client)
                    open.subtract(1, ordering: .relaxed)
                }
                serve(client, handle)
            }
        }
    }

    private func serve(_ client: Int32, _ handle: @Sendable (Incoming) -> Reply) {
        let greeting = Array(Self.greeting.utf8)
        let (bytes, ended) = readAll(client, limit: greeting.count + Self.maxMessageBytes, deadline: .now + Self.readDeadline)
        let incoming: Incoming
        if bytes.isEmpty && !ended {
            // Connected and said nothing: closed without troubling the player.
            return
        } else if !bytes.starts(with: greeting) {
            incoming = .refused("it isn't a Plume message")
        } else if bytes.count - greeting.count > Self.maxMessageBytes {
            incoming = .refused("it was over 4 KiB")
        } else if !ended {
            incoming = .refused("it wasn't finished within 2 seconds")
        } else if let text = String(validating: bytes.dropFirst(greeting.count), as: UTF8.self) {
            incoming = .text(text)
        } else {
            incoming = .refused("it isn't UTF-8 text")
        }
        let reply = handle(incoming)
        _ = writeAll(client, Array(reply.line.utf8))
    }

    /// The user id of the process at the other end (SO_PEERCRED), or nil.
    static func peerUID(_ fd: Int32) -> uid_t? {
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        let status = withUnsafeMutablePointer(to: &credentials) { getsockopt(fd, SOL_SOCKET, SO_PEERCRED, $0, &length) }
        return status == 0 ? credentials.uid : nil
    }
}
