// `plume link …`: decode, encode and convert share links from the command line, so links can be
// scripted and tested from outside the game.
import ArgumentParser
import Foundation
import GameState

struct LinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Decode, encode and convert share links.",
        subcommands: [Decode.self, Encode.self, Export.self, QR.self]
    )

    struct Decode: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print what a link holds, as canonical JSON.",
            discussion: """
                Reads TEXT, or standard input when TEXT is absent: a plume:// link, a bare share \
                code, a readable outfit link, an Emergent link, Swarm Chemistry recipe text, or a \
                player link (plume://player/ID: {"kind": "player", "player_id": …}) — \
                also when e-mail or chat has wrapped, quoted or escaped it. Prints one line of JSON \
                and exits 0; on a bad link prints the reason on standard error and exits 1. \
                Adjustments (clamped values, rescaled populations) are listed as notes on standard error.
                """
        )

        @Argument(help: "The link or text to read (default: standard input).")
        var text: String?

        func run() throws {
            let link: ImportedLink
            switch try readPasted(text) {
            case .shared(let shared): link = shared
            case .player(let player):
                let fields = [("kind", "player"), ("player_id", player.playerID), ("link", player.link), ("form", player.form.rawValue)]
                print("{" + fields.map { SharedStateJSON.string($0.0) + ":" + SharedStateJSON.string($0.1) }.joined(separator: ",") + "}")
                return
            }
            var extra: [(String, String)] = [("link", SharedStateJSON.string(ShareCode.link(link.state))),
                                             ("form", SharedStateJSON.string(link.form.rawValue))]
            if let title = link.title { extra.append(("title", SharedStateJSON.string(title))) }
            let callback = link.callback
            let callbackFields: [(String, String?)] = [("source", callback.source), ("success", callback.success),
                                                       ("error", callback.error), ("cancel", callback.cancel)]
            let present = callbackFields.compactMap { key, value in value.map { SharedStateJSON.string(key) + ":" + SharedStateJSON.string($0) } }
            if !present.isEmpty { extra.append(("callback", "{" + present.joined(separator: ",") + "}")) }
            if !link.notes.isEmpty { extra.append(("notes", SharedStateJSON.array(link.notes))) }
            print(SharedStateJSON.encode(link.state, extra: extra))
            for note in link.notes + callback.dropped { printError("note: " + SafeText.strip(note)) }
        }
    }

    struct Encode: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the canonical link for a look or swarm given as JSON on standard input.",
            discussion: """
                Input shapes (other keys are ignored): a look, {"kind": "look", "background": ID, \
                "model": ID, "garments": [{"id": ID, "colour": N}, …]}, or a swarm, {"kind": "swarm", \
                "ingredients": [{"population": N, "R": x, "Vn": x, "Vm": x, "c1": x, …, "c5": x}, …]}.

                Colours count from 0. Swarm values are in Sayama's units and ranges (R 0–300, \
                Vn 0–20, Vm 0–40, c1 0–1, c2 0–1, c3 0–100, c4 0–0.5, c5 0–1), kept to two decimals.
                """
        )

        @Flag(help: "Print the bare share code instead of the link.")
        var code = false

        func run() throws {
            let data = readStandardInput()
            let decoded: (state: SharedState, notes: [String])
            do {
                decoded = try SharedStateJSON.decode(data)
            } catch {
                throw fail(error.description)
            }
            if case .look(let look) = decoded.state {
                let broken = look.brokenRules(in: try loadCatalog())
                if !broken.isEmpty { throw fail(ImportError.invalidLook(broken).description) }
            }
            for note in decoded.notes { printError("note: " + note) }
            print(code ? ShareCode.encode(decoded.state) : ShareCode.link(decoded.state))
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Re-emit a link in another format.",
            discussion: """
                Swarms: plume (the canonical link), sayama (recipe text for Sayama's simulator), \
                emergent (an Emergent link; at most three ingredients — what the conversion loses \
                is listed on standard error). Looks: plume, or outfit (the readable form \
                plume://look?outfit=background|model|garment:colour…).
                """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case plume, sayama, emergent, outfit
        }

        @Option(help: "plume, sayama, emergent or outfit.")
        var format: Format

        @Argument(help: "The link or text to read (default: standard input).")
        var text: String?

        func run() throws {
            let link = try importPaste(text)
            switch (format, link.state) {
            case (.plume, let state):
                print(ShareCode.link(state))
            case (.sayama, .swarm(let recipe)):
                print(SayamaRecipeText.format(recipe))
            case (.emergent, .swarm(let recipe)):
                guard let exported = EmergentLink.export(recipe) else {
                    throw fail("an Emergent link holds at most three ingredients; this recipe has \(recipe.ingredients.count)")
                }
                print(exported.link)
                for loss in exported.losses { printError("lost: " + loss) }
            case (.outfit, .look(let look)):
                guard let text = ReadableOutfit.format(look, in: try loadCatalog()) else { throw fail("this look can't be written out") }
                print(text)
            case (.sayama, .look), (.emergent, .look):
                throw fail("a look can't be written as \(format.rawValue); use --format plume or outfit")
            case (.outfit, .swarm):
                throw fail("a swarm can't be written as an outfit; use --format plume, sayama or emergent")
            }
        }
    }
}

/// Reads a paste (argument or standard input) through the link importer — a look, a swarm or a
/// player — or exits 1 with the reason.
func readPasted(_ text: String?) throws -> Pasted {
    let paste = text ?? String(decoding: readStandardInput(), as: UTF8.self)
    do {
        return try LinkImporter(catalog: try loadCatalog()).readPaste(paste)
    } catch let error as ImportError {
        throw fail(error.description)
    }
}

/// A look or a swarm from a paste; a player link exits 1 saying what it is.
func importPaste(_ text: String?) throws -> ImportedLink {
    switch try readPasted(text) {
    case .shared(let link): return link
    case .player: throw fail(ImportError.isPlayerLink.description)
    }
}

/// Standard input, read to its end but never more than 1 MiB (the importer refuses anything
/// over 4 KiB anyway, and says so).
func readStandardInput(limit: Int = 1 << 20) -> Data {
    var data = Data()
    while data.count <= limit {
        let chunk = FileHandle.standardInput.availableData
        if chunk.isEmpty { break }
        data.append(chunk)
    }
    return data
}
