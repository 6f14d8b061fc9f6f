// The `plume-server` command: the leaderboard server (by default) and the operator's commands,
// all against the same database.
import ArgumentParser
import Foundation
import GameState
import Hummingbird
import Leaderboard
import LeaderboardServer
import Logging

@main
struct PlumeServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plume-server",
        abstract: "Plume's leaderboard server.",
        discussion: """
            Serves global high scores for Plume over HTTP. Every score is recomputed from the share \
            code a player submits; no number from a client is ever trusted. With no options it \
            serves on 127.0.0.1:8787 from ./plume-scores.sqlite, creating it if needed.

            Every option can also be set in the environment (PLUME_HOST, PLUME_PORT, …); an option \
            on the command line wins. See `plume-server serve --help`.
            """,
        version: PlumeVersion.current,
        subcommands: [Serve.self, Players.self, Records.self, UpdatesList.self, Migrate.self, Bench.self],
        defaultSubcommand: Serve.self
    )
}

/// `--database`, shared by every command.
struct DatabaseOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "A SQLite file path, or postgres://user[:pass]@host[:port]/db. Env: PLUME_DATABASE.",
        valueName: "path-or-url"))
    var database: String?

    var resolved: String { database ?? Environment.value("PLUME_DATABASE") ?? ServerConfiguration().database }
}

enum Environment {
    static func value(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }

    /// A whole number from an option or the environment; a bad value stops start-up with words.
    static func integer(_ option: Int?, _ name: String, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
        if let option {
            guard range.contains(option) else { throw ValidationError("\(option) is out of range (\(range.lowerBound)–\(range.upperBound))") }
            return option
        }
        guard let text = value(name) else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            throw ValidationError("\(name)=\(text) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}

/// Opens the service for an operator command (no HTTP, no rank index needed).
func operatorService(_ database: String) async throws -> LeaderboardService {
    do {
        return try await makeService(store: try openStore(database), configuration: ServerConfiguration())
    } catch let error as LeaderboardServerError {
        throw ValidationError(error.description)
    }
}
