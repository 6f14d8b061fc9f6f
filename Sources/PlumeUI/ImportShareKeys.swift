// The Import and Share screens' keys: typing or pasting, applying (undoably), copying links.
import GameState

extension AppModel {
    mutating func pressShare(_ key: Key) -> [Effect] {
        switch key {
        case .char("c"): return copyShareLink()
        case .char("l"): sharing.kind = .look; return copyShareLink()
        case .char("w"): sharing.kind = .swarm; return copyShareLink()
        case .char("h"):
            guard let web = shareWebLink else {
                status = "Web links need a plume-server (--server, PLUME_SERVER or config.toml); the plume:// link works everywhere Plume is."
                return []
            }
            sharing.copyStatus = nil
            return [.copyToClipboard(web)]
        case .escape: screen = returnScreen == .share ? .studio : returnScreen; return []
        default: return []
        }
    }

    mutating func pressImport(_ key: Key) -> [Effect] {
        if let offer = importing.offer {
            importing.offer = nil
            screen = offer.next
            switch key {
            case .char("o"), .ctrl("o"):
                return openCallback(offer.url)
            default:
                status = "Not returned to the link's sender."
                return []
            }
        }
        switch key {
        case .ctrl("o"):
            guard let target = importing.errorTarget else { return [] }
            return openCallback(target)
        case .escape:
            let next = returnScreen == .importer ? .studio : returnScreen
            let link = try? importing.result?.get()
            importing = ImportState()
            status = "Import cancelled."
            if let link, let cancel = link.callback.cancel {
                importing.offer = CallbackOffer(occasion: .cancel, url: cancel, source: link.callback.source, next: next)
            } else {
                screen = next
            }
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
        let effects: [Effect]
        switch link.state {
        case .look(let look):
            studio.apply(look)
            screen = .studio
            effects = changed("Imported a look (u brings back the one you had).")
        case .swarm(let recipe):
            lab.use(recipe)
            lab.name = link.title.map { SafeText.strip($0) }
            lab.lineage = 0
            lastImportedSwarm = recipe
            lab.running = true
            screen = .lab
            effects = changed("Imported a swarm (u brings back the recipe you had).")
        }
        if let success = link.callback.success {
            let results = [("kind", link.state.kind.route), ("code", ShareCode.encode(link.state)), ("link", ShareCode.link(link.state))]
            importing.offer = CallbackOffer(occasion: .success, url: XCallback.appending(results, to: success), source: link.callback.source, next: screen)
            screen = .importer
        }
        return effects
    }

    /// A plume:// target is Plume itself, so it is imported here; an https:// one is handed to
    /// the desktop (or, with none, copied). Only ever on the player's key.
    mutating func openCallback(_ url: String) -> [Effect] {
        if url.lowercased().hasPrefix("plume:") {
            if screen != .importer { returnScreen = screen }
            screen = .importer
            importing = ImportState()
            importing.text = url
            readImport()
            return []
        }
        return [.openURL(url)]
    }
}
