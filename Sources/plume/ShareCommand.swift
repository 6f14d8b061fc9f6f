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

    func run() throws {
        let (model, _, outcome) = try loadSavedGame()
        switch outcome {
        case .fresh: printError("note: no saved game yet; this is the starting \(swarm ? "swarm" : "look")")
        case .corrupt(let path): printError("note: the saved game couldn't be read; it was kept as \(path)")
        case .loaded: break
        }
        let link = ShareCode.link(swarm ? .swarm(model.lab.recipe) : .look(model.studio.look))
        if qr { try printQR(link) } else { print(link) }
    }
}
