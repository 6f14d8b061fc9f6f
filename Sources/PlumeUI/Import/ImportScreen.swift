// The Import screen: what was pasted (or sent by another program), what the importer made of
// it — a look drawn small, a swarm running, a player to follow (FollowOffer), or the reason it
// can't be used — and the link's callbacks, which are only ever opened on the player's key.
// Enter applies (f or Enter follows), Esc cancels.
import GameState
import SwarmSim
import TUI

public struct ImportState: Sendable {
    public var text = ""
    public var result: Result<ImportedLink, ImportError>?
    /// A player link: whom it leads to, offered to follow (instead of a result).
    var offer: FollowOffer?
    /// A running preview of an imported swarm.
    public var preview: Swarm?
    public var previewCamera = Camera()
    /// On an error: the link's x-error target with the error added, offered for Ctrl-O.
    public var errorTarget: String?
    /// The player is typing into the box (Enter on an empty box, or any key that isn't one of
    /// the screen keys): every key goes into it then, digits and q too, until Esc cancels or
    /// the player leaves with Tab.
    public var typing = false

    public init() {}

    /// Shows `text` as if it had just been pasted; what it asks of the server (who a player link
    /// leads to).
    mutating func show(_ text: String, importer: LinkImporter) -> [Request] {
        self = ImportState()
        // Kept whole: the importer refuses an over-long paste and says how long it was.
        self.text = text
        return read(importer)
    }

    mutating func read(_ importer: LinkImporter) -> [Request] {
        errorTarget = nil
        offer = nil
        preview = nil
        do {
            switch try importer.readPaste(text) {
            case .player(let player):
                result = nil
                let offer = FollowOffer(player)
                self.offer = offer
                return offer.ask
            case .shared(let link):
                result = .success(link)
                if case .swarm(let recipe) = link.state {
                    let swarm = Swarm(recipe: recipe, seed: 1)
                    previewCamera = Camera()
                    previewCamera.jump(to: swarm.state, dotsWide: 60, dotsHigh: 40)
                    preview = swarm
                }
            }
        } catch {
            result = .failure(error)
            errorTarget = importer.callback(in: text).error.map {
                XCallback.appending([("errorCode", error.code), ("errorMessage", error.description)], to: $0)
            }
        }
        return []
    }
}

extension ImportState: ScreenLayer {
    /// Under reduced motion the preview holds its first frame: Enter takes the swarm to the Lab,
    /// where . steps it.
    public func animates(_ context: Context) -> Bool { preview != nil && !context.reduceMotion }

    /// Coming back to the screen, the box keeps its text but is no longer being typed into:
    /// the screen keys work again until the player types.
    public mutating func arrive(from: Screen, _ context: Context) -> [Request] {
        typing = false
        return []
    }

    public mutating func frame(_ context: Context) {
        guard var swarm = preview else { return }
        swarm.step()
        previewCamera.follow(swarm.state, dotsWide: 60, dotsHigh: 40)
        preview = swarm
    }

    public func help(_ context: Context) -> HelpPage {
        if typing {
            return HelpPage(Screen.importer.name, [
                KeyHelp("keys", "typed into the box, digits and q too", hint: Priority.essential, short: "typing"),
                KeyHelp("Enter", "apply (your current work goes on the undo stack)", hint: Priority.essential, short: "apply"),
                KeyHelp("Esc", "cancel: clears the box and goes back", hint: Priority.essential, short: "cancel"),
                KeyHelp("Backspace", "clear the box"),
                KeyHelp("Tab", "switch screen", hint: Priority.useful, short: "screens"),
                KeyHelp("Ctrl-C", "quit (your work is saved)", hint: Priority.global, short: "quit"),
            ])
        }
        if let offer {
            return HelpPage(Screen.importer.name, offer.help(context) + [KeyHelp("Backspace", "clear")] + HelpOverlay.common)
        }
        return HelpPage(Screen.importer.name, [
            KeyHelp("paste", "a link, a code, an Emergent link, a recipe or a player link", hint: Priority.essential, short: "a link or a recipe"),
            KeyHelp("Enter", text.isEmpty ? "type a link or a recipe by hand" : "apply (your current work goes on the undo stack)",
                    hint: Priority.essential, short: text.isEmpty ? "type one" : "apply"),
            KeyHelp("Esc", "cancel", hint: Priority.essential),
            KeyHelp("Backspace", "clear"),
            KeyHelp("Ctrl-O", "report a failed link to its x-error target"),
        ] + HelpOverlay.common)
    }

    /// A key the screen leaves to the router while the player isn't typing: the screen keys
    /// (their digits), q, ? and the settings' ",".
    private static func isScreenKey(_ c: Character) -> Bool {
        c == "q" || c == "?" || c == "," || c.wholeNumberValue.map { (1...Screen.allCases.count).contains($0) } == true
    }

    /// The server's answers about a player link's player.
    public mutating func receive(_ news: ScreenNews, _ context: Context) -> [Request] {
        if case .server(let event) = news, var offer {
            offer.receive(event, context)
            self.offer = offer
        }
        return []
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        guard case .key(let key) = input else { return .pass }
        // A player link: f or Enter follows (f is typed while typing), and only then.
        if var offer, !typing || key == .enter, let requests = offer.handle(key, context) {
            self.offer = offer
            if offer.stage == .followed, key == .enter { self = ImportState() }
            return .done(requests)
        }
        switch key {
        case .ctrl("o"):
            return errorTarget.map { .done(.callback($0)) } ?? .nothing
        case .escape:
            let link = try? result?.get()
            let words = offer.map { $0.stage == .followed ? "" : "Not followed: nothing was changed." } ?? "Import cancelled."
            self = ImportState()
            var requests: [Request] = [.back, .status(words)]
            if let link, let cancel = link.callback.cancel {
                requests.append(.push(CallbackOffer(occasion: .cancel, url: cancel, source: link.callback.source)))
            }
            return .done(requests)
        case .enter where text.isEmpty && !typing:
            typing = true
            return .done(.status("Type a link, a code or a recipe; Esc cancels."))
        case .enter:
            return apply()
        case .backspace, .delete:
            let wasTyping = typing
            self = ImportState()
            typing = wasTyping
            return .nothing
        case .char(let c) where !typing && Self.isScreenKey(c):
            // Not typing: the screen keys switch screens, open help and quit, as everywhere.
            return .pass
        case .char(let c):
            typing = true
            text.append(c)
            return .done(read(context.importer))
        default:
            return .pass
        }
    }

    private mutating func apply() -> Handled {
        guard case .success(let link)? = result else {
            return .done(.status(text.isEmpty ? "Paste a link first." : "This can't be applied — see the reason above."))
        }
        self = ImportState()
        var requests: [Request]
        switch link.state {
        case .look(let look):
            requests = [.go(.studio), .wear(look, status: "Imported a look (u brings back the one you had).")]
        case .swarm(let recipe):
            requests = [.go(.lab), .lab(.run(recipe, name: link.title.map { SafeText.strip($0) }, lineage: 0,
                                             status: "Imported a swarm (u brings back the recipe you had).", running: true, imported: true))]
        }
        if let success = link.callback.success {
            let results = [("kind", link.state.kind.route), ("code", ShareCode.encode(link.state)), ("link", ShareCode.link(link.state))]
            requests.append(.push(CallbackOffer(occasion: .success, url: XCallback.appending(results, to: success), source: link.callback.source)))
        }
        return .done(requests)
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let inner = area.inset(top: 1, left: 1, right: 1)
        var rows = Rows(inner)
        if let line = rows.take() {
            grid.put(Screen.importer.name, in: line, style: Theme.title)
            grid.focus(x: line.x, y: line.y)
        }
        if let line = rows.take() {
            grid.put(TextLayout.first(fitting: ["Paste a plume:// link, a share code, an Emergent link or a Swarm Chemistry recipe — anywhere in Plume.",
                                                "Paste a plume:// link, a share code, an Emergent link or a recipe — anywhere.",
                                                "Paste a link, a code or a recipe — anywhere in Plume."], width: line.width), in: line, style: Theme.label)
        }
        rows.skip()
        var typingBox: Rect?
        if let box = rows.take(3) {
            typingBox = box.inset(left: 1, right: 1)
            grid.fill(box, with: Cell(" ", bg: Theme.box))
            let area = box.inset(left: 1, right: 1)
            // The box is what the player acts on: a paste lands in it, typing goes into it.
            grid.focus(x: area.x, y: area.y)
            if text.isEmpty {
                grid.put(typing ? "(typing: every key goes here, Esc cancels)" : "(waiting for a paste — or Enter to type one)", in: area,
                         style: Style(fg: Theme.dim, bg: Theme.box))
            }
            // A long link shows in pieces over the box's lines; what doesn't fit ends in "…".
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { TextLayout.chunks(String($0), width: area.width) }
            for (index, line) in lines.prefix(3).enumerated() {
                let last = index == 2 && lines.count > 3
                grid.put(last ? TextLayout.elide(line + " …", to: area.width) : line, in: area.row(index), style: Style(bg: Theme.box))
            }
        }
        if let line = rows.take(), typing {
            grid.put(TextLayout.first(fitting: ["Typing: every key goes into the box, digits and q too · Esc cancels · Tab switches screen",
                                                "Typing: every key goes in the box · Esc cancels · Tab: screens"], width: line.width),
                     in: line, style: Theme.chosen)
        }
        let body = rows.rest().inset(left: 1, right: 1)
        switch result {
        case nil: offer?.draw(in: body, into: &grid, context)
        case .failure(let error)?: drawFailure(error, in: body, into: &grid)
        case .success(let link)?: drawLink(link, in: body, into: &grid, context)
        }
        // While the player types, the box keeps the focus whatever the reading of it says.
        if typing, let box = typingBox { grid.focus(x: box.x, y: box.y) }
    }

    private func drawFailure(_ error: ImportError, in area: Rect, into grid: inout Grid) {
        var rows = Rows(area)
        // Marked ✗ as well as coloured: it reads as a refusal without colour too.
        for (index, line) in TextLayout.wrap("✗ " + error.description, width: area.width, maxLines: 4).enumerated() {
            if let row = rows.take() {
                grid.put(line, in: row, style: Style(fg: Theme.bad, bold: index == 0))
                if index == 0 { grid.focus(x: row.x, y: row.y) }
            }
        }
        guard let target = errorTarget else { return }
        rows.skip()
        grid.paragraph("The link asks to be told of errors at (nothing is sent unless you press Ctrl-O):", rows: &rows, maxLines: 2, style: Theme.label)
        grid.pieces(target, rows: &rows, maxLines: max(1, rows.remaining - 1), style: Style(fg: Theme.accent))
        if let line = rows.take() { grid.put("Ctrl-O opens it · Esc cancels", in: line, style: Theme.chosen) }
    }

    private func drawLink(_ link: ImportedLink, in area: Rect, into grid: inout Grid, _ context: Context) {
        var rows = Rows(area)
        let what: String
        switch link.state {
        case .look(let look): what = "A look: \(look.garments.count) garments on \(context.catalog.background(id: look.background)?.name ?? "?")"
        case .swarm(let recipe): what = "A swarm: \(recipe.ingredients.count) ingredients, \(recipe.totalPopulation) agents" + (link.title.map { " — \($0)" } ?? "")
        }
        if let line = rows.take() {
            grid.put("✓ " + what + " (\(link.form.rawValue))", in: line, style: Theme.success)
            grid.focus(x: line.x, y: line.y)
        }
        if let source = link.callback.source, let line = rows.take() {
            grid.put("From: \(source) (unverified — anyone can write any name)", in: line, style: Theme.label)
        }
        for (name, target) in [("after", link.callback.success), ("on error", link.callback.error), ("on cancel", link.callback.cancel)] {
            if let target {
                grid.paragraph("Wants to return \(name) to: \(target) — Plume won't open it unless you choose to", rows: &rows, maxLines: 2, style: Theme.label)
            }
        }
        for note in (link.notes + link.callback.dropped).prefix(3) {
            if let line = rows.take() { grid.put("note: " + note, in: line, style: Theme.label) }
        }
        if let line = rows.take() { grid.put("Enter applies · Esc cancels", in: line, style: Theme.chosen) }
        let room = rows.rest()
        switch link.state {
        case .look(let look) where room.height - 1 >= 10:
            FigureRenderer.drawSmall(look, in: context.catalog, into: &grid, x: room.x, y: room.y)
        case .swarm where room.height - 1 >= 4:
            if let preview {
                SwarmRenderer.draw(preview.state, camera: previewCamera, into: &grid, x: room.x, y: room.y, width: 30, height: min(10, room.height - 1))
            }
        default: break
        }
    }
}
