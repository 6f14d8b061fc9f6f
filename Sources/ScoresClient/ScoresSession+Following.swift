// The session's side of following that is more than one call: following a player by a name typed
// in full, which the server looks up first. Following by id, stopping, the list and the boards
// among the players followed are declared calls the game asks like any other (`.call`).
import ScoresAPI

extension ScoresSession {
    /// Follows a player known by id, or by name (looked up exactly, case ignored).
    func follow(_ whom: PlayerRef) async throws(ScoresFailure) -> FollowedPlayer {
        let token = try signedIn()
        let playerID: String = switch whom {
        case .id(let id): id
        case .name(let name): try await backend.call(APICalls.findPlayer, CallInput(query: [QueryValue(.playerName, name)])).playerID
        }
        return try await backend.call(APICalls.follow, CallInput(path: [.player: playerID]), token: token).stripped()
    }
}
