// The link relay on real Unix sockets in a temporary directory: one owner at a time (also when
// many claim at once), a crashed owner's socket replaced, modes and ownership, refusals of
// oversize, foreign and unfinished messages, and a silent client that holds nothing up.
import Foundation
import Synchronization
import Testing
@testable import LinkRelay

#if canImport(Glibc)
import Glibc
#endif

@Suite struct LinkRelayTests {
    let place: RelayPlace

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("relay-\(UUID().uuidString.prefix(8))").path
        place = RelayPlace(directory: base)
        guard case .success = place.prepare() else { throw RelayError.unusable("prepare failed") }
    }

    static func echo(_ seen: Seen) -> @Sendable (Incoming) -> Reply {
        { incoming in
            seen.items.withLock { $0.append(incoming) }
            switch incoming {
            case .text(let text): return text.hasPrefix("plume://") ? .accepted("took \(text)") : .refused("it isn't a link")
            case .refused(let why): return .refused(why)
            }
        }
    }

    @Test func aLinkIsDeliveredAndAnsweredAndTheSocketIsPrivate() throws {
        let seen = Seen()
        let listener = try #require(try LinkListener.claim(place, handle: Self.echo(seen)).get())
        defer { listener.stop() }
        #expect(LinkSender.send("plume://look/1abc", to: place) == .delivered("took plume://look/1abc"))
        #expect(LinkSender.send("hello", to: place) == .refused("it isn't a link"))
        #expect(seen.items.withLock { $0 } == [.text("plume://look/1abc"), .text("hello")])
        var info = stat()
        #expect(lstat(place.socket, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFSOCK && info.st_mode & 0o777 == 0o600 && info.st_uid == getuid())
        #expect(stat(place.directory, &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    @Test func nothingListeningIsNoGameAndStopRemovesTheSocket() throws {
        #expect(LinkSender.send("plume://look/1abc", to: place) == .noGame)
        let listener = try #require(try LinkListener.claim(place, handle: { _ in .accepted("") }).get())
        #expect(FileManager.default.fileExists(atPath: place.socket))
        listener.stop()
        #expect(!FileManager.default.fileExists(atPath: place.socket))
        #expect(!LinkSender.isLocked(place.lock))
        #expect(LinkSender.send("plume://look/1abc", to: place) == .noGame)
    }

    @Test func onlyOneOfManySimultaneousClaimsOwnsTheSocket() async throws {
        let seen = Seen()
        let results = await withTaskGroup(of: LinkListener?.self) { group in
            for _ in 0..<12 { group.addTask { try? LinkListener.claim(place, handle: Self.echo(seen)).get() } }
            return await group.reduce(into: [LinkListener?]()) { $0.append($1) }
        }
        let owners = results.compactMap { $0 }
        #expect(owners.count == 1)
        #expect(LinkSender.send("plume://swarm/1x", to: place) == .delivered("took plume://swarm/1x"))
        // While it runs, nobody else can take over; once it stops, the next claim can.
        #expect(try LinkListener.claim(place, handle: Self.echo(seen)).get() == nil)
        owners.first?.stop()
        // The lock goes with the last descriptor of its open file: a process another test forks
        // at that moment holds one until it execs, so the next claim may wait a moment (it failed
        // once in a fresh clone's run), never long.
        var next: LinkListener?
        let deadline = ContinuousClock.now + .seconds(5)
        while next == nil, ContinuousClock.now < deadline {
            next = try LinkListener.claim(place, handle: Self.echo(seen)).get()
            if next == nil { try await Task.sleep(for: .milliseconds(20)) }
        }
        try #require(next).stop()
    }

    @Test func aSocketLeftByACrashedGameIsReplaced() throws {
        // A bound socket whose owner is gone: the file stays, nothing accepts, the lock is free.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(withSocketAddress(place.socket) { bind(fd, $0, $1) } == 0)
        close(fd)
        #expect(FileManager.default.fileExists(atPath: place.socket))
        #expect(LinkSender.send("plume://look/1abc", to: place) == .noGame)
        let seen = Seen()
        let listener = try #require(try LinkListener.claim(place, handle: Self.echo(seen)).get())
        defer { listener.stop() }
        #expect(LinkSender.send("plume://look/1abc", to: place) == .delivered("took plume://look/1abc"))
    }

    @Test func oversizeForeignAndUnfinishedMessagesAreRefused() throws {
        let seen = Seen()
        let listener = try #require(try LinkListener.claim(place, handle: Self.echo(seen)).get())
        defer { listener.stop() }
        let exactly = "plume://" + String(repeating: "a", count: LinkListener.maxMessageBytes - 8)
        #expect(LinkSender.send(exactly, to: place) == .delivered("took \(exactly)"))
        #expect(LinkSender.send(exactly + "a", to: place) == .refused("it was over 4 KiB"))
        #expect(exchange(Array("GET / HTTP/1.0\r\n\r\n".utf8)) == "refused it isn't a Plume message\n")
        #expect(exchange(Array(LinkListener.greeting.utf8) + [0xFF, 0xFE]) == "refused it isn't UTF-8 text\n")
        // Half a message and no end: refused after the deadline, not waited on for ever.
        let started = ContinuousClock.now
        #expect(exchange(Array((LinkListener.greeting + "plume://lo").utf8), finish: false) == "refused it wasn't finished within 2 seconds\n")
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(seen.items.withLock { $0.contains(.refused("it was over 4 KiB")) && $0.contains(.refused("it isn't a Plume message")) })
    }

    @Test func aSilentClientHoldsNothingUp() throws {
        let seen = Seen()
        let listener = try #require(try LinkListener.claim(place, handle: Self.echo(seen)).get())
        defer { listener.stop() }
        let silent = try connected()
        defer { close(silent) }
        let started = ContinuousClock.now
        #expect(LinkSender.send("plume://look/1abc", to: place) == .delivered("took plume://look/1abc"))
        #expect(ContinuousClock.now - started < LinkListener.readDeadline)
        // The silent one is closed at the deadline with no answer, and the handler never hears of it.
        let (answer, ended) = readAll(silent, limit: 100, deadline: .now + .seconds(10))
        #expect(answer.isEmpty && ended)
        #expect(seen.items.withLock { $0 } == [.text("plume://look/1abc")])
    }

    @Test func theDirectoryIsCheckedAndTightened() throws {
        #expect(chmod(place.directory, 0o755) == 0)
        #expect(throws: Never.self) { try place.prepare().get() }
        var info = stat()
        #expect(stat(place.directory, &info) == 0 && info.st_mode & 0o777 == 0o700)
        // A file where the directory should be, and a link to a directory, are both refused.
        let file = RelayPlace(directory: place.directory + "/not-a-directory")
        FileManager.default.createFile(atPath: file.directory, contents: Data())
        #expect(throws: RelayError.self) { try file.prepare().get() }
        let link = RelayPlace(directory: place.directory + "/link")
        #expect(symlink("/tmp", link.directory) == 0)
        #expect(throws: RelayError.self) { try link.prepare().get() }
        if getuid() == 0 {
            let foreign = RelayPlace(directory: place.directory + "/foreign")
            #expect(mkdir(foreign.directory, 0o700) == 0 && chown(foreign.directory, 65534, 65534) == 0)
            #expect(throws: RelayError.unusable("\(foreign.directory) belongs to another user")) { try foreign.prepare().get() }
        }
        let long = RelayPlace(directory: "/tmp/" + String(repeating: "d", count: 100))
        #expect(throws: RelayError.self) { try long.prepare().get() }
    }

    @Test func theStandardPlaceFollowsTheRuntimeDirectoryElseTheTemporaryOne() throws {
        let runtime = place.directory + "/runtime"
        #expect(mkdir(runtime, 0o700) == 0)
        #expect(try RelayPlace.standard(environment: ["XDG_RUNTIME_DIR": runtime]).get() == RelayPlace(directory: runtime + "/plume"))
        let temporary = place.directory + "/tmp"
        #expect(mkdir(temporary, 0o777) == 0)
        let fallback = RelayPlace(directory: temporary + "/plume-\(getuid())")
        #expect(try RelayPlace.standard(environment: ["TMPDIR": temporary + "/"]).get() == fallback)
        #expect(try RelayPlace.standard(environment: ["XDG_RUNTIME_DIR": "relative", "TMPDIR": temporary]).get() == fallback)
        #expect(try RelayPlace.standard(environment: ["XDG_RUNTIME_DIR": runtime + "/missing", "TMPDIR": temporary]).get() == fallback)
    }

    // MARK: - Raw clients

    private func connected() throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard withSocketAddress(place.socket, { connect(fd, $0, $1) }) == 0 else { throw RelayError.socket("connect") }
        return fd
    }

    private func exchange(_ bytes: [UInt8], finish: Bool = true) -> String {
        guard let fd = try? connected() else { return "no connection" }
        defer { close(fd) }
        _ = writeAll(fd, bytes)
        if finish { shutdown(fd, Int32(SHUT_WR)) }
        return String(decoding: readAll(fd, limit: 4096, deadline: .now + .seconds(10)).bytes, as: UTF8.self)
    }
}

final class Seen: Sendable {
    let items = Mutex<[Incoming]>([])
}
