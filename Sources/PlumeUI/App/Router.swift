// The one router: every message comes in here, and keys, clicks, pastes, frames and the hint
// line go to the top layer — the top overlay, or else the current screen. The global keys
// (quit, switch screens, help) live here and nowhere else; a layer that doesn't use a key
// passes it on to them. Layers answer with requests, which are carried out here.
import GameState
import ScoresAPI
import SwarmSim
import TUI

/// The screens, in tab order. A screen's words are its line in `words`; its number, digit key,
/// tab and terminal title follow from the list.
public enum Screen: Int, CaseIterable, Sendable {
    case studio, lab, importer, share, scores, runway

    /// Each screen's words, a line a screen: its name (on its tab, over its help page and in the
    /// terminal title, "Plume · Studio") and how `plume play --help` describes it.
    private var words: (name: String, described: String) {
        switch self {
        case .studio: ("Studio", "the Studio (dress-up)")
        case .lab: ("Lab", "the Lab (Swarm Chemistry)")
        case .importer: ("Import", "Import (a friend's link)")
        case .share: ("Share", "Share")
        case .scores: ("Scores", "Scores")
        case .runway: ("Runway", "the Runway (the day's looks, judged in pairs)")
        }
    }

    /// The screen's name: its tab, its help page and the terminal title say it.
    public var name: String { words.name }

    /// The screen as `plume play --help` names it.
    public var described: String { words.described }

    /// Its place in the tab order, from 1: the digit that shows it.
    public var number: Int { rawValue + 1 }

    /// The digit keys that switch screens, as the help says them ("1-6" for six).
    public static var digitKeys: String { "1-\(allCases.count)" }

    /// The digit key that shows this screen (nine screens at most: ScreenListTests).
    public var key: Key { .char(Character(String(number))) }

    /// Every screen with its key: "1 the Studio (dress-up), 2 …, and 6 the Runway (…)".
    public static var tour: String {
        let named = allCases.map { "\($0.number) \($0.described)" }
        return named.dropLast().joined(separator: ", ") + ", and " + named[named.count - 1]
    }
}

/// What the game tells a screen besides input, as a Bubble Tea model receives messages.
public enum ScreenNews: Sendable {
    /// The leaderboard said something: every screen hears it, shown or not, after the session.
    case server(ScoresEvent)
    /// About once a second, to the screen shown, when it `wantsClock` (to refresh itself).
    case clock
    /// The UTC day turned (`context.day` is already the new one): every screen hears it.
    case dayTurned(from: Int)
}

/// A screen: a layer that stays while the player is elsewhere, told when they arrive and of what
/// happens meanwhile.
public protocol ScreenLayer: Layer {
    /// The player came to this screen from `from`.
    mutating func arrive(from: Screen, _ context: Context) -> [Request]
    mutating func receive(_ news: ScreenNews, _ context: Context) -> [Request]
    /// Whether it wants `.clock` while it is shown.
    var wantsClock: Bool { get }
}

extension ScreenLayer {
    public mutating func arrive(from: Screen, _ context: Context) -> [Request] { [] }
    public mutating func receive(_ news: ScreenNews, _ context: Context) -> [Request] { [] }
    public var wantsClock: Bool { false }
}

extension AppModel {
    /// The one place that knows which state each tab shows: a new screen is a case in `Screen`
    /// and one line here.
    mutating func withScreen<R>(_ tab: Screen, _ body: (inout any ScreenLayer) -> R) -> R {
        switch tab {
        case .studio: visit(&studio, body)
        case .lab: visit(&lab, body)
        case .importer: visit(&importing, body)
        case .share: visit(&sharing, body)
        case .scores: visit(&scores, body)
        case .runway: visit(&runway, body)
        }
    }

    /// Moves the screen's state into the box and back, so that it is held once while it changes
    /// (a second reference to a swarm would make it copy its storage).
    private func visit<S: ScreenLayer, R>(_ screen: inout S, _ body: (inout any ScreenLayer) -> R) -> R {
        var layer: any ScreenLayer = consume screen
        let result = body(&layer)
        screen = layer as! S
        return result
    }

    /// Tells every screen, in tab order, shown or not.
    mutating func everyScreen(_ body: (inout any ScreenLayer) -> [Request]) -> [Request] {
        var requests: [Request] = []
        for tab in Screen.allCases { requests += withScreen(tab, body) }
        return requests
    }

    func screenLayer(_ tab: Screen) -> any ScreenLayer {
        var copy = self
        return copy.withScreen(tab) { $0 }
    }

    /// The layer that gets input: the top overlay, or the screen.
    var topLayer: any Layer { overlays.last ?? screenLayer(screen) }

    // MARK: Messages

    public mutating func update(_ msg: Msg) -> [Effect] {
        var requests: [Request] = []
        let challenge = lab.challengeIndex
        let (overlaysBefore, saidBefore) = (overlays.count, statusSaid)
        switch msg {
        case .resize(let w, let h):
            width = w
            height = h
            // A hosted game's host says how many watch with a SIGWINCH, which arrives as a resize.
            if audience != nil { requests = [.effect(.readWatchers)] }
        case .watchers(let count):
            if let words = audience?.hear(count) { status = words }
        case .swarmScored(let job, let result):
            lab.heard(job, result)
            // The next job (the recipe changed meanwhile) goes at once while the Lab is shown.
            if screen == .lab { requests = lab.askBoardScore(context) }
        case .tick:
            frame()
        case .clock(let seconds):
            requests = clock(seconds)
        case .copied(let how):
            sharing.copyStatus = how
            status = SafeText.strip(how)
        case .saveFailed(let why):
            status = "Couldn't save (trying again): " + SafeText.strip(why)
        case .settingsNotKept(let why):
            status = "✗ The settings hold for this game, but couldn't be kept: " + SafeText.strip(why) + "."
        case .opened(let how):
            status = SafeText.strip(how)
        case .scores(let event):
            requests = session.receive(event, context)
            let context = self.context
            requests += everyScreen { $0.receive(.server(event), context) }
        case .arrived(.link(let text)):
            if overlays.contains(where: \.isDialog) {
                waitingArrival = text
                status = "A link arrived from another program; it opens when this dialog closes."
            } else {
                requests = arrival(text)
            }
        case .arrived(.refused(let why)):
            status = "Refused a message from another program: " + SafeText.strip(why) + "."
        case .paste(let text):
            requests = overlays.last?.isDialog == true ? route(.paste(text)) : [.preview(text, status: nil)]
        case .mouse(let mouse):
            requests = tooSmall ? [] : route(.mouse(mouse))
        case .key(let key):
            requests = tooSmall ? (key == .char("q") || key == .ctrl("c") ? [.quit] : []) : route(.key(key))
        }
        var effects = carry(requests)
        if !overlays.contains(where: \.isDialog), let text = waitingArrival {
            waitingArrival = nil
            effects += carry(arrival(text))
        }
        // News that waited for the player to close what was open (a dialog, the help, a prompt).
        if overlays.isEmpty, let news = session.takeWaitingNews() { overlays.append(news) }
        announceOpened(overlaysBefore: overlaysBefore, saidBefore: saidBefore)
        // Words that have outstayed their moment go (StatusLine.swift).
        if statusLine.isOver(now: now, session: session, challengeChanged: lab.challengeIndex != challenge) { status = "" }
        // A save goes out only when what is saved changed, before a quit.
        if case .tick = msg {} else if savedGame != lastSaved {
            lastSaved = savedGame
            effects.insert(.save(lastSaved), at: effects.firstIndex(of: .quit) ?? effects.endIndex)
        }
        return effects
    }

    /// Input for the top layer, then for the global keys if it passes.
    mutating func route(_ input: LayerInput) -> [Request] {
        if input == .key(.ctrl("c")) { return [.quit] }
        let context = self.context
        let handled: Handled
        if var top = overlays.popLast() {
            handled = top.handle(input, context)
            overlays.append(top)
        } else {
            handled = withScreen(screen) { $0.handle(input, context) }
        }
        if case .done(let requests) = handled { return requests }
        return global(input)
    }

    /// Keys that mean the same on every screen, and the tab bar.
    private mutating func global(_ input: LayerInput) -> [Request] {
        switch input {
        case .key(.char("q")): return [.quit]
        case .key(.char("?")): return [.push(HelpOverlay(topLayer.help(context)))]
        case .key(.char(",")) where !overlays.contains(where: { $0 is SettingsOverlay }): return [.push(SettingsOverlay())]
        case .key(let key) where Screen.allCases.contains { $0.key == key }:
            return Screen.allCases.first { $0.key == key }.map { [.go($0)] } ?? []
        case .key(.tab): return [.go(screen.cycled(by: 1))]
        case .key(.backTab): return [.go(screen.cycled(by: -1))]
        case .mouse(let mouse) where mouse.y == 0 && mouse.kind == .press:
            return tabBar.tab(at: mouse.x, from: tabBarX).map { [.go(Screen(rawValue: $0)!)] } ?? []
        default: return []
        }
    }

    /// Where frames go: the topmost layer that moves, looking through the overlays that let the
    /// screen under them run (a dialog, the slot prompt); nil when nothing moves. An index into
    /// `overlays`, or `overlays.count` for the screen.
    func animated(_ context: Context) -> Int? {
        for index in overlays.indices.reversed() {
            if overlays[index].animates(context) { return index }
            if overlays[index].pausesBelow { return nil }
        }
        return screenLayer(screen).animates(context) ? overlays.count : nil
    }

    private mutating func frame() {
        let context = self.context
        guard !tooSmall, let index = animated(context) else { return }
        if index < overlays.count {
            overlays[index].frame(context)
        } else {
            withScreen(screen) { $0.frame(context) }
        }
    }

    /// A link from `plume open` opens in the Import preview, like a paste, over any screen.
    private func arrival(_ text: String) -> [Request] {
        let words = switch try? importer.readPaste(text) {
        case .shared?: " — Enter applies it, Esc cancels."
        case .player?: " — f follows that player, Esc cancels."
        case nil: "; it can't be used — see why above."
        }
        return [.preview(text, status: "A link arrived from another program" + words)]
    }

    // MARK: Requests

    /// Carries out requests in order (a request may lead to more); returns the effects.
    mutating func carry(_ requests: [Request]) -> [Effect] {
        var queue = requests[...]
        var effects: [Effect] = []
        while let request = queue.popFirst() {
            let more = carry(request, into: &effects)
            queue = more[...] + queue
        }
        return effects
    }

    private mutating func carry(_ request: Request, into effects: inout [Effect]) -> [Request] {
        switch request {
        case .status(let words): status = words
        case .statusUntil(let words, let end): statusLine = StatusLine(text: words, end: end, since: now)
        case .effect(let effect): effects.append(effect)
        case .quit: effects.append(.quit)
        case .go(let target): return go(target)
        case .back: return go(previousScreen == screen ? .studio : previousScreen, arriving: false)
        case .push(let overlay): overlays.append(overlay)
        case .close: _ = overlays.popLast()
        case .dismiss(let kind): overlays.removeAll { ObjectIdentifier(type(of: $0)) == kind }
        case .note(let note):
            for index in overlays.indices { overlays[index].note(note) }
            for (screen, stack) in parked { parked[screen] = stack.map { var overlay = $0; overlay.note(note); return overlay } }
        case .preview(let text, let words):
            if screen == .importer { overlays.removeAll { !$0.isDialog } }
            var requests = importing.show(text, importer: importer) + go(.importer)
            if let words { requests.append(.status(words)) }
            return requests
        case .wear(let look, let words):
            studio.apply(look)
            status = words
        case .wearGarment(let id, let colour, let row): status = studio.wear(id, colour: colour, on: row, in: catalog)
        case .lab(let labRequest): return lab.take(labRequest, context)
        case .submit(let board, let code, let what): return session.submit(board: board, code: code, what: what)
        case .send(let command): return session.send(command)
        case .session(let request): return session.take(request)
        case .showNews:
            // Opened at the end of the update when nothing is open; otherwise it waits, said.
            if !overlays.isEmpty, let words = session.newsNotice { status = words }
        case .shelve(let kind, let slot): status = shelve(kind, slot: slot)
        case .unshelve(let kind, let slot): return unshelve(kind, slot: slot)
        case .settings(let settings, let key, let words):
            playSettings = settings
            effects.append(.writeSettings(settings, key))
            // Kept, but what set it for this game sets it again at the next start.
            status = words + (settingsGiven[key].map { " It is kept in config.toml, but \($0) sets it at each start." } ?? "")
            // A player of a server keeps it there too: their games on its hosts start with it.
            return session.keep(settings, key)
        case .callback(let url):
            if url.lowercased().hasPrefix("plume:") { return [.preview(url, status: nil)] }
            effects.append(.openURL(url))
        }
        return []
    }

    /// Shows another screen. The overlays that belong to the one left (the gallery, the evolution
    /// grid) are put aside until the player comes back; others close, except dialogs. Arriving
    /// runs the screen's arrival (Share copies its link); going back doesn't. The status line
    /// clears: a request that speaks of the new screen comes after its `.go`.
    private mutating func go(_ target: Screen, arriving: Bool = true) -> [Request] {
        guard target != screen else { return [] }
        // What was said on the screen left was about it: the next screen starts with a clear line.
        status = ""
        parked[screen] = overlays.filter { $0.staysWithScreen && !$0.isDialog }
        overlays = (parked.removeValue(forKey: target) ?? []) + overlays.filter(\.isDialog)
        previousScreen = screen
        screen = target
        let (from, context) = (previousScreen, self.context)
        return arriving ? withScreen(target) { $0.arrive(from: from, context) } : []
    }
}
