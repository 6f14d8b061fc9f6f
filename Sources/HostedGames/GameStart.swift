// Starting one game for a signed-in key: the player (made on a first visit when the SSH user name
// is a free, valid name), their home directory, and `plume hosted` in a new pseudo-terminal with
// a clean environment and the hand-off (this server's API, the pass, who the player is) on an
// inherited pipe.
import Foundation
import GameState
import Leaderboard
import NIOSSH
import ScoresAPI

/// What a session asks for.
struct GameRequest: Sendable {
    var key: NIOSSHPublicKey
    var userName: String
    var peer: String
    var term: String
    var columns: Int
    var rows: Int
    /// The client's variables the game is given (`clientVariables` only).
    var variables: [String: String] = [:]

    static let clientVariables: Set<String> = ["COLORTERM", "NO_COLOR", "PLUME_REDUCE_MOTION", "PLUME_SCREEN_READER", "PLUME_PALETTE"]
}

/// A game started: its process, and what keeps its lease and files in the store.
struct StartedGame: Sendable {
    let process: GameProcess
    let keeper: GameKeeper
    /// The player's directory on this host.
    let home: String
}

/// Why a game could not start, in words for the player.
struct StartProblem: Error {
    let message: String

    static let gameElsewhere = StartProblem(message: "your game on another connection hasn't let go yet — try again in a minute.")
    static let storeSilent = StartProblem(message: "your saved game can't be read just now (the leaderboard isn't answering) — try again in a minute.")
}

extension HostedServer {
    func startGame(_ request: GameRequest, session: String) async -> Result<StartedGame, StartProblem> {
        let key: SSHPublicKey
        do {
            key = try SSHPublicKey.parse(String(openSSHPublicKey: request.key))
        } catch {
            return .failure(StartProblem(message: "this server can't use that key (\(error.message))."))
        }
        let limits = configuration.limits
        let signIn: HostedSignIn
        do {
            signIn = try await service.hostedSignIn(key: key, userName: request.userName, client: request.peer,
                                                    lifetime: .seconds(60 * (limits.sessionMinutes + 10)))
        } catch {
            logger.error("can't sign a hosted player in", metadata: ["error": "\(error)", "fingerprint": "\(key.fingerprint)"])
            return .failure(StartProblem(message: "the leaderboard isn't answering just now, so you can't be signed in — try again in a minute."))
        }
        if signIn.created, let player = signIn.player {
            logger.info("hosted player made", metadata: ["player": "\(player.publicID)", "fingerprint": "\(key.fingerprint)"])
        }
        // A key that was no one's when its game started may have become a player's in that game
        // (they registered there): the game is this player's too. It is asked to end (it saves),
        // and its files become the player's before the key's directory does.
        if let player = signIn.player {
            let keyLease = HostedLease(owner: "key:" + key.fingerprint, session: session, host: desk.host, relay: relayURL,
                                       playerID: player.publicID, name: player.name, columns: request.columns, rows: request.rows)
            do {
                guard case .taken = try await desk.claim(keyLease) else {
                    figuresBox.count(.busy)
                    return .failure(.gameElsewhere)
                }
                try await service.store.adoptHostedFiles(from: keyLease.owner, to: player.publicID)
                try await service.store.releaseGame(owner: keyLease.owner, session: session)
            } catch {
                try? await service.store.releaseGame(owner: keyLease.owner, session: session)
                logger.error("can't take a key's hosted game for its player", metadata: ["error": "\(error)", "owner": "\(keyLease.owner)"])
                return .failure(.storeSilent)
            }
        }
        let home: String
        do {
            home = try PlayerHomes(root: configuration.homes).prepare(player: signIn.player?.publicID, fingerprint: key.fingerprint)
        } catch {
            logger.error("can't make a hosted player's directory", metadata: ["error": "\(error)"])
            return .failure(StartProblem(message: "the server can't keep your game just now (its disk refused) — try again later."))
        }
        // One game per player on every host: the lease first (a game elsewhere is asked to save
        // and end), then the player's files as the store keeps them.
        let owner = signIn.player.map(\.publicID) ?? "key:" + key.fingerprint
        let lease = HostedLease(owner: owner, session: session, host: desk.host, relay: relayURL, playerID: signIn.player?.publicID,
                                name: signIn.player?.name, columns: request.columns, rows: request.rows)
        let keeper: GameKeeper
        do {
            guard case .taken = try await desk.claim(lease) else {
                figuresBox.count(.busy)
                return .failure(.gameElsewhere)
            }
            var files = HomeFiles(home: home)
            do {
                try files.restore(try await service.store.hostedFiles(owner: owner))
            } catch {
                try? await service.store.releaseGame(owner: owner, session: session)
                throw error
            }
            keeper = GameKeeper(lease: lease, files: files, status: GameStatus(columns: request.columns, rows: request.rows), store: service.store,
                                logger: logger, figures: figuresBox)
        } catch {
            logger.error("can't load a hosted player's saves", metadata: ["error": "\(error)", "owner": "\(owner)"])
            return .failure(.storeSilent)
        }
        // How the player plays, as they told the server (a read that fails starts the game without it).
        let settings = await signIn.player.asyncFlatMap { try? await service.playSettings($0) }
        let handoff = HostedHandoff(api: api.withLock { $0 }, web: configuration.webURL, pass: signIn.pass, playerID: signIn.player?.publicID, name: signIn.player?.name,
                              suggestedName: signIn.suggestedName, keyFingerprint: key.fingerprint, hostFingerprint: hostKey.fingerprint,
                              created: signIn.created, ignoredName: signIn.ignoredName, settings: settings)
        let encoder = JSONEncoder()
        guard let bytes = try? encoder.encode(handoff) else {
            await desk.finish(keeper)
            return .failure(StartProblem(message: "the game could not be started."))
        }
        var environment = [
            "TERM": Terminals.usable(request.term), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": home,
            "XDG_DATA_HOME": home + "/data", "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state",
            "XDG_CACHE_HOME": home + "/cache", "XDG_RUNTIME_DIR": home + "/run",
        ]
        for (name, value) in request.variables where GameRequest.clientVariables.contains(name) { environment[name] = value }
        // PATH as the server has it: a hosted game starts no program, and keeping PATH lets the
        // tests prove it (a stand-in xdg-open on it stays unused).
        if let path = ProcessInfo.processInfo.environment["PATH"] { environment["PATH"] = path }
        do {
            let process = try GameProcess.start(
                executable: configuration.plumePath, arguments: ["hosted"], environment: environment, directory: home,
                handoff: Array(bytes), columns: request.columns, rows: request.rows,
                limits: GameProcess.Limits(memoryBytes: UInt64(limits.gameMemoryMiB) << 20, cpuSeconds: UInt64(limits.gameCPUSeconds),
                                           nice: Int32(limits.gameNice)))
            return .success(StartedGame(process: process, keeper: keeper, home: home))
        } catch {
            await desk.finish(keeper)
            logger.error("can't start a hosted game", metadata: ["error": "\(error)", "plume": "\(configuration.plumePath)"])
            return .failure(StartProblem(message: "the game could not be started on the server (\(error)) — the operator has been told."))
        }
    }
}

/// A directory per player under the homes root (mode 0700), with the game's XDG directories in
/// it. A key that belongs to no one yet plays in a directory of its own; once the key belongs to
/// a player, that directory becomes the player's, unless they already have one.
struct PlayerHomes {
    let root: String

    /// The root made absolute where the host runs: every path handed to the game must be, since
    /// the game runs inside the home and would resolve a relative one again from there.
    init(root: String) { self.root = FilePaths.absolute(root) }

    func prepare(player: String?, fingerprint: String) throws -> String {
        let manager = FileManager.default
        try manager.createDirectory(atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let keyDirectory = root + "/key-" + Self.safe(fingerprint)
        var home = keyDirectory
        if let player {
            home = root + "/" + player
            if !manager.fileExists(atPath: home), manager.fileExists(atPath: keyDirectory) {
                // Two sessions of one key may race to adopt it: whichever moves it, it is moved.
                do {
                    try manager.moveItem(atPath: keyDirectory, toPath: home)
                } catch where manager.fileExists(atPath: home) {}
            }
        }
        for directory in [home, home + "/data", home + "/config", home + "/state", home + "/cache", home + "/run"] {
            if !manager.fileExists(atPath: directory) {
                try manager.createDirectory(atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            }
        }
        try Self.forgetWatchers(home: home)
        return home
    }

    /// The count of watchers a former game's feed left in the run directory is not the next
    /// game's: nobody watches a game that hasn't started (its feed writes the count afresh as
    /// watchers come). Whatever is there under that name goes, a link as a link.
    static func forgetWatchers(home: String) throws {
        let path = home + "/run/" + GameFeed.watchersFile
        var info = stat()
        if lstat(path, &info) == 0 { try FileManager.default.removeItem(atPath: path) }
    }

    /// A fingerprint as a file name: base64's "/" and "+" replaced.
    static func safe(_ fingerprint: String) -> String {
        String(fingerprint.dropFirst("SHA256:".count).map { $0 == "/" ? "_" : $0 == "+" ? "-" : $0 })
    }
}

/// A client's TERM when this machine has its terminfo entry (and it is a plain name), else
/// xterm-256color: a game that can't find its terminal's description can't draw at all.
enum Terminals {
    static let directories = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]

    static func usable(_ term: String) -> String {
        let allowed = term.utf8.count <= 64 && !term.isEmpty && term.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._+-".contains($0)) }
        guard allowed, let first = term.first else { return "xterm-256color" }
        let hex = String(first.asciiValue ?? 0, radix: 16)
        for directory in directories {
            for sub in [String(first), hex] where FileManager.default.fileExists(atPath: "\(directory)/\(sub)/\(term)") { return term }
        }
        return "xterm-256color"
    }
}
