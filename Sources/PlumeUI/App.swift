// The whole app as a value: screens, their states, the status line. update() is pure apart
// from advancing the swarm simulation it owns; side effects are returned as Effects.
import Challenges
import GameState
import SwarmSim

public enum Screen: Int, CaseIterable, Sendable {
    case studio, lab, importer, share, scores

    public var title: String {
        switch self {
        case .studio: "Studio"
        case .lab: "Lab"
        case .importer: "Import"
        case .share: "Share"
        case .scores: "Scores"
        }
    }
}

public struct ImportState: Sendable {
    public var text = ""
    public var result: Result<ImportedLink, ImportError>?
    /// A running preview of an imported swarm.
    public var preview: Swarm?
    public var previewCamera = Camera()
    /// After an import or a cancel: where the link asked to be returned, offered for one key.
    public var offer: CallbackOffer?
    /// On an error: the link's x-error target with the error added, offered for Ctrl-O.
    public var errorTarget: String?
}

/// An x-callback target shown in full, opened only if the player presses the key for it.
public struct CallbackOffer: Equatable, Sendable {
    public enum Occasion: String, Sendable {
        case success = "now that the link is imported"
        case cancel = "now that the import is cancelled"
    }
    public var occasion: Occasion
    public var url: String
    /// Who says they sent the link (unverified).
    public var source: String?
    /// Where the player goes once the offer is answered.
    public var next: Screen
}

public struct ShareState: Sendable {
    public var kind: ShareKind = .look
    public var copyStatus: String?
    /// The plume-server's address when scores go to one: its page for a code, `/l/{code}`, is a
    /// link that chat apps and mail make clickable, and that opens in any browser.
    public var webBase: String?
}

public struct AppModel: Sendable {
    public let catalog: Catalog
    public let book: ChallengeBook
    public let importer: LinkImporter
    public var day: Int

    public var screen: Screen = .studio
    public var returnScreen: Screen = .studio
    public var showingHelp = false
    public var width = 80
    public var height = 24
    public var status = ""
    /// Seconds since 1970, from the last `.clock` message (ages on the Scores screen use it).
    public var now: Double = 0

    public var studio: StudioState
    public var lab: LabState
    public var importing = ImportState()
    public var sharing = ShareState()
    public var scores = ScoresState()
    /// A dialog over the current screen (register, donate); it takes the keys while open.
    public var dialog: Dialog?
    /// The Lab's evolution grid, while it is open.
    public var evolution: EvolutionState?
    /// The Lab's gallery, while it is open, and its recipes (Assets/gallery.json).
    public var browsing: GalleryBrowser?
    public let galleryEntries: [GalleryEntry] = (try? SwarmGallery.bundled.get()) ?? []
    /// A link sent by another program while a dialog was open; it opens when the dialog closes.
    public var waitingArrival: String?
    public var slots: [String?]
    public var swarmSlots: [SwarmSlot?]
    /// A pending two-key command: `w` or `o` waiting for a slot number.
    public var pendingSlotCommand: Character?
    /// The slot the player tried to overwrite once; a second `w` to it confirms.
    public var confirmOverwrite: Int?
    /// The last swarm imported, which `x` in the Lab mixes with.
    public var lastImportedSwarm: SwarmRecipe?

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
        slots = saved?.slots ?? Array(repeating: nil, count: SavedGame.slotCount)
        swarmSlots = saved?.swarmSlots ?? Array(repeating: nil, count: SavedGame.slotCount)
    }

    /// An original starter recipe: two species, one orbiting the other.
    public static let starterRecipe = SwarmRecipe([
        Ingredient(population: 180, genome: Genome(clamping: [90, 6, 14, 0.6, 0.4, 30, 0.1, 0.6])),
        Ingredient(population: 120, genome: Genome(clamping: [160, 9, 18, 0.3, 0.9, 12, 0.05, 0.8])),
    ])

    public var theme: StyleTheme { book.theme(forDay: day) }
    public var styleScore: StyleScore { theme.score(studio.look, in: catalog) }
    public var challenge: SwarmChallenge { book.swarmChallenges[lab.challengeIndex % book.swarmChallenges.count] }
    public var tooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    /// Whether the app wants timer ticks (something is moving); without them the run loop can
    /// block on input and use no CPU.
    public var wantsTicks: Bool {
        if screen == .lab, let grid = evolution { return grid.running && !showingHelp }
        if screen == .lab, browsing != nil { return !showingHelp }
        return (screen == .lab && lab.running && !showingHelp) || (screen == .importer && importing.preview != nil)
    }

    public var savedGame: SavedGame {
        SavedGame(look: ShareCode.link(.look(studio.look)), swarm: ShareCode.link(.swarm(lab.recipe)), slots: slots,
                  swarmName: lab.name, swarmSlots: swarmSlots, swarmGeneration: lab.lineage > 0 ? lab.lineage : nil)
    }
}

// MARK: - update

extension AppModel {
    public mutating func update(_ msg: Msg) -> [Effect] {
        var effects = handle(msg)
        if dialog == nil, let text = waitingArrival {
            waitingArrival = nil
            effects += openArrival(text)
        }
        return effects
    }

    private mutating func handle(_ msg: Msg) -> [Effect] {
        switch msg {
        case .resize(let w, let h):
            width = w
            height = h
            return []
        case .tick:
            tick()
            return []
        case .copied(let how):
            sharing.copyStatus = how
            status = SafeText.strip(how)
            return []
        case .saved(let error):
            if let error { status = "Couldn't save: " + SafeText.strip(error) }
            return []
        case .clock(let seconds):
            return clock(seconds)
        case .scores(let event):
            return receive(event)
        case .arrived(.link(let text)):
            if dialog != nil {
                waitingArrival = text
                status = "A link arrived from another program; it opens when this dialog closes."
                return []
            }
            return openArrival(text)
        case .opened(let how):
            status = SafeText.strip(how)
            return []
        case .arrived(.refused(let why)):
            status = "Refused a message from another program: " + SafeText.strip(why) + "."
            return []
        case .paste(let text):
            if dialog != nil {
                pasteIntoDialog(text)
                return []
            }
            return paste(text)
        case .mouse(let mouse):
            return click(mouse)
        case .key(let key):
            return press(key)
        }
    }

    private mutating func tick() {
        if screen == .lab, var browser = browsing {
            browser.frame()
            browser.camera.follow(browser.preview.state, dotsWide: labCanvas.width * 2, dotsHigh: labCanvas.height * 4)
            browsing = browser
        } else if screen == .lab, var grid = evolution {
            if grid.running {
                let dots = evolveDots
                grid.frame(dotsWide: dots.wide, dotsHigh: dots.high)
                evolution = grid
            }
        } else if screen == .lab && lab.running {
            lab.frame()
            lab.camera.follow(lab.swarm.state, dotsWide: labCanvas.width * 2, dotsHigh: labCanvas.height * 4)
        }
        if screen == .importer, var preview = importing.preview {
            preview.step()
            importing.previewCamera.follow(preview.state, dotsWide: 60, dotsHigh: 40)
            importing.preview = preview
        }
    }

    /// A link from `plume open` opens in the Import preview, like a paste, over any screen.
    private mutating func openArrival(_ text: String) -> [Effect] {
        let effects = paste(text)
        status = "A link arrived from another program" + (importing.result.map { if case .success = $0 { " — Enter applies it, Esc cancels." } else { "; it can't be used — see why above." } } ?? ".")
        return effects
    }

    /// A paste anywhere opens the Import screen with the pasted text.
    private mutating func paste(_ text: String) -> [Effect] {
        if screen != .importer { returnScreen = screen }
        screen = .importer
        showingHelp = false
        // Kept whole: the importer refuses an over-long paste and says how long it was.
        importing = ImportState()
        importing.text = text
        readImport()
        return []
    }

    mutating func readImport() {
        importing.errorTarget = nil
        do {
            let link = try importer.read(importing.text)
            importing.result = .success(link)
            if case .swarm(let recipe) = link.state {
                let preview = Swarm(recipe: recipe, seed: 1)
                importing.previewCamera = Camera()
                importing.previewCamera.jump(to: preview.state, dotsWide: 60, dotsHigh: 40)
                importing.preview = preview
            } else {
                importing.preview = nil
            }
        } catch {
            importing.result = .failure(error)
            importing.preview = nil
            importing.errorTarget = importer.callback(in: importing.text).error.map {
                XCallback.appending([("errorCode", error.code), ("errorMessage", error.description)], to: $0)
            }
        }
    }

    mutating func switchTo(_ target: Screen) -> [Effect] {
        if target == .share && screen != .share {
            sharing.kind = screen == .lab ? .swarm : .look
            returnScreen = screen
            screen = .share
            return copyShareLink()
        }
        if target == .importer && screen != .importer { returnScreen = screen }
        // Leaving the Import screen answers an open callback offer with "no".
        if screen == .importer && target != .importer { importing.offer = nil }
        let arriving = target == .scores && screen != .scores
        screen = target
        return arriving && now - scores.lastRefresh >= 5 ? refreshScores() : []
    }

    mutating func copyShareLink() -> [Effect] {
        sharing.copyStatus = nil
        return [.copyToClipboard(shareLink)]
    }

    /// The server page for the shared thing (`…/l/{code}`), when a server is known.
    public var shareWebLink: String? {
        sharing.webBase.map { ShareCode.webLink(sharing.kind == .look ? .look(studio.look) : .swarm(lab.recipe), base: $0) }
    }

    public var shareLink: String {
        ShareCode.link(sharing.kind == .look ? .look(studio.look) : .swarm(lab.recipe))
    }

    mutating func press(_ key: Key) -> [Effect] {
        if key == .ctrl("c") { return [.save(savedGame), .quit] }
        if dialog != nil { return pressDialog(key) }
        if showingHelp {
            showingHelp = false
            return []
        }
        if screen == .importer { return pressImport(key) }
        if screen == .lab, evolution != nil { return pressEvolve(key) }
        if screen == .lab, browsing != nil { return pressGallery(key) }
        if let command = pendingSlotCommand {
            pendingSlotCommand = nil
            if case .char(let c) = key, let digit = c.wholeNumberValue, (1...SavedGame.slotCount).contains(digit) {
                if screen == .lab { return command == "w" ? saveSwarmSlot(digit - 1) : openSwarmSlot(digit - 1) }
                return command == "w" ? saveSlot(digit - 1) : openSlot(digit - 1)
            }
            status = "Cancelled."
            return []
        }
        switch key {
        case .char("q"): return [.save(savedGame), .quit]
        case .char("?"): showingHelp = true; return []
        case .char("1"): return switchTo(.studio)
        case .char("2"): return switchTo(.lab)
        case .char("3"): return switchTo(.importer)
        case .char("4"): return switchTo(.share)
        case .char("5"): return switchTo(.scores)
        case .tab: return switchTo(Screen(rawValue: (screen.rawValue + 1) % Screen.allCases.count)!)
        case .backTab: return switchTo(Screen(rawValue: (screen.rawValue + Screen.allCases.count - 1) % Screen.allCases.count)!)
        default: break
        }
        switch screen {
        case .studio: return pressStudio(key)
        case .lab: return pressLab(key)
        case .share: return pressShare(key)
        case .scores: return pressScores(key)
        case .importer: return []
        }
    }

    mutating func changed(_ message: String?) -> [Effect] {
        status = message ?? ""
        confirmOverwrite = nil
        return [.save(savedGame)]
    }

    private mutating func click(_ mouse: Mouse) -> [Effect] {
        if dialog != nil { return [] }
        if mouse.y == 0, let target = tabAt(column: mouse.x) { return switchTo(target) }
        if screen == .scores { return clickScores(mouse) }
        if screen == .lab, evolution != nil { return clickEvolve(mouse) }
        if screen == .lab, browsing != nil { return clickGallery(mouse) }
        if screen == .studio, mouse.kind == .press {
            let row = mouse.y - studioListTop
            if mouse.x >= studioPanelX, StudioState.Row.all.indices.contains(row) { studio.selected = row }
        }
        if screen == .studio, mouse.kind == .scrollUp { return changed(studio.cycle(by: -1, in: catalog)) }
        if screen == .studio, mouse.kind == .scrollDown { return changed(studio.cycle(by: 1, in: catalog)) }
        return []
    }
}
