// The JSON API under /v1: players, scores, boards, donations, causes and the runway.
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
        let v1 = router.group("v1")
        v1.post("players", use: registerPlayer)
        v1.get("players/me", use: ownProfile)
        v1.patch("players/me", use: updateProfile)
        v1.delete("players/me", use: erase)
        v1.get("players/:player", use: publicProfile)
        v1.get("players/:player/record", use: record)
        v1.get("players", use: findPlayer)
        v1.get("players/me/following", use: following)
        v1.put("players/me/following/:player", use: follow)
        v1.delete("players/me/following/:player", use: unfollow)
        v1.get("boards/:board/following", use: boardAmongFollowed)
        v1.get("players/me/news", use: news)
        v1.get("players/me/settings") { request, _ in try Reply.json(try await service.settings(try await signedIn(request))) }
        v1.put("players/me/settings") { request, _ in
            let player = try await signedIn(request)
            let wanted = try await JSONBody.decode(PlayerSettings.self, from: request)
            return try Reply.json(try await service.changeSettings(player, wanted))
        }
        v1.get("players/me/keys", use: listKeys)
        v1.post("players/me/keys", use: addKey)
        v1.delete("players/me/keys", use: removeKey)
        v1.post("scores", use: submit)
        // ?include=earlier adds earlier days' boards (what a game lists); other words are ignored.
        v1.get("boards") { request, _ in
            let include = request.uri.queryParameters.get("include")?.split(separator: ",") ?? []
            return try Reply.json(service.boards(earlier: include.contains("earlier")))
        }
        v1.get("boards/:board") { _, context in try Reply.json(service.info(try service.board(try context.parameters.text("board")))) }
        v1.get("boards/:board/top", use: top)
        v1.get("boards/:board/around/me", use: aroundMe)
        v1.get("boards/:board/around/:player", use: aroundPlayer)
        v1.get("boards/:board/players/:player", use: standing)
        v1.post("donations", use: donate)
        v1.get("causes") { _, _ in try Reply.json(try await service.causeList()) }
        v1.get("contributors/top") { request, _ in
            let limit = try request.queryInt("limit", in: LeaderboardLimits.pageRows, default: LeaderboardLimits.defaultPageRows)
            return Reply.etagged(try await service.topPage(boardID: Board.contributors.id, limit: limit), request: request)
        }
        v1.put("runway/:day/entry", use: enterRunway)
        v1.get("runway/:day/pair", use: runwayPair)
        v1.post("runway/votes", use: runwayVote)
        v1.get("runway/:day", use: runwayDay)
    }

    func signedIn(_ request: Request) async throws -> PlayerRecord {
        try await service.authenticate(token: try request.bearerToken())
    }

    @Sendable func registerPlayer(_ request: Request, context: AppContext) async throws -> Response {
        if let wait = limits.registrations.check(context.remoteAddress) { throw APIError.tooMany("registrations from this address", retryAfter: wait) }
        let body = try await JSONBody.decode(RegisterRequest.self, from: request)
        // A hosted game's player registers with the key they connected with.
        let registered = if let pass = context.hostedPass { try await service.register(body, pass: pass) } else { try await service.register(body) }
        context.logger.info("player registered", metadata: ["player": "\(registered.playerID)"])
        return try Reply.json(registered, status: .created)
    }

    @Sendable func ownProfile(_ request: Request, context: AppContext) async throws -> Response {
        try Reply.json(try await service.ownProfile(try await signedIn(request)))
    }

    @Sendable func updateProfile(_ request: Request, context: AppContext) async throws -> Response {
        let player = try await signedIn(request)
        return try Reply.json(try await service.updateProfile(player, try await JSONBody.decode(ProfileUpdate.self, from: request)))
    }

    @Sendable func erase(_ request: Request, context: AppContext) async throws -> Response {
        let player = try await signedIn(request)
        try await service.erase(player)
        erased(player.publicID)
        return Response(status: .noContent)
    }

    @Sendable func listKeys(_ request: Request, context: AppContext) async throws -> Response {
        try Reply.json(KeyList(keys: try await service.keys(of: try await signedIn(request))))
    }

    @Sendable func addKey(_ request: Request, context: AppContext) async throws -> Response {
        let player = try await signedIn(request)
        let key = try await service.addKey(player, line: try await JSONBody.decode(AddKeyRequest.self, from: request).publicKey)
        context.logger.info("key added", metadata: ["player": "\(player.publicID)", "fingerprint": "\(key.fingerprint)"])
        return try Reply.json(key, status: .created)
    }

    /// DELETE /v1/players/me/keys?fingerprint=SHA256:… (a fingerprint may hold "/", so not in the path).
    @Sendable func removeKey(_ request: Request, context: AppContext) async throws -> Response {
        let player = try await signedIn(request)
        guard let fingerprint = request.uri.queryParameters.get("fingerprint"), !fingerprint.isEmpty else {
            throw APIError.badRequest(.missingField, "say which key: ?fingerprint=SHA256:…")
        }
        try await service.removeKey(player, fingerprint: fingerprint, inUse: context.hostedPass?.fingerprint)
        return Response(status: .noContent)
    }

    /// Anyone may read a profile; with the player's own token it also shows their looks on boards
    /// the Runway keeps anonymous.
    @Sendable func publicProfile(_ request: Request, context: AppContext) async throws -> Response {
        let viewer = request.headers[.authorization] == nil ? nil : try await signedIn(request)
        return try Reply.etagged(try await service.publicProfile(playerID: try context.parameters.text("player"), viewer: viewer), request: request)
    }

    @Sendable func record(_ request: Request, context: AppContext) async throws -> Response {
        let limit = try request.queryInt("limit", in: LeaderboardLimits.recordDays, default: LeaderboardLimits.defaultRecordDays)
        let record = try await service.record(playerID: try context.parameters.text("player"), limit: limit,
                                              cursor: request.uri.queryParameters.get("cursor"))
        return try Reply.etagged(record, request: request)
    }

    /// GET /v1/players?name=Ada: a player by exact name, case ignored.
    @Sendable func findPlayer(_ request: Request, context: AppContext) async throws -> Response {
        guard let name = request.uri.queryParameters.get("name"), !name.isEmpty else {
            throw APIError.badRequest(.missingField, "say whom: ?name=… (a player's exact name; case is ignored)")
        }
        return try Reply.json(try await service.player(named: String(name)))
    }

    @Sendable func following(_ request: Request, context: AppContext) async throws -> Response {
        try Reply.json(try await service.following(try await signedIn(request)))
    }

    @Sendable func follow(_ request: Request, context: AppContext) async throws -> Response {
        let player = try await signedIn(request)
        if let wait = limits.submissions.check("follow " + player.publicID) { throw APIError.tooMany("follows", retryAfter: wait) }
        return try Reply.json(try await service.follow(player, playerID: try context.parameters.text("player")))
    }

    @Sendable func unfollow(_ request: Request, context: AppContext) async throws -> Response {
        let player = try await signedIn(request)
        if let wait = limits.submissions.check("follow " + player.publicID) { throw APIError.tooMany("follows", retryAfter: wait) }
        try await service.unfollow(player, playerID: try context.parameters.text("player"))
        return Response(status: .noContent)
    }

    @Sendable func boardAmongFollowed(_ request: Request, context: AppContext) async throws -> Response {
        let player = try await signedIn(request)
        return try Reply.etagged(try await service.boardAmongFollowed(boardID: try context.parameters.text("board"), player: player), request: request)
    }

    @Sendable func news(_ request: Request, context: AppContext) async throws -> Response {
        let player = try await signedIn(request)
        var after: Int64 = 0
        if let text = request.uri.queryParameters.get("after") {
            guard text.utf8.count <= 18, let value = Int64(text), value >= 0 else {
                throw APIError.badRequest(.invalidCursor, "after is the id of the last news item you have read: a whole number (0 for everything kept)")
            }
            after = value
        }
        return try Reply.json(try await service.news(player, after: after))
    }

    @Sendable func submit(_ request: Request, context: AppContext) async throws -> Response {
        let player = try await signedIn(request)
        if let wait = limits.submissions.check(player.publicID) { throw APIError.tooMany("submissions", retryAfter: wait) }
        return try Reply.json(try await service.submit(player, try await JSONBody.decode(SubmitRequest.self, from: request)))
    }

    @Sendable func top(_ request: Request, context: AppContext) async throws -> Response {
        let board = try context.parameters.text("board")
        let limit = try request.queryInt("limit", in: LeaderboardLimits.pageRows, default: LeaderboardLimits.defaultPageRows)
        if let cursor = request.uri.queryParameters.get("cursor") {
            return try Reply.etagged(try await service.top(boardID: board, limit: limit, cursor: cursor), request: request)
        }
        return Reply.etagged(try await service.topPage(boardID: board, limit: limit), request: request)
    }

    @Sendable func aroundMe(_ request: Request, context: AppContext) async throws -> Response {
        let player = try await signedIn(request)
        let radius = try request.queryInt("radius", in: LeaderboardLimits.aroundRadius, default: LeaderboardLimits.defaultAroundRadius)
        return try Reply.etagged(try await service.around(boardID: try context.parameters.text("board"), player: player, radius: radius), request: request)
    }

    @Sendable func aroundPlayer(_ request: Request, context: AppContext) async throws -> Response {
        let radius = try request.queryInt("radius", in: LeaderboardLimits.aroundRadius, default: LeaderboardLimits.defaultAroundRadius)
        let page = try await service.around(boardID: try context.parameters.text("board"), playerID: try context.parameters.text("player"), radius: radius)
        return try Reply.etagged(page, request: request)
    }

    @Sendable func standing(_ request: Request, context: AppContext) async throws -> Response {
        let standing = try await service.standing(boardID: try context.parameters.text("board"), playerID: try context.parameters.text("player"))
        return try Reply.etagged(standing, request: request)
    }

    @Sendable func enterRunway(_ request: Request, context: AppContext) async throws -> Response {
        let player = try await signedIn(request)
        if let wait = limits.votes.check(player.publicID) { throw APIError.tooMany("runway entries and votes", retryAfter: wait) }
        let entry = try await JSONBody.decode(RunwayEntryRequest.self, from: request)
        return try Reply.json(try await service.enterRunway(player, day: try context.parameters.text("day"), entry))
    }

    @Sendable func runwayPair(_ request: Request, context: AppContext) async throws -> Response {
        let player = try await signedIn(request)
        return try Reply.json(try await service.dealRunwayPair(player, day: try context.parameters.text("day")))
    }

    @Sendable func runwayVote(_ request: Request, context: AppContext) async throws -> Response {
        let player = try await signedIn(request)
        if let wait = limits.votes.check(player.publicID) { throw APIError.tooMany("runway entries and votes", retryAfter: wait) }
        return try Reply.json(try await service.castRunwayVote(player, try await JSONBody.decode(RunwayVoteRequest.self, from: request)))
    }

    /// Anyone may read a day; with a token the answer also holds the player's own entry and votes.
    @Sendable func runwayDay(_ request: Request, context: AppContext) async throws -> Response {
        let player = request.headers[.authorization] == nil ? nil : try await signedIn(request)
        return try Reply.json(try await service.runwayDay(try context.parameters.text("day"), player: player))
    }

    @Sendable func donate(_ request: Request, context: AppContext) async throws -> Response {
        let player = try await signedIn(request)
        if let wait = limits.submissions.check(player.publicID) { throw APIError.tooMany("donations", retryAfter: wait) }
        return try Reply.json(try await service.donate(player, try await JSONBody.decode(DonationRequest.self, from: request)))
    }
}
