// The leagues' reads and writes, written once for both stores: a seat for a player's week, the
// week's close of its groups and of the tiers of those who earned nothing, and a group's table.
//
// The close claims groups in the transaction that writes their results and news, so a close run
// by two servers at once, or cut short, closes each group once: a claim that loses waits (on
// PostgreSQL) and finds the group closed; a transaction cut short claimed nothing.
import PlumeCalendar
import ScoresAPI

/// A group as kept.
public struct LeagueGroupRow: Sendable, Equatable {
    public var id: Int64
    public var week: Int
    public var tier: LeagueTier
    public var closed: Bool
}

/// A member of a group's table as kept.
struct LeagueTableRow: Sendable, Equatable {
    var standing: LeagueStanding
    var publicID: String
    var name: String
    var finalRank: Int?
    var moved: LeagueMove?
}

extension StoreExecutor {
    /// Seats a player's week (beginning on `week`) in a group of their tier: the newest group of
    /// that week and tier with a seat free, or a new one. The group's id; nil when the player has
    /// no points that week. Seated already, the same group.
    func seat(player: Int64, week: Int) async throws -> Int64? {
        let d = dialect
        return try await perform(.lock(player) {
            .run(StoreStatement(LeagueSQL.seat(d), week, player)) { rows in
                guard let row = rows.first else { return .done(nil) }
                if let group = try row.optionalInteger("grp") { return .done(group) }
                return .run(StoreStatement(LeagueSQL.tier(d), player)) { tiers in
                    let level = try tiers.first.map { try $0.int("tier") } ?? 0
                    let sit: @Sendable (Int64) -> StorePlan<Int64?> = { group in
                        .run(StoreStatement(LeagueSQL.sit(d), week, player, group)) { _ in .done(group) }
                    }
                    // Seats of one week and tier are taken one at a time: two at once would each open a
                    // group when the newest fills, leaving groups of one or two.
                    return .step(.lockCode("seat:\(week):\(level)")) { _ in .run(StoreStatement(LeagueSQL.takeSeat(d), week, level, WeekRules.groupSize)) { seats in
                        if let group = try seats.first?.integer("id") { return sit(group) }
                        return .run(StoreStatement(LeagueSQL.openGroup(d), week, level)) { opened in
                            guard let group = try opened.first?.integer("id") else { throw GroupNotOpened() }
                            return sit(group)
                        }
                    } }
                }
            }
        })
    }

    /// Up to `limit` players with points in a week and no seat, after `after`.
    func unseated(week: Int, after: Int64, limit: Int) async throws -> [Int64] {
        try await read(StoreStatement(LeagueSQL.unseated(dialect), week, after, limit)).map { try $0.integer("player") }
    }

    /// Closes up to `limit` of a week's open groups in one transaction: each member's final rank
    /// and move, their tier from the next week, and their news. How many groups this call
    /// claimed.
    func closeGroups(week: Int, limit: Int, at: Int64) async throws -> Int {
        let d = dialect
        return try await perform(.run(StoreStatement(LeagueSQL.claimGroups(d), week, at, limit)) { claimed in
            var claims: [Int64: LeagueTier] = [:]
            for row in claimed { claims[try row.integer("id")] = LeagueTier(level: try row.int("tier")) ?? .cotton }
            let tiers = claims
            guard let low = tiers.keys.min(), let high = tiers.keys.max() else { return .done(0) }
            return .run(StoreStatement(LeagueSQL.seated(d), week, low, high)) { rows in
                var groups: [Int64: [LeagueStanding]] = [:]
                for row in rows {
                    let group = try row.integer("grp")
                    guard tiers[group] != nil else { continue }
                    groups[group, default: []].append(LeagueStanding(player: try row.integer("player"), points: try row.int("points"), at: try row.integer("at")))
                }
                // Written table by table in the order erasure empties them (banners, tiers, weeks,
                // news), each by player: a player erased meanwhile, or places credited late, wait
                // on this transaction rather than lock a row it needs next.
                var places: [(place: LeaguePlace, tier: LeagueTier, of: Int)] = []
                for (group, members) in groups {
                    let tier = tiers[group] ?? .cotton
                    places += LeagueStandings.places(members, tier: tier).map { ($0, tier, members.count) }
                }
                places.sort { $0.place.player < $1.place.player }
                let statements = places.map { StoreStatement(LeagueSQL.keepTier(d), $0.place.player, $0.place.tier.level, week + 7) }
                    + places.map { StoreStatement(LeagueSQL.result(d), week, $0.place.player, $0.place.rank, $0.place.moved.stored) }
                    + places.map { News.leagueClosed(player: $0.place.player, week: week, tier: $0.tier, place: $0.place, of: $0.of).statement(d, at: at) }
                let banners = BannerRules(d), climbers = places.map(\.place).filter { $0.moved == .up }
                return try climb(climbers[...], banners, at: at) { try .each(statements) { .done(claimed.count) } }
            }
        })
    }

    /// Whether a week has a group not yet closed (by this server or another).
    func hasOpenGroup(week: Int) async throws -> Bool {
        try await !read(StoreStatement(LeagueSQL.openGroups(dialect), week)).isEmpty
    }

    /// The tiers held for a week of up to `limit` players after `after`, closed: one who earned
    /// nothing that week moves down a tier (and hears it), the lowest tier is forgotten (no row is
    /// the lowest); one who earned points and was seated nowhere keeps theirs. The last player
    /// looked at, nil when there were none.
    func closeTiers(week: Int, after: Int64, limit: Int, at: Int64) async throws -> Int64? {
        let d = dialect
        let rows = try await read(StoreStatement(LeagueSQL.heldTiers(d), week, after, limit))
        guard let last = try rows.last?.integer("player") else { return nil }
        var held: [(player: Int64, tier: Int, earned: Bool)] = []
        for row in rows { held.append((try row.integer("player"), try row.int("tier"), !(try row.isNull("points")))) }
        try await perform(closeTiersPlan(held[...], week: week, at: at, d))
        return last
    }

    /// A group; nil when there is none with that id.
    func leagueGroup(_ id: Int64) async throws -> LeagueGroupRow? {
        try await read(StoreStatement(LeagueSQL.group(dialect), id)).first.map { row in
            LeagueGroupRow(id: id, week: try row.int("week"), tier: LeagueTier(level: try row.int("tier")) ?? .cotton,
                           closed: !(try row.isNull("closed_at")))
        }
    }

    /// A group's players as kept, in no order.
    func leagueTable(_ group: Int64) async throws -> [LeagueTableRow] {
        try await read(StoreStatement(LeagueSQL.table(dialect), group)).map { row in
            LeagueTableRow(standing: LeagueStanding(player: try row.integer("player"), points: try row.int("points"), at: try row.integer("at")),
                           publicID: try row.text("public_id"), name: try row.optionalText("name") ?? "",
                           finalRank: try row.optionalInt("final_rank"), moved: try row.optionalInt("moved").map(LeagueMove.init(stored:)))
        }
    }

    /// A player's week: its points, seat and the crew it counts for; nil before their first
    /// points in it.
    func weekSeat(player: Int64, week: Int) async throws -> (points: Int, group: Int64?, crew: Int64?)? {
        try await read(StoreStatement(LeagueSQL.seat(dialect), week, player)).first.map { row in
            (try row.int("points"), try row.optionalInteger("grp"), try row.optionalInteger("crew"))
        }
    }

    /// A player's tier and the first week it holds for; nil for a player of the lowest.
    func tier(player: Int64) async throws -> (tier: LeagueTier, week: Int)? {
        try await read(StoreStatement(LeagueSQL.tier(dialect), player)).first.map { row in
            (LeagueTier(level: try row.int("tier")) ?? .cotton, try row.int("week"))
        }
    }
}

/// The Climber banner's tiers each promoted player's new tier reaches, then `then`.
private func climb(_ promoted: ArraySlice<LeaguePlace>, _ banners: BannerRules, at: Int64,
                   _ then: @escaping @Sendable () throws -> StorePlan<Int>) throws -> StorePlan<Int> {
    guard let place = promoted.first else { return try then() }
    return try banners.award(place.player, .league, reached: place.tier.level, at: at) { try climb(promoted.dropFirst(), banners, at: at, then) }
}

/// A new group's insert returned no id (a store that does not keep its word).
struct GroupNotOpened: Error, CustomStringConvertible {
    var description: String { "a new league group was written without an id" }
}

/// Each held tier of `held` closed, in one plan: an idle player's news only when this close moved
/// them (another may have, first).
private func closeTiersPlan(_ held: ArraySlice<(player: Int64, tier: Int, earned: Bool)>, week: Int, at: Int64,
                            _ d: StoreSQL.Dialect) -> StorePlan<Void> {
    guard let first = held.first else { return .done(()) }
    let rest = held.dropFirst()
    let next: @Sendable ([StoreRow]) throws -> StorePlan<Void> = { _ in closeTiersPlan(rest, week: week, at: at, d) }
    if first.earned { return .run(StoreStatement(LeagueSQL.carryTier(d), week, first.player), next) }
    guard first.tier > 0 else { return .run(StoreStatement(LeagueSQL.forgetTier(d), week, first.player), next) }
    return .run(StoreStatement(LeagueSQL.demoteIdle(d), week, first.player)) { moved in
        guard let tier = try moved.first?.int("tier"), let to = LeagueTier(level: tier), let from = to.above else { return try next([]) }
        return .run(News.leagueIdle(player: first.player, week: week, from: from, to: to).statement(d, at: at), next)
    }
}
