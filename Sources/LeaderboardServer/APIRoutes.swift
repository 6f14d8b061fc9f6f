// The JSON API under /v1: each call ScoresAPI declares (APICalls), registered from its declaration
// (CallRouter: method, path, sign-in, body, status) with the rule it runs in the service. The list
// of games being watched is the hosting feature's (HostingRoutes).
import ConnectionGuard
import Foundation
import Hummingbird
import Leaderboard
import ScoresAPI

struct APIRoutes {
    let service: LeaderboardService
    let limits: Limits
    /// Forgets what this server's features keep for an erased player outside the database (their
    /// saves from playing over SSH).
    var erased: @Sendable (String) -> Void = { _ in }

    struct Limits: Sendable {
        let registrations: RateLimiter
        let submissions: RateLimiter
        /// Runway votes and entries, per player.
        let votes: RateLimiter
    }

    func register(on router: Router<AppContext>) {
        let calls = CallRouter(router, service: service)
        registerPlayers(calls)
        registerFollowing(calls)
        registerBoards(calls)
        registerRunway(calls)
    }

    // MARK: Players, their days and their keys

    func registerPlayers(_ calls: CallRouter) {
        let registrations = CallLimit(limits.registrations, "registrations from this address") { context, _ in context.remoteAddress }
        calls.on(APICalls.register, limit: registrations) { call in
            // A hosted game's player registers with the key they connected with.
            let registered = if let pass = call.context.hostedPass { try await service.register(call.body, pass: pass) } else { try await service.register(call.body) }
            call.context.logger.info("player registered", metadata: ["player": "\(registered.playerID)"])
            return registered
        }
        calls.on(APICalls.ownProfile) { try await service.ownProfile(try $0.signedIn) }
        calls.on(APICalls.updateProfile) { try await service.updateProfile(try $0.signedIn, $0.body) }
        calls.on(APICalls.erase) { call in
            let player = try call.signedIn
            try await service.erase(player)
            erased(player.publicID)
            return NoBody()
        }
        // Anyone may read a profile; with the player's own token it also shows their looks on
        // boards the Runway keeps anonymous.
        calls.on(APICalls.publicProfile) { call in try await service.publicProfile(playerID: try call.parameter(.player), viewer: call.player) }
        calls.on(APICalls.record) { call in
            let limit = try call.request.queryInt("limit", in: LeaderboardLimits.recordDays, default: LeaderboardLimits.defaultRecordDays)
            return try await service.record(playerID: try call.parameter(.player), limit: limit, cursor: call.request.uri.queryParameters.get("cursor"))
        }
        calls.on(APICalls.news) { call in
            let player = try call.signedIn
            var after: Int64 = 0
            if let text = call.request.uri.queryParameters.get("after") {
                guard text.utf8.count <= 18, let value = Int64(text), value >= 0 else {
                    throw APIError.badRequest(.invalidCursor, "after is the id of the last news item you have read: a whole number (0 for everything kept)")
                }
                after = value
            }
            return try await service.news(player, after: after)
        }
        calls.on(APICalls.settings) { try await service.settings(try $0.signedIn) }
        calls.on(APICalls.changeSettings) { try await service.changeSettings(try $0.signedIn, $0.body) }
        calls.on(APICalls.keys) { KeyList(keys: try await service.keys(of: try $0.signedIn)) }
        calls.on(APICalls.addKey) { call in
            let player = try call.signedIn
            let key = try await service.addKey(player, line: call.body.publicKey)
            call.context.logger.info("key added", metadata: ["player": "\(player.publicID)", "fingerprint": "\(key.fingerprint)"])
            return key
        }
        // ?fingerprint=SHA256:… (a fingerprint may hold "/", so not in the path).
        calls.on(APICalls.removeKey) { call in
            let player = try call.signedIn
            guard let fingerprint = call.request.uri.queryParameters.get("fingerprint"), !fingerprint.isEmpty else {
                throw APIError.badRequest(.missingField, "say which key: ?fingerprint=SHA256:…")
            }
            try await service.removeKey(player, fingerprint: fingerprint, inUse: call.context.hostedPass?.fingerprint)
            return NoBody()
        }
    }

    // MARK: Following

    func registerFollowing(_ calls: CallRouter) {
        let follows = CallLimit(limits.submissions, "follows") { _, player in "follow " + (player?.publicID ?? "") }
        // ?name=Ada: a player by exact name, case ignored.
        calls.on(APICalls.findPlayer) { call in
            guard let name = call.request.uri.queryParameters.get("name"), !name.isEmpty else {
                throw APIError.badRequest(.missingField, "say whom: ?name=… (a player's exact name; case is ignored)")
            }
            return try await service.player(named: String(name))
        }
        calls.on(APICalls.following) { try await service.following(try $0.signedIn) }
        calls.on(APICalls.follow, limit: follows) { call in try await service.follow(try call.signedIn, playerID: try call.parameter(.player)) }
        calls.on(APICalls.unfollow, limit: follows) { call in
            try await service.unfollow(try call.signedIn, playerID: try call.parameter(.player))
            return NoBody()
        }
        calls.on(APICalls.boardAmongFollowed) { call in
            let player = try call.signedIn
            return try await service.boardAmongFollowed(boardID: try call.parameter(.board), player: player)
        }
    }

    // MARK: Boards, scores and causes

    func registerBoards(_ calls: CallRouter) {
        let submissions = CallLimit(limits.submissions, "submissions") { _, player in player?.publicID ?? "" }
        let donations = CallLimit(limits.submissions, "donations") { _, player in player?.publicID ?? "" }
        // ?include=earlier adds earlier days' boards (what a game lists); other words are ignored.
        calls.on(APICalls.boards) { call in
            let include = call.request.uri.queryParameters.get("include")?.split(separator: ",") ?? []
            return service.boards(earlier: include.contains { $0 == APICalls.includeEarlier })
        }
        calls.on(APICalls.board) { call in service.info(try service.board(try call.parameter(.board))) }
        calls.encoded(APICalls.top) { call in
            let board = try call.parameter(.board)
            let limit = try call.request.queryInt("limit", in: LeaderboardLimits.pageRows, default: LeaderboardLimits.defaultPageRows)
            if let cursor = call.request.uri.queryParameters.get("cursor") {
                return .value(try await service.top(boardID: board, limit: limit, cursor: cursor))
            }
            return .encoded(try await service.topPage(boardID: board, limit: limit))
        }
        calls.on(APICalls.aroundMe) { call in
            let player = try call.signedIn
            let radius = try call.request.queryInt("radius", in: LeaderboardLimits.aroundRadius, default: LeaderboardLimits.defaultAroundRadius)
            return try await service.around(boardID: try call.parameter(.board), player: player, radius: radius)
        }
        calls.on(APICalls.aroundPlayer) { call in
            let radius = try call.request.queryInt("radius", in: LeaderboardLimits.aroundRadius, default: LeaderboardLimits.defaultAroundRadius)
            return try await service.around(boardID: try call.parameter(.board), playerID: try call.parameter(.player), radius: radius)
        }
        calls.on(APICalls.standing) { call in
            try await service.standing(boardID: try call.parameter(.board), playerID: try call.parameter(.player))
        }
        calls.on(APICalls.submit, limit: submissions) { call in try await service.submit(try call.signedIn, call.body) }
        calls.encoded(APICalls.contributors) { call in
            let limit = try call.request.queryInt("limit", in: LeaderboardLimits.pageRows, default: LeaderboardLimits.defaultPageRows)
            return .encoded(try await service.topPage(boardID: Board.contributors.id, limit: limit))
        }
        calls.on(APICalls.causes) { _ in try await service.causeList() }
        calls.on(APICalls.donate, limit: donations) { call in try await service.donate(try call.signedIn, call.body) }
    }

    // MARK: The Runway

    func registerRunway(_ calls: CallRouter) {
        let votes = CallLimit(limits.votes, "runway entries and votes") { _, player in player?.publicID ?? "" }
        calls.on(APICalls.enterRunway, limit: votes) { call in try await service.enterRunway(try call.signedIn, day: try call.parameter(.day), call.body) }
        calls.on(APICalls.runwayPair) { call in try await service.dealRunwayPair(try call.signedIn, day: try call.parameter(.day)) }
        calls.on(APICalls.runwayVote, limit: votes) { call in try await service.castRunwayVote(try call.signedIn, call.body) }
        // Anyone may read a day; with a token the answer also holds the player's own entry and votes.
        calls.on(APICalls.runwayDay) { call in try await service.runwayDay(try call.parameter(.day), player: call.player) }
    }
}
