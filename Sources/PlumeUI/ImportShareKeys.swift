// The Import and Share screens' keys: typing or pasting, applying (undoably), copying links.
import GameState

extension AppModel {
    mutating func pressShare(_ key: Key) -> [Effect] {
        switch key {
        case .char("c"): return copyShareLink()
        case .char("l"): sharing.kind = .look; return copyShareLink()
        case .char("w"): sharing.kind = .swarm; return copyShareLink()
        case .escape: screen = returnScreen == .share ? .studio : returnScreen; return []
        default: return []
        }
    }

    mutating func pressImport(_ key: Key) -> [Effect] {
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

    mutating func applyImport() -> [Effect] {
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
}
