// The players' rules of the call table (CallHandlers): registering, a player's own profile and
// its changes, and public profiles.
import ScoresAPI

extension CallHandlers {
    static let players: [AnyCallHandler] = [
        .on(APICalls.register) { service, call in try await service.register(call.body) },
        .on(APICalls.ownProfile) { service, call in try await service.ownProfile(try call.signedIn) },
        .on(APICalls.updateProfile) { service, call in try await service.updateProfile(try call.signedIn, call.body) },
        // Anyone may read a profile; with the player's own token it also shows their looks on
        // boards the Runway keeps anonymous.
        .on(APICalls.publicProfile) { service, call in
            try await service.publicProfile(playerID: try call.parameter(.player), viewer: call.player)
        },
    ]
}
