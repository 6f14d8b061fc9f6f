// The local board: the same leaderboard service the server runs, in-process, over a SQLite file
// in the game's data directory. It verifies every score the same way, keeps several local
// players apart by token, and works with no network at all.
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

    /// Runs a service call once the rank index is built, with this process's view caught up on
    /// what other local games wrote; every refusal becomes a `ScoresFailure`.
    private func call<Value>(_ body: () async throws -> Value) async throws(ScoresFailure) -> Value {
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

    /// The same ETag the server would send, so a repeated read is "unchanged" here too.
    private func fetched<Value: Encodable & Sendable & Equatable>(_ value: Value, etag: String?) throws -> Fetched<Value> {
        let tag = EncodedPage(body: Array(try LeaderboardService.encoder.encode(value))).etag
        return tag == etag ? .unchanged : .fresh(value, etag: tag)
    }

    public func boards() async throws(ScoresFailure) -> BoardList { try await call { service.boards(earlier: true) } }

    public func board(_ id: String) async throws(ScoresFailure) -> BoardInfo {
        try await call { service.info(try service.board(id)) }
    }

    public func top(board: String, limit: Int, etag: String?) async throws(ScoresFailure) -> Fetched<BoardPage> {
        try await call { try fetched(try await service.top(boardID: board, limit: limit, cursor: nil), etag: etag) }
    }

    public func aroundMe(board: String, token: String, radius: Int, etag: String?) async throws(ScoresFailure) -> Fetched<BoardPage> {
        try await call {
            let player = try await service.authenticate(token: token)
            return try fetched(try await service.around(boardID: board, player: player, radius: radius), etag: etag)
        }
    }

    public func contributors(limit: Int, etag: String?) async throws(ScoresFailure) -> Fetched<BoardPage> {
        try await call { try fetched(try await service.top(boardID: Board.contributors.id, limit: limit, cursor: nil), etag: etag) }
    }

    public func causes() async throws(ScoresFailure) -> CauseList { try await call { try await service.causeList() } }

    public func register(_ request: RegisterRequest) async throws(ScoresFailure) -> Registered {
        try await call { try await service.register(request) }
    }

    public func profile(token: String) async throws(ScoresFailure) -> OwnProfile {
        try await call { try await service.ownProfile(try await service.authenticate(token: token)) }
    }

    public func updateProfile(token: String, _ update: ProfileUpdate) async throws(ScoresFailure) -> OwnProfile {
        try await call { try await service.updateProfile(try await service.authenticate(token: token), update) }
    }

    public func publicProfile(playerID: String, token: String?, etag: String?) async throws(ScoresFailure) -> Fetched<PublicProfile> {
        try await call {
            let viewer = if let token { try await service.authenticate(token: token) } else { nil as PlayerRecord? }
            return try fetched(try await service.publicProfile(playerID: playerID, viewer: viewer), etag: etag)
        }
    }

    /// Days close here when the game asks (no server runs the closing passes in the background).
    public func record(playerID: String, limit: Int, cursor: String?) async throws(ScoresFailure) -> PlayerDays {
        try await call {
            try await service.closeDays()
            return try await service.record(playerID: playerID, limit: limit, cursor: cursor)
        }
    }

    public func news(token: String, after: Int64) async throws(ScoresFailure) -> NewsPage {
        try await call {
            let player = try await service.authenticate(token: token)
            try await service.refreshRunway()
            try await service.closeDays()
            return try await service.news(player, after: after)
        }
    }

    public func submit(token: String, _ request: SubmitRequest) async throws(ScoresFailure) -> SubmissionResult {
        try await call { try await service.submit(try await service.authenticate(token: token), request) }
    }

    public func donate(token: String, _ request: DonationRequest) async throws(ScoresFailure) -> DonationResult {
        try await call { try await service.donate(try await service.authenticate(token: token), request) }
    }

    // MARK: Following (the only players here are this computer's other local players)

    public func findPlayer(name: String) async throws(ScoresFailure) -> Identity {
        try await call { try await service.player(named: name) }
    }

    public func following(token: String) async throws(ScoresFailure) -> FollowingList {
        try await call { try await service.following(try await service.authenticate(token: token)) }
    }

    public func follow(token: String, playerID: String) async throws(ScoresFailure) -> FollowedPlayer {
        try await call { try await service.follow(try await service.authenticate(token: token), playerID: playerID) }
    }

    public func unfollow(token: String, playerID: String) async throws(ScoresFailure) {
        try await call { try await service.unfollow(try await service.authenticate(token: token), playerID: playerID) }
    }

    public func boardAmongFollowed(board: String, token: String, etag: String?) async throws(ScoresFailure) -> Fetched<BoardPage> {
        try await call {
            let player = try await service.authenticate(token: token)
            return try fetched(try await service.boardAmongFollowed(boardID: board, player: player), etag: etag)
        }
    }

    // MARK: SSH keys: only a server hosts the game over SSH

    static let noKeysHere = ScoresFailure(.refused, code: .invalidKey,
                                          "keys sign you in to a server that hosts the game over SSH; the local board has none — pick a server first")

    public func keys(token: String) async throws(ScoresFailure) -> KeyList { throw Self.noKeysHere }
    public func addKey(token: String, line: String) async throws(ScoresFailure) -> KeyInfo { throw Self.noKeysHere }
    public func removeKey(token: String, fingerprint: String) async throws(ScoresFailure) { throw Self.noKeysHere }

    // MARK: Settings: only a game hosted by a server can be watched

    static let nothingToWatch = ScoresFailure(.refused, "only games played on a server over SSH can be watched; a game on the local board never is")

    public func settings(token: String) async throws(ScoresFailure) -> PlayerSettings { throw Self.nothingToWatch }
    public func changeSettings(token: String, _ settings: PlayerSettings) async throws(ScoresFailure) -> PlayerSettings { throw Self.nothingToWatch }

    // MARK: The Runway (no background refit here: each vote refits at once, the day being small)

    public func runwayDay(_ day: String, token: String?) async throws(ScoresFailure) -> RunwayDay {
        try await call {
            try await service.refreshRunway()
            var player: PlayerRecord?
            if let token { player = try await service.authenticate(token: token) }
            return try await service.runwayDay(day, player: player)
        }
    }

    public func enterRunway(token: String, day: String, _ request: RunwayEntryRequest) async throws(ScoresFailure) -> RunwayEntered {
        try await call { try await service.enterRunway(try await service.authenticate(token: token), day: day, request) }
    }

    public func runwayPair(token: String, day: String) async throws(ScoresFailure) -> RunwayPairDealt {
        try await call { try await service.dealRunwayPair(try await service.authenticate(token: token), day: day) }
    }

    public func runwayVote(token: String, _ request: RunwayVoteRequest) async throws(ScoresFailure) -> RunwayVoteRecorded {
        try await call {
            let recorded = try await service.castRunwayVote(try await service.authenticate(token: token), request)
            try await service.refreshRunway()
            return recorded
        }
    }
}
