// The SSH server's host key: Ed25519, made on first start and kept in a file only the server's
// user may read (0600) — or, for hosts on one PostgreSQL, in the database, so every host behind
// one address presents the same key — so players who checked its fingerprint once are never
// asked again. The
// file is in OpenSSH's own format (OpenSSHKeyFile), so an operator can make it with
// `ssh-keygen -t ed25519 -N ''` and check it with `ssh-keygen -l -f`; a file of the older
// format (a base64 seed under a comment) is still read.
import Crypto
import Foundation
import GameState
import Leaderboard
import NIOSSH

public struct HostKey: Sendable {
    public let key: NIOSSHPrivateKey
    /// "SHA256:…", as `ssh-keygen -lf` and a client's first-connection prompt print it.
    public let fingerprint: String
    /// The public key as a known_hosts line's key part ("ssh-ed25519 AAAA…").
    public let publicLine: String
    /// True when this start made the key.
    public let created: Bool

    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads the key at `path`, or makes one there (mode 0600) when there is no file.
    public static func loadOrCreate(at path: String) throws(Problem) -> HostKey {
        if FileManager.default.fileExists(atPath: path) { return try load(path) }
        let made = Curve25519.Signing.PrivateKey()
        let text = OpenSSHKeyFile.write(made, comment: "plume-server host key")
        let directory = FilePaths.directory(of: path)
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            throw Problem(description: "can't make the SSH host key at \(path): the directory \(directory) does not exist")
        }
        // O_EXCL: two servers starting at once never overwrite each other's key.
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd < 0 {
            if errno == EEXIST { return try load(path) }
            throw Problem(description: "can't make the SSH host key at \(path): \(String(cString: strerror(errno)))")
        }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced else {
            unlink(path)
            throw Problem(description: "can't write the SSH host key at \(path)")
        }
        return make(made, created: true)
    }

    /// The name the key is kept under with the server's other secrets (server_secrets).
    public static let secretName = "ssh-host-key"

    /// The key every host on one database presents: kept in the database as an OpenSSH key file's
    /// text; the first host to need it makes it, and every other reads that one.
    public static func shared(in store: any StoreExecutor) async throws -> HostKey {
        let proposed = OpenSSHKeyFile.write(Curve25519.Signing.PrivateKey(), comment: "plume-server host key")
        let kept = try await store.secret(named: secretName, proposed: proposed)
        do { return make(try OpenSSHKeyFile.read(kept), created: kept == proposed) } catch {
            throw Problem(description: "the SSH host key kept in the database can't be used: \(error.description)")
        }
    }

    static func load(_ path: String) throws(Problem) -> HostKey {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw Problem(description: "can't read the SSH host key at \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw Problem(description: "the SSH host key at \(path) may be read by other users (mode \(String(info.st_mode & 0o777, radix: 8))); "
                          + "run chmod 600 \(path)")
        }
        guard let data = FileManager.default.contents(atPath: path), data.count < 4096, let text = String(data: data, encoding: .utf8) else {
            throw Problem(description: "can't read the SSH host key at \(path)")
        }
        if OpenSSHKeyFile.isKeyFile(text) {
            do { return make(try OpenSSHKeyFile.read(text), created: false) } catch {
                throw Problem(description: "the SSH host key at \(path) can't be used: \(error.description)")
            }
        }
        // The format of earlier versions: a base64 Ed25519 seed under a comment line.
        let line = text.split(whereSeparator: \.isNewline).first { !$0.hasPrefix("#") && !$0.isEmpty }
        guard let line, let seed = Data(base64Encoded: String(line).trimmingCharacters(in: .whitespaces)),
              let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: seed) else {
            throw Problem(description: "the SSH host key at \(path) is damaged (expected an OpenSSH private key, as ssh-keygen -t ed25519 -N '' writes); "
                          + "move it away to make a new one, and tell players the new fingerprint")
        }
        return make(key, created: false)
    }

    static func make(_ key: Curve25519.Signing.PrivateKey, created: Bool) -> HostKey {
        let nio = NIOSSHPrivateKey(ed25519Key: key)
        let line = String(openSSHPublicKey: nio.publicKey)
        let blob = line.split(separator: " ").dropFirst().first.flatMap { Data(base64Encoded: String($0)) } ?? Data()
        return HostKey(key: nio, fingerprint: SSHPublicKey.fingerprint(of: Array(blob)), publicLine: line, created: created)
    }
}
