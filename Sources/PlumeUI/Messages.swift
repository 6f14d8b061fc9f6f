// Everything that can happen to the app (messages in) and everything it asks the outside world
// to do (effects out). The Terminal backend turns keys, pastes, resizes and timer ticks into
// messages, and runs effects, whose outcomes come back as messages.
import ScoresAPI

public enum Key: Hashable, Sendable {
    case char(Character)
    /// Control plus a lower-case letter.
    case ctrl(Character)
    case up, down, left, right, enter, escape, tab, backTab, backspace, delete, home, end, pageUp, pageDown
}

public struct Mouse: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case press, scrollUp, scrollDown }
    public var x: Int, y: Int, kind: Kind
    public init(x: Int, y: Int, kind: Kind) { (self.x, self.y, self.kind) = (x, y, kind) }
}

public enum Msg: Sendable {
    case key(Key)
    /// Text pasted with bracketed paste (or typed into the Import box).
    case paste(String)
    case resize(width: Int, height: Int)
    /// One animation frame (about 30 a second while something moves).
    case tick
    case mouse(Mouse)
    /// How the clipboard copy went: which path was used, or why it failed.
    case copied(String)
    /// A save finished; nil on success, else the reason it failed.
    case saved(String?)
    /// The wall clock (seconds since 1970), about once a second while anything is timed.
    case clock(Double)
    /// An answer about the scores (a request the app made as an effect).
    case scores(ScoresEvent)
    /// Something another program sent to this running game (`plume open`).
    case arrived(Arrival)
    /// How opening a callback link went, in words.
    case opened(String)
}

/// What `plume open` (or any program on the game's socket) sent.
public enum Arrival: Sendable, Equatable {
    /// Text that reads as a link: it opens in the Import preview.
    case link(String)
    /// A message the game refused, and why, in words.
    case refused(String)
}

public enum Effect: Equatable, Sendable {
    case copyToClipboard(String)
    case save(SavedGame)
    /// Ask the leaderboard (a server, or the local board) something; the answer comes back as `.scores`.
    case scores(ScoresCommand)
    /// Open an x-callback target (https only; the player pressed the key for it).
    case openURL(String)
    case quit
}
