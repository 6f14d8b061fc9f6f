// `plume open LINK`: what a desktop runs when a plume:// link is clicked. The link goes to the
// game already running for this user, if there is one, over its socket; otherwise this process
// starts the game with the link in the Import preview.
import ArgumentParser
import Foundation
import GameState
import LinkRelay
import PlumeUI
import TUI

struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a link in Plume: in the game already running, or in a new one.",
        discussion: """
            LINK is anything the Import screen reads: a plume:// link, a plume-server page link \
            (https://…/l/CODE), a bare share code, an Emergent link, recipe text, or a player \
            link (plume://player/ID or https://…/p/ID), which offers to follow that player. If a Plume \
            game is running for you, the link goes to it (over a socket in \
            $XDG_RUNTIME_DIR/plume) and this command exits at once, saying where it went; \
            otherwise the game starts here with the link in its Import preview. Nothing is \
            applied until you press Enter there (or f, for a player link).
            """
    )

    @Argument(help: "The link to open.")
    var link: String

    @OptionGroup var where_: ServerOption

    func run() throws {
        switch RelayPlace.standard() {
        case .success(let place):
            switch LinkSender.send(link, to: place) {
            case .delivered(let words):
                print("Sent to the Plume game already running as " + SafeText.strip(words) + ".")
                return
            case .refused(let why):
                throw fail("the Plume game already running refused this: " + why)
            case .failed(let why):
                printError("plume: note: " + SafeText.strip(why) + "; opening the link here instead.")
            case .noGame:
                break
            }
        case .failure(let why):
            printError("plume: note: links can't be passed between games here (" + SafeText.strip(why.description) + ").")
        }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw fail("no Plume game is running and this is not a terminal to start one in; run `plume open LINK` in a terminal.")
        }
        try startGame(server: where_, paste: link)
    }
}

/// Claims the socket for this game. Returns the listener (nil when another game holds it or
/// there is no private place for it) and a sentence for the status line when links go elsewhere.
func listenForLinks(importer: LinkImporter, inbox: Inbox<Msg>) -> (LinkListener?, String?) {
    let place: RelayPlace
    switch RelayPlace.standard() {
    case .success(let found): place = found
    case .failure(let why): return (nil, "(Links from other programs are off: \(why.description).)")
    }
    let terminal = ttyname(STDIN_FILENO).map { " on " + String(cString: $0) } ?? ""
    let whereabouts = "process \(getpid())\(terminal)"
    let claimed = LinkListener.claim(place) { incoming in
        switch incoming {
        case .text(let text):
            do throws(ImportError) {
                let pasted = try importer.readPaste(text)
                inbox.post([.arrived(.link(text))])
                switch pasted {
                case .shared(let link):
                    let what = link.state.kind == .look ? "look" : "swarm"
                    return .accepted("\(whereabouts); the \(what) is waiting in its Import preview (Enter there applies it)")
                case .player:
                    return .accepted("\(whereabouts); the player is waiting in its Import screen (f there follows them)")
                }
            } catch {
                inbox.post([.arrived(.refused("it isn't a link (\(error.description))"))])
                return .refused("it isn't a link (\(error.description))")
            }
        case .refused(let why):
            inbox.post([.arrived(.refused(why))])
            return .refused(why)
        }
    }
    switch claimed {
    case .success(let listener?): return (listener, nil)
    case .success(nil): return (nil, "Another Plume game is running; links opened from other programs go to it.")
    case .failure(let why): return (nil, "(Links from other programs are off: \(why.description).)")
    }
}
