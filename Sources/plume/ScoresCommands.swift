// `plume scores`, `plume whoami` and `plume logout`: the Scores screen's boards and identity for
// scripts and for a quick look, through the same client the game uses.
import ArgumentParser
import Challenges
import Foundation
import GameState
import PlumeUI
import ScoresAPI
import ScoresClient

struct ServerOption: ParsableArguments {
    @Option(name: .customLong("server"), help: ArgumentHelp(
        "A plume-server's URL (http:// or https://), or `local` for the local board.",
        discussion: """
            Overrides PLUME_SERVER and `server` in $XDG_CONFIG_HOME/plume/config.toml. Without it, \
            the commands that read the scores (card, scores, whoami, share --me, logout) read \
            where the game last played, and say which.
            """,
        valueName: "url"))
    var server: String?

    /// Where the game plays: --server, else PLUME_SERVER, else config.toml, else the local board.
    func connection() -> ScoresConnection {
        let environment = ProcessInfo.processInfo.environment
        return ScoresConnection(settings: ScoresSettings.resolve(flag: server, environment: environment), environment: environment)
    }

    /// Where a command reads the scores: --server or PLUME_SERVER, else where the game last played (so that
    /// `plume card` after `plume --server URL` tells of that server), else where the game would
    /// play. Warnings are printed.
    func readingConnection() -> ScoresConnection {
        let environment = ProcessInfo.processInfo.environment
        let connection = ScoresConnection(settings: ScoresSettings.resolve(flag: server, environment: environment, followGame: true),
                                          environment: environment)
        warn(connection)
        return connection
    }

    /// Where the scores are read (warnings printed), its credentials file, and its name in words.
    func credentials() throws -> (ScoresConnection, CredentialStore, String) {
        let connection = readingConnection()
        return (connection, CredentialStore(directory: connection.configDirectory), connection.placeName)
    }
}

/// Says on stderr where a command's scores come from, so that its stdout stays what scripts and
/// chats take: "plume: scores from http://host:8787 (where the game last played)".
func announce(_ connection: ScoresConnection) {
    printError("plume: scores from " + SafeText.strip(connection.placeAndWhy))
}

/// Events out of one command: the failure if it failed, else the events.
func answer(_ connection: ScoresConnection, _ command: ScoresCommand) async throws -> [ScoresEvent] {
    let events = await connection.perform(command)
    for event in events {
        if case .failed(_, let failure) = event { throw fail(failure.message) }
        if case .signedOut(_, let failure) = event { throw fail(failure.message + " (the token was forgotten; register again in the game)") }
    }
    return events
}

private func warn(_ connection: ScoresConnection) {
    for warning in connection.settings.warnings { printError("plume: " + SafeText.strip(warning)) }
}

struct ScoresCLI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scores",
        abstract: "Print the boards, or one board's top 50, on stdout.",
        discussion: """
            Without --board, lists the boards (today's style theme, each swarm challenge all-time \
            and this week, earlier days). With --board ID, prints that board's top 50; the board \
            `contributors` ranks points given to causes, and `causes` lists the causes.

            --json prints the leaderboard's own JSON, for scripts.
            """
    )

    @Option(help: ArgumentHelp("A board id from the list, `contributors` or `causes`.", valueName: "id"))
    var board: String?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var where_: ServerOption

    func run() async throws {
        let connection = where_.readingConnection()
        announce(connection)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        switch board {
        case nil:
            for case .boards(let boards) in try await answer(connection, .start) {
                if json { return print(String(decoding: try encoder.encode(BoardList(boards: boards)), as: UTF8.self)) }
                print("Boards on \(SafeText.strip(connection.placeName)):")
                for board in boards {
                    print("  " + board.id.padding(toLength: 30, withPad: " ", startingAt: 0) + " " + SafeText.strip(board.title)
                          + (board.open ? "" : " (closed)") + (board.records > 0 ? " · \(board.records) player\(board.records == 1 ? "" : "s")" : ""))
                }
            }
        case "causes"?:
            for event in try await answer(connection, .ask(APICalls.causes)) {
                guard let list = event.reply(to: APICalls.causes) else { continue }
                if json { return print(String(decoding: try encoder.encode(list), as: UTF8.self)) }
                for cause in list.causes {
                    print(SafeText.strip(cause.name).padding(toLength: 32, withPad: " ", startingAt: 0) + " \(cause.totalPoints) points from \(cause.donors) player\(cause.donors == 1 ? "" : "s")")
                }
            }
        case let id?:
            // As many rows as the server gives a page when asked for none (the top 50).
            let rows = [QueryValue(.pageLimit, String(WireLimits.defaultPageRows))]
            let command: ScoresCommand = BoardID(id) == .contributors
                ? .ask(APICalls.contributors, query: rows) : .ask(APICalls.top, path: [.board: id], query: rows)
            for event in try await answer(connection, command) {
                guard let page = event.reply(to: APICalls.top) ?? event.reply(to: APICalls.contributors) else { continue }
                if json { return print(String(decoding: try encoder.encode(page), as: UTF8.self)) }
                print(SafeText.strip(page.board.title) + (page.board.open ? "" : " (closed)"))
                if page.rows.isEmpty { print("  no records yet") }
                let now = Date().timeIntervalSince1970
                // Tied records share the first one's rank, as a sports table prints them.
                for (row, rank) in zip(page.rows, SharedRanks.shown(of: page.rows)) {
                    let when = Timestamp.seconds(row.at).map { ageWords(now - $0) + " ago" } ?? row.at
                    print(String(rank).leftPadded(to: 4) + (row.tied ? "=" : " ") + " " + SafeText.strip(row.name).padding(toLength: 24, withPad: " ", startingAt: 0)
                          + String(row.score).leftPadded(to: 7) + "  " + when)
                }
            }
        }
    }
}

struct WhoAmI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Say which player you are on the chosen leaderboard (and where else you are registered)."
    )

    @OptionGroup var where_: ServerOption

    func run() throws {
        let (connection, store, _) = try where_.credentials()
        let place = SafeText.strip(connection.placeAndWhy)
        if let credential = store.credential(for: connection.key) {
            print("You are \(SafeText.strip(credential.name)) (\(credential.playerID)) on \(place).")
        } else {
            print("You are not registered on \(place): open the game's Scores screen (5) and press p.")
        }
        let others = store.all().filter { $0.key != connection.key }.sorted { $0.key < $1.key }
        for (key, credential) in others {
            print("Also \(SafeText.strip(credential.name)) on \(key == "local" ? "the local board" : SafeText.strip(key)).")
        }
    }
}

struct Logout: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Forget your token for the chosen leaderboard (your scores stay on it).",
        discussion: "Looks, swarms, slots and the outbox are kept. Without the token you can't sign in as that player again."
    )

    @OptionGroup var where_: ServerOption

    func run() throws {
        let (connection, store, _) = try where_.credentials()
        let place = SafeText.strip(connection.placeAndWhy)
        do {
            if let gone = try store.forget(connection.key) {
                print("Forgot \(SafeText.strip(gone.name))'s token for \(place).")
            } else {
                print("Nothing to forget: you were not registered on \(place).")
            }
        } catch {
            throw fail("couldn't update \(store.url.path): \(error.localizedDescription)")
        }
    }
}
