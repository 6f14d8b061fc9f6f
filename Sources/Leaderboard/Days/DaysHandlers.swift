// The days' rules of the call table (CallHandlers): a player's record of days and their news.
import ScoresAPI

extension CallHandlers {
    static let days: [AnyCallHandler] = [
        .on(APICalls.record) { service, call in
            let limit = try call.integer(.recordLimit, in: LeaderboardLimits.recordDays, default: LeaderboardLimits.defaultRecordDays)
            return try await service.record(playerID: try call.parameter(.player), limit: limit, cursor: call.query(.recordCursor))
        },
        .on(APICalls.news) { service, call in
            let player = try call.signedIn
            var after: Int64 = 0
            if let text = call.query(.after) {
                guard text.utf8.count <= 18, let value = Int64(text), value >= 0 else {
                    throw call.refused(.invalidCursor, "after is the id of the last news item you have read: a whole number (0 for everything kept)")
                }
                after = value
            }
            return try await service.news(player, after: after)
        },
    ]
}
