// The declared calls the client's suites make, asked as the game's screens ask them (the game's
// own spellings are internal to PlumeUI), and their answers read back by declaration.
import ScoresAPI
import ScoresClient

extension ScoresCommand {
    static func top(board: String) -> ScoresCommand {
        .ask(APICalls.top, path: [.board: board], query: [QueryValue(.pageLimit, String(WireLimits.defaultPageRows))])
    }

    static func around(board: String) -> ScoresCommand {
        .ask(APICalls.aroundMe, path: [.board: board], query: [QueryValue(.radius, String(WireLimits.defaultAroundRadius))])
    }

    static func friends(board: String) -> ScoresCommand { .ask(APICalls.boardAmongFollowed, path: [.board: board]) }
    static var contributors: ScoresCommand { .ask(APICalls.contributors, query: [QueryValue(.pageLimit, String(WireLimits.defaultPageRows))]) }
    static var causes: ScoresCommand { .ask(APICalls.causes) }

    static func donate(cause: String, points: Int64) -> ScoresCommand {
        .ask(APICalls.donate, body: DonationRequest(causeID: cause, points: points))
    }

    static var following: ScoresCommand { .ask(APICalls.following) }
    static func unfollow(playerID: String) -> ScoresCommand { .ask(APICalls.unfollow, path: [.player: playerID]) }
    static func player(playerID: String) -> ScoresCommand { .ask(APICalls.publicProfile, path: [.player: playerID], anonymous: true) }
    static var settings: ScoresCommand { .ask(APICalls.settings) }
    static func changeSettings(_ wanted: PlayerSettings) -> ScoresCommand { .ask(APICalls.changeSettings, body: wanted) }
}

extension ScoresEvent {
    /// The reply to `call` as the game holds a page: the value, and whether it was unchanged.
    func answer<Request: WirePayload, Reply: WirePayload & Equatable>(to call: APICall<Request, Reply>) -> Answer<Reply>? {
        guard case .replied(let replied) = self, let reply = replied.reply(to: call) else { return nil }
        return Answer(reply, unchanged: replied.unchanged)
    }

    /// The path value `parameter` of an answered `call` (which player was unfollowed, say).
    func answered<Request: WirePayload, Reply: WirePayload>(_ call: APICall<Request, Reply>, _ parameter: PathParameter) -> String? {
        guard case .replied(let replied) = self, replied.asked.asks(call) else { return nil }
        return replied.asked.path[parameter]
    }
}

extension ScoresBackend {
    /// The board list as the game asks for it (with earlier days').
    func boards() async throws(ScoresFailure) -> BoardList {
        try await call(APICalls.boards, CallInput(query: [QueryValue(.include, APICalls.includeEarlier)]))
    }
}
