// `ssh -p 2222 watch@host`: a menu of the games being played now on any host — player, screen,
// how long, idle, how many watch; friends first when the watcher's key is a player's — where ↑↓
// choose, Enter watches and q leaves. Watching shows the game as it is drawn (a whole picture on
// joining, then live); q (or Ctrl-C) goes back to the menu, and nothing typed reaches the game.
// When the game ends, or its player stops being watched, the menu says so. Like a game session,
// a watch session is refused commands and subsystems, and ends after the session's time or ten
// idle minutes in the menu. All on the connection's event loop.
import Foundation
import GameState
import Leaderboard
import NIOCore
import NIOSSH

final class WatchSession: ChannelInboundHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    static let menuIdle: TimeAmount = .minutes(10)

    let connection: SSHConnection
    var server: HostedServer { connection.server }
    private var context: ChannelHandlerContext?
    private var size = (columns: 80, rows: 24)
    private var hasTerminal = false
    private var started = false
    private var ended = false
    private var games: [WatchableGame] = []
    private var selected = 0
    private var note = ""
    private var watching: Watching?
    private var pump: Task<Void, Never>?
    private var refresher: Scheduled<Void>?
    private var lastKey = NIODeadline.now()
    private var viewer: Int64?
    private var timeUp: Scheduled<Void>?
    /// Registered to end when the server stops.
    private var closer: Int?

    init(connection: SSHConnection) { self.connection = connection }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            size = (max(20, min(request.terminalCharacterWidth, 1000)), max(5, min(request.terminalRowHeight, 1000)))
            hasTerminal = true
            context.answer(request.wantReply, true)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            size = (max(20, min(request.terminalCharacterWidth, 1000)), max(5, min(request.terminalRowHeight, 1000)))
            if watching == nil { drawMenu() }
        case let request as SSHChannelRequestEvent.ShellRequest:
            context.answer(request.wantReply, !started)
            begin()
        case let request as SSHChannelRequestEvent.ExecRequest:
            server.figuresBox.count(.exec)
            context.answer(request.wantReply, !started)
            if !started { close(with: "watching takes no command. Watch with: \(server.watchCommand)", refused: true) }
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            server.figuresBox.count(.subsystem)
            context.answer(request.wantReply, false)
            if !started { close(with: nil, refused: true) }
        case let event as ChannelEvent where event == .inputClosed:
            close(with: nil)
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    private func begin() {
        guard !started, let context else { return }
        started = true
        guard hasTerminal else {
            close(with: "watching needs a terminal. Watch with: \(server.watchCommand.replacingOccurrences(of: "ssh ", with: "ssh -t "))", refused: true)
            return
        }
        // The alternate screen, no cursor.
        send("\u{1B}[?1049h\u{1B}[?25l")
        let stopping = NIOLoopBound(self, eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        closer = server.watchers.add {
            eventLoop.execute { stopping.value.close(with: "plume-server is stopping for now; watch again in a minute.") }
        }
        let limits = server.configuration.limits
        timeUp = context.eventLoop.assumeIsolated().scheduleTask(in: .minutes(Int64(limits.sessionMinutes))) { [self] in
            close(with: "watch sessions here last at most \(limits.sessionMinutes) minutes.")
        }
        let loop = context.eventLoop
        let session = NIOLoopBound(self, eventLoop: loop)
        let key = connection.key.flatMap { try? SSHPublicKey.parse(String(openSSHPublicKey: $0)) }
        let store = server.service.store
        Task {
            // Friends first when the watcher's key is a player's.
            let viewer = try? await key.asyncFlatMap { try await store.player(keyFingerprint: $0.fingerprint)?.number }
            loop.execute { session.value.viewer = viewer ?? nil }
            loop.execute { session.value.refresh() }
        }
    }

    // MARK: The menu

    private func refresh() {
        guard !ended, let loop = context?.eventLoop else { return }
        refresher?.cancel()
        let desk = server.watch, viewer = viewer
        let session = NIOLoopBound(self, eventLoop: loop)
        Task {
            let found = try? await desk.games(viewer: viewer)
            loop.execute { session.value.listed(found) }
        }
    }

    private func listed(_ found: [WatchableGame]?) {
        guard !ended, let loop = context?.eventLoop else { return }
        if let found {
            let current = games.indices.contains(selected) ? games[selected].game.playerID : nil
            games = found
            selected = found.firstIndex { $0.game.playerID == current } ?? min(selected, max(0, found.count - 1))
        } else {
            note = "The list of games can't be read just now."
        }
        if watching == nil { drawMenu() }
        if NIODeadline.now() - lastKey > Self.menuIdle, watching == nil {
            close(with: "you were idle in the watch menu for \(Self.menuIdle.nanoseconds / 60_000_000_000) minutes.")
            return
        }
        refresher = loop.assumeIsolated().scheduleTask(in: .seconds(2)) { [self] in refresh() }
    }

    private func drawMenu() {
        var lines: [String] = []
        let width = size.columns
        lines.append("\u{1B}[1m Plume · games being played now\u{1B}[0m")
        lines.append("")
        if games.isEmpty {
            lines.append("  Nobody is playing just now. This list refreshes itself.")
        } else {
            lines.append("    " + Self.columns(["PLAYER", "SCREEN", "PLAYING", "IDLE", "WATCHING", "SIZE"]))
            let now = HostDesk.milliseconds()
            let room = max(1, size.rows - 6)
            let first = max(0, min(selected - room + 1, games.count - room))
            for (index, entry) in games.enumerated().dropFirst(first).prefix(room) {
                let game = entry.game
                let name = String(SafeText.strip(entry.name).prefix(14)) + (entry.friend ? " ★" : "")
                let row = Self.columns([name, game.screen.isEmpty ? "—" : game.screen, Self.duration(now - game.startedAt),
                                        Self.duration(now - game.lastInput), String(game.watchers), "\(game.columns)×\(game.rows)"])
                lines.append(index == selected ? "  \u{1B}[7m▸ " + row + "\u{1B}[0m" : "    " + row)
            }
        }
        lines.append("")
        if !note.isEmpty { lines.append(" " + note) }
        lines.append(" ↑↓ choose · Enter watch · q leave" + (games.contains { $0.friend } ? " · ★ someone you follow" : ""))
        var screen = "\u{1B}[H\u{1B}[2J"
        for (index, line) in lines.prefix(size.rows).enumerated() {
            screen += "\u{1B}[\(index + 1);1H" + Self.clip(line, to: width)
        }
        send(screen)
    }

    static func columns(_ values: [String]) -> String {
        let widths = [16, 8, 10, 8, 9, 9]
        return zip(values, widths).map { value, width in value.count >= width ? String(value.prefix(width - 1)) + " " : value.padding(toLength: width, withPad: " ", startingAt: 0) }
            .joined()
    }

    /// Cuts a line to the terminal's width, counting only what is shown (not escape sequences).
    static func clip(_ line: String, to width: Int) -> String {
        var shown = 0, out = "", inEscape = false
        for character in line {
            if character == "\u{1B}" { inEscape = true }
            if inEscape {
                out.append(character)
                if character.isLetter { inEscape = false }
                continue
            }
            guard shown < width else { continue }
            out.append(character)
            shown += 1
        }
        return out
    }

    static func duration(_ milliseconds: Int64) -> String {
        let seconds = max(0, milliseconds / 1000)
        if seconds < 60 { return "\(seconds) s" }
        let minutes = seconds / 60
        if minutes < 60 { return "\(minutes) min" }
        return "\(minutes / 60) h \(minutes % 60) min"
    }

    // MARK: Keys

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard message.type == .channel, case .byteBuffer(let bytes) = message.data, started, !ended else { return }
        lastKey = .now()
        let keys = Array(bytes.readableBytesView)
        if watching != nil {
            // Nothing reaches the game: q, Ctrl-C or Ctrl-D go back to the menu; the rest is dropped.
            if keys.contains(where: { [UInt8(ascii: "q"), 0x03, 0x04].contains($0) }) { stopWatching(.init(words: "You stopped watching.")) }
            return
        }
        var index = 0
        while index < keys.count {
            let key = keys[index]
            if key == 0x1B, index + 2 < keys.count, keys[index + 1] == UInt8(ascii: "[") || keys[index + 1] == UInt8(ascii: "O") {
                if keys[index + 2] == UInt8(ascii: "A") { move(-1) } else if keys[index + 2] == UInt8(ascii: "B") { move(1) }
                index += 3
                continue
            }
            switch key {
            case UInt8(ascii: "q"), 0x03, 0x04:
                close(with: nil)
                return
            case UInt8(ascii: "k"): move(-1)
            case UInt8(ascii: "j"): move(1)
            case 0x0D, 0x0A:
                startWatching()
                return
            default: break
            }
            index += 1
        }
    }

    private func move(_ step: Int) {
        guard !games.isEmpty else { return }
        selected = max(0, min(games.count - 1, selected + step))
        note = ""
        drawMenu()
    }

    // MARK: Watching

    private struct Reason { let words: String }

    private func startWatching() {
        guard games.indices.contains(selected), let playerID = games[selected].game.playerID, let loop = context?.eventLoop else { return }
        let desk = server.watch, addressKey = connection.addressKey
        let session = NIOLoopBound(self, eventLoop: loop)
        note = "Joining…"
        drawMenu()
        Task {
            let result = await desk.watch(playerID: playerID, addressKey: addressKey)
            loop.execute { session.value.joined(result) }
        }
    }

    private func joined(_ result: Result<Watching, WatchRefusal>) {
        guard let loop = context?.eventLoop else { return }
        switch result {
        case .failure(let refusal):
            note = "Can't watch: " + refusal.words
            drawMenu()
        case .success(let watching):
            guard !ended else {
                watching.leave()
                return
            }
            self.watching = watching
            refresher?.cancel()
            note = ""
            let channel = context?.channel
            let session = NIOLoopBound(self, eventLoop: loop)
            pump = Task {
                for await event in watching.stream.events {
                    guard let channel else { break }
                    switch event {
                    case .output(let bytes):
                        // Waits for each write: a watcher who reads slowly fills their queue and is dropped.
                        try? await channel.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(bytes))).get()
                    }
                }
                let why = watching.stream.ended
                loop.execute { session.value.stopWatching(Reason(words: "Watching ended: " + why.words)) }
            }
        }
    }

    private func stopWatching(_ reason: Reason) {
        guard let watching else { return }
        self.watching = nil
        pump?.cancel()
        pump = nil
        watching.leave()
        // The game may have left the terminal in any state: back to plain.
        send("\u{1B}[0m\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[?25l")
        note = reason.words
        refresh()
    }

    // MARK: Ending

    private func send(_ text: String) {
        guard let context, context.channel.isActive else { return }
        var buffer = context.channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(buffer))), promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        close(with: nil)
        context.fireChannelInactive()
    }

    /// What a watch session writes to the terminal as it ends: its modes back to plain, the
    /// cursor shown, the alternate screen left, and the cursor at the start of a cleared line. A
    /// game watched to its end leaves the alternate screen itself, so the menu may be on the main
    /// screen, the cursor on its last line: the last words (ours, or ssh's own "Connection to …
    /// closed.") would be written over " ↑↓ choose · Enter watch · q leave" and leave "…closed.ave".
    static let leaveScreen = "\u{1B}[0m\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l\r\u{1B}[2K"

    /// The last words, for stderr: on a terminal they start at the left of a cleared line and end
    /// with the cursor on a fresh one (ssh's own words come after them).
    static func farewell(words: String?, terminal: Bool) -> String? {
        words.map { terminal ? "\r\u{1B}[2Kplume: " + $0 + "\r\n" : "plume: " + $0 + "\n" }
    }

    /// Ends the session: `words` on stderr; a refusal (words, and never watched) ends with status 1.
    private func close(with words: String?, refused: Bool = false) {
        guard !ended, let context else { return }
        ended = true
        server.watchers.remove(closer)
        refresher?.cancel()
        timeUp?.cancel()
        pump?.cancel()
        watching?.leave()
        watching = nil
        if started, hasTerminal { send(Self.leaveScreen) }
        let channel = context.channel
        if let said = Self.farewell(words: words, terminal: hasTerminal), channel.isActive {
            var buffer = channel.allocator.buffer(capacity: said.utf8.count)
            buffer.writeString(said)
            context.write(wrapOutboundOut(SSHChannelData(type: .stdErr, data: .byteBuffer(buffer))), promise: nil)
        }
        context.flush()
        guard channel.isActive else { return }
        channel.close(mode: .output)
            .flatMapError { _ in channel.eventLoop.makeSucceededVoidFuture() }
            .flatMap { channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: refused ? 1 : 0)) }
            .whenComplete { _ in channel.close(promise: nil) }
    }
}

