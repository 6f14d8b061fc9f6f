// `plume share`: the link of the current (autosaved) look, or with --swarm the swarm's.
import ArgumentParser
import Challenges
import Foundation
import GameState
import PlumeUI

struct ShareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Print the link of your current look (or swarm), as last saved by the game."
    )

    @Flag(help: "Print the swarm's link instead of the look's.")
    var swarm = false

    func run() throws {
        let catalog = try loadCatalog()
        let book: ChallengeBook
        switch ChallengeBook.bundled {
        case .success(let loaded): book = loaded
        case .failure(let error): throw fail(error.description)
        }
        let store = SaveStore.standard()
        var saved: SavedGame?
        switch store.load() {
        case .fresh: printError("note: no saved game yet; showing the starting \(swarm ? "swarm" : "look")")
        case .loaded(let game): saved = game
        case .corrupt(let path): printError("note: the saved game couldn't be read; it was kept as \(path)")
        }
        let model = AppModel(catalog: catalog, book: book, day: ChallengeBook.day(of: Date()), saved: saved)
        print(ShareCode.link(swarm ? .swarm(model.lab.recipe) : .look(model.studio.look)))
    }
}
