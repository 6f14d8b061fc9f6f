// The whole game as a value: the screens' states, the stack of overlays above the current
// screen, the status line and what every layer may read. update() (Router.swift) is pure apart
// from advancing the swarms it owns; view() (Frame.swift) draws it into a Grid.
import Challenges
import GameState
import SwarmSim
import TUI
import PlumeCalendar

public struct AppModel: Sendable {
    public let catalog: Catalog
    public let book: ChallengeBook
    public let importer: LinkImporter
    /// The Lab's gallery of named recipes (Assets/gallery.json).
    public let galleryEntries: [GalleryEntry] = (try? SwarmGallery.bundled.get()) ?? []
    /// The UTC day (days since 1970); it turns at midnight when the clock says so.
    public internal(set) var day: Int
    /// Seconds since 1970, from the last `.clock` message.
    public internal(set) var now: Double = 0
    public internal(set) var width = 80
    public internal(set) var height = 24
    /// The status line's words; set here, they stay until replaced (StatusLine.swift).
    public var status: String {
        get { statusLine.text }
        set { statusLine = StatusLine(text: newValue) }
    }
    /// The status line's words and when they go.
    var statusLine = StatusLine() {
        didSet { statusSaid &+= 1 }
    }
    /// How many times words were put on the status line: the messages file says words again
    /// when they are said again ("Nothing to undo." twice).
    public internal(set) var statusSaid = 0

    /// The screen at the bottom of the stack, the one the player came from, and the overlays
    /// above it (the last one on top gets the input).
    public internal(set) var screen: Screen = .studio
    var previousScreen: Screen = .studio
    public internal(set) var overlays: [any Overlay] = []
    /// Overlays put aside with the screen they belong to, until the player comes back to it.
    var parked: [Screen: [any Overlay]] = [:]

    public var studio: StudioState
    public var lab: LabState
    public var importing = ImportState()
    public var sharing = ShareState()
    public var scores = ScoresState()
    public var runway = RunwayState()
    /// The leaderboard session every screen and dialog reads.
    public internal(set) var session = Session()
    /// Motion held still until the player asks (`--reduce-motion`, PLUME_REDUCE_MOTION,
    /// `reduce-motion = true`): the Lab's swarm, the evolution grid and the Runway's show start
    /// paused (space runs them, . steps them), the gallery's preview moves only on ., and an
    /// import's preview holds its first frame.
    public var reduceMotion = false {
        didSet { if reduceMotion { holdStill() } }
    }
    /// The screen-reader mode (`--screen-reader`, PLUME_SCREEN_READER, `screen-reader = true`):
    /// the cursor rests on the focused item, the Lab says its swarm in words, a dialog says what
    /// it is when it opens, and motion holds still as with `reduceMotion`.
    public var screenReader = false {
        didSet { if screenReader { holdStill() } }
    }
    /// The colours for the player's colour vision (Palette.swift).
    public var palette = ColourPalette.standard
    /// The settings this game's flags or environment gave, and which ("--palette",
    /// "PLUME_PALETTE"): they win over config.toml at every start, so the settings place says so.
    public var settingsGiven: [PlaySettings.Key: String] = [:]

    /// Motion stops: the Lab's swarm, the Runway's show and an evolution grid (open or put
    /// aside) pause.
    private mutating func holdStill() {
        lab.running = false
        runway.running = false
        for index in overlays.indices { overlays[index].holdStill() }
        for (screen, stack) in parked { parked[screen] = stack.map { var overlay = $0; overlay.holdStill(); return overlay } }
    }

    /// The settings in force, as the settings place shows and writes them.
    public var playSettings: PlaySettings {
        get { PlaySettings(reduceMotion: reduceMotion, screenReader: screenReader, palette: palette) }
        set { (reduceMotion, screenReader, palette) = (newValue.reduceMotion, newValue.screenReader, newValue.palette) }
    }
    /// Who watches this game: set for a game hosted over SSH (it then reads the count after each
    /// resize); nil for a game on the player's own machine, which nobody can watch.
    public var audience: Audience?
    public internal(set) var shelf: Shelf

    /// A link sent by another program while a dialog was open; it opens when the dialog closes.
    var waitingArrival: String?
    /// The saved game as the effect runner last had it: a save goes out only when this changes.
    var lastSaved: SavedGame

    public static let minimumWidth = 80, minimumHeight = 24

    public init(catalog: Catalog, book: ChallengeBook, day: Int, saved: SavedGame? = nil) {
        self.catalog = catalog
        self.book = book
        self.day = day
        let importer = LinkImporter(catalog: catalog)
        self.importer = importer
        func state(_ link: String?) -> SharedState? { link.flatMap { try? importer.read($0).state } }
        var look = Look(background: catalog.backgrounds[0].id, model: catalog.models[0].id)
        if case .look(let savedLook) = state(saved?.look) { look = savedLook }
        var recipe = AppModel.starterRecipe
        if case .swarm(let savedRecipe) = state(saved?.swarm) { recipe = savedRecipe }
        studio = StudioState(look: look)
        lab = LabState(recipe: recipe)
        lab.name = saved?.swarmName.map { SafeText.strip($0) }
        // A hand-edited save can't make the lineage line absurd.
        lab.lineage = min(max(saved?.swarmGeneration ?? 0, 0), 1_000_000)
        shelf = Shelf(looks: saved?.slots ?? Array(repeating: nil, count: SavedGame.slotCount),
                      swarms: saved?.swarmSlots ?? Array(repeating: nil, count: SavedGame.slotCount))
        lastSaved = SavedGame()
        lastSaved = savedGame
    }

    /// An original starter recipe: two species, one orbiting the other.
    public static let starterRecipe = SwarmRecipe([
        Ingredient(population: 180, genome: Genome(clamping: [90, 6, 14, 0.6, 0.4, 30, 0.1, 0.6])),
        Ingredient(population: 120, genome: Genome(clamping: [160, 9, 18, 0.3, 0.9, 12, 0.05, 0.8])),
    ])

    public var theme: StyleTheme { book.theme(forDay: day) }
    public var styleScore: StyleScore { theme.score(studio.look, in: catalog) }
    public var challenge: SwarmChallenge { lab.challenge(in: book) }
    public var tooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    /// What the player keeps between sessions.
    public var savedGame: SavedGame {
        SavedGame(look: ShareCode.link(.look(studio.look)), swarm: ShareCode.link(.swarm(lab.recipe)), slots: shelf.looks,
                  swarmName: lab.name, swarmSlots: shelf.swarms, swarmGeneration: lab.lineage > 0 ? lab.lineage : nil)
    }

    /// What every layer may read.
    public var context: Context {
        Context(catalog: catalog, book: book, importer: importer, gallery: galleryEntries, day: day, now: now,
                size: Size(width: width, height: height), screen: screen, look: studio.look, recipe: lab.recipe, swarmName: lab.name,
                lineage: lab.lineage, shelf: shelf, session: session, webBase: sharing.webBase,
                settings: playSettings)
    }

    /// The overlay on top, if it is of type `O` (tests and the router look at it this way).
    public func top<O: Overlay>(_ type: O.Type) -> O? { overlays.last as? O }

    /// Opens an overlay over the current screen.
    public mutating func push(_ overlay: any Overlay) { overlays.append(overlay) }

    /// When the program loop should wake the game: at midnight (the day turns), for the
    /// session's next ask for news, and when a confirmation on the status line goes, even when
    /// nothing else happens.
    public var timing: Timing {
        let frames = tooSmall ? false : animated(context) != nil
        let midnight = Double(UTCDay.start(of: day + 1))
        let wake = [midnight, session.nextNewsPoll, statusLine.expires].compactMap { $0 }.min() ?? midnight
        return Timing(frames: frames, clock: session.wantsClock || screenLayer(screen).wantsClock, answers: session.awaiting,
                      wakeAt: wake)
    }

}

/// The game is a program the terminal backend can run: messages in, effects out, a Grid drawn.
extension AppModel: Program {}
