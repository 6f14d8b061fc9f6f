// Points and causes: earned = the sum of a player's bests on every board (past days included),
// available = earned − given. Donations move available points to a cause; the contributors
// board ranks players by points given (the seed's "highest contributors").
import GameState
import ScoresAPI

extension LeaderboardService {
    public func donate(_ player: PlayerRecord, _ request: DonationRequest) async throws -> DonationResult {
        guard !player.banned else { throw LeaderboardError.banned }
        guard let cause = causes.first(where: { $0.id == request.causeID }) else {
            throw LeaderboardError(.notFound, .causeNotFound, "there is no cause called \(SafeText.quoted(request.causeID)) — see /v1/causes")
        }
        guard request.points > 0 else {
            throw LeaderboardError.invalid(.invalidPoints, "give at least 1 point")
        }
        guard request.points <= LeaderboardLimits.maxDonationPoints else {
            throw LeaderboardError.invalid(.invalidPoints, "one donation can move at most \(LeaderboardLimits.maxDonationPoints) points")
        }
        let outcome = try await store.donate(player: player.number, cause: cause.id, points: request.points, at: now)
        try await catchUp()
        return DonationResult(causeID: cause.id, points: request.points, pointsGiven: outcome.given,
                              pointsAvailable: outcome.available, causeTotal: outcome.causeTotal)
    }

    public func causeList() async throws -> CauseList {
        let totals = Dictionary(uniqueKeysWithValues: try await store.causeTotals().map { ($0.cause, $0) })
        return CauseList(causes: causes.map { cause in
            CauseInfo(id: cause.id, name: cause.name, description: cause.description,
                      totalPoints: totals[cause.id]?.points ?? 0, donors: totals[cause.id]?.donors ?? 0)
        })
    }
}
