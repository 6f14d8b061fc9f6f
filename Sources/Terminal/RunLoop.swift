// The app's run loop: draw, wait for input (or the next frame while something moves), update,
// and carry out effects — clipboard copies, saves and score requests — whose outcomes come back
// as messages. Score requests run as tasks; their answers wait in an inbox that the loop checks
// every 50 ms while any is outstanding, so the game never blocks on the network. Links sent by
// `plume open` arrive through the same inbox.
import Foundation
import PlumeUI
import ScoresAPI
import Synchronization

public enum RunLoop {
    /// Frames per second while something moves; with nothing moving the loop blocks on input.
    static let frameMilliseconds: Int32 = 33

    /// Carries out one score command; its events come back to the game as messages.
    public typealias ScoresRunner = @Sendable (ScoresCommand) async -> [ScoresEvent]

    /// How often the loop looks for links from other programs while it would otherwise sleep.
    static let arrivalMilliseconds: Int32 = 200

    /// `arrivals`, when given, is where other threads post messages (links from `plume open`);
    /// the loop then looks at it at least every 200 ms.
    public static func run(_ initial: AppModel, store: SaveStore, scores: ScoresRunner? = nil, arrivals: Inbox? = nil) throws {
        let screen = try TerminalScreen()
        defer { screen.restore() }
        var model = initial
        let size = screen.size
        _ = model.update(.resize(width: size.width, height: size.height))
        let clock = ContinuousClock()
        var frameStart = clock.now
        let inbox = arrivals ?? Inbox()
        var lastClock = -Double.infinity
        // Drawn again only after something happened: a wake-up that brought nothing (the 200 ms
        // look at the inbox) costs no drawing, so an idle game stays idle.
        var dirty = true
        while true {
            if dirty { screen.draw(model.view()) }
            var timeout: Int32 = -1
            if model.wantsTicks {
                let spent = Int32((clock.now - frameStart) / .milliseconds(1))
                timeout = max(1, frameMilliseconds - spent)
            }
            if model.awaitingScores {
                timeout = timeout < 0 ? 50 : min(timeout, 50)
            } else if model.wantsClock {
                let untilSecond = Int32(max(1, (1 - (Date().timeIntervalSince1970 - lastClock)) * 1000))
                timeout = timeout < 0 ? min(1000, untilSecond) : min(timeout, untilSecond)
            }
            if arrivals != nil { timeout = timeout < 0 ? arrivalMilliseconds : min(timeout, arrivalMilliseconds) }
            var messages = screen.read(timeout: timeout)
            let wall = Date().timeIntervalSince1970
            let timed = model.wantsClock || model.awaitingScores || !messages.isEmpty
            if timed && (wall - lastClock >= 1 || (model.awaitingScores && wall - lastClock >= 0.25)) {
                lastClock = wall
                messages.append(.clock(wall))
            }
            messages += inbox.take()
            if model.wantsTicks, clock.now - frameStart >= .milliseconds(Int(frameMilliseconds)) {
                messages.append(.tick)
                frameStart = clock.now
            }
            dirty = !messages.isEmpty
            for message in messages {
                var queue = [message]
                while let next = queue.first {
                    queue.removeFirst()
                    for effect in model.update(next) {
                        switch effect {
                        case .quit:
                            return
                        case .scores(let command):
                            guard let scores else { continue }
                            Task.detached {
                                let events = await scores(command)
                                inbox.post(events.map(Msg.scores))
                            }
                        case .openURL(let url):
                            queue.append(.opened(Opener.open(url, copy: { Clipboard.copy($0, writeToTerminal: screen.emit) })))
                        case .copyToClipboard(let text):
                            queue.append(.copied(Clipboard.copy(text, writeToTerminal: screen.emit)))
                        case .save(let game):
                            do {
                                try store.save(game)
                            } catch {
                                queue.append(.saved("\(error.localizedDescription) (\(store.file.path))"))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Messages that arrived from tasks and other threads, waiting for the loop to pick them up.
public final class Inbox: Sendable {
    private let waiting = Mutex<[Msg]>([])

    public init() {}

    public func post(_ messages: [Msg]) { waiting.withLock { $0 += messages } }

    func take() -> [Msg] {
        waiting.withLock { arrived in
            defer { arrived.removeAll() }
            return arrived
        }
    }
}
