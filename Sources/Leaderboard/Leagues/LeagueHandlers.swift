// The leagues' rules of the call table (CallHandlers): a player's group and anyone's view of one.
import ScoresAPI

extension CallHandlers {
    static let leagues: [AnyCallHandler] = [
        .on(APICalls.league) { service, call in try await service.league(try call.signedIn, week: call.query(.week)) },
        .on(APICalls.leagueGroup) { service, call in try await service.leagueGroup(try call.parameter(.group)) },
    ]
}
