// The operator's commands, against the same database as the server. A running server picks up
// their effects within a second (through the change log).
import ArgumentParser
import Foundation
import Leaderboard
import ScoresAPI
import LeaderboardServer
import ServerSettings

struct Players: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List, ban and unban players.",
                                                    subcommands: [List.self, Ban.self, Unban.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List players: id, name, joined, status (tab-separated).")
        @OptionGroup var database: DatabaseOption
        @Option(help: "How many to list.") var limit = 100
        @Option(help: "How many to skip first.") var offset = 0

        func run() async throws {
            let service = try await operatorService(try database.resolved())
            for player in try await service.store.players(limit: max(0, limit), offset: max(0, offset)) {
                let status = player.isErased ? "erased" : player.banned ? "banned" : "active"
                let name = player.name.map { String($0.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init)) } ?? "-"
                print([player.publicID, name, Timestamp.iso(milliseconds: player.createdAt), status].joined(separator: "\t"))
            }
        }
    }

    struct Ban: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Ban a player: their records leave every board and they can't submit.")
        @OptionGroup var database: DatabaseOption
        @Argument(help: "The player's id or name.") var player: String

        func run() async throws { try await setBanned(try database.resolved(), player, true) }
    }

    struct Unban: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Lift a ban: the player's records return to the boards.")
        @OptionGroup var database: DatabaseOption
        @Argument(help: "The player's id or name.") var player: String

        func run() async throws { try await setBanned(try database.resolved(), player, false) }
    }

    static func setBanned(_ database: String, _ who: String, _ banned: Bool) async throws {
        let service = try await operatorService(database)
        guard let player = try await service.findPlayer(who), !player.isErased else { throw ValidationError("no player has the id or name \"\(who)\"") }
        try await service.setBanned(player, banned)
        print("\(player.publicID) \(banned ? "banned" : "unbanned")")
    }
}

struct Crews: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List crews, and rename one whose name was reported.",
                                                    subcommands: [List.self, Rename.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List crews: id and name (tab-separated).")
        @OptionGroup var database: DatabaseOption
        @Option(help: "How many to list.") var limit = 100
        @Option(help: "How many to skip first.") var offset = 0

        func run() async throws {
            let service = try await operatorService(try database.resolved())
            for crew in try await service.store.crews(limit: max(0, limit), offset: max(0, offset)) {
                let name = String(crew.name.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
                print([crew.publicID, name].joined(separator: "\t"))
            }
        }
    }

    struct Rename: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a crew: the new name shows on every board at once.")
        @OptionGroup var database: DatabaseOption
        @Argument(help: "The crew's id.") var crew: String
        @Argument(help: "Its new name (the rules of player names).") var name: String

        func run() async throws {
            let service = try await operatorService(try database.resolved())
            do {
                let renamed = try await service.renameCrew(publicID: crew, to: name)
                print("\(renamed.publicID) renamed to \(renamed.name)")
            } catch let error as LeaderboardError {
                throw ValidationError(error.message)
            }
        }
    }
}

struct Records: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Moderate records.", subcommands: [Hide.self, Unhide.self])

    struct Hide: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Hide a player's record on one board (it stays stored).")
        @OptionGroup var database: DatabaseOption
        @Argument(help: "The board id, e.g. style-2026-11-22.") var board: String
        @Argument(help: "The player's id or name.") var player: String

        func run() async throws { try await Records.setHidden(try database.resolved(), board, player, true) }
    }

    struct Unhide: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a hidden record again.")
        @OptionGroup var database: DatabaseOption
        @Argument(help: "The board id.") var board: String
        @Argument(help: "The player's id or name.") var player: String

        func run() async throws { try await Records.setHidden(try database.resolved(), board, player, false) }
    }

    static func setHidden(_ database: String, _ board: String, _ who: String, _ hidden: Bool) async throws {
        let service = try await operatorService(database)
        guard let player = try await service.findPlayer(who) else { throw ValidationError("no player has the id or name \"\(who)\"") }
        guard try await service.hide(board: board, player: player, hidden) else {
            throw ValidationError("\(player.publicID) has no record on \(board)")
        }
        print("\(player.publicID) on \(board): \(hidden ? "hidden" : "shown")")
    }
}

struct UpdatesList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "updates-list",
                                                    abstract: "Print the players who opted in to updates, as CSV (name,email).")
    @OptionGroup var database: DatabaseOption

    func run() async throws {
        let service = try await operatorService(try database.resolved())
        print("name,email")
        for (name, email) in try await service.store.updatesList() { print(csv(name) + "," + csv(email)) }
    }

    /// RFC 4180 quoting; a leading =, +, - or @ is prefixed with ' so spreadsheets never run it.
    func csv(_ field: String) -> String {
        var text = field
        if let first = text.first, "=+-@".contains(first) { text = "'" + text }
        guard text.contains(where: { ",\"\n\r".contains($0) }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Create or update the database schema, then exit.")
    @OptionGroup var database: DatabaseOption

    func run() async throws {
        _ = try await operatorService(try database.resolved())
        print("schema is up to date: \(Settings.masked(try database.resolved()))")
    }
}
