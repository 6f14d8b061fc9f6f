// A running game's output for its watchers, on the game's host. The game's session publishes what
// the game draws; each watcher has a queue of its own (at most `queuedChunks`): a watcher that
// falls that far behind is dropped, so a slow one never slows the game or the others. Output
// meant for the player's own terminal and nobody else's — the clipboard (OSC 52), titles — is
// taken out once for all (WatchFilter). A watcher joining asks the game for a whole new picture
// (SIGWINCH: the game redraws everything), and the game is told how many watch (a file in its run
// directory, read when it redraws).
import Foundation
import NIOCore
import Synchronization

/// What a watcher receives.
public enum WatchEvent: Sendable {
    case output(ByteBuffer)
}

/// Why watching ended, in words for the watcher.
public enum WatchEnd: String, Sendable, Equatable {
    case gameEnded = "game_ended", refused, tooSlow = "too_slow", moved, hostStopping = "host_stopping", hostLost = "host_lost"

    public var words: String {
        switch self {
        case .gameEnded: "the game ended."
        case .refused: "the player chose not to be watched."
        case .tooSlow: "your connection fell too far behind the game."
        case .moved: "the game moved to another connection."
        case .hostStopping: "the server is stopping."
        case .hostLost: "the server running the game stopped answering."
        }
    }
}

/// One watcher's queue: an AsyncStream, ended with a reason.
public final class WatchStream: Sendable {
    public let events: AsyncStream<WatchEvent>
    let continuation: AsyncStream<WatchEvent>.Continuation
    private let reason = Mutex<WatchEnd?>(nil)
    static let queuedChunks = 512

    public init() {
        (events, continuation) = AsyncStream.makeStream(of: WatchEvent.self, bufferingPolicy: .bufferingOldest(Self.queuedChunks))
    }

    /// False when the queue is full.
    func push(_ bytes: ByteBuffer) -> Bool {
        if case .dropped = continuation.yield(.output(bytes)) { return false }
        return true
    }

    public func end(_ why: WatchEnd) {
        reason.withLock { if $0 == nil { $0 = why } }
        continuation.finish()
    }

    /// Why it ended (once the events are over).
    public var ended: WatchEnd { reason.withLock { $0 } ?? .gameEnded }
}

final class GameFeed: Sendable {
    let owner: String
    let game: GameProcess
    /// The game's run directory, where the count of watchers is written for it.
    let runDirectory: String
    /// The count's file in the run directory (GameRunner's WatcherCount reads it).
    static let watchersFile = "watchers"
    private let figures: FiguresBox

    private struct State {
        var watchers: [ObjectIdentifier: WatchStream] = [:]
        var filter = WatchFilter()
        var refused = false
        var ended = false
        var lastRepaint = ContinuousClock.now - .seconds(10)
        var repaintPending = false
    }

    private let state = Mutex(State())

    init(owner: String, game: GameProcess, runDirectory: String, figures: FiguresBox) {
        (self.owner, self.game, self.runDirectory, self.figures) = (owner, game, runDirectory, figures)
    }

    var watcherCount: Int { state.withLock { $0.watchers.count } }

    enum Joining { case joined, full, refused, ended }

    /// Adds a watcher (at most `cap` per game).
    func join(_ stream: WatchStream, cap: Int) -> Joining {
        let outcome: Joining = state.withLock { state in
            if state.ended { return .ended }
            if state.refused { return .refused }
            if state.watchers.count >= cap { return .full }
            // Output went unread while nobody watched: the filter starts afresh.
            if state.watchers.isEmpty { state.filter = WatchFilter() }
            state.watchers[ObjectIdentifier(stream)] = stream
            return .joined
        }
        guard outcome == .joined else { return outcome }
        figures.update {
            $0.watchers += 1
            $0.watchersStarted += 1
        }
        // A clean screen first, then the game's next picture, which is whole.
        var start = ByteBufferAllocator().buffer(capacity: 16)
        start.writeString("\u{1B}[0m\u{1B}[H\u{1B}[2J")
        _ = stream.push(start)
        countChanged()
        return .joined
    }

    func leave(_ stream: WatchStream) {
        let removed = state.withLock { $0.watchers.removeValue(forKey: ObjectIdentifier(stream)) != nil }
        guard removed else { return }
        figures.update { $0.watchers -= 1 }
        countChanged()
    }

    /// What the game drew: to every watcher, less what is the player's alone.
    func publish(_ bytes: ByteBuffer) {
        var dropped: [WatchStream] = []
        let sent: Int = state.withLock { state in
            guard !state.watchers.isEmpty else { return 0 }
            let filtered = state.filter.filter(bytes)
            guard filtered.readableBytes > 0 else { return 0 }
            for (key, watcher) in state.watchers where !watcher.push(filtered) {
                state.watchers[key] = nil
                dropped.append(watcher)
            }
            return filtered.readableBytes * state.watchers.count
        }
        if sent > 0 || !dropped.isEmpty {
            figures.update {
                $0.relayBytes += sent
                $0.watchers -= dropped.count
                $0.watchersDropped += dropped.count
            }
        }
        for watcher in dropped { watcher.end(.tooSlow) }
        if !dropped.isEmpty { countChanged() }
    }

    /// Ends every watcher (the game ended, moved, or its player refuses); refused keeps new ones out.
    func endAll(_ why: WatchEnd) {
        let gone: [WatchStream] = state.withLock { state in
            if why == .refused { state.refused = true } else { state.ended = true }
            defer { state.watchers = [:] }
            return Array(state.watchers.values)
        }
        if !gone.isEmpty { figures.update { $0.watchers -= gone.count } }
        gone.forEach { $0.end(why) }
        if why == .refused, !gone.isEmpty { countChanged() }
    }

    /// The player allows watching again.
    func allow() { state.withLock { $0.refused = false } }

    var refused: Bool { state.withLock { $0.refused } }

    /// Writes the count for the game and asks it to redraw everything — at most every 300 ms;
    /// a change meanwhile is carried by one more redraw after.
    private func countChanged() {
        let (now, wait): (Bool, Duration?) = state.withLock { state in
            if state.ended { return (false, nil) }
            let since = ContinuousClock.now - state.lastRepaint
            if since >= .milliseconds(300) {
                state.lastRepaint = .now
                return (true, nil)
            }
            if state.repaintPending { return (false, nil) }
            state.repaintPending = true
            return (false, .milliseconds(300) - since)
        }
        if now { repaint() }
        if let wait {
            Task { [self] in
                try? await Task.sleep(for: wait)
                state.withLock {
                    $0.repaintPending = false
                    $0.lastRepaint = .now
                }
                repaint()
            }
        }
    }

    private func repaint() {
        let count = watcherCount
        let path = runDirectory + "/" + Self.watchersFile
        let temporary = runDirectory + "/." + Self.watchersFile + ".tmp"
        if FileManager.default.createFile(atPath: temporary, contents: Data(String(count).utf8), attributes: [.posixPermissions: 0o600]) {
            _ = rename(temporary, path)
        }
        game.signal(SIGWINCH)
    }
}

/// Takes out of a game's output what is for the player's terminal alone: operating system
/// commands (OSC 52 would set each watcher's clipboard; OSC 2 their window's title). Kept across
/// reads, so a sequence split between two is still
/// found; a sequence is dropped whole, however long.
struct WatchFilter {
    private enum State { case text, escape, osc, oscEscape }
    private var state = State.text

    mutating func filter(_ input: ByteBuffer) -> ByteBuffer {
        var output = ByteBufferAllocator().buffer(capacity: input.readableBytes)
        for byte in input.readableBytesView {
            switch state {
            case .text:
                if byte == 0x1B { state = .escape } else { output.writeInteger(byte) }
            case .escape:
                if byte == UInt8(ascii: "]") {
                    state = .osc
                } else if byte == 0x1B {
                    // A terminal drops an escape another escape interrupts: so does the filter
                    // (kept, it would meet a later "]" and start a command after all).
                    continue
                } else {
                    output.writeInteger(UInt8(0x1B))
                    output.writeInteger(byte)
                    state = .text
                }
            case .osc:
                if byte == 0x07 { state = .text } else if byte == 0x1B { state = .oscEscape }
            case .oscEscape:
                state = byte == UInt8(ascii: "\\") ? .text : byte == 0x1B ? .oscEscape : .osc
            }
        }
        return output
    }
}
