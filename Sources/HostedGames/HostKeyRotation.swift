// Changing the SSH host key without a "REMOTE HOST IDENTIFICATION HAS CHANGED" for players who
// look: the operator announces the next key first (`plume-server ssh-key announce`), which every
// host's home page then shows beside the current one with a known_hosts line players can add
// ahead of time; later `plume-server ssh-key rotate` makes it the key, keeping the old one as the
// previous. Kept where the key is: with the server's secrets in the database (every host picks
// the change up within `ssh-key-check` seconds, 30 unless set), or in files beside the key file (KEY.next,
// KEY.previous; hosts pick it up the same way).
import Crypto
import Foundation
import Leaderboard

extension HostKey {
    public static let nextSecretName = "ssh-host-key-next"
    public static let previousSecretName = "ssh-host-key-previous"

    /// Where the key is kept: the database, or a file.
    public enum Place: Sendable {
        case database(any LeaderboardStore)
        case file(String)
    }

    /// The key and the one announced to come next, as kept now.
    public static func keys(in place: Place) async throws -> (current: HostKey, next: HostKey?) {
        switch place {
        case .database(let store):
            let current = try await shared(in: store)
            let next = try await store.secretValue(named: nextSecretName).map { text in
                do { return make(try OpenSSHKeyFile.read(text), created: false) } catch {
                    throw Problem(description: "the next SSH host key kept in the database can't be used: \(error)")
                }
            }
            return (current, next)
        case .file(let path):
            let next = FileManager.default.fileExists(atPath: path + ".next") ? try load(path + ".next") : nil
            return (try loadOrCreate(at: path), next)
        }
    }

    /// Makes the next key (or keeps the one already announced) and returns it.
    public static func announce(in place: Place) async throws -> HostKey {
        switch place {
        case .database(let store):
            let proposed = OpenSSHKeyFile.write(Curve25519.Signing.PrivateKey(), comment: "plume-server host key")
            let kept = try await store.secret(named: nextSecretName, proposed: proposed)
            return make(try OpenSSHKeyFile.read(kept), created: kept == proposed)
        case .file(let path):
            return try loadOrCreate(at: path + ".next")
        }
    }

    /// The announced key becomes the key (the old one kept as the previous); nil when none was announced.
    public static func rotate(in place: Place) async throws -> HostKey? {
        switch place {
        case .database(let store):
            guard try await store.secretValue(named: nextSecretName) != nil else { return nil }
            try await store.moveSecrets([(previousSecretName, secretName), (secretName, nextSecretName)], removing: [nextSecretName])
            return try await shared(in: store)
        case .file(let path):
            guard FileManager.default.fileExists(atPath: path + ".next") else { return nil }
            _ = try load(path + ".next")
            if FileManager.default.fileExists(atPath: path + ".previous") { try FileManager.default.removeItem(atPath: path + ".previous") }
            guard link(path, path + ".previous") == 0, rename(path + ".next", path) == 0 else {
                throw Problem(description: "can't move the SSH host key files at \(path): \(String(cString: strerror(errno)))")
            }
            return try load(path)
        }
    }

    /// The line for a known_hosts file: "[host]:port ssh-ed25519 AAAA…" ("host …" on port 22).
    public func knownHostsLine(host: String, port: Int) -> String {
        (port == 22 ? host : "[\(host)]:\(port)") + " " + publicLine
    }
}
