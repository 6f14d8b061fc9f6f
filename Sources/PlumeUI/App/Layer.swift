// A layer is anything on screen that takes input: a screen at the bottom of the stack, or an
// overlay pushed over it (help, a dialog, the gallery, the evolution grid, an offer, a slot
// prompt). Each has its own state, its own update and its own view; it reaches the rest of
// the game only by returning requests, and reads it only through the Context.
import GameState
import TUI

/// Input the router gives the top layer.
public enum LayerInput: Sendable, Equatable {
    case key(Key)
    case mouse(Mouse)
    case paste(String)
}

/// What a layer did with an input.
public enum Handled: Sendable {
    /// It took it, and asks for these.
    case done([Request])
    /// Not its key: the router's global keys (quit, tabs, help) get it.
    case pass

    static let nothing = Handled.done([])
    static func done(_ requests: Request...) -> Handled { .done(requests) }
}

public protocol Layer: Sendable {
    mutating func handle(_ input: LayerInput, _ context: Context) -> Handled
    /// One animation frame (only while `animates`).
    mutating func frame(_ context: Context)
    /// Whether it wants frames: something in it moves.
    func animates(_ context: Context) -> Bool
    /// Draws itself in `area` (the space between the tab bar and the status line).
    func draw(into grid: inout Grid, area: Rect, _ context: Context)
    /// Its keys, for the help page and the hint line.
    func help(_ context: Context) -> HelpPage
}

extension Layer {
    public mutating func frame(_ context: Context) {}
    public func animates(_ context: Context) -> Bool { false }
}

/// A layer pushed over the screen.
public protocol Overlay: Layer {
    /// A dialog the player is typing into: a link from another program waits until it closes,
    /// and pastes go into it.
    var isDialog: Bool { get }
    /// It fills the whole area, so the screen under it isn't drawn.
    var covers: Bool { get }
    /// It belongs to the screen under it: leaving that screen puts it aside, and coming back
    /// finds it as it was (the gallery, the evolution grid). Other overlays close.
    var staysWithScreen: Bool { get }
    /// Whatever moves under it stops while it is open (help does; a dialog and the slot prompt
    /// let the swarm run on beneath them).
    var pausesBelow: Bool { get }
    /// Hears what came of something it asked for (a registration refused…).
    mutating func note(_ note: Note)
    /// The player asked for motion to stop: whatever runs in it pauses.
    mutating func holdStill()
}

extension Overlay {
    public var isDialog: Bool { false }
    public var covers: Bool { false }
    public var staysWithScreen: Bool { false }
    public var pausesBelow: Bool { !isDialog }
    public mutating func note(_ note: Note) {}
    public mutating func holdStill() {}
}

/// News for the overlays from elsewhere in the game.
public enum Note: Sendable, Equatable {
    /// A request a dialog sent was refused, in words.
    case refused(ScoresRequestKind, String)
    /// The Lab's recipe is the evolution grid's new parent, bred with this seed.
    case parent(SwarmRecipe, seed: UInt64)
    /// The player's SSH keys changed as a dialog asked.
    case keysChanged
    /// The players followed changed (a follow made or stopped), in words.
    case followsChanged(String)
}

/// Which of a dialog's requests a refusal is about.
public enum ScoresRequestKind: Sendable, Equatable { case register, donate, keys, follow }
