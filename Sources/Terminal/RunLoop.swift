// The app's run loop: draw, wait for input (or the next frame while something moves), update,
// and carry out effects — clipboard copies and saves — whose outcomes come back as messages.
import Foundation
import PlumeUI

public enum RunLoop {
    /// Frames per second while something moves; with nothing moving the loop blocks on input.
    static let frameMilliseconds: Int32 = 33

    public static func run(_ initial: AppModel, store: SaveStore) throws {
        let screen = try TerminalScreen()
        defer { screen.restore() }
        var model = initial
        let size = screen.size
        _ = model.update(.resize(width: size.width, height: size.height))
        let clock = ContinuousClock()
        var frameStart = clock.now
        while true {
            screen.draw(model.view())
            var timeout: Int32 = -1
            if model.wantsTicks {
                let spent = Int32((clock.now - frameStart) / .milliseconds(1))
                timeout = max(1, frameMilliseconds - spent)
            }
            var messages = screen.read(timeout: timeout)
            if model.wantsTicks, clock.now - frameStart >= .milliseconds(Int(frameMilliseconds)) {
                messages.append(.tick)
                frameStart = clock.now
            }
            for message in messages {
                var queue = [message]
                while let next = queue.first {
                    queue.removeFirst()
                    for effect in model.update(next) {
                        switch effect {
                        case .quit:
                            return
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
