// The Runway's rules of the call table (CallHandlers): entering a look or a swarm, dealing pairs,
// voting, and reading a day's runway (each of the last two for one show, `?show=`).
import ScoresAPI

extension CallHandlers {
    static let runway: [AnyCallHandler] = [
        .on(APICalls.enterRunway) { service, call in
            try await service.enterRunway(try call.signedIn, day: try call.parameter(.day), call.body)
        },
        .on(APICalls.runwayPair) { service, call in
            try await service.dealRunwayPair(try call.signedIn, day: try call.parameter(.day), show: try show(call))
        },
        .on(APICalls.runwayVote) { service, call in try await service.castRunwayVote(try call.signedIn, call.body) },
        // Anyone may read a day; with a token the answer also holds the player's own entry and votes.
        .on(APICalls.runwayDay) { service, call in try await service.runwayDay(try call.parameter(.day), show: try show(call), player: call.player) },
    ]

    /// `?show=`: look (the default) or swarm; another word is refused in words.
    static func show<Body>(_ call: CallArguments<Body>) throws -> RunwayShow {
        guard let text = call.query(.show) else { return .look }
        guard let show = RunwayShow(rawValue: text) else {
            throw call.refused(.invalidShow, "show must be look or swarm")
        }
        return show
    }
}
