// The following rules of the call table (CallHandlers): finding a player by name, the list of
// those a player follows, following and unfollowing, and a board among the followed.
import ScoresAPI

extension CallHandlers {
    static let following: [AnyCallHandler] = [
        // ?name=Ada: a player by exact name, case ignored.
        .on(APICalls.findPlayer) { service, call in
            guard let name = call.query(.playerName), !name.isEmpty else {
                throw call.refused(.missingField, "say whom: ?name=… (a player's exact name; case is ignored)")
            }
            return try await service.player(named: name)
        },
        .on(APICalls.following) { service, call in try await service.following(try call.signedIn) },
        .on(APICalls.follow) { service, call in try await service.follow(try call.signedIn, playerID: try call.parameter(.player)) },
        .on(APICalls.unfollow) { service, call in
            try await service.unfollow(try call.signedIn, playerID: try call.parameter(.player))
            return NoBody()
        },
        .on(APICalls.boardAmongFollowed) { service, call in
            let player = try call.signedIn
            return try await service.boardAmongFollowed(boardID: try call.parameter(.board), player: player)
        },
    ]
}
