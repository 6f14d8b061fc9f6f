// `plume-server ssh-fingerprint`: the SSH host key's fingerprint and public line, read where
// `serve` keeps it (the same settings: --ssh-host-key, the config file, the environment, the
// file beside a SQLite database, or a PostgreSQL database), so an operator can publish it or
// compare it with `ssh-keygen -l -f`. It never makes a key file: a missing one is said so. On
// PostgreSQL it gives the key every host will present, made now if no host has started yet.
import ArgumentParser
import Foundation
import HostedGames
import ServerSettings

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
        let (place, kept) = try await KeyPlace.resolve(database, sshHostKey)
        let keys: (current: HostKey, next: HostKey?)
        do { keys = try await HostKey.keys(in: place) } catch { throw OperatorError("\(error)") }
        print("\(keys.current.fingerprint) (ED25519) \(kept)")
        print(keys.current.publicLine)
        if let next = keys.next {
            print("next: \(next.fingerprint) (ED25519), announced; `plume-server ssh-key rotate` makes it the key")
            print("next: \(next.publicLine)")
        }
    }
}

/// Where `serve` keeps the host key, from the same settings.
enum KeyPlace {
    static func resolve(_ database: DatabaseOption, _ sshHostKey: String?) async throws -> (HostKey.Place, String) {
        var flags: [String: SettingValue] = [:]
        if let path = database.database { flags["database"] = .text(path) }
        if let sshHostKey { flags["ssh-host-key"] = .text(sshHostKey) }
        let settings = try Settings.resolved(flags: flags, configFile: database.config)
        if settings.hostKeyInDatabase {
            return (.database(try await operatorService(settings.server.database).store), "kept in the database")
        }
        let path = settings.hostKeyPath
        guard FileManager.default.fileExists(atPath: path) else {
            throw OperatorError("there is no SSH host key at \(path) yet: `serve --ssh-port N` makes one on its first start, or make one with ssh-keygen -t ed25519 -N '' -f \(path)")
        }
        return (.file(path), path)
    }
}

/// `plume-server ssh-key announce|rotate`: a new host key, announced before it is used.
struct SSHKey: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ssh-key",
        abstract: "Change the SSH host key: announce the next one, then rotate to it.",
        discussion: """
            `announce` makes the next key (or shows the one already announced): every host's home page \
            then shows it with a known_hosts line players can add ahead of time. `rotate` makes the \
            announced key the host key (the old one is kept as the previous); every running host \
            presents it within 30 seconds. Keys in the database (hosts on PostgreSQL) change for every \
            host at once; a key file changes beside it (FILE.next, FILE.previous).
            """)

    enum Action: String, ExpressibleByArgument, CaseIterable { case announce, rotate }

    @Argument(help: "announce or rotate") var action: Action
    @OptionGroup var database: DatabaseOption
    @Option(help: Settings.named("ssh-host-key").help) var sshHostKey: String?

    func run() async throws {
        let (place, kept) = try await KeyPlace.resolve(database, sshHostKey)
        do {
            switch action {
            case .announce:
                let next = try await HostKey.announce(in: place)
                print("next: \(next.fingerprint) (ED25519) \(kept)\(next.created ? "" : ", announced already")")
                print("next: \(next.publicLine)")
            case .rotate:
                guard let key = try await HostKey.rotate(in: place) else {
                    throw OperatorError("no next SSH host key has been announced: run `plume-server ssh-key announce` first, and give players time to see it")
                }
                print("\(key.fingerprint) (ED25519) \(kept): the host key now; every host presents it within 30 seconds")
                print(key.publicLine)
            }
        } catch let error as OperatorError {
            throw error
        } catch {
            throw OperatorError("\(error)")
        }
    }
}
