// The whole app as a value: screens, their states, the status line. update() is pure apart
// from advancing the swarm simulation it owns; side effects are returned as Effects.
import Challenges
import GameState
import SwarmSim

public enum Screen: Int, CaseIterable, Sendable {
    case studio, lab, importer, share

    public var title: String {
        switch self {
        case .studio: "Studio"
        case .lab: "Lab"
        case .importer: "Import"
        case .share: "Share"
        }
    }
}

public struct ImportState: Sendable {
    public var text = ""
    public var result: Result<ImportedLink, ImportError>?
    /// A running preview of an imported swarm.
    public var preview: Swarm?
    public var previewCamera = Camera()
}

public struct ShareState: Sendable {
    public var kind: ShareKind = .look
    public var copyStatus: String?
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

    public var studio: StudioState
    public var lab: LabState
    public var importing = ImportState()
    public var sharing = ShareState()
    public var slots: [String?]
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
        importer = LinkImporter(catalog: catalog)
        func state(_ link: String?) -> SharedState? { link.flatMap { try? LinkImporter(catalog: catalog).read($0).state } }
        var look = Look(background: catalog.backgrounds[0].id, model: catalog.models[0].id)
        if case .look(let savedLook) = state(saved?.look) { look = savedLook }
        var recipe = AppModel.starterRecipe
        if case .swarm(let savedRecipe) = state(saved?.swarm) { recipe = savedRecipe }
        studio = StudioState(look: look)
        lab = LabState(recipe: recipe)
        slots = saved?.slots ?? Array(repeating: nil, count: SavedGame.slotCount)
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
        (screen == .lab && lab.running && !showingHelp) || (screen == .importer && importing.preview != nil)
    }

    public var savedGame: SavedGame {
        SavedGame(look: ShareCode.link(.look(studio.look)), swarm: ShareCode.link(.swarm(lab.recipe)), slots: slots)
    }
}

// MARK: - update

extension AppModel {
    public mutating func update(_ msg: Msg) -> [Effect] {
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
        case .paste(let text):
            return paste(text)
        case .mouse(let mouse):
            return click(mouse)
        case .key(let key):
            return press(key)
        }
    }

    private mutating func tick() {
        if screen == .lab && lab.running {
            lab.frame()
            lab.camera.follow(lab.swarm.state, dotsWide: labCanvas.width * 2, dotsHigh: labCanvas.height * 4)
        }
        if screen == .importer, var preview = importing.preview {
            preview.step()
            importing.previewCamera.follow(preview.state, dotsWide: 60, dotsHigh: 40)
            importing.preview = preview
        }
    }

    /// A paste anywhere opens the Import screen with the pasted text.
    private mutating func paste(_ text: String) -> [Effect] {
        if screen != .importer { returnScreen = screen }
        screen = .importer
        showingHelp = false
        // Kept whole: the importer refuses an over-long paste and says how long it was.
        importing.text = text
        readImport()
        return []
    }

    mutating func readImport() {
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
        }
    }

    private mutating func switchTo(_ target: Screen) -> [Effect] {
        if target == .share && screen != .share {
            sharing.kind = screen == .lab ? .swarm : .look
            returnScreen = screen
            screen = .share
            return copyShareLink()
        }
        if target == .importer && screen != .importer { returnScreen = screen }
        screen = target
        return []
    }

    mutating func copyShareLink() -> [Effect] {
        sharing.copyStatus = nil
        return [.copyToClipboard(shareLink)]
    }

    public var shareLink: String {
        ShareCode.link(sharing.kind == .look ? .look(studio.look) : .swarm(lab.recipe))
    }

    private mutating func press(_ key: Key) -> [Effect] {
        if key == .ctrl("c") { return [.save(savedGame), .quit] }
        if showingHelp {
            showingHelp = false
            return []
        }
        if screen == .importer { return pressImport(key) }
        if let command = pendingSlotCommand {
            pendingSlotCommand = nil
            if case .char(let c) = key, let digit = c.wholeNumberValue, (1...SavedGame.slotCount).contains(digit) {
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
        case .tab: return switchTo(Screen(rawValue: (screen.rawValue + 1) % Screen.allCases.count)!)
        case .backTab: return switchTo(Screen(rawValue: (screen.rawValue + Screen.allCases.count - 1) % Screen.allCases.count)!)
        default: break
        }
        switch screen {
        case .studio: return pressStudio(key)
        case .lab: return pressLab(key)
        case .share: return pressShare(key)
        case .importer: return []
        }
    }

    private mutating func changed(_ message: String?) -> [Effect] {
        status = message ?? ""
        confirmOverwrite = nil
        return [.save(savedGame)]
    }

    private mutating func pressStudio(_ key: Key) -> [Effect] {
        let rows = StudioState.Row.all.count
        switch key {
        case .up: studio.selected = (studio.selected + rows - 1) % rows; return []
        case .down: studio.selected = (studio.selected + 1) % rows; return []
        case .left, .char("h"): return changed(studio.cycle(by: -1, in: catalog))
        case .right, .char("l"): return changed(studio.cycle(by: 1, in: catalog))
        case .char("c"): return changed(studio.cycleColour(by: 1, in: catalog))
        case .char("C"): return changed(studio.cycleColour(by: -1, in: catalog))
        case .char("x"), .delete, .backspace: return changed(studio.removeSelected(in: catalog))
        case .char("r"):
            var rng = SplitMix64(seed: UInt64(truncatingIfNeeded: studio.look.hashValue) &+ UInt64(studio.undoStack.count))
            studio.apply(catalog.randomLook(using: &rng))
            return changed("A random look.")
        case .char("u"):
            return studio.undo() ? changed("Undone.") : changed("Nothing to undo.")
        case .char("U"), .ctrl("r"):
            return studio.redo() ? changed("Redone.") : changed("Nothing to redo.")
        case .char("s"): return switchTo(.share)
        case .char("i"): return switchTo(.importer)
        case .char("w"), .char("o"):
            if case .char(let c) = key { pendingSlotCommand = c }
            status = key == .char("w") ? "Save to which slot? Press 1–9." : "Open which slot? Press 1–9."
            return []
        default: return []
        }
    }

    private mutating func saveSlot(_ index: Int) -> [Effect] {
        let link = ShareCode.link(.look(studio.look))
        if let existing = slots[index], existing != link, confirmOverwrite != index {
            confirmOverwrite = index
            status = "Slot \(index + 1) holds another look. Press w \(index + 1) again to overwrite it."
            return []
        }
        slots[index] = link
        confirmOverwrite = nil
        status = "Saved to slot \(index + 1)."
        return [.save(savedGame)]
    }

    private mutating func openSlot(_ index: Int) -> [Effect] {
        guard let link = slots[index], case .look(let look)? = try? importer.read(link).state else {
            status = "Slot \(index + 1) is empty."
            return []
        }
        studio.apply(look)
        return changed("Opened slot \(index + 1) (u undoes).")
    }

    private mutating func pressLab(_ key: Key) -> [Effect] {
        let rows = Genome.Parameter.allCases.count + 1
        switch key {
        case .char(" "): lab.running.toggle(); status = lab.running ? "Running." : "Paused."; return []
        case .char("."): lab.singleStep(); status = "Paused; one step."; return []
        case .char("+"), .char("="): lab.faster(true); return []
        case .char("-"): lab.faster(false); return []
        case .char("["): lab.ingredient = (lab.ingredient + lab.recipe.ingredients.count - 1) % lab.recipe.ingredients.count; return []
        case .char("]"): lab.ingredient = (lab.ingredient + 1) % lab.recipe.ingredients.count; return []
        case .up: lab.parameterRow = (lab.parameterRow + rows - 1) % rows; return []
        case .down: lab.parameterRow = (lab.parameterRow + 1) % rows; return []
        case .left: return changed(lab.adjust(by: -1, big: false))
        case .right: return changed(lab.adjust(by: 1, big: false))
        case .pageDown, .char("<"): return changed(lab.adjust(by: -1, big: true))
        case .pageUp, .char(">"): return changed(lab.adjust(by: 1, big: true))
        case .char("n"):
            lab.restart(seed: lab.seed &+ 1)
            status = "Restarted with seed \(lab.seed)."
            return []
        case .char("m"): lab.mutate(); return changed("Mutated.")
        case .char("x"):
            var rng = SplitMix64(seed: lab.seed)
            lab.mix(with: lastImportedSwarm ?? SwarmRecipe.random(ingredients: 2, using: &rng))
            return changed(lastImportedSwarm == nil ? "Mixed with a random recipe (import a swarm to mix with it)." : "Mixed with the imported swarm.")
        case .char("a"): return changed(lab.addIngredient())
        case .char("d"): return changed(lab.removeIngredient())
        case .char("p"):
            lab.cyclePopulation()
            status = "\(lab.agentCount) agents."
            return []
        case .char("g"): lab.challengeIndex = (lab.challengeIndex + 1) % book.swarmChallenges.count; return []
        case .char("u"): return lab.undo() ? changed("Undone.") : changed("Nothing to undo.")
        case .char("s"): return switchTo(.share)
        case .char("i"): return switchTo(.importer)
        default: return []
        }
    }

    private mutating func pressShare(_ key: Key) -> [Effect] {
        switch key {
        case .char("c"): return copyShareLink()
        case .char("l"): sharing.kind = .look; return copyShareLink()
        case .char("w"): sharing.kind = .swarm; return copyShareLink()
        case .escape: screen = returnScreen == .share ? .studio : returnScreen; return []
        default: return []
        }
    }

    private mutating func pressImport(_ key: Key) -> [Effect] {
        switch key {
        case .escape:
            screen = returnScreen == .importer ? .studio : returnScreen
            importing = ImportState()
            status = "Import cancelled."
            return []
        case .enter:
            return applyImport()
        case .backspace, .delete:
            importing = ImportState()
            return []
        case .char("?") where importing.text.isEmpty:
            // Only in an empty box: a link typed by hand contains "?".
            showingHelp = true
            return []
        case .tab:
            return switchTo(.share)
        case .char(let c):
            importing.text.append(c)
            readImport()
            return []
        default:
            return []
        }
    }

    private mutating func applyImport() -> [Effect] {
        guard case .success(let link)? = importing.result else {
            status = importing.text.isEmpty ? "Paste a link first." : "This can't be applied — see the reason above."
            return []
        }
        importing = ImportState()
        switch link.state {
        case .look(let look):
            studio.apply(look)
            screen = .studio
            return changed("Imported a look (u brings back the one you had).")
        case .swarm(let recipe):
            lab.use(recipe)
            lastImportedSwarm = recipe
            lab.running = true
            screen = .lab
            return changed("Imported a swarm (u brings back the recipe you had).")
        }
    }

    private mutating func click(_ mouse: Mouse) -> [Effect] {
        if mouse.y == 0, let target = tabAt(column: mouse.x) { return switchTo(target) }
        if screen == .studio, mouse.kind == .press {
            let row = mouse.y - studioListTop
            if mouse.x >= studioPanelX, StudioState.Row.all.indices.contains(row) { studio.selected = row }
        }
        if screen == .studio, mouse.kind == .scrollUp { return changed(studio.cycle(by: -1, in: catalog)) }
        if screen == .studio, mouse.kind == .scrollDown { return changed(studio.cycle(by: 1, in: catalog)) }
        return []
    }
}
