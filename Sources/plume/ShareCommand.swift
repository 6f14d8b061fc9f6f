// `plume share`: the link of the current (autosaved) look, with --swarm the swarm's, or with --me
// the player's own link (`plume://player/{id}`), which friends paste to follow them.
import ArgumentParser
import GameState
import ScoresClient
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

    @Flag(help: "Print your player link instead (plume://player/ID, as registered where the game last played, or on --server): friends who paste it in Plume are offered to follow you.")
    var me = false

    @OptionGroup var where_: ServerOption

    func run() throws {
        if me { return try shareMe() }
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
        if web { link = try ShareCode.webLink(state, base: webBase(where_.readingConnection())) }
        if qr { try printQR(link) } else { print(link) }
    }

    /// --me: the player's link where the scores are read (a server, or the local board).
    private func shareMe() throws {
        guard !swarm, slot == nil else { throw fail("--me prints your player link; it takes no --swarm or --slot") }
        let (connection, store, place) = try where_.credentials()
        announce(connection)
        guard let credential = store.credential(for: connection.key) else {
            throw fail("you are not registered on \(place): open the game's Scores screen (5) and press p")
        }
        var link = PlayerLink.link(playerID: credential.playerID)
        if web { link = try PlayerLink.webLink(playerID: credential.playerID, base: webBase(connection)) }
        if qr { try printQR(link) } else { print(link) }
    }

    /// The plume-server a web link leads to: where the scores are read (the link names it).
    private func webBase(_ connection: ScoresConnection) throws -> String {
        guard case .server(let url) = connection.settings.place else {
            let how = connection.settings.source == .lastGame ? "give --server URL" : "give --server URL, PLUME_SERVER or server = \"…\" in config.toml"
            throw fail("web links need a plume-server, and the scores are on \(connection.placeAndWhy): \(how)")
        }
        return url.absoluteString
    }
}
