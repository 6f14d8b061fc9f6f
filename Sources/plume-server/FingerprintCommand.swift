// `plume-server ssh-fingerprint`: the SSH host key's fingerprint and public line, read where
// `serve` keeps it (the same settings: --ssh-host-key, the config file, the environment, the
// file beside a SQLite database, or a PostgreSQL database), so an operator can publish it or
// compare it with `ssh-keygen -l -f`. It never makes a key file: a missing one is said so. On
// PostgreSQL it gives the key every host will present, made now if no host has started yet.
import ArgumentParser
import Foundation
import HostedGames

struct SSHFingerprint: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ssh-fingerprint",
        abstract: "Print the SSH host key's fingerprint and its known_hosts line.",
        discussion: """
            Reads the host key `serve` would use. Players compare the fingerprint with the one their \
            ssh client shows on first connecting; the second line is what to put in a known_hosts file \
            (after the address).
            """)

    @OptionGroup var database: DatabaseOption
    @Option(help: Settings.named("ssh-host-key").help) var sshHostKey: String?

    func run() async throws {
        var flags: [String: SettingValue] = [:]
        if let path = database.database { flags["database"] = .text(path) }
        if let sshHostKey { flags["ssh-host-key"] = .text(sshHostKey) }
        let settings = try Settings.resolve(flags: flags, configFile: database.config)
        if settings.hostKeyInDatabase {
            do {
                let key = try await HostKey.shared(in: try await operatorService(settings.server.database).store)
                print("\(key.fingerprint) (ED25519) kept in the database")
                print(key.publicLine)
                return
            } catch let problem as HostKey.Problem {
                throw OperatorError(problem.description)
            }
        }
        let path = settings.hostKeyPath
        guard FileManager.default.fileExists(atPath: path) else {
            throw OperatorError("there is no SSH host key at \(path) yet: `serve --ssh-port N` makes one on its first start, or make one with ssh-keygen -t ed25519 -N '' -f \(path)")
        }
        do {
            let key = try HostKey.loadOrCreate(at: path)
            print("\(key.fingerprint) (ED25519) \(path)")
            print(key.publicLine)
        } catch {
            throw OperatorError(error.description)
        }
    }
}
