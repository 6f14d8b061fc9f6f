// Watching, on every host: the games being played now on any host of the store (from their
// leases), and a watcher attached to one — to its feed when the game runs here, else through the
// relay of the host that runs it (RelayClient). A watcher is a weaker thing than a player: no key
// is needed, nothing it sends reaches a game, and it is capped per game, per address and in all
// on each host. A player who refuses to be watched is not listed and cannot be joined.
import Foundation
import Leaderboard
import Logging
import NIOCore
import ServerSettings
import Synchronization

public struct WatchLimits: Sendable, Equatable {
    /// Watchers of one game (on its host, wherever they watch from).
    public var perGame: Int
    /// Watchers from one address (IPv6: one /64) on one host.
    public var perAddress: Int
    /// Watchers on one host, in all.
    public var all: Int

    /// The watch limits as `values` set them; `WatchLimits()` is the built-in defaults
    /// (ServerSettings' HostingValues).
    public init(values: HostingValues = HostingValues()) {
        perGame = values.watchPerGame
        perAddress = values.watchPerAddress
        all = values.watchAll
    }
}

/// A game as the watch menu and page list it.
public struct WatchableGame: Sendable, Equatable {
    public var game: LiveGame
    /// Followed by the one asking.
    public var friend: Bool

    public var name: String { game.name ?? "a new player" }
}

/// A watcher attached to a game: its events, and the game's size and player.
public struct Watching: Sendable {
    public let stream: WatchStream
    public let game: WatchableGame
    /// Lets go of the game and the watcher's places under the caps.
    public let leave: @Sendable () -> Void
}

public enum WatchRefusal: Error, Equatable, Sendable {
    case notPlaying, refused, gameFull, addressFull, hostFull, unreachable

    public var words: String {
        switch self {
        case .notPlaying: "that player isn't playing just now."
        case .refused: "that player chose not to be watched."
        case .gameFull: "that game has as many watchers as it can take just now."
        case .addressFull: "your address is watching as many games as it may at once."
        case .hostFull: "this server has as many watchers as it can take just now."
        case .unreachable: "the server running that game isn't answering."
        }
    }
}

public final class WatchDesk: Sendable {
    let limits: WatchLimits
    let host: String
    let store: any StoreExecutor
    let figures: FiguresBox
    let logger: Logger
    let signature: @Sendable (String) async throws -> String
    private struct Places {
        var all = 0
        var perAddress: [String: Int] = [:]
    }
    private let places = Mutex(Places())
    private let feeds = Mutex<[String: GameFeed]>([:])

    init(limits: WatchLimits, host: String, store: any StoreExecutor, figures: FiguresBox, logger: Logger,
         signature: @escaping @Sendable (String) async throws -> String) {
        (self.limits, self.host, self.store, self.figures, self.logger, self.signature) = (limits, host, store, figures, logger, signature)
    }

    func add(_ feed: GameFeed) { feeds.withLock { $0[feed.owner] = feed } }

    func remove(_ feed: GameFeed, _ why: WatchEnd) {
        feeds.withLock { feeds in
            if feeds[feed.owner] === feed { feeds[feed.owner] = nil }
        }
        feed.endAll(why)
    }

    func feed(owner: String) -> GameFeed? { feeds.withLock { $0[owner] } }

    /// The server is stopping: every watcher of a game here is told, so that no watch holds it up.
    func closeAll() {
        for feed in feeds.withLock({ Array($0.values) }) { feed.endAll(.hostStopping) }
    }

    /// The players of this host's games refuse (or allow again) watching: applied at once.
    func apply(unwatchable: Set<String>) {
        for feed in feeds.withLock({ Array($0.values) }) {
            if unwatchable.contains(feed.owner) {
                if !feed.refused { feed.endAll(.refused) }
            } else if feed.refused {
                feed.allow()
            }
        }
    }

    /// The games being played now on any host that may be watched, friends of `viewer` first,
    /// then the longest played.
    public func games(viewer: Int64? = nil) async throws -> [WatchableGame] {
        let live = try await store.liveGames(now: HostDesk.milliseconds())
        let refusing = try await store.unwatchablePlayers()
        var friends: Set<String> = []
        if let viewer { friends = Set(try await store.following(viewer).map(\.publicID)) }
        // A key that belongs to no one yet is nobody to watch.
        return live.filter { game in game.playerID.map { !refusing.contains($0) } ?? false }
            .map { WatchableGame(game: $0, friend: $0.playerID.map(friends.contains) ?? false) }
            .sorted { ($0.friend ? 0 : 1, $0.game.startedAt) < ($1.friend ? 0 : 1, $1.game.startedAt) }
    }

    /// Attaches a watcher from `addressKey` to the game of the player `playerID` (a public id).
    /// `relayed`: another host asks, for a watcher of its own (its caps were applied there).
    public func watch(playerID: String, addressKey: String, relayed: Bool = false) async -> Result<Watching, WatchRefusal> {
        let found: WatchableGame?
        do {
            found = try await games().first { $0.game.playerID == playerID }
        } catch {
            return .failure(.unreachable)
        }
        // A relay is asked of the game's own host only: never passed on again.
        guard let found, !relayed || found.game.host == host else {
            // Not listed: not playing, or refusing (then said so).
            if (try? await store.unwatchablePlayers().contains(playerID)) == true { return .failure(.refused) }
            return .failure(.notPlaying)
        }
        let taken: WatchRefusal? = places.withLock { places in
            if places.all >= limits.all { return .hostFull }
            if !relayed, places.perAddress[addressKey, default: 0] >= limits.perAddress { return .addressFull }
            places.all += 1
            if !relayed { places.perAddress[addressKey, default: 0] += 1 }
            return nil
        }
        if let taken { return .failure(taken) }
        let release: @Sendable () -> Void = { [self] in
            places.withLock { places in
                places.all -= 1
                if !relayed {
                    let left = places.perAddress[addressKey, default: 1] - 1
                    places.perAddress[addressKey] = left > 0 ? left : nil
                }
            }
        }
        let stream = WatchStream()
        if found.game.host == host {
            guard let feed = feed(owner: found.game.owner) else {
                release()
                return .failure(.notPlaying)
            }
            switch feed.join(stream, cap: limits.perGame) {
            case .joined: break
            case .full:
                release()
                return .failure(.gameFull)
            case .refused:
                release()
                return .failure(.refused)
            case .ended:
                release()
                return .failure(.notPlaying)
            }
            let leave = Once { feed.leave(stream); release() }
            return .success(Watching(stream: stream, game: found, leave: { leave.run() }))
        }
        // Another host runs it: its relay, signed with the servers' shared key.
        let signature: String
        do { signature = try await self.signature(found.game.owner) } catch {
            release()
            return .failure(.unreachable)
        }
        let client = RelayClient(url: found.game.relay, playerID: playerID, signature: signature, stream: stream, logger: logger)
        switch await client.start() {
        case .success:
            let leave = Once { client.stop(); release() }
            return .success(Watching(stream: stream, game: found, leave: { leave.run() }))
        case .failure(let refusal):
            release()
            return .failure(refusal)
        }
    }
}

/// Runs its work once, however many times it is asked.
final class Once: Sendable {
    private let work: Mutex<(@Sendable () -> Void)?>
    init(_ work: @escaping @Sendable () -> Void) { self.work = Mutex(work) }
    func run() {
        let work = self.work.withLock { work in
            defer { work = nil }
            return work
        }
        work?()
    }
}
