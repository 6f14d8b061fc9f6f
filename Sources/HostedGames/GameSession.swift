// One SSH session channel: a terminal request, then a shell request, starts the game; the game's
// pseudo-terminal and the channel are joined both ways (with back-pressure each way); a window
// change resizes the terminal; the player leaving hangs the game up (SIGHUP, then SIGKILL after a
// grace period); the game ending ends the session with its exit status. Anything but a game is
// refused: a command or a session without a terminal is told what to do instead, a subsystem
// (sftp) is refused outright. All on the connection's event loop.
import Foundation
import Leaderboard
import NIOCore
import NIOPosix
import NIOSSH

final class GameSession: ChannelInboundHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    enum Phase { case waiting, starting, playing, ended }

    let connection: SSHConnection
    var server: HostedServer { connection.server }
    private var context: ChannelHandlerContext?
    private var phase = Phase.waiting
    private var terminal: (term: String, columns: Int, rows: Int)?
    /// The client's COLORTERM and NO_COLOR, the only variables of its own a game is given.
    private var colours: [String: String] = [:]
    private var process: GameProcess?
    /// The game's lease and files in the store.
    private var keeper: GameKeeper?
    /// Which screen the game is on, from the titles it sets.
    private var titles = TitleScanner()
    /// The fingerprint of the key that plays.
    private var fingerprint = ""
    /// The game's output for its watchers.
    private var feed: GameFeed?
    /// Why its watchers stop watching when the game ends.
    private var watchEnd = WatchEnd.gameEnded
    /// A place under the game caps is held (from its reservation until the session has ended).
    private var holdsPlace = false
    /// The game has ended and its last files are in the store.
    private var saved = false
    private var pty: (any Channel)?
    private var exitStatus: Int32?
    private var ptyOpen = false
    private var startedAt = NIODeadline.now()
    private var lastInput = NIODeadline.now()
    private var idleCheck: Scheduled<Void>?
    private var timeUp: Scheduled<Void>?
    private var killLater: Scheduled<Void>?
    private var hungUp = false
    /// Said once the game has ended, when the server ended it (idle, time up, stopping).
    var closingWords: String?

    init(connection: SSHConnection) { self.connection = connection }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    // MARK: Requests

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            let columns = request.terminalCharacterWidth, rows = request.terminalRowHeight
            terminal = (request.term, columns > 0 ? min(columns, 1000) : 80, rows > 0 ? min(rows, 1000) : 24)
            context.answer(request.wantReply, true)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            guard terminal != nil else { return }
            terminal?.columns = max(1, min(request.terminalCharacterWidth, 1000))
            terminal?.rows = max(1, min(request.terminalRowHeight, 1000))
            if let terminal {
                process?.resize(columns: terminal.columns, rows: terminal.rows)
                keeper?.status.update { ($0.columns, $0.rows) = (terminal.columns, terminal.rows) }
            }
        case let request as SSHChannelRequestEvent.ShellRequest:
            // One game a session: a second shell request is refused, the first game goes on.
            context.answer(request.wantReply, phase == .waiting)
            begin(context)
        case let request as SSHChannelRequestEvent.ExecRequest:
            server.figuresBox.count(.exec)
            guard phase == .waiting else {
                context.answer(request.wantReply, false)
                return
            }
            context.answer(request.wantReply, true)
            turnAway("this server hosts the game and nothing else, so it runs no commands. "
                     + "Play with: \(server.playCommand) (no command after the host).")
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            // sftp and scp expect their own protocol: a plain refusal is what they can show.
            server.figuresBox.count(.subsystem)
            context.answer(request.wantReply, false)
            if phase == .waiting {
                phase = .ended
                context.close(promise: nil)
            }
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            // The game's environment is the server's choice: of the client's variables only what
            // its terminal can show is taken (truecolor, or no colour at all).
            let taken = GameRequest.clientVariables.contains(request.name) && request.value.utf8.count <= 32
                && request.value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            if taken { colours[request.name] = request.value }
            context.answer(request.wantReply, taken)
        case let event as ChannelEvent where event == .inputClosed:
            // The client sent EOF: nothing more will come from the player.
            if phase == .playing || phase == .starting { hangUp() } else if phase == .waiting { context.close(promise: nil) }
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    // MARK: Starting

    private func begin(_ context: ChannelHandlerContext) {
        guard phase == .waiting else { return }
        guard let key = connection.key else {
            refuse(.noKey, "this server knows each player by their SSH key, and your ssh offered none it can use "
                   + "(it takes Ed25519 and ECDSA keys, not RSA). Make one with: ssh-keygen -t ed25519 — then connect again.")
            return
        }
        if connection.full {
            refuse(.full, "every place on this server is taken just now — try again in a few minutes.")
            return
        }
        guard let terminal else {
            refuse(.noTerminal, "the game needs a terminal. Connect with: \(server.playCommand.replacingOccurrences(of: "ssh ", with: "ssh -t "))")
            return
        }
        let limits = server.configuration.limits
        fingerprint = (try? SSHPublicKey.parse(String(openSSHPublicKey: key)))?.fingerprint ?? ""
        switch server.games.reserve(addressKey: connection.addressKey, maxGames: limits.maxSessions, maxPerAddress: limits.maxPerAddress,
                                    replacing: server.desk.hasGame(fingerprint: fingerprint)) {
        case .granted: holdsPlace = true
        case .full:
            refuse(.full, "all \(limits.maxSessions) games on this server are being played just now — try again in a few minutes.")
            return
        case .addressFull:
            refuse(.addressFull, (limits.maxPerAddress == 1 ? "a game is" : "\(limits.maxPerAddress) games are")
                   + " open from your address already — close one, then connect again.")
            return
        case .closed:
            refuse(.full, "plume-server is stopping just now — try again in a minute.")
            return
        }
        phase = .starting
        let request = GameRequest(key: key, userName: connection.userName, peer: connection.peer, term: terminal.term,
                                  columns: terminal.columns, rows: terminal.rows, variables: colours)
        let server = server
        let session = NIOLoopBound(self, eventLoop: context.eventLoop)
        let loop = context.eventLoop
        let id = (0..<16).map { _ in String(UInt8.random(in: 0...255), radix: 16) }.joined()
        Task {
            let result = await server.startGame(request, session: id)
            loop.execute { session.value.started(result) }
        }
    }

    private func started(_ result: Result<StartedGame, StartProblem>) {
        guard let context else { return }
        let addressKey = connection.addressKey
        switch result {
        case .failure(let problem):
            holdsPlace = false
            server.games.release(addressKey: addressKey, pid: nil)
            refuse(.startFailed, problem.message)
        case .success(let game):
            let process = game.process
            self.process = process
            keeper = game.keeper
            let feed = GameFeed(owner: game.keeper.lease.owner, game: process, runDirectory: game.home + "/run", figures: server.figuresBox)
            self.feed = feed
            server.watch.add(feed)
            phase = .playing
            startedAt = .now()
            lastInput = .now()
            server.figuresBox.update {
                $0.games += 1
                $0.gamesStarted += 1
            }
            let session = NIOLoopBound(self, eventLoop: context.eventLoop)
            let loop = context.eventLoop
            server.games.started(GameRegistry.Entry(process: process, addressKey: addressKey) {
                loop.execute {
                    session.value.watchEnd = .hostStopping
                    session.value.closingWords = "plume-server is stopping for now; your game is saved. Connect again in a minute."
                }
            })
            process.whenEnded { status in
                loop.execute { session.value.gameEnded(status) }
            }
            server.desk.add(HostDesk.Entry(keeper: game.keeper, fingerprint: fingerprint, asked: {
                loop.execute {
                    session.value.watchEnd = .moved
                    session.value.closingWords = "you connected from elsewhere, so your game moved there; it is saved."
                    session.value.hangUp()
                }
            }, lost: {
                loop.execute {
                    session.value.closingWords = "your game was taken up by another connection while this server was slow; "
                        + "what you did in the last few seconds may not be saved."
                    session.value.hangUp()
                }
            }))
            joinTerminal(process, context)
            armTimers(context)
            if hungUp || !context.channel.isActive { hangUp(force: true) }
        }
    }

    /// The pseudo-terminal's master side as a channel on this event loop, joined to the session.
    private func joinTerminal(_ process: GameProcess, _ context: ChannelHandlerContext) {
        let session = NIOLoopBound(self, eventLoop: context.eventLoop)
        ptyOpen = true
        NIOPipeBootstrap(group: context.eventLoop)
            .channelOption(ChannelOptions.autoRead, value: true)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(TerminalRelay(session: session.value))
                }
            }
            .takingOwnershipOfDescriptor(inputOutput: process.master)
            .hop(to: context.eventLoop)
            .assumeIsolated()
            .whenComplete { [self] result in
                switch result {
                case .success(let channel):
                    pty = channel
                    if phase == .ended { channel.close(promise: nil) }
                case .failure:
                    // The terminal can't be read: the game is useless; end it.
                    ptyOpen = false
                    process.signal(SIGKILL)
                }
            }
    }

    private func armTimers(_ context: ChannelHandlerContext) {
        let limits = server.configuration.limits
        timeUp = context.eventLoop.assumeIsolated().scheduleTask(in: .minutes(Int64(limits.sessionMinutes))) { [self] in
            server.figuresBox.count(.sessionLength)
            closingWords = "sessions here last at most \(limits.sessionMinutes) minutes; your game is saved. Connect again to go on."
            hangUp()
        }
        scheduleIdleCheck(context.eventLoop, at: lastInput + .minutes(Int64(limits.idleMinutes)))
    }

    private func scheduleIdleCheck(_ loop: any EventLoop, at deadline: NIODeadline) {
        idleCheck = loop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            let idle = TimeAmount.minutes(Int64(server.configuration.limits.idleMinutes))
            let due = lastInput + idle
            if due > .now() {
                scheduleIdleCheck(loop, at: due)
                return
            }
            server.figuresBox.count(.idle)
            closingWords = "you were away for \(server.configuration.limits.idleMinutes) minutes, so the game ended; it is saved. Connect again to go on."
            hangUp()
        }
    }

    // MARK: Playing

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard message.type == .channel, case .byteBuffer(let bytes) = message.data else { return }
        lastInput = .now()
        guard let pty, phase == .playing else { return }
        keeper?.status.update { $0.lastInput = HostDesk.milliseconds() }
        pty.write(bytes, promise: nil)
        if !pty.isWritable { context.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in } }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        pty?.flush()
        context.fireChannelReadComplete()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        // The player's side can take more: read the game's output again.
        if let pty { pty.setOption(ChannelOptions.autoRead, value: context.channel.isWritable).whenFailure { _ in } }
        context.fireChannelWritabilityChanged()
    }

    /// Output of the game, on its way to the player.
    func fromGame(_ bytes: ByteBuffer) {
        if let screen = titles.scan(bytes.readableBytesView) { keeper?.status.update { $0.screen = screen } }
        feed?.publish(bytes)
        guard let context, context.channel.isActive else { return }
        context.write(wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(bytes))), promise: nil)
        if !context.channel.isWritable, let pty { pty.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in } }
    }

    func flushToPlayer() { context?.flush() }

    func terminalWritable(_ writable: Bool) {
        guard let context, writable else { return }
        context.channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
    }

    func terminalClosed() {
        ptyOpen = false
        pty = nil
        if exitStatus != nil, saved { finish() }
    }

    func channelInactive(context: ChannelHandlerContext) {
        // The player has gone (or the session ended, however it did): a game still running saves
        // and ends; one still starting is hung up as it starts.
        if exitStatus == nil, phase == .playing || phase == .starting || process != nil { hangUp() }
        context.fireChannelInactive()
    }

    /// SIGHUP (the game saves and restores its terminal), then SIGKILL after the grace period.
    func hangUp(force: Bool = false) {
        guard !hungUp || force else { return }
        hungUp = true
        guard let process, let loop = context?.eventLoop else { return }
        process.signal(SIGHUP)
        killLater?.cancel()
        killLater = loop.assumeIsolated().scheduleTask(in: .seconds(Int64(server.configuration.limits.hangUpGraceSeconds))) {
            process.signal(SIGKILL)
        }
    }

    private func gameEnded(_ status: Int32) {
        exitStatus = status
        killLater?.cancel()
        idleCheck?.cancel()
        timeUp?.cancel()
        let seconds = Double((NIODeadline.now() - startedAt).nanoseconds) / 1e9
        server.figuresBox.ended(after: seconds)
        if let feed { server.watch.remove(feed, watchEnd) }
        guard let keeper, let loop = context?.eventLoop else {
            afterLastSave()
            return
        }
        // The game's last files go to the store and its lease is given back before the player
        // is told the game is saved (and before a stopping server lets the process end).
        let desk = server.desk
        let session = NIOLoopBound(self, eventLoop: loop)
        Task {
            let written = await desk.finish(keeper)
            loop.execute { session.value.afterLastSave(written: written) }
        }
    }

    private func afterLastSave(written: Bool = true) {
        saved = true
        if !written, closingWords != nil || watchEnd == .moved {
            // Words that said "it is saved" would not be true.
            closingWords = "your game ended, but its last few seconds couldn't be written to the server's database in time."
        }
        server.games.release(addressKey: connection.addressKey, pid: process?.pid)
        if !ptyOpen {
            finish()
            return
        }
        // The terminal's last output is read until it reports the game's side closed; a
        // terminal that lingers (a descendant holding it) is closed after a moment.
        context?.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(500)) { [self] in
            if ptyOpen { pty?.close(promise: nil) }
            finish()
        }
    }

    private func finish() {
        guard phase != .ended else { return }
        if let closingWords { say(closingWords) }
        end(exitStatus ?? 1)
    }

    // MARK: Ending

    /// Turns the session away with a line for the player, counted under `refusal`.
    private func refuse(_ refusal: Refusal, _ message: String) {
        server.figuresBox.count(refusal)
        turnAway(message)
    }

    private func turnAway(_ message: String) {
        say(message)
        end(1)
    }

    /// A line for the player on stderr (OpenSSH prints it on their terminal, after the game).
    private func say(_ message: String) {
        guard let context, context.channel.isActive else { return }
        let newline = terminal == nil ? "\n" : "\r\n"
        var buffer = context.channel.allocator.buffer(capacity: message.utf8.count + 16)
        buffer.writeString("plume: " + message + newline)
        context.write(wrapOutboundOut(SSHChannelData(type: .stdErr, data: .byteBuffer(buffer))), promise: nil)
    }

    /// EOF after everything written, then the exit status, then close.
    /// The game's place is given back once the player has been told everything: a stopping
    /// server waits for every place, so its last words are not cut off by the process ending.
    private func end(_ status: Int32) {
        guard phase != .ended else { return }
        phase = .ended
        guard let context else {
            givePlaceBack()
            return
        }
        let channel = context.channel
        context.flush()
        guard channel.isActive else {
            channel.close(promise: nil)
            givePlaceBack()
            return
        }
        let session = NIOLoopBound(self, eventLoop: channel.eventLoop)
        channel.close(mode: .output)
            .flatMapError { _ in channel.eventLoop.makeSucceededVoidFuture() }
            .flatMap { channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: Int(status))) }
            .whenComplete { _ in channel.close(promise: nil) }
        channel.closeFuture.whenComplete { _ in session.value.givePlaceBack() }
    }

    private func givePlaceBack() {
        guard holdsPlace else { return }
        holdsPlace = false
        server.games.release(addressKey: connection.addressKey, pid: process?.pid)
    }
}
