// Banners, one copy for the server that awards them and the game and pages that show them: each
// is earned once and kept, in three tiers, for something done over time — days in a row, looks in
// a people's top 10, Lab briefs bettered, league tiers reached.

/// What a banner is for.
public enum BannerKind: String, CaseIterable, WireVocabulary {
    /// A streak of 7, 30 and 100 days.
    case streak
    /// 1, 5 and 20 looks in a day's people's top 10.
    case runway
    /// Better than 90 % of a Lab brief's board (of at least `BannerKind.labBoardAtLeast`) on 1, 10
    /// and 50 briefs.
    case lab
    /// Promoted into Linen, Silk and Couture.
    case league

    /// How many entries a Lab brief's board needs for its top tenth to earn a step.
    public static let labBoardAtLeast = 10
    /// A look's people's rank that earns a step.
    public static let runwayTop = 10
    /// The share of a Lab brief's board to be better than.
    public static let labBetterThan = 90

    public var name: String {
        switch self {
        case .streak: "Every Day"
        case .runway: "Runway Star"
        case .lab: "Lab Ace"
        case .league: "Climber"
        }
    }

    /// What reaches tiers 1, 2 and 3: days in a row, looks, briefs, or a league tier's level.
    public var thresholds: [Int] {
        switch self {
        case .streak: [7, 30, 100]
        case .runway: [1, 5, 20]
        case .lab: [1, 10, 50]
        case .league: [LeagueTier.linen.level, LeagueTier.silk.level, LeagueTier.couture.level]
        }
    }

    /// The tiers `value` reaches (1-based), lowest first.
    public func tiers(reachedBy value: Int) -> [Int] { thresholds.indices.filter { thresholds[$0] <= value }.map { $0 + 1 } }

    /// What tier `tier` (1–3) took, as a noun phrase ("for a 30-day streak"): "a 30-day streak".
    public func words(tier: Int) -> String {
        let need = thresholds[max(0, min(thresholds.count - 1, tier - 1))]
        switch self {
        case .streak: return "a \(need)-day streak"
        case .runway: return need == 1 ? "a look in a people's top \(Self.runwayTop)" : "\(need) looks in a people's top \(Self.runwayTop)"
        case .lab: return "beating \(Self.labBetterThan) % of a Lab brief's board " + (need == 1 ? "once" : "on \(need) briefs")
        case .league: return "a promotion into \(LeagueTier(level: need)?.name ?? "a higher tier")"
        }
    }
}

/// A banner tier's name: 1 bronze, 2 silver, 3 gold.
public enum BannerTiers {
    public static let names = ["bronze", "silver", "gold"]
    public static func name(_ tier: Int) -> String { names[max(0, min(names.count - 1, tier - 1))] }
}

/// A banner a player earned (one item a kind and tier; every tier earned is listed).
public struct Banner: Codable, Sendable, Equatable {
    public var id: Spelled<BannerKind>
    public var name: String
    /// 1 (bronze), 2 (silver) or 3 (gold).
    public var tier: Int
    public var tierName: String
    /// What it took, in words.
    public var words: String
    public var earnedAt: String

    public init(kind: BannerKind, tier: Int, earnedAt: String) {
        (id, name, self.tier, tierName, words, self.earnedAt) = (Spelled(kind), kind.name, tier, BannerTiers.name(tier), kind.words(tier: tier), earnedAt)
    }

    public init(id: Spelled<BannerKind>, name: String, tier: Int, tierName: String, words: String, earnedAt: String) {
        (self.id, self.name, self.tier, self.tierName, self.words, self.earnedAt) = (id, name, tier, tierName, words, earnedAt)
    }

    enum CodingKeys: String, CodingKey {
        case id, name, tier, tierName = "tier_name", words, earnedAt = "earned_at"
    }
}
