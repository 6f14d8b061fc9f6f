// The `plume` command: the game (by default), share-link tools, and benchmarks.
import ArgumentParser
import Foundation
import GameState

@main
struct Plume: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plume",
        abstract: "A dress-up and swarm game for the terminal.",
        discussion: """
            Style a model in the Studio, breed swarms in the Lab, and share either as a short
            plume:// link. Links survive e-mail and chat; paste a friend's link to import it.
            """,
        subcommands: [Play.self, LinkCommand.self, Bench.self],
        defaultSubcommand: Play.self
    )
}

struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Play Plume (the default).")

    func run() throws {
        let catalog = try loadCatalog()
        print("""
            Plume \(PlumeVersion.current) — \(catalog.garments.count) garments, \(catalog.backgrounds.count) backgrounds, \(catalog.models.count) models loaded.
            The full-screen Studio and Lab are not in this build yet. Until they are, share links work
            from the command line:
              plume link decode 'plume://look/…'     what a link, code, Emergent link or recipe holds
              plume link encode < look.json          the link for a look or swarm written as JSON
              plume link export --format sayama …    a swarm as Sayama recipe text or an Emergent link
            See plume --help for everything.
            """)
    }
}

enum PlumeVersion {
    static let current = "0.1.0"
}

/// Prints a message for the player on stderr; the caller throws the returned exit code.
func fail(_ message: String) -> ExitCode {
    printError("plume: " + SafeText.strip(message))
    return ExitCode(1)
}

func printError(_ text: String) {
    var stderr = StandardError()
    print(text, to: &stderr)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}

func loadCatalog() throws -> Catalog {
    switch Catalog.bundled {
    case .success(let catalog): return catalog
    case .failure(let error): throw fail(error.description)
    }
}
