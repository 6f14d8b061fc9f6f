// `plume crew`: your crew on the chosen leaderboard — founding one, inviting a player, joining one
// that invited you, leaving, and any crew's week — through the same client the game uses. A
// crew's week score is its best four members' week points; from Thursday 00:00 UTC to the week's
// end a join or a leave counts from the next week, and the server says so.
import ArgumentParser
import Foundation
import GameState
import ScoresAPI
import ScoresClient

struct CrewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crew",
        abstract: "Your crew: found one, invite, join, leave, or show a crew's week.",
        discussion: """
            A crew has at most six players, and a player is in one crew at a time. Its week \
            score is the sum of its best four members' week points, on the week's crews' board \
            (crews-YYYY-Www). Without a subcommand, shows your crew.
            """,
        subcommands: [Show.self, Create.self, Invite.self, Join.self, Leave.self],
        defaultSubcommand: Show.self
    )

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show your crew's week, or another crew's by its id.")
        @Argument(help: ArgumentHelp("A crew's id (default: yours).", valueName: "crew")) var crew: String?
        @OptionGroup var where_: ServerOption

        func run() async throws {
            let connection = where_.announced()
            let command: ScoresCommand = crew.map { .ask(APICalls.crew, path: [.crew: $0]) } ?? .ask(APICalls.myCrew)
            for event in try await answer(connection, command) {
                if let shown = event.reply(to: APICalls.crew) ?? event.reply(to: APICalls.myCrew) { CrewCommand.print(shown) }
            }
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Found a crew; you are its first member.")
        @Argument(help: ArgumentHelp("Its name (the rules of player names; unique among crews).", valueName: "name")) var name: String
        @OptionGroup var where_: ServerOption

        func run() async throws {
            try await CrewCommand.change(where_.announced(), .ask(APICalls.createCrew, body: CrewRequest(name: name)), APICalls.createCrew)
        }
    }

    struct Invite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Invite a player to your crew, by name or id.")
        @Argument(help: ArgumentHelp("The player's name (case ignored) or public id.", valueName: "player")) var player: String
        @OptionGroup var where_: ServerOption

        func run() async throws {
            let connection = where_.announced()
            let crewID = try await CrewCommand.mine(connection)
            // A public id as it is; else the player by name.
            var found: Identity? = player.utf8.count == 22 && player.utf8.allSatisfy(Base64URL.isAlphabet) ? Identity(playerID: player, name: player) : nil
            if found == nil {
                for event in try await answer(connection, .ask(APICalls.findPlayer, query: [QueryValue(.playerName, player)], anonymous: true)) {
                    found = event.reply(to: APICalls.findPlayer) ?? found
                }
            }
            guard let crewID, let found else { throw fail("couldn't find your crew or that player") }
            for event in try await answer(connection, .ask(APICalls.inviteToCrew, path: [.crew: crewID], body: CrewInviteRequest(playerID: found.playerID))) {
                guard event.reply(to: APICalls.inviteToCrew) != nil else { continue }
                Swift.print("Invited \(SafeText.strip(found.name)): they join with `plume crew join \(SafeText.strip(crewID))`.")
            }
        }
    }

    struct Join: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Join a crew that invited you.")
        @Argument(help: ArgumentHelp("The crew's id.", valueName: "crew")) var crew: String
        @OptionGroup var where_: ServerOption

        func run() async throws {
            try await CrewCommand.change(where_.announced(), .ask(APICalls.joinCrew, path: [.crew: crew]), APICalls.joinCrew)
        }
    }

    struct Leave: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Leave your crew.")
        @OptionGroup var where_: ServerOption

        func run() async throws {
            let connection = where_.announced()
            let crewID = try await CrewCommand.mine(connection)
            guard let crewID else { throw fail("you are in no crew") }
            try await CrewCommand.change(connection, .ask(APICalls.leaveCrew, path: [.crew: crewID]), APICalls.leaveCrew)
        }
    }

    /// The player's crew's id.
    static func mine(_ connection: ScoresConnection) async throws -> String? {
        try await answer(connection, .ask(APICalls.myCrew)).compactMap { $0.reply(to: APICalls.myCrew)?.crewID }.first
    }

    /// A change, and the crew as it left it.
    static func change<Body: WireValue>(_ connection: ScoresConnection, _ command: ScoresCommand, _ call: APICall<Body, Crew>) async throws {
        for event in try await answer(connection, command) {
            guard let crew = event.reply(to: call) else { continue }
            if let words = crew.words { Swift.print(SafeText.strip(words)) }
            CrewCommand.print(crew)
        }
    }

    /// "Velvet Rope (c…) · 2026-W49: 412 week points, #3 of 17", then each member's part.
    static func print(_ crew: Crew) {
        let rank = crew.rank.map { ", #\($0) of \(crew.crews)" } ?? ""
        Swift.print("\(SafeText.strip(crew.name)) (\(SafeText.strip(crew.crewID))) · \(SafeText.strip(crew.week)): \(crew.score) week points\(rank)"
                    + (crew.frozen ? " · roster frozen until the week ends" : ""))
        for member in crew.members {
            let note = member.note.map { " (\(SafeText.strip($0)))" } ?? ""
            Swift.print("  " + SafeText.strip(member.name).padding(toLength: 24, withPad: " ", startingAt: 0) + String(member.points).leftPadded(to: 6)
                        + (member.counted ? "  counted" : "") + note)
        }
    }
}

extension ServerOption {
    /// Where the scores are read, said on stderr.
    func announced() -> ScoresConnection {
        let connection = readingConnection()
        announce(connection)
        return connection
    }
}
