// `plume share`: the link of the current (autosaved) look, or with --swarm the swarm's.
import ArgumentParser
import GameState
import PlumeUI

struct ShareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Print the link of your current look (or swarm), as last saved by the game."
    )

    @Flag(help: "Print the swarm's link instead of the look's.")
    var swarm = false

    @Flag(help: "Also draw the link as a QR code (black on white, quiet zone included).")
    var qr = false

    @Flag(help: "Print the plume-server's web page for it (…/l/CODE) instead: clickable in chat and mail.")
    var web = false

    @Option(help: "Print saved slot N (1–9) instead: a look slot, or a swarm slot with --swarm.")
    var slot: Int?

    @OptionGroup var where_: ServerOption

    func run() throws {
        let (model, _, outcome) = try loadSavedGame()
        switch outcome {
        case .fresh: printError("note: no saved game yet; this is the starting \(swarm ? "swarm" : "look")")
        case .corrupt(let path): printError("note: the saved game couldn't be read; it was kept as \(path)")
        case .loaded: break
        }
        var state: SharedState = swarm ? .swarm(model.lab.recipe) : .look(model.studio.look)
        if let slot {
            guard (1...SavedGame.slotCount).contains(slot) else { throw fail("--slot must be 1–\(SavedGame.slotCount)") }
            let saved = swarm ? model.shelf.swarms[slot - 1]?.link : model.shelf.looks[slot - 1]
            guard let saved, let found = try? model.importer.read(saved).state else {
                throw fail("\(swarm ? "swarm" : "look") slot \(slot) is empty")
            }
            state = found
            if swarm, let name = model.shelf.swarms[slot - 1]?.name { printError("note: “" + SafeText.strip(name) + "”") }
        }
        var link = ShareCode.link(state)
        if web {
            let connection = where_.connection()
            guard case .server(let url) = connection.settings.place else {
                throw fail("web links need a plume-server: give --server URL, PLUME_SERVER or server = \"…\" in config.toml")
            }
            link = ShareCode.webLink(state, base: url.absoluteString)
        }
        if qr { try printQR(link) } else { print(link) }
    }
}
