// The local board: the same leaderboard service the server runs, in-process, over a SQLite file
// in the game's data directory, answering each call from the same rules the server's routes run
// (CallHandlers). It verifies every score the same way, keeps several local players apart by
// token, and works with no network at all.
import Challenges
import Foundation
import GameState
import Leaderboard
import ScoresAPI

public final class LocalBackend: ScoresBackend {
    public let service: LeaderboardService
    public let file: URL
    public var place: String { "Local board" }
    public var key: String { "local" }
    public var isLocal: Bool { true }
    private let loaded: Task<Void, any Error>

    /// Opens (creating and migrating when new) `scores.sqlite` in `directory`.
    public static func open(directory: URL, clock: (@Sendable () -> Int64)? = nil) async throws(ScoresFailure) -> LocalBackend {
        let file = directory.appendingPathComponent("scores.sqlite")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let store = try SQLiteStore(path: file.path)
            try await store.migrate()
            let catalog = try Catalog.bundled.get(), book = try ChallengeBook.bundled.get(), causes = try Causes.bundled.get()
            let service = if let clock {
                LeaderboardService(store: store, catalog: catalog, book: book, causes: causes, simulationSlots: 1, clock: clock)
            } else {
                LeaderboardService(store: store, catalog: catalog, book: book, causes: causes, simulationSlots: 1)
            }
            return LocalBackend(service: service, file: file)
        } catch {
            throw ScoresFailure(.unavailable, "the local board at \(file.path) couldn't be opened: \(error)")
        }
    }

    init(service: LeaderboardService, file: URL) {
        self.service = service
        self.file = file
        loaded = Task { try await service.loadIndex() }
    }

    /// Answers a call from the rules the server runs (Leaderboard's CallHandlers), signed in by
    /// the token as the call's auth says, with what this board does around some of them. A
    /// conditional read gets the ETag the server would send, so a repeated read is "unchanged"
    /// here too.
    public func answer<Request: WireValue, Reply: WireValue>(_ call: APICall<Request, Reply>, _ input: CallInput<Request>,
                                                             token: String?, etag: String?) async throws(ScoresFailure) -> Fetched<Reply> {
        let name = call.declaration.name
        if let refusal = Self.refusals[name] { throw refusal }
        guard let handler = CallHandlers.handler(for: call) else {
            throw ScoresFailure(.refused, "the local board doesn't answer \(name): a server does (plume --server URL)")
        }
        let service = service
        return try await run {
            try await Self.before[name]?(service)
            var player: PlayerRecord?
            if call.auth != .anyone, let token { player = try await service.authenticate(token: token) }
            let reply = try await handler.answer(service, CallArguments(
                player: player, body: input.body, path: { parameter in try Self.value(of: parameter, in: input) },
                query: { name in input.query.first { $0.parameter.name == name }?.value },
                refusal: { code, message in ScoresFailure(.refused, code: code.word, message) }))
            try await Self.after[name]?(service)
            return try call.reply.conditional ? Self.fetched(reply, etag: etag) : .fresh(reply, etag: nil)
        }
    }

    /// Days close, and the runway is refit, when the game asks: no server runs those passes in
    /// the background here (each vote refits at once, the day being small).
    static let before: [String: @Sendable (LeaderboardService) async throws -> Void] = [
        APICalls.record.declaration.name: { service in try await service.closeDays() },
        APICalls.news.declaration.name: { service in
            try await service.refreshRunway()
            try await service.closeDays()
        },
        APICalls.runwayDay.declaration.name: { service in try await service.refreshRunway() },
        APICalls.league.declaration.name: { service in try await service.closeDays() },
        APICalls.leagueGroup.declaration.name: { service in try await service.closeDays() },
    ]
    static let after: [String: @Sendable (LeaderboardService) async throws -> Void] = [
        APICalls.runwayVote.declaration.name: { service in try await service.refreshRunway() },
    ]

    /// Only a server hosts the game over SSH: keys sign in to one, and only a game played there
    /// can be watched.
    static let refusals: [String: ScoresFailure] = {
        let noKeys = ScoresFailure(.refused, code: .invalidKey,
                                   "keys sign you in to a server that hosts the game over SSH; the local board has none — pick a server first")
        let nothingToWatch = ScoresFailure(.refused, "only games played on a server over SSH can be watched; a game on the local board never is")
        return [
            APICalls.keys.declaration.name: noKeys, APICalls.addKey.declaration.name: noKeys, APICalls.removeKey.declaration.name: noKeys,
            APICalls.settings.declaration.name: nothingToWatch, APICalls.changeSettings.declaration.name: nothingToWatch,
        ]
    }()

    /// A path parameter's value; a call without it is the game's mistake.
    static func value<Request: WireValue>(of parameter: PathParameter, in input: CallInput<Request>) throws -> String {
        guard let value = input.path[parameter] else { throw ScoresFailure(.malformed, "the request is missing its \(parameter.name)") }
        return value
    }

    /// Runs a service call once the rank index is built, with this process's view caught up on
    /// what other local games wrote; every refusal becomes a `ScoresFailure`.
    private func run<Value>(_ body: () async throws -> Value) async throws(ScoresFailure) -> Value {
        do {
            try await loaded.value
            try await service.catchUp()
            return try await body()
        } catch let error as LeaderboardError {
            throw Self.failure(error)
        } catch let failure as ScoresFailure {
            throw failure
        } catch {
            throw ScoresFailure(.unavailable, "the local board at \(file.path) failed: \(error)")
        }
    }

    static func failure(_ error: LeaderboardError) -> ScoresFailure {
        switch error.kind {
        case .unauthorized: ScoresFailure(.unauthorized, code: error.code, error.message)
        case .busy, .unavailable: ScoresFailure(.unavailable, code: error.code, error.message, retryAfter: error.retryAfterSeconds)
        case .invalid, .forbidden, .notFound, .conflict, .closed: ScoresFailure(.refused, code: error.code, error.message)
        }
    }

    /// The same ETag the server would send.
    private static func fetched<Value: Encodable & Sendable & Equatable>(_ value: Value, etag: String?) throws -> Fetched<Value> {
        let tag = EncodedPage(body: Array(try LeaderboardService.encoder.encode(value))).etag
        return tag == etag ? .unchanged : .fresh(value, etag: tag)
    }
}
