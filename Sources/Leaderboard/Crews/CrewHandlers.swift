// The crews' rules of the call table (CallHandlers): founding, inviting, joining, leaving, reading.
import ScoresAPI

extension CallHandlers {
    static let crews: [AnyCallHandler] = [
        .on(APICalls.createCrew) { service, call in try await service.createCrew(try call.signedIn, call.body) },
        .on(APICalls.inviteToCrew) { service, call in try await service.inviteToCrew(try call.signedIn, crew: try call.parameter(.crew), call.body) },
        .on(APICalls.joinCrew) { service, call in try await service.joinCrew(try call.signedIn, crew: try call.parameter(.crew)) },
        .on(APICalls.leaveCrew) { service, call in try await service.leaveCrew(try call.signedIn, crew: try call.parameter(.crew)) },
        .on(APICalls.myCrew) { service, call in try await service.myCrew(try call.signedIn) },
        .on(APICalls.crew) { service, call in try await service.crew(publicID: try call.parameter(.crew)) },
    ]
}
