// Crews' reads and writes, written once for both stores. A change to a crew takes its player's
// lock and then the crew's (never the other way round); a crew's score is counted again under the
// crew's lock alone, after the play that raised a member's week has committed: no transaction
// holds a crew's lock while it waits for a player's.
import PlumeCalendar
import ScoresAPI

/// A crew as kept.
public struct CrewRow: Sendable, Equatable {
    public var number: Int64
    public var publicID: String
    public var name: String
}

/// A player's membership as kept.
struct CrewMembership: Sendable, Equatable {
    var crew: Int64
    var countsFrom: Int
    var leavesAfter: Int?

    /// Whether it has not ended before `week`.
    func lasts(into week: Int) -> Bool { leavesAfter.map { $0 >= week } ?? true }
}

/// A roster line as kept.
struct CrewRosterRow: Sendable, Equatable {
    var player: Int64
    var publicID: String
    var name: String
    var membership: CrewMembership
    /// The player's week points, and the crew their week counts for.
    var points: Int
    var countsFor: Int64?
    /// A banned player's points count for no crew.
    var banned: Bool
}

/// What leaving did.
enum CrewLeaving: Sendable, Equatable {
    case left, leavesWithTheWeek
}

extension StoreExecutor {
    func crew(publicID: String) async throws -> CrewRow? {
        try await read(StoreStatement(CrewSQL.crew(dialect), publicID)).first.map(CrewRow.init(row:))
    }

    /// Crews by number (a crews' board's rows).
    func crews(_ numbers: [Int64]) async throws -> [Int64: CrewRow] {
        var out: [Int64: CrewRow] = [:]
        var start = 0
        while start < numbers.count {
            let group = numbers[start..<min(numbers.count, start + LeaderboardLimits.playersPerRead)]
            var statement = StoreStatement(CrewSQL.crews(dialect, count: group.count))
            statement.binds += group.map(\.storeValue)
            for row in try await read(statement) {
                let crew = try CrewRow(row: row)
                out[crew.number] = crew
            }
            start += group.count
        }
        return out
    }

    func membership(player: Int64) async throws -> CrewMembership? {
        try await read(StoreStatement(CrewSQL.membership(dialect), player)).first.map(CrewMembership.init(row:))
    }

    /// The crew a player's week counts for, if any.
    func pinnedCrew(player: Int64, week: Int) async throws -> Int64? {
        try await read(StoreStatement(CrewSQL.pinned(dialect), week, player)).first.flatMap { try $0.optionalInteger("crew") }
    }

    /// A crew's members in a week, with their points that week.
    func roster(crew: Int64, week: Int) async throws -> [CrewRosterRow] {
        try await read(StoreStatement(CrewSQL.roster(dialect), crew, week)).map { row in
            CrewRosterRow(player: try row.integer("player"), publicID: try row.text("public_id"), name: try row.optionalText("name") ?? "",
                          membership: try CrewMembership(row: row), points: try row.optionalInt("points") ?? 0,
                          countsFor: try row.optionalInteger("counts_for"), banned: try row.flag("banned"))
        }
    }

    /// Founds a crew with its first member: the crew, or nil when the name is taken.
    func foundCrew(player: Int64, publicID: String, name: String, week: Int, countsFrom: Int, at: Int64) async throws -> Int64? {
        let d = dialect
        return try await perform(.lock(player) {
            .run(StoreStatement(CrewSQL.membership(d), player)) { rows in
                if let held = try rows.first.map(CrewMembership.init(row:)), held.lasts(into: week) {
                    throw held.leavesAfter == nil ? LeaderboardError.inACrew : LeaderboardError.leavingCrew
                }
                return .run(StoreStatement(CrewSQL.remove(d), player)) { _ in
                    .run(StoreStatement(CrewSQL.found(d), publicID, name, PlayerName.key(name), at)) { found in
                        guard let crew = try found.first?.integer("id") else { return .done(nil) }
                        return try enlist(player, crew: crew, week: week, countsFrom: countsFrom, at: at, d) { .done(crew) }
                    }
                }
            }
        })
    }

    /// Joins a crew that invited the player.
    func joinCrew(player: Int64, crew: Int64, week: Int, countsFrom: Int, at: Int64) async throws {
        let d = dialect
        try await perform(.lock(player) {
            .step(.lockCode(crewLock(crew))) { _ in
                .run(StoreStatement(CrewSQL.membership(d), player)) { rows in
                    if let held = try rows.first.map(CrewMembership.init(row:)), held.lasts(into: week) {
                    throw held.leavesAfter == nil ? LeaderboardError.inACrew : LeaderboardError.leavingCrew
                }
                    return .run(StoreStatement(CrewSQL.takeInvite(d), crew, player)) { invited in
                        guard !invited.isEmpty else { throw LeaderboardError.notInvited }
                        return .run(StoreStatement(CrewSQL.memberCount(d), crew, week)) { counted in
                            guard try counted.first?.int("members") ?? 0 < CrewRules.maxMembers else { throw LeaderboardError.crewFull }
                            return .run(StoreStatement(CrewSQL.remove(d), player)) { _ in
                                try enlist(player, crew: crew, week: week, countsFrom: countsFrom, at: at, d) { .done(()) }
                            }
                        }
                    }
                }
            }
        })
    }

    /// Leaves a crew: at once, or with the week when the roster is frozen and the player's week
    /// counts for it.
    func leaveCrew(player: Int64, crew: Int64, week: Int, frozen: Bool) async throws -> CrewLeaving {
        let d = dialect
        return try await perform(.lock(player) {
            .step(.lockCode(crewLock(crew))) { _ in
                .run(StoreStatement(CrewSQL.membership(d), player)) { rows in
                    guard let held = try rows.first.map(CrewMembership.init(row:)), held.crew == crew, held.lasts(into: week) else {
                        throw LeaderboardError.notInCrew
                    }
                    if held.leavesAfter != nil { return .done(.leavesWithTheWeek) }
                    if frozen, held.countsFrom <= week {
                        return .run(StoreStatement(CrewSQL.leaveAfter(d), player, week)) { _ in .done(.leavesWithTheWeek) }
                    }
                    return .run(StoreStatement(CrewSQL.remove(d), player)) { _ in
                        .run(StoreStatement(CrewSQL.unpin(d), week, player, crew)) { unpinned in
                            guard !unpinned.isEmpty else { return .done(.left) }
                            return .run(StoreStatement(CrewSQL.dirty(d), week, crew)) { _ in .done(.left) }
                        }
                    }
                }
            }
        })
    }

    /// A page of crews, oldest first (the operator's list).
    public func crews(limit: Int, offset: Int) async throws -> [CrewRow] {
        try await read(StoreStatement(CrewSQL.list(dialect), limit, offset)).map(CrewRow.init(row:))
    }

    /// Renames a crew (the operator's answer to a report); false when another crew has the name.
    /// Every cached page of a board is dropped, so the new name shows at once.
    func renameCrew(_ crew: Int64, to name: String, at: Int64) async throws -> Bool {
        let d = dialect
        return try await perform(.step(.lockCode(crewLock(crew))) { _ in
            .run(StoreStatement(CrewSQL.named(d), PlayerName.key(name))) { taken in
                if let other = try taken.first?.integer("id"), other != crew { return .done(false) }
                return .run(StoreStatement(CrewSQL.rename(d), crew, name, PlayerName.key(name))) { _ in
                    .log([""], player: crew, at: at) { .done(true) }
                }
            }
        })
    }

    func invite(player: Int64, toCrew crew: Int64, at: Int64) async throws {
        try await perform(StorePlan.each([StoreStatement(CrewSQL.invite(dialect), crew, player, at)]))
    }

    func crewMembers(crew: Int64, week: Int) async throws -> Int {
        try await read(StoreStatement(CrewSQL.memberCount(dialect), crew, week)).first?.int("members") ?? 0
    }

    /// Counts a crew's week again: its score on the week's crews' board kept (or dropped at 0)
    /// and logged for every index when it changed.
    func recountCrew(_ crew: Int64, week: Int, at: Int64) async throws {
        let d = dialect
        let board = BoardID.crews(week: ISOWeek(day: week)).text
        try await perform(.step(.lockCode(crewLock(crew))) { _ in
            .run(StoreStatement(CrewSQL.clean(d), week, crew)) { _ in
                .run(StoreStatement(CrewSQL.bestOf(d), week, crew, CrewRules.counted)) { best in
                    let score = try best.first?.integer("score") ?? 0, reached = try best.first?.integer("at") ?? at
                    return .run(StoreStatement(CrewSQL.score(d), board, crew)) { kept in
                        let old = try kept.first?.integer("score")
                        guard old != (score > 0 ? score : nil) else { return .done(()) }
                        let write = score > 0 ? StoreStatement(CrewSQL.keepScore(d), board, crew, score, reached) : StoreStatement(CrewSQL.dropScore(d), board, crew)
                        return .run(write) { _ in .log([board], player: crew, at: at) { .done(()) } }
                    }
                }
            }
        })
    }

    /// Up to `limit` crews waiting to be counted again.
    func dirtyCrews(limit: Int) async throws -> [(week: Int, crew: Int64)] {
        try await read(StoreStatement(CrewSQL.dirtyCrews(dialect), limit)).map { (try $0.int("week"), try $0.integer("crew")) }
    }

    func pruneCrewLeavers(before week: Int) async throws {
        try await perform(StorePlan.each([StoreStatement(CrewSQL.pruneLeavers(dialect), week)]))
    }

    /// Every crew score's key, by board, in rank order, added to `keys` (the index rebuild).
    func rankedCrewKeys(into keys: RankedKeys) async throws -> RankedKeys {
        try await scan(StoreStatement(CrewSQL.rankedKeys(dialect)), into: keys) { keys, row in
            keys.append(RankKey(score: try row.integer("score"), detail: try row.real("detail"), at: try row.integer("at"),
                                player: try row.integer("player")), on: try row.text("board"))
        }
    }
}

/// The lock a crew's changes and counts share (on PostgreSQL an advisory lock; SQLite has one writer).
func crewLock(_ crew: Int64) -> String { "crew:\(crew)" }

/// A membership written (and, when it counts this week, the player's week counted for the crew).
private func enlist<Outcome>(_ player: Int64, crew: Int64, week: Int, countsFrom: Int, at: Int64, _ d: StoreSQL.Dialect,
                             _ then: @escaping @Sendable () throws -> StorePlan<Outcome>) throws -> StorePlan<Outcome> {
    .run(StoreStatement(CrewSQL.join(d), player, crew, countsFrom, at)) { _ in
        guard countsFrom <= week else { return try then() }
        return .run(StoreStatement(CrewSQL.pin(d), week, player, crew)) { pinned in
            guard !pinned.isEmpty else { return try then() }
            return .run(StoreStatement(CrewSQL.dirty(d), week, crew)) { _ in try then() }
        }
    }
}

extension CrewRow {
    init(row: StoreRow) throws {
        self.init(number: try row.integer("id"), publicID: try row.text("public_id"), name: try row.text("name"))
    }
}

extension CrewMembership {
    init(row: StoreRow) throws {
        self.init(crew: try row.integer("crew"), countsFrom: try row.int("counts_from"), leavesAfter: try row.optionalInt("leaves_after"))
    }
}
