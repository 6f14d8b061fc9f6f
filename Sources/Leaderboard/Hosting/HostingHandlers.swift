// The hosting rules of the call table (CallHandlers): a player's settings and the SSH keys they
// hold. Adding and removing keys are the server's own routes.
import ScoresAPI

extension CallHandlers {
    static let hosting: [AnyCallHandler] = [
        .on(APICalls.settings) { service, call in try await service.settings(try call.signedIn) },
        .on(APICalls.changeSettings) { service, call in try await service.changeSettings(try call.signedIn, call.body) },
        .on(APICalls.keys) { service, call in KeyList(keys: try await service.keys(of: try call.signedIn)) },
    ]
}
