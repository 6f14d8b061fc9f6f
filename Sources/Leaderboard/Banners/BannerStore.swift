// Banners' reads, and the closing passes' steps, written once for both stores.
import ScoresAPI

extension StoreExecutor {
    /// A player's banners, oldest first (a kind from a newer server kept as it was written).
    func banners(player: Int64) async throws -> [(kind: Spelled<BannerKind>, tier: Int, at: Int64)] {
        try await read(StoreStatement(BannerSQL.banners(dialect), player)).map { row in
            (Spelled(rawValue: try row.text("banner")), try row.int("tier"), try row.integer("earned_at"))
        }
    }

    /// Steps toward `kind` for each of `players` (`about` names what was done), in transactions of
    /// `LeaderboardLimits.closingBatch`.
    func bannerSteps(_ players: [Int64], _ kind: BannerKind, about: String, at: Int64) async throws {
        let rules = BannerRules(dialect)
        let unique = Array(Set(players)).sorted()
        for start in stride(from: 0, to: unique.count, by: LeaderboardLimits.closingBatch) {
            let batch = unique[start..<min(unique.count, start + LeaderboardLimits.closingBatch)]
            try await perform(steps(batch, rules: rules, kind: kind, about: about, at: at))
        }
    }
}

private func steps(_ players: ArraySlice<Int64>, rules: BannerRules, kind: BannerKind, about: String, at: Int64) throws -> StorePlan<Void> {
    guard let player = players.first else { return .done(()) }
    return try rules.step(player, kind, about: about, at: at) { try steps(players.dropFirst(), rules: rules, kind: kind, about: about, at: at) }
}
