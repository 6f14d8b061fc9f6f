// The Runway's rules of the call table (CallHandlers): entering a look, dealing pairs, voting,
// and reading a day's runway.
import ScoresAPI

extension CallHandlers {
    static let runway: [AnyCallHandler] = [
        .on(APICalls.enterRunway) { service, call in
            try await service.enterRunway(try call.signedIn, day: try call.parameter(.day), call.body)
        },
        .on(APICalls.runwayPair) { service, call in try await service.dealRunwayPair(try call.signedIn, day: try call.parameter(.day)) },
        .on(APICalls.runwayVote) { service, call in try await service.castRunwayVote(try call.signedIn, call.body) },
        // Anyone may read a day; with a token the answer also holds the player's own entry and votes.
        .on(APICalls.runwayDay) { service, call in try await service.runwayDay(try call.parameter(.day), player: call.player) },
    ]
}
