// The boards' rules of the call table (CallHandlers): listing boards, reading them (top, around a
// player, a standing), submitting, and causes and donations.
import ScoresAPI

extension CallHandlers {
    static let boards: [AnyCallHandler] = [
        // ?include=earlier adds earlier days' boards (what a game lists); other words are ignored.
        .on(APICalls.boards) { service, call in
            let include = call.query(.include)?.split(separator: ",") ?? []
            return service.boards(earlier: include.contains { $0 == APICalls.includeEarlier })
        },
        .on(APICalls.board) { service, call in service.info(try service.board(try call.parameter(.board))) },
        .on(APICalls.top) { service, call in
            let board = try call.parameter(.board)
            let limit = try call.integer(.pageLimit, in: LeaderboardLimits.pageRows, default: LeaderboardLimits.defaultPageRows)
            return try await service.top(boardID: board, limit: limit, cursor: call.query(.pageCursor))
        },
        .on(APICalls.aroundMe) { service, call in
            let player = try call.signedIn
            let radius = try call.integer(.radius, in: LeaderboardLimits.aroundRadius, default: LeaderboardLimits.defaultAroundRadius)
            return try await service.around(boardID: try call.parameter(.board), player: player, radius: radius)
        },
        .on(APICalls.aroundPlayer) { service, call in
            let radius = try call.integer(.radius, in: LeaderboardLimits.aroundRadius, default: LeaderboardLimits.defaultAroundRadius)
            return try await service.around(boardID: try call.parameter(.board), playerID: try call.parameter(.player), radius: radius)
        },
        .on(APICalls.standing) { service, call in
            try await service.standing(boardID: try call.parameter(.board), playerID: try call.parameter(.player))
        },
        .on(APICalls.submit) { service, call in try await service.submit(try call.signedIn, call.body) },
        .on(APICalls.histogram) { service, call in
            let of = call.query(.histogramOf).map { Spelled<HistogramOf>(rawValue: $0) } ?? Spelled(.score)
            guard of.word != nil else {
                throw call.refused(.invalidHistogram, "of must be one of \(HistogramOf.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return try await service.histogram(boardID: try call.parameter(.board), of: of, player: call.player)
        },
        .on(APICalls.contributors) { service, call in
            let limit = try call.integer(.pageLimit, in: LeaderboardLimits.pageRows, default: LeaderboardLimits.defaultPageRows)
            return try await service.top(boardID: Board.contributors.id, limit: limit, cursor: nil)
        },
        .on(APICalls.causes) { service, _ in try await service.causeList() },
        .on(APICalls.donate) { service, call in try await service.donate(try call.signedIn, call.body) },
    ]
}
