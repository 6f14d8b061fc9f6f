// Everything that can happen to the game (messages in) and everything it asks the outside
// world to do (effects out). The terminal turns input, frames and the clock into messages;
// the game's effect runner carries out effects, whose outcomes come back as messages.
import Challenges
import GameState
import ScoresAPI
import TUI

public enum Msg: Sendable {
    case key(Key)
    /// Text pasted with bracketed paste.
    case paste(String)
    case resize(width: Int, height: Int)
    /// One animation frame (about 30 a second while something moves).
    case tick
    case mouse(Mouse)
    /// How the clipboard copy went: which path was used, or why it failed.
    case copied(String)
    /// A save couldn't be written, and why (a save that works says nothing; it is tried again).
    case saveFailed(String)
    /// The wall clock (seconds since 1970): about once a second while anything is timed, and
    /// at midnight, when the day turns.
    case clock(Double)
    /// An answer about the scores (a request the game made as an effect).
    case scores(ScoresEvent)
    /// Something another program sent to this running game (`plume open`).
    case arrived(Arrival)
    /// How opening a callback link went, in words.
    case opened(String)
    /// How many watch this game hosted over SSH, as its host last wrote (see `Audience`).
    case watchers(Int)
    /// The board's score of a swarm the Lab asked for (`Effect.scoreSwarm`).
    case swarmScored(SwarmScoring, Result<SwarmScore, SwarmRefusal>)
    /// Settings the player changed couldn't be kept in config.toml, and why (kept: nothing said).
    case settingsNotKept(String)
}

extension Msg: ProgramMessage {
    public init(input: InputEvent) {
        switch input {
        case .key(let key): self = .key(key)
        case .paste(let text): self = .paste(text)
        case .mouse(let mouse): self = .mouse(mouse)
        case .resize(let size): self = .resize(width: size.width, height: size.height)
        }
    }

    public static var frame: Msg { .tick }
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
    /// The saved game changed: write it (the runner coalesces, off the input path).
    case save(SavedGame)
    /// Ask the leaderboard (a server, or the local board) something; the answer comes back as `.scores`.
    case scores(ScoresCommand)
    /// Open an x-callback target (https only; the player pressed the key for it).
    case openURL(String)
    /// Read how many watch this game hosted over SSH; the count comes back as `.watchers`.
    case readWatchers
    /// Score a swarm as its board would (seconds of CPU at most); the score comes back as `.swarmScored`.
    case scoreSwarm(SwarmScoring)
    /// Keep one of the player's settings in config.toml; a failure comes back as `.settingsNotKept`.
    case writeSettings(PlaySettings, PlaySettings.Key)
    case quit
}
