// Watching in the browser, on a server that hosts the game: /watch lists the games being played
// now on any host (GET /v1/watch as JSON), /watch/{player} shows one live with xterm.js — the
// operator's own copy from Debian's libjs-xterm and node-xterm packages, never part of this
// project (XtermBundle); the page says so plainly when it is missing — over a read-only
// WebSocket (/watch/{player}/live: a text frame with the game's size and player, binary frames of
// its output, a text frame saying why it ended). A WebSocket from a page of another origin is
// refused. Hosts on one database relay games to each other's watchers at /v1/relay/{player},
// signed with their shared key.
import Foundation
import GameState
import HostedGames
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Leaderboard
import LeaderboardServer
import NIOCore
import ScoresAPI
import ServiceLifecycle

struct WatchRoutes {
    let hosting: HostedServer
    let service: LeaderboardService
    /// Origins whose pages may open the WebSocket: this server's own, and the allowed origins.
    let origins: Set<String>

    func register(on router: Router<AppContext>) {
        router.get("watch", use: listPage)
        router.get("watch/:player", use: watchPage)
        CallRouter(router, service: service).on(APICalls.watchList) { _ in
            do { return WatchList(games: try await listed()) } catch let error as APIError { throw error } catch {
                throw APIError(.serviceUnavailable, .storageUnavailable, "the list of games can't be read just now — try again in a moment")
            }
        }
        router.get("v1/relay/:player", use: relay)
        router.get("assets/watch.js") { _, _ in
            Reply.bytes(Array(Self.script.utf8), type: "text/javascript; charset=utf-8", extra: [.cacheControl: "public, max-age=3600"])
        }
        router.get("assets/xterm/xterm.js") { _, _ in
            guard let script = XtermBundle.script else { throw Self.noXterm }
            return Reply.bytes(script, type: "text/javascript; charset=utf-8", extra: [.cacheControl: "public, max-age=86400"])
        }
        router.get("assets/xterm/xterm.css") { _, _ in
            guard let data = FileManager.default.contents(atPath: XtermBundle.stylesheet) else { throw Self.noXterm }
            return Reply.bytes(Array(data), type: "text/css; charset=utf-8", extra: [.cacheControl: "public, max-age=86400"])
        }
    }

    static let noXterm = APIError(.notFound, .notFound, "xterm.js is not installed on this server (Debian's node-xterm package)")

    /// The WebSocket, on the router the upgrade asks.
    func registerSocket(on router: Router<AppContext>) {
        router.ws("watch/:player/live") { request, context in
            if let origin = request.headers[.origin], !origins.contains(origin.lowercased()) {
                throw APIError(.forbidden, .originNotAllowed, "watching from a page of another site is not allowed")
            }
            _ = try context.parameters.text("player")
            guard request.headers[.upgrade]?.lowercased() == "websocket" else {
                throw APIError(.badRequest, .methodNotAllowed, "this address takes a WebSocket; the page to open is /watch/{player}")
            }
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            let player = context.requestContext.parameters.get("player") ?? ""
            let result = await hosting.watch.watch(playerID: player, addressKey: context.requestContext.remoteAddress)
            let watching: Watching
            switch result {
            case .failure(let refusal):
                try await outbound.write(.text(Self.json(["ended": refusal.words])))
                return
            case .success(let found): watching = found
            }
            let game = watching.game.game
            try await outbound.write(.text(Self.json(["name": SafeText.strip(watching.game.name), "columns": game.columns, "rows": game.rows,
                                                      "screen": game.screen])))
            // The page sends nothing that matters; what it sends is read and dropped.
            let drain = Task { for try await _ in inbound {} }
            defer { drain.cancel() }
            do {
                // A stopping server ends the watch (the server waits for open connections).
                try await withGracefulShutdownHandler {
                    for await event in watching.stream.events {
                        switch event {
                        case .output(let bytes): try await outbound.write(.binary(bytes))
                        }
                    }
                } onGracefulShutdown: {
                    watching.stream.end(.hostStopping)
                }
                try await outbound.write(.text(Self.json(["ended": watching.stream.ended.words])))
            } catch {
                watching.leave()
                throw error
            }
            watching.leave()
        }
    }

    static func json(_ object: [String: Any]) -> String {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
    }

    // MARK: The list

    /// The games being played now that may be watched (GET /v1/watch, `APICalls.watchList`).
    func listed() async throws -> [WatchedGame] {
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        return try await hosting.watch.games().compactMap { entry in
            guard let id = entry.game.playerID else { return nil }
            let game = entry.game
            return WatchedGame(playerID: id, name: SafeText.strip(entry.name), screen: game.screen, startedAt: game.startedAt,
                               idleSeconds: max(0, (now - game.lastInput) / 1000), watchers: game.watchers, columns: game.columns, rows: game.rows)
        }
    }

    @Sendable func listPage(_ request: Request, context: AppContext) async throws -> Response {
        guard let games = try? await listed() else {
            return PageRoutes.problemPage("Can't list the games", "The list of games being played can't be read just now; try again in a minute.",
                                          status: .serviceUnavailable)
        }
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let rows: [[String: Any]] = games.map { game in
            ["id": game.playerID, "name": game.name, "screen": game.screen.isEmpty ? "—" : game.screen,
             "playing": Self.duration(now - game.startedAt), "idle": Self.duration(game.idleSeconds * 1000), "watchers": game.watchers]
        }
        return PageRoutes.html(HostingPages.templates.render("watchList", ["games": rows, "none": rows.isEmpty, "ssh": hosting.watchCommand]))
    }

    @Sendable func watchPage(_ request: Request, context: AppContext) async throws -> Response {
        let player = try context.parameters.text("player")
        guard Secrets.isPlayerID(player) else {
            return PageRoutes.problemPage("No such game", "That is not a player's address.", status: .notFound)
        }
        let found = (try? await hosting.watch.games())?.first { $0.game.playerID == player }
        guard let found else {
            return PageRoutes.problemPage("Not playing now", "That player isn't playing just now, or chose not to be watched. "
                                          + "The games being played now are at /watch.", status: .notFound)
        }
        var page: [String: Any] = ["id": player, "name": SafeText.strip(found.name), "columns": found.game.columns, "rows": found.game.rows,
                                   "ssh": hosting.watchCommand]
        page["xterm"] = XtermBundle.script != nil
        return Reply.bytes(Array(HostingPages.templates.render("watch", page).utf8), type: "text/html; charset=utf-8",
                           extra: [.contentSecurityPolicy: Self.contentSecurityPolicy, HTTPField.Name("X-Content-Type-Options")!: "nosniff"])
    }

    /// The watch page runs this server's scripts and opens a WebSocket to it, and nothing else.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; "
        + "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static func duration(_ milliseconds: Int64) -> String {
        let seconds = max(0, milliseconds / 1000)
        if seconds < 60 { return "\(seconds) s" }
        let minutes = seconds / 60
        return minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
    }

    // MARK: The relay between hosts

    /// Compares in time that depends on the length only.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    @Sendable func relay(_ request: Request, context: AppContext) async throws -> Response {
        let player = try context.parameters.text("player")
        let expected = try await service.relaySignature(owner: player)
        guard let given = request.headers[HTTPField.Name("X-Plume-Relay")!], Self.same(given, expected) else {
            throw APIError(.forbidden, .invalidRelay, "only another host of this server may relay its games")
        }
        let watching: Watching
        switch await hosting.watch.watch(playerID: player, addressKey: context.remoteAddress, relayed: true) {
        case .success(let found): watching = found
        case .failure(.refused): throw APIError(.conflict, .notWatchable, WatchRefusal.refused.words)
        case .failure(.gameFull), .failure(.hostFull), .failure(.addressFull): throw APIError(.tooManyRequests, .watchersFull, WatchRefusal.gameFull.words)
        case .failure(let other): throw APIError(.notFound, .notPlaying, other.words)
        }
        return Response(status: .ok, headers: [.contentType: "application/octet-stream", .cacheControl: "no-store"], body: ResponseBody { writer in
            do {
                try await withGracefulShutdownHandler {
                    for await event in watching.stream.events {
                        switch event {
                        case .output(let bytes): try await writer.write(RelayFrames.frame(RelayFrames.output, bytes))
                        }
                    }
                } onGracefulShutdown: {
                    watching.stream.end(.hostStopping)
                }
                try await writer.write(RelayFrames.end(watching.stream.ended))
                try await writer.finish(nil)
            } catch {
                watching.leave()
                throw error
            }
            watching.leave()
        })
    }
}
