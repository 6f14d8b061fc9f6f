// Week points' reads, written once for both stores.
import ScoresAPI

/// A player's week: its points, the days that earned some, and when the total last rose.
public struct WeekTotal: Sendable, Equatable {
    public var points: Int
    public var days: Int
    public var at: Int64
}

extension StoreExecutor {
    /// A player's total for the week that begins on `monday`; nil before their first points in it.
    public func weekTotal(player: Int64, monday: Int) async throws -> WeekTotal? {
        try await read(StoreStatement(WeekSQL.week(dialect), monday, player)).first.map { row in
            WeekTotal(points: try row.int("points"), days: try row.int("days"), at: try row.integer("at"))
        }
    }

    /// A player's days with points in the week that begins on `monday`, by day.
    public func weekDays(player: Int64, monday: Int) async throws -> [Int: WeekDayParts] {
        var days: [Int: WeekDayParts] = [:]
        for row in try await read(StoreStatement(WeekSQL.days(dialect), player, monday, monday + 6)) {
            days[try row.int("day")] = try WeekDayParts(row: row)
        }
        return days
    }
}

extension StoreExecutor {
    /// A show's places, counted on `day` (the place part keeps its best, so counting twice counts
    /// once): in transactions of `LeaderboardLimits.closingBatch` players, each player's lock taken
    /// in order.
    func creditPlaces(_ places: [(player: Int64, points: Int)], onDay day: Int, at: Int64) async throws {
        let rules = StoreRules(dialect)
        let earned = places.filter { $0.points > 0 }.sorted { $0.player < $1.player }
        for start in stride(from: 0, to: earned.count, by: LeaderboardLimits.closingBatch) {
            let batch = Array(earned[start..<min(earned.count, start + LeaderboardLimits.closingBatch)])
            try await perform(try credit(batch, rules: rules, day: day, at: at))
        }
    }
}

/// Each place of `batch` in one plan: every player's lock first, in order, then the writes (a
/// write waits on no one another transaction could be holding a player's lock for: a crew's
/// row in `crew_dirty` that a member's play writes too).
private func credit(_ batch: [(player: Int64, points: Int)], from index: Int = 0, rules: StoreRules, day: Int, at: Int64) throws -> StorePlan<Void> {
    guard index < batch.count else { return try raise(batch, rules: rules, day: day, at: at) }
    return .lock(batch[index].player) { try credit(batch, from: index + 1, rules: rules, day: day, at: at) }
}

private func raise(_ batch: [(player: Int64, points: Int)], from index: Int = 0, rules: StoreRules, day: Int, at: Int64) throws -> StorePlan<Void> {
    guard index < batch.count else { return .done(()) }
    let place = batch[index]
    return try rules.raiseDay(player: place.player, day: day, at: at, WeekDayParts(place: place.points)) {
        try raise(batch, from: index + 1, rules: rules, day: day, at: at)
    }
}
