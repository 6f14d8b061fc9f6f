// The `plume-server` command: the leaderboard server (by default) and the operator's commands,
// all against the same database.
import ArgumentParser
import Foundation
import GameState
import Hummingbird
import Leaderboard
import LeaderboardServer
import Logging
import ServerSettings

@main
struct PlumeServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plume-server",
        abstract: "Plume's leaderboard server.",
        discussion: """
            Serves global high scores for Plume over HTTP. Every score is recomputed from the share \
            code a player submits; no number from a client is ever trusted. With no options it \
            serves on 127.0.0.1:8787 from ./plume-scores.sqlite, creating it if needed. With \
            --ssh-port it also hosts the game itself over SSH: `ssh -p PORT host` plays, the \
            player's SSH key is their player (docs/hosting.md).

            Every option can also be set in the environment (PLUME_HOST, PLUME_PORT and so on) or in a \
            config file (--config FILE, TOML); a flag wins over the environment, which wins over \
            the file. `plume-server config` prints the settings in effect and where each came from. \
            See `plume-server serve --help` and docs/operating.md.
            """,
        version: PlumeVersion.current,
        subcommands: [Serve.self, Config.self, Players.self, Crews.self, Records.self, UpdatesList.self, Migrate.self, Backup.self, Restore.self, SSHFingerprint.self, SSHKey.self,
                      Bench.self, OpenAPICommand.self],
        defaultSubcommand: Serve.self
    )
}

/// `--database` and `--config`, shared by every command: the database is found the way `serve`
/// finds it (flag, environment, config file, default).
struct DatabaseOption: ParsableArguments {
    @Option(help: Settings.named("database").help) var database: String?

    @Option(name: .long, help: ArgumentHelp("A config file (TOML, keys named like the long options). Env: PLUME_CONFIG.", valueName: "file"))
    var config: String?

    func resolved() throws -> String {
        try Settings.resolved(flags: database.map { ["database": .text($0)] } ?? [:], configFile: config).server.database
    }
}

/// Opens the service for an operator command (no HTTP, no rank index needed).
func operatorService(_ database: String) async throws -> LeaderboardService {
    do {
        return try await makeService(store: try openStore(database), configuration: ServerConfiguration())
    } catch let error as LeaderboardServerError {
        throw OperatorError(error.description)
    }
}
