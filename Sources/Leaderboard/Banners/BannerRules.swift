// Banners as they are earned, each in the transaction of what earns it: a streak as a day is
// played, a league tier as a week closes, and the counted ones (a look in a people's top 10, a Lab
// brief bettered) as their day's closing pass counts each step once. A tier is inserted unless
// there, and its news written only by the insert that made it: a pass run twice, or on two
// servers, awards and tells once.
import PlumeCalendar
import ScoresAPI

/// The plans that award banners, for any store.
struct BannerRules: Sendable {
    let d: StoreSQL.Dialect

    init(_ dialect: StoreSQL.Dialect) { d = dialect }

    /// Every tier of `kind` that `value` reaches, each awarded (and told) unless earned, then `then`.
    func award<Outcome>(_ player: Int64, _ kind: BannerKind, reached value: Int, at: Int64,
                        _ then: @escaping @Sendable () throws -> StorePlan<Outcome>) throws -> StorePlan<Outcome> {
        try awardTiers(player, kind, kind.tiers(reachedBy: value)[...], at: at, then)
    }

    private func awardTiers<Outcome>(_ player: Int64, _ kind: BannerKind, _ tiers: ArraySlice<Int>, at: Int64,
                                     _ then: @escaping @Sendable () throws -> StorePlan<Outcome>) throws -> StorePlan<Outcome> {
        guard let tier = tiers.first else { return try then() }
        let rest = tiers.dropFirst()
        return .run(StoreStatement(BannerSQL.award(d), player, kind.rawValue, tier, at)) { [self] awarded in
            let next: @Sendable ([StoreRow]) throws -> StorePlan<Outcome> = { _ in try awardTiers(player, kind, rest, at: at, then) }
            guard !awarded.isEmpty else { return try next([]) }
            return .run(News.bannerEarned(player: player, kind: kind, tier: tier, at: at).statement(d, at: at), next)
        }
    }

    /// A step toward a counted banner (`about` names it: the day, the board), counted once; the
    /// tiers the count now reaches awarded.
    func step<Outcome>(_ player: Int64, _ kind: BannerKind, about: String, at: Int64,
                       _ then: @escaping @Sendable () throws -> StorePlan<Outcome>) -> StorePlan<Outcome> {
        .run(StoreStatement(BannerSQL.step(d), player, kind.rawValue, about)) { [self] counted in
            guard !counted.isEmpty else { return try then() }
            return .run(StoreStatement(BannerSQL.steps(d), player, kind.rawValue)) { rows in
                try award(player, kind, reached: try rows.first?.int("steps") ?? 0, at: at, then)
            }
        }
    }
}

extension News {
    /// "New banner: Lab Ace (silver), for better than 90 % of a Lab brief's board on 10 briefs."
    static func bannerEarned(player: Int64, kind: BannerKind, tier: Int, at: Int64) -> NewsDraft {
        NewsDraft(player: player, kind: .banner, day: UTCDay.containing(milliseconds: at),
                  text: "New banner: \(kind.name) (\(BannerTiers.name(tier))), for \(kind.words(tier: tier)).", about: "\(kind.rawValue)-\(tier)")
    }
}
