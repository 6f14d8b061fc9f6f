// The files the scores keep: credentials (one token per server, readable by the owner only), the
// outbox (submissions waiting for their server) and the news marks (the newest news item shown to
// each player). Each is written whole to a temporary file and renamed, so a crash leaves the
// previous version; one that can't be read is moved aside, never overwritten.
import Foundation
import Synchronization
import ScoresAPI

/// A token kept for one server: what registering returned.
public typealias Credential = Registered

extension Registered {
    public var identity: Identity { Identity(playerID: playerID, name: name) }
}

public struct QueuedSubmission: Codable, Sendable, Equatable {
    /// The server it is for (`RemoteBackend.key`).
    public var server: String
    public var boardID: String
    public var code: String
    /// Seconds since 1970.
    public var queuedAt: Double

    public init(server: String, boardID: String, code: String, queuedAt: Double) {
        (self.server, self.boardID, self.code, self.queuedAt) = (server, boardID, code, queuedAt)
    }

    enum CodingKeys: String, CodingKey { case server, boardID = "board_id", code, queuedAt = "queued_at" }
}

/// A small JSON file with atomic, permission-aware writes.
struct JSONFile<Value: Codable>: Sendable {
    let url: URL
    /// POSIX mode for the file (0600 for secrets).
    let mode: Int

    /// nil when absent; a file that can't be read is moved aside and treated as absent.
    func read() -> Value? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        if let value = try? JSONDecoder().decode(Value.self, from: data) { return value }
        let aside = url.appendingPathExtension("unreadable-\(Int(Date().timeIntervalSince1970))")
        try? FileManager.default.moveItem(at: url, to: aside)
        return nil
    }

    func write(_ value: Value) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        // Created with its final mode, so a token is never readable by others, even briefly.
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, mode_t(mode))
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path]) }
        defer { close(fd) }
        fchmod(fd, mode_t(mode))
        let written = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == data.count, fsync(fd) == 0 else {
            unlink(temporary.path)
            throw CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        guard rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}

/// `$XDG_CONFIG_HOME/plume/credentials.json`, mode 0600: `{"servers": {key: credential}}`; or,
/// for a game hosted over SSH, held in memory only (its pass is never written to a file).
public struct CredentialStore: Sendable {
    struct Contents: Codable { var servers: [String: Credential] = [:] }
    let file: JSONFile<Contents>
    let memory: MemoryCredentials?

    public init(directory: URL) {
        file = JSONFile(url: directory.appendingPathComponent("credentials.json"), mode: 0o600)
        memory = nil
    }

    /// Credentials that live as long as the process: `initial` by key.
    public static func inMemory(_ initial: [String: Credential]) -> CredentialStore {
        CredentialStore(memory: MemoryCredentials(initial))
    }

    private init(memory: MemoryCredentials) {
        file = JSONFile(url: URL(fileURLWithPath: "/dev/null"), mode: 0o600)
        self.memory = memory
    }

    public var url: URL { file.url }

    public func credential(for key: String) -> Credential? { all()[key] }

    public func all() -> [String: Credential] {
        if let memory { return memory.servers.withLock { $0 } }
        return file.read()?.servers ?? [:]
    }

    public func save(_ credential: Credential, for key: String) throws {
        if let memory { return memory.servers.withLock { $0[key] = credential } }
        var contents = file.read() ?? Contents()
        contents.servers[key] = credential
        try file.write(contents)
    }

    /// Forgets the token for `key`; returns the one forgotten.
    @discardableResult
    public func forget(_ key: String) throws -> Credential? {
        if let memory { return memory.servers.withLock { $0.removeValue(forKey: key) } }
        guard var contents = file.read(), let removed = contents.servers.removeValue(forKey: key) else { return nil }
        try file.write(contents)
        return removed
    }
}

final class MemoryCredentials: Sendable {
    let servers: Mutex<[String: Credential]>

    init(_ initial: [String: Credential]) { servers = Mutex(initial) }
}

/// `$XDG_DATA_HOME/plume/outbox.json`: submissions that could not be sent yet, oldest first.
public struct Outbox: Sendable {
    public static let capacity = 200
    let file: JSONFile<[QueuedSubmission]>

    public init(directory: URL) {
        file = JSONFile(url: directory.appendingPathComponent("outbox.json"), mode: 0o600)
    }

    public func items() -> [QueuedSubmission] { file.read() ?? [] }

    public func count(for server: String) -> Int { items().count { $0.server == server } }

    /// Adds a submission; the same code for the same board replaces the older copy, and past
    /// the capacity the oldest item goes.
    public func add(_ item: QueuedSubmission) throws {
        var list = items().filter { !($0.server == item.server && $0.boardID == item.boardID && $0.code == item.code) }
        list.append(item)
        if list.count > Self.capacity { list.removeFirst(list.count - Self.capacity) }
        try file.write(list)
    }

    public func remove(_ item: QueuedSubmission) throws {
        var list = items()
        guard let index = list.firstIndex(of: item) else { return }
        list.remove(at: index)
        try file.write(list)
    }
}

/// `$XDG_CONFIG_HOME/plume/news-seen.json`, mode 0600, next to the credentials:
/// `{"servers": {key: {player id: newest item shown}}}`. It is what makes "While you were away"
/// show each item once, across restarts: the server keeps news for 30 days whatever was read.
public struct NewsMarks: Sendable {
    struct Contents: Codable { var servers: [String: [String: Int64]] = [:] }
    let file: JSONFile<Contents>

    public init(directory: URL) {
        file = JSONFile(url: directory.appendingPathComponent("news-seen.json"), mode: 0o600)
    }

    public var url: URL { file.url }

    /// The newest item shown to `player` on `server` (0: none yet).
    public func seen(server: String, player: String) -> Int64 { file.read()?.servers[server]?[player] ?? 0 }

    /// Remembers `id` as shown; an older id never moves the mark back.
    public func markSeen(_ id: Int64, server: String, player: String) throws {
        var contents = file.read() ?? Contents()
        guard id > contents.servers[server]?[player] ?? 0 else { return }
        contents.servers[server, default: [:]][player] = id
        try file.write(contents)
    }
}
