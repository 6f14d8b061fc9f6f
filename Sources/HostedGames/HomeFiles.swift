// A hosted player's directory as the store keeps it: the files under data/, config/ and state/
// (the cache and the run directory are the host's own), read without following a link (a game
// that made a link to a server file gets nothing from it), at most `maxFiles` files of
// `maxFileBytes`, names starting with "." left out (a save being written under a temporary name).
// A scan gives what changed since the last one the store took; a restore writes the store's files
// into a directory emptied of the host's older copies.
import Crypto
import Foundation
import Leaderboard

struct HomeFiles {
    static let kept = ["data", "config", "state"]
    static let maxFiles = 256
    static let maxFileBytes = 1 << 20
    static let maxPathBytes = 512

    let home: String
    /// What the store holds, by path: size, modification time and digest.
    private(set) var known: [String: Stamp] = [:]

    struct Stamp: Equatable {
        var size: Int
        var modified: Int64
        var digest: String
    }

    init(home: String) { self.home = home }

    /// What a scan found that the store does not have yet, and the stamps to remember once it does.
    struct Scan {
        var changes: HostedChanges
        var stamps: [String: Stamp]
        /// Files left out (too big, too many), by path, for the log.
        var skipped: [String]
    }

    func scan() -> Scan {
        var stamps: [String: Stamp] = [:]
        var changes = HostedChanges()
        var skipped: [String] = []
        for top in Self.kept {
            walk(top, depth: 0) { path, full, size, modified in
                guard stamps.count < Self.maxFiles, size <= Self.maxFileBytes else {
                    skipped.append(path)
                    return
                }
                if let old = known[path], old.size == size, old.modified == modified {
                    stamps[path] = old
                    return
                }
                guard let bytes = Self.readRegular(full, limit: Self.maxFileBytes) else { return }
                let digest = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
                stamps[path] = Stamp(size: size, modified: modified, digest: digest)
                if known[path]?.digest != digest {
                    changes.kept.append(HostedFile(path: path, body: bytes.base64EncodedString(), digest: digest))
                }
            }
        }
        changes.dropped = known.keys.filter { stamps[$0] == nil }.sorted()
        return Scan(changes: changes, stamps: stamps, skipped: skipped)
    }

    /// The store took a scan.
    mutating func took(_ scan: Scan) { known = scan.stamps }

    /// Replaces the directory's kept files with the store's (when the store has any; a directory
    /// the store knows nothing of is kept as it is, and its files go to the store at the first scan).
    mutating func restore(_ files: [HostedFile]) throws {
        guard !files.isEmpty else { return }
        let manager = FileManager.default
        for top in Self.kept {
            let path = home + "/" + top
            // Whatever the game left there, a link (to a directory or to nothing) included: the
            // link goes, never what it points to.
            var info = stat()
            if lstat(path, &info) == 0 { try manager.removeItem(atPath: path) }
            try manager.createDirectory(atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        }
        known = [:]
        for file in files {
            guard Self.isKeptPath(file.path), let bytes = Data(base64Encoded: file.body) else { continue }
            let components = file.path.split(separator: "/").map(String.init)
            var directory = home
            for component in components.dropLast() {
                directory += "/" + component
                if !manager.fileExists(atPath: directory) {
                    try manager.createDirectory(atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
                }
            }
            let full = home + "/" + file.path
            let fd = open(full, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: full]) }
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            guard written == bytes.count else { throw CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: full]) }
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            known[file.path] = Stamp(size: bytes.count, modified: Self.modified(info), digest: file.digest)
        }
    }

    /// A path the store may name: under a kept directory, plain components, not too long.
    static func isKeptPath(_ path: String) -> Bool {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard path.utf8.count <= maxPathBytes, components.count >= 2, let top = components.first, kept.contains(String(top)) else { return false }
        return components.allSatisfy { !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("\0") && $0.utf8.count <= 255 }
    }

    /// Every regular file under `relative`, depth first, links and hidden names left out.
    private func walk(_ relative: String, depth: Int, _ visit: (String, String, Int, Int64) -> Void) {
        guard depth < 8 else { return }
        let full = home + "/" + relative
        // A directory the game replaced by a link (data/ itself, say) is never listed.
        var own = stat()
        guard lstat(full, &own) == 0, own.st_mode & S_IFMT == S_IFDIR,
              let names = try? FileManager.default.contentsOfDirectory(atPath: full) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = relative + "/" + name, fullPath = full + "/" + name
            var info = stat()
            guard lstat(fullPath, &info) == 0, path.utf8.count <= Self.maxPathBytes else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: walk(path, depth: depth + 1, visit)
            case S_IFREG: visit(path, fullPath, Int(info.st_size), Self.modified(info))
            default: continue
            }
        }
    }

    private static func modified(_ info: stat) -> Int64 {
        Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    /// A regular file's bytes, opened without following a link; nil when it is not one or is too big.
    private static func readRegular(_ path: String, limit: Int) -> Data? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else { return nil }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count <= limit {
            let got = read(fd, &buffer, buffer.count)
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            data.append(contentsOf: buffer[0..<got])
        }
        return data.count <= limit ? data : nil
    }
}
