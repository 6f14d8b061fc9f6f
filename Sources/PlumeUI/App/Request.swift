// What a layer asks of the game: the only way one part of the game reaches another. A screen
// asks to go somewhere by returning `.go`; it never writes another screen's state.
import GameState
import ScoresAPI
import SwarmSim

public enum Request: Sendable {
    /// Words for the status line, until other words replace them.
    case status(String)
    /// Words for the status line that go by themselves at the end they name (StatusLine.swift).
    case statusUntil(String, StatusEnd)
    case effect(Effect)
    /// Show a screen (its arrival runs: Share copies its link, Scores refreshes).
    case go(Screen)
    /// Back to the screen the player came from.
    case back
    case push(any Overlay)
    /// Close the overlay that asked: the top one.
    case close
    /// Close every overlay of a kind, wherever it is in the stack (a dialog whose work is done).
    case dismiss(ObjectIdentifier)
    /// News for the overlays.
    case note(Note)
    /// Show text in the Import preview (a paste, a player's entry, a plume:// callback target).
    case preview(String, status: String?)
    /// Wear a look in the Studio (the old one goes on its undo stack).
    case wear(Look, status: String)
    /// Put on a garment in the Studio, in a colour variant, on a row of its slot list, by the
    /// Studio's own rules (what it replaces comes off; the old look goes on the undo stack).
    case wearGarment(id: Int, colour: Int, on: StudioState.Row)
    /// Something for the Lab's recipe.
    case lab(LabRequest)
    /// Send the Studio's look or the Lab's swarm to a board (registering first if need be).
    case submit(board: String, code: String, what: Work)
    /// A scores command, sent unless the same one is already on its way.
    case send(ScoresCommand)
    /// Something else for the session.
    case session(SessionRequest)
    /// The session holds news not shown yet: it opens over the screen as soon as no overlay is
    /// open (never over a dialog); until then the status line says it came.
    case showNews
    /// The slot commands: keep the current look or swarm in a slot, or take it back out.
    case shelve(Shelf.Kind, slot: Int)
    case unshelve(Shelf.Kind, slot: Int)
    /// Open an x-callback target the player chose: a plume:// one is imported here, an
    /// https:// one handed to the desktop.
    case callback(String)
    /// The player changed a setting in the settings place: it holds now, that one is kept in
    /// config.toml, and the words say what it is now.
    case settings(PlaySettings, changed: PlaySettings.Key, words: String)
    case quit

    static func dismiss<O: Overlay>(_ kind: O.Type) -> Request { .dismiss(ObjectIdentifier(kind)) }
}

/// What is being submitted.
public enum Work: String, Sendable {
    case look, swarm

    /// What a board takes: swarms on a swarm board, looks on the others.
    init(board: String) { self = BoardID(board).kind == .swarm ? .swarm : .look }
}


/// What other layers ask of the Lab.
public enum LabRequest: Sendable {
    /// Run this recipe (the old one goes on the undo stack). `lineage`: generations bred by eye
    /// (nil keeps the count); `running`: start it if paused; `imported`: remember it for `x`.
    case run(SwarmRecipe, name: String?, lineage: Int?, status: String, running: Bool = false, imported: Bool = false)
    /// A child of the evolution grid becomes the parent (one generation on).
    case adopt(SwarmRecipe, child: Int)
    /// Two children of the evolution grid mixed into the new parent.
    case mix(SwarmRecipe, SwarmRecipe, children: (Int, Int))
    /// One generation back down the lineage.
    case backAGeneration
    /// Name the swarm (nil: no name).
    case name(String?)
}
