// `plume-server --ssh-port`: SSH beside HTTP in the same process, serving one thing, the game.
// Every connection passes the listener's guards first (ConnectionGuard: caps per address and in
// all, reset at accept when hopeless; a rate of new connections per address; a deadline to sign
// in), signs in with any Ed25519 or ECDSA key (the key is the player), and may open one session,
// which runs `plume hosted` in a pseudo-terminal (GameSession). Nothing else is served: commands,
// subsystems, forwarding, agents and X11 are refused.
import ConnectionGuard
import Foundation
import Leaderboard
import Logging
import NIOCore
import NIOPosix
import NIOSSH
import ServerSettings
import ServiceLifecycle
import Synchronization

public final class HostedServer: Service, Sendable {
    public let configuration: HostingConfiguration
    /// The key presented now, and the one announced to come next.
    private let keys: Mutex<(current: HostKey, next: HostKey?)>
    let service: LeaderboardService
    let logger: Logger
    let gate: ConnectionGate
    let attempts: RateLimiter
    let figuresBox = FiguresBox()
    /// Connections still signing in (capped by `maxUnauthenticated`).
    let unauthenticated = Atomic<Int>(0)
    let games = GameRegistry()
    /// Leases and saves in the store: one game per player on every host.
    let desk: HostDesk
    /// Watchers of the games on every host.
    public let watch: WatchDesk
    /// The watch sessions open here, to end when the server stops.
    let watchers = Closers()
    private let bound = Mutex<(channel: (any Channel)?, port: Int?)>((nil, nil))
    /// Where games reach the HTTP API: the configuration's, until the HTTP listener says where it is.
    let api: Mutex<String>

    public init(configuration: HostingConfiguration, hostKey: HostKey, service: LeaderboardService, fileLimit: Int, logger: Logger) {
        self.configuration = configuration
        keys = Mutex((hostKey, nil))
        self.service = service
        self.logger = logger
        let limits = configuration.limits
        // The connection caps leave room past the game caps, so that a player over them signs in
        // and is told in words, rather than being reset. The deadlines are the HTTP listener's
        // defaults and unread here: a session keeps its own (`authSeconds`, `idleMinutes`).
        let http = ConnectionValues()
        let wished = ConnectionLimits(maxConnections: limits.maxSessions + limits.maxUnauthenticated, maxPerAddress: limits.maxPerAddress * 2,
                                      headSeconds: http.headSeconds, minimumBodyRate: http.minimumBodyRate, idleSeconds: http.idleSeconds)
        gate = ConnectionGate(wished: wished, fileLimit: max(1024, fileLimit / 4))
        attempts = RateLimiter(limit: limits.attemptsPerMinute, per: .seconds(60), maxKeys: 20_000)
        api = Mutex(configuration.apiURL)
        let name = configuration.hostName ?? "\(ProcessInfo.processInfo.hostName):\(getpid())"
        watch = WatchDesk(limits: limits.watch, host: name, store: service.store, figures: figuresBox, logger: logger) { player in
            try await service.relaySignature(owner: player)
        }
        desk = HostDesk(host: name, store: service.store, logger: logger, figures: figuresBox, watch: watch)
    }

    public var hostKey: HostKey { keys.withLock { $0.current } }
    public var nextHostKey: HostKey? { keys.withLock { $0.next } }

    /// Where the key is kept.
    public var keyPlace: HostKey.Place {
        configuration.hostKeyInDatabase ? .database(service.store) : .file(configuration.hostKeyPath)
    }

    /// Reads the key and the next one again, now and every `keyCheckSeconds`, until cancelled.
    private func followKeys() async {
        while !Task.isCancelled {
            do {
                let found = try await HostKey.keys(in: keyPlace)
                let changed = keys.withLock { keys in
                    defer { keys = found }
                    return keys.current.fingerprint != found.current.fingerprint
                }
                if changed { logger.notice("SSH host key changed (rotated)", metadata: ["fingerprint": "\(found.current.fingerprint)"]) }
            } catch {
                logger.warning("can't read the SSH host key again", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: .seconds(configuration.keyCheckSeconds))
        }
    }

    /// Where the other hosts reach this one's relay of its games.
    var relayURL: String { configuration.relayURL ?? api.withLock { $0 } }

    /// The HTTP listener is bound (its port may have been chosen by the system).
    public func apiListening(at url: String) { api.withLock { $0 = url } }

    /// This host's name among the hosts on its store.
    public var hostName: String { desk.host }

    public var figures: HostingFigures {
        var figures = figuresBox.snapshot
        let gated = gate.figures
        figures.connections = gated.open
        // Turned away by the gate at accept (the accept filter, or the connection's own check).
        for refusal in [Refusal.perAddress, .shed] { figures.refused[refusal.rawValue, default: 0] += gated.closed[refusal.rawValue] ?? 0 }
        return figures
    }

    /// What players type: "ssh -p 2222 host" (no -p on port 22).
    public var playCommand: String { command(user: nil) }

    private func command(user: String?) -> String {
        let port = port ?? configuration.port
        let host = configuration.publicHost.contains(":") ? "[\(configuration.publicHost)]" : configuration.publicHost
        return "ssh " + (port == 22 ? "" : "-p \(port) ") + (user.map { $0 + "@" } ?? "") + host
    }

    /// What watchers type: "ssh -p 2222 watch@host".
    public var watchCommand: String { command(user: Self.watchUser) }

    /// The SSH user name that opens the watch menu rather than a game.
    public static let watchUser = "watch"

    /// Removes an erased player's directory (their saves from playing here). A game of theirs
    /// still running may write its last save after; it is removed at their next erasure.
    public func forget(player publicID: String) {
        guard Secrets.isPlayerID(publicID) else { return }
        let home = configuration.homes + "/" + publicID
        do {
            if FileManager.default.fileExists(atPath: home) { try FileManager.default.removeItem(atPath: home) }
        } catch {
            logger.error("can't remove an erased player's directory", metadata: ["path": "\(home)", "error": "\(error)"])
        }
    }

    /// The port listened on, once bound (the configured one, or the one the system chose for 0).
    public var port: Int? { bound.withLock { $0.port } }

    /// Why the SSH listener could not start, in words for the operator.
    public struct ListenFailure: Error, CustomStringConvertible {
        public let description: String
    }

    public func run() async throws {
        let channel: any Channel
        do {
            channel = try await bind()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ListenFailure(description: "can't serve SSH on \(configuration.host):\(configuration.port): another program is listening there "
                                + "(choose another --ssh-port, or stop it)")
        } catch {
            throw ListenFailure(description: "can't serve SSH on \(configuration.host):\(configuration.port): \(error)")
        }
        logger.notice("playing over SSH", metadata: [
            "address": "\(configuration.host):\(port ?? configuration.port)", "host_key": "\(hostKey.fingerprint)",
            "game": "\(configuration.plumePath)", "homes": "\(configuration.homes)",
            "max_sessions": "\(configuration.limits.maxSessions)", "per_address": "\(configuration.limits.maxPerAddress)",
        ])
        let leases = Task { await desk.run() }
        let keyReader = Task { await followKeys() }
        await withGracefulShutdownHandler {
            try? await channel.closeFuture.get()
        } onGracefulShutdown: {
            channel.close(promise: nil)
            self.watch.closeAll()
            self.watchers.endAll()
        }
        // Every game is asked to save and end; the server waits for them (a grace period, then
        // SIGKILL) and for their last files to reach the store.
        await games.endAll(grace: .seconds(configuration.limits.hangUpGraceSeconds))
        // Then for the players' clients to hang up, having read their last words (ssh closes its
        // connection once the session has), at most a few seconds.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(3)
        while gate.figures.open > 0, clock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        leases.cancel()
        keyReader.cancel()
    }

    func bind() async throws -> any Channel {
        let server = self
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(AcceptFilter(gate: server.gate))
                }
            }
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try server.setUp(channel)
                }
            }
        let channel = try await bootstrap.bind(host: configuration.host, port: configuration.port).get()
        bound.withLock { $0 = (channel, channel.localAddress?.port) }
        return channel
    }

    /// The pipeline of one accepted connection, or a reset when it is turned away.
    func setUp(_ channel: any Channel) throws {
        let peer = channel.remoteAddress?.ipAddress
        let key = ClientAddress.key(peer ?? "local")
        if attempts.check(key) != nil {
            figuresBox.count(.rate)
            channel.closeAbruptly()
            return
        }
        let admission = gate.admit(peer: peer)
        if case .refused = admission {
            // Counted by the gate (per address, or shed).
            channel.closeAbruptly()
            return
        }
        guard unauthenticated.add(1, ordering: .relaxed).newValue <= configuration.limits.maxUnauthenticated else {
            unauthenticated.subtract(1, ordering: .relaxed)
            gate.release(admission)
            figuresBox.count(.unauthenticated)
            channel.closeAbruptly()
            return
        }
        gate.accepted()
        let connection = SSHConnection(server: self, peer: peer ?? "unknown", addressKey: key, full: { if case .overflow = admission { true } else { false } }())
        let configuration = SSHServerConfiguration(hostKeys: [hostKey.key], userAuthDelegate: KeyAuthentication(connection: connection))
        let handler = NIOSSHHandler(role: .server(configuration), allocator: channel.allocator) { child, type in
            connection.open(child, type: type)
        }
        try channel.pipeline.syncOperations.addHandlers([handler, ConnectionEnd(connection: connection)])
        // The close, not the pipeline's inactive event, gives the places back: NIOSSHHandler
        // does not pass channelInactive on, so a handler after it never hears of the end, and
        // every connection that left unsigned-in (ssh-keyscan, a failed sign-in, the deadline)
        // kept its place among those signing in until the cap turned everyone away.
        let ending = NIOLoopBound(connection, eventLoop: channel.eventLoop)
        channel.closeFuture.whenComplete { [self] _ in
            ending.value.closed()
            gate.closed()
            gate.release(admission)
        }
    }
}

/// One connection's state, on its event loop: who signed in, and whether a session was opened.
final class SSHConnection {
    let server: HostedServer
    let peer: String
    let addressKey: String
    /// Past the connection cap: signed in only to be told the server is full.
    let full: Bool
    var userName = ""
    var key: NIOSSHPublicKey?
    var signedIn = false
    var sessionOpened = false
    var authDeadline: Scheduled<Void>?

    init(server: HostedServer, peer: String, addressKey: String, full: Bool) {
        (self.server, self.peer, self.addressKey, self.full) = (server, peer, addressKey, full)
    }

    func startAuthDeadline(on channel: any Channel) {
        guard authDeadline == nil, !signedIn else { return }
        let seconds = server.configuration.limits.authSeconds
        let server = server
        authDeadline = channel.eventLoop.scheduleTask(in: .seconds(Int64(seconds))) {
            server.figuresBox.count(.authTimeout)
            channel.close(promise: nil)
        }
    }

    /// The first successful sign-in: the connection no longer counts as signing in.
    func didSignIn() {
        guard !signedIn else { return }
        signedIn = true
        authDeadline?.cancel()
        authDeadline = nil
        server.unauthenticated.subtract(1, ordering: .relaxed)
    }

    func closed() {
        authDeadline?.cancel()
        if !signedIn {
            signedIn = true
            server.unauthenticated.subtract(1, ordering: .relaxed)
        }
    }

    /// Channel opens: one session per connection; every forwarding is refused (OpenSSH tells its
    /// user "open failed").
    func open(_ channel: any Channel, type: SSHChannelType) -> EventLoopFuture<Void> {
        switch type {
        case .session where !sessionOpened:
            sessionOpened = true
            let watcher = userName == HostedServer.watchUser
            return channel.eventLoop.makeCompletedFuture {
                try channel.syncOptions?.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
                if watcher {
                    try channel.pipeline.syncOperations.addHandler(WatchSession(connection: self))
                } else {
                    try channel.pipeline.syncOperations.addHandler(GameSession(connection: self))
                }
            }
        case .session:
            server.figuresBox.count(.secondSession)
            return channel.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
        case .directTCPIP, .forwardedTCPIP:
            server.figuresBox.count(.forwarding)
            return channel.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
        }
    }
}

/// Any key the server can verify signs in (the key is the player); a password "signs in" only so
/// that a client without such a key can be told how to make one. Everything else fails.
final class KeyAuthentication: NIOSSHServerUserAuthenticationDelegate {
    let connection: SSHConnection

    init(connection: SSHConnection) { self.connection = connection }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { [.publicKey, .password] }

    func requestReceived(request: NIOSSHUserAuthenticationRequest, responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        switch request.request {
        case .publicKey(let offered):
            // NIOSSH has checked the signature before asking; only a key it can verify gets here.
            connection.userName = request.username
            connection.key = offered.publicKey
            connection.didSignIn()
            responsePromise.succeed(.success)
        case .password:
            connection.userName = request.username
            connection.key = nil
            connection.didSignIn()
            responsePromise.succeed(.success)
        default:
            responsePromise.succeed(.failure)
        }
    }
}

/// The last handler of a connection: a protocol error closes it (NIOSSH only reports them), and
/// the sign-in deadline starts when it is active. (Its counts are given back on the channel's
/// close future: NIOSSHHandler does not pass channelInactive on.)
final class ConnectionEnd: ChannelInboundHandler {
    typealias InboundIn = Any
    let connection: SSHConnection

    init(connection: SSHConnection) { self.connection = connection }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { connection.startAuthDeadline(on: context.channel) }
    }

    func channelActive(context: ChannelHandlerContext) {
        connection.startAuthDeadline(on: context.channel)
        context.fireChannelActive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// Things to end when the server stops, each told once.
final class Closers: Sendable {
    private let state = Mutex<(next: Int, closers: [Int: @Sendable () -> Void], closed: Bool)>((0, [:], false))

    /// Registers `close`; returns its number, or nil (having called it) when the server is stopping already.
    func add(_ close: @escaping @Sendable () -> Void) -> Int? {
        let number: Int? = state.withLock { state in
            if state.closed { return nil }
            state.next += 1
            state.closers[state.next] = close
            return state.next
        }
        if number == nil { close() }
        return number
    }

    func remove(_ number: Int?) {
        guard let number else { return }
        _ = state.withLock { $0.closers.removeValue(forKey: number) }
    }

    func endAll() {
        let all = state.withLock { state in
            state.closed = true
            defer { state.closers = [:] }
            return Array(state.closers.values)
        }
        all.forEach { $0() }
    }
}
