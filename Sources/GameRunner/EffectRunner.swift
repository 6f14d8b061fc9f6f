// Carries out the game's effects for the `plume` program, never on the input path: saves go to
// the SaveWriter, clipboard tools and xdg-open run as child processes on a background queue,
// score requests run as tasks; every outcome comes back to the game as a message in the inbox.
// Only the OSC 52 sequence is written at once, by the loop's own thread, so it never splits a
// frame being drawn; and a hosted game's count of watchers (a few bytes) is read at once.
import Dispatch
import Foundation
import GameState
import PlumeUI
import ScoresAPI
import TUI

public final class EffectRunner {
    /// Carries out one score command; its events come back as messages.
    public typealias Scores = @Sendable (ScoresCommand) async -> [ScoresEvent]

    public enum Outcome: Equatable {
        case carryOn
        case quit
    }

    let inbox: Inbox<Msg>
    let saves: SaveWriter
    let scores: Scores?
    let emit: (String) -> Void
    let environment: [String: String]
    /// A game hosted over SSH runs nothing on the host: copies are OSC 52 alone, links are never opened.
    let hosted: Bool
    /// When the game began (seconds since 1970): a count of watchers written before is a former game's.
    let started = Date().timeIntervalSince1970
    /// The game runs inside tmux ($TMUX, and not hosted): OSC 52 goes through its passthrough too,
    /// and the words say what tmux may need.
    let tmux: Bool
    /// Child processes run one after another, so two copies land in the order they were asked for.
    private let children = DispatchQueue(label: "plume.children")
    private let scoring = DispatchQueue(label: "plume.scoring", qos: .utility)
    /// Why the last save couldn't be written when the game quit (said once the terminal is back).
    public private(set) var quitProblem: String?
    /// Pieces of work handed to child processes so far (a clipboard tool, xdg-open); a hosted
    /// game hands none.
    public private(set) var childJobs = 0

    /// `emit` writes escape sequences to the terminal (called on the loop's thread only).
    public init(inbox: Inbox<Msg>, saves: SaveWriter, scores: Scores?, environment: [String: String] = ProcessInfo.processInfo.environment,
                hosted: Bool = false, emit: @escaping (String) -> Void) {
        (self.inbox, self.saves, self.scores, self.environment, self.emit) = (inbox, saves, scores, environment, emit)
        self.hosted = hosted
        tmux = !hosted && Clipboard.insideTmux(environment)
    }

    public func perform(_ effect: Effect) -> Outcome {
        switch effect {
        case .quit:
            quitProblem = saves.flush()
            return .quit
        case .save(let game):
            saves.save(game)
        case .scores(let command):
            guard let scores else { break }
            inbox.begin()
            Task.detached { [inbox] in
                let events = await scores(command)
                inbox.finish(events.map(Msg.scores))
            }
        case .copyToClipboard(let text):
            copy(text) { .copied($0) }
        case .scoreSwarm(let job):
            // A queue of its own: a score takes up to a few seconds of one core, and never waits on a child.
            inbox.begin()
            scoring.async { [inbox] in inbox.finish([.swarmScored(job, job.run())]) }
        case .writeSettings(let settings, let key):
            do {
                try settings.write([key], environment: environment)
            } catch {
                inbox.post([.settingsNotKept(error.words)])
            }
        case .readWatchers:
            // Only a game hosted over SSH can be watched: a game on the player's machine reads nothing.
            guard hosted else { break }
            inbox.post([.watchers(WatcherCount.read(environment: environment, since: started))])
        case .openURL(let url) where hosted:
            emit(Clipboard.osc52(url))
            inbox.post([.opened("This game runs on the server, so links open on your own machine: the link is shown above and "
                                + "copied via your terminal (OSC 52).")])
        case .openURL(let url):
            if let xdgOpen = Opener.desktopOpener(environment: environment) {
                background { [environment] in .opened(Opener.open(url, with: xdgOpen, environment: environment)) }
            } else {
                copy(url) { .opened("No desktop here to open the link on, so it is shown above. " + $0) }
            }
        }
        return .carryOn
    }

    /// Copies `text`: OSC 52 at once (inside tmux, through its passthrough too), then a clipboard
    /// tool in the background; `outcome` turns the sentence saying how it went into the message
    /// the game hears.
    private func copy(_ text: String, outcome: @escaping @Sendable (String) -> Msg) {
        emit(Clipboard.sequences(text, tmux: tmux))
        if hosted {
            inbox.post([outcome(Clipboard.sentence(tool: nil))])
            return
        }
        background { [environment, tmux] in
            outcome(Clipboard.sentence(tool: Clipboard.copyWithTool(text, environment: environment), tmux: tmux))
        }
    }

    /// Runs work that may wait on a child process; its message is posted when it is done.
    private func background(_ work: @escaping @Sendable () -> Msg) {
        childJobs += 1
        inbox.begin()
        children.async { [inbox] in inbox.finish([work()]) }
    }
}
