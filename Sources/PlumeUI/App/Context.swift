// What every layer may read and none may write: the content, the day and the time, the window,
// the player's current work and slots, and the scores as last heard.
import Challenges
import GameState
import ScoresAPI
import SwarmSim
import TUI
import PlumeCalendar

public struct Context: Sendable {
    public let catalog: Catalog
    public let book: ChallengeBook
    public let importer: LinkImporter
    public let gallery: [GalleryEntry]
    /// The UTC day (days since 1970) and the wall clock as last heard.
    public let day: Int
    public let now: Double
    public let size: Size
    /// The screen at the bottom of the stack.
    public let screen: Screen
    /// The Studio's look and the Lab's swarm as they are now.
    public let look: Look
    public let recipe: SwarmRecipe
    public let swarmName: String?
    public let lineage: Int
    public let shelf: Shelf
    /// The leaderboard session: where the scores are, who the player is there, what waits.
    public let session: Session
    /// The plume-server's address when scores go to one (for web links).
    public let webBase: String?
    /// The player's settings (the settings place shows them).
    public let settings: PlaySettings

    /// Motion only when the player asks for it (AppModel.reduceMotion, and the screen-reader mode).
    public var reduceMotion: Bool { settings.reduceMotion || settings.screenReader }
    /// The screen-reader mode: the Lab says its swarm in words (AppModel.screenReader).
    public var screenReader: Bool { settings.screenReader }
    /// The colours in force.
    public var palette: ColourPalette { settings.palette }

    public var theme: StyleTheme { book.theme(forDay: day) }
    /// Where layers draw: between the tab bar and the status line.
    public var area: Rect { Self.area(size) }
    static func area(_ size: Size) -> Rect { Rect(x: 0, y: 1, width: size.width, height: size.height - 3) }
    /// The board the Studio submits to: today's style theme.
    public var styleBoardID: String { BoardID.style(day: day).text }
}
