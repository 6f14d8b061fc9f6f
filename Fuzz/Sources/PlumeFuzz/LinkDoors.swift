// The paste's doors: the importer as a whole and each form it reads, share codes, player links
// and x-callback parameters. What the importer accepts is a valid state that re-encodes to a
// canonical link which imports again to the same value; what it refuses it refuses with a typed
// reason (the compiler holds it to ImportError) whose words are non-empty and showable.
import GameState

enum LinkDoors {
    static let catalog: Catalog = {
        guard case .success(let catalog) = Catalog.bundled else { fatalError("the catalog can't be loaded") }
        return catalog
    }()
    static let importer = LinkImporter(catalog: catalog)

    static let harnesses = [
        Harness("paste", "anything pasted into Import, in every form the importer reads") { checkPaste(text($0)) },
        Harness("share-code", "bare look and swarm share codes") { checkCode(text($0)) },
        Harness("sayama", "Swarm Chemistry recipe text and numbers") { checkPaste(text($0)) },
        Harness("emergent", "Emergent links (emergent://?r=…&g=…&b=…)") { checkPaste("emergent://?" + text($0)) },
        Harness("x-callback", "x-callback-url parameters of a plume link") { checkCallback(text($0)) },
        Harness("player-link", "player links (plume://player/…)") { checkPlayer("plume://player/" + text($0)) },
    ]

    static func checkPaste(_ paste: String) -> String? {
        let link: ImportedLink
        do {
            link = try importer.read(paste)
        } catch {
            return checkWords(error.description)
        }
        return checkAccepted(link.state)
    }

    static func checkWords(_ words: String) -> String? {
        rule(!words.isEmpty && words.unicodeScalars.allSatisfy(SafeText.isShowable), "a refusal's words are empty or not showable: \(words.debugDescription)")
    }

    static func checkAccepted(_ state: SharedState) -> String? {
        switch state {
        case .look(let look):
            if let broken = look.brokenRules(in: catalog).first { return "accepted a look that breaks a rule: \(broken)" }
        case .swarm(let recipe):
            if !recipe.isValid { return "accepted a swarm recipe that is not valid" }
        }
        let link = ShareCode.link(state)
        guard let again = try? importer.read(link) else { return "an accepted state's canonical link \(link) is refused" }
        return rule(again.state == state, "an accepted state's canonical link \(link) imports to another state")
    }

    static func checkCode(_ code: String) -> String? {
        let state: SharedState
        do { state = try ShareCode.decode(code) } catch { return checkWords(error.description) }
        if let broken = checkAccepted(state) { return broken }
        // A code that decodes is the canonical spelling of what it decodes to.
        let canonical = ShareCode.encode(state)
        return rule(canonical == code, "the code \(code.debugDescription) decodes, but its value's code is \(canonical)")
    }

    static func checkCallback(_ query: String) -> String? {
        let link = "plume://look/" + ShareCode.encode(.look(Look(background: 0, model: 0))) + "?" + query
        let callback = importer.callback(in: link)
        for target in [callback.success, callback.error, callback.cancel].compactMap({ $0 }) {
            guard let scheme = target.split(separator: ":", maxSplits: 1).first.map({ $0.lowercased() }),
                  XCallback.allowedSchemes.contains(scheme) else { return "a callback to \(target.debugDescription) was kept" }
            if target.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) {
                return "a callback target holds spaces or control characters: \(target.debugDescription)"
            }
        }
        return checkPaste(link)
    }

    static func checkPlayer(_ paste: String) -> String? {
        let pasted: Pasted
        do { pasted = try importer.readPaste(paste) } catch { return checkWords(error.description) }
        switch pasted {
        case .shared(let link): return checkAccepted(link.state)
        case .player(let player):
            guard PlayerLink.isPlayerID(player.playerID) else { return "a player link to \(player.playerID.debugDescription) was accepted" }
            guard case .player(let again)? = try? importer.readPaste(player.link) else { return "a player's canonical link is refused" }
            return rule(again.playerID == player.playerID, "a player's canonical link leads to another player")
        }
    }
}
