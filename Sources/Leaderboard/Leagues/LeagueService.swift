// The week's leagues: a player's seat in a group once they earn their first points of a week,
// the week's close (each group's order, who moves up and down, a tier lost by a week without
// points, and everyone's news), and the group tables the game and the web show.
//
// The close runs in the closing pass (DaysService) once a week has ended, on any server, on
// several at once or cut short: groups are claimed in the transaction that closes them, a tier
// is moved only from the week it was held for, and news is one item a player and week; the week
// is marked closed only once its groups and tiers are. A week's first seats wait for the week
// before to be closed (a seat needs the tier the close gives): until then a player's points are
// kept and the close seats them, as does their next play or a look at their league.
import PlumeCalendar
import ScoresAPI

extension LeaderboardService {
    // MARK: Seats

    /// After a play that raised (or may have raised) a player's week points, committed: their seat
    /// in a league, when they have none yet and the week before has closed, and their crew's
    /// score. One read when there is nothing to do (seated, in no crew). A failure leaves the seat
    /// to the close and the crew to the closing pass: the play itself is kept.
    func weekPointsRose(_ player: Int64, at: Int64) async {
        let week = WeekRules.monday(ofDay: UTCDay.containing(milliseconds: at))
        guard let seat = try? await store.weekSeat(player: player, week: week) else { return }
        // Only in this week: a play of a week that has just ended is seated by its close.
        if seat.group == nil, week == WeekRules.monday(ofDay: today), (try? await weekClosed(week - 7)) == true {
            _ = try? await store.seat(player: player, week: week)
        }
        if let crew = seat.crew { try? await store.recountCrew(crew, week: week, at: now) }
    }

    /// Whether a week's close is done (weeks are closed in order, and stay closed).
    func weekClosed(_ week: Int) async throws -> Bool {
        if closedWeek.withLock({ week <= $0 }) { return true }
        guard try await store.closings(since: week).contains(ClosedDay(closing: .week, day: week)) else { return false }
        closedWeek.withLock { $0 = max($0, week) }
        return true
    }

    /// Seats every player with points in a week and no group yet.
    func seatEveryone(_ week: Int) async throws {
        var after: Int64 = 0
        while true {
            let players = try await store.unseated(week: week, after: after, limit: LeaderboardLimits.closingBatch)
            for player in players { _ = try await store.seat(player: player, week: week) }
            guard let last = players.last, players.count == LeaderboardLimits.closingBatch else { return }
            after = last
        }
    }

    // MARK: The close

    /// Closes each week that ended in the last `LeaderboardLimits.closingLookbackWeeks` and is not
    /// closed yet, oldest first (a week's tiers come from the close of the one before).
    func closeWeeks() async throws {
        let thisWeek = WeekRules.monday(ofDay: today)
        let first = thisWeek - 7 * LeaderboardLimits.closingLookbackWeeks
        let done = try await store.closings(since: first)
        for week in stride(from: first, to: thisWeek, by: 7) where !done.contains(ClosedDay(closing: .week, day: week)) {
            try await closeWeek(week)
        }
    }

    /// A week's close: its stragglers seated, its groups closed, the tiers of those who earned
    /// nothing moved down, the week marked closed, and the next week's early players seated.
    func closeWeek(_ week: Int) async throws {
        try await seatEveryone(week)
        while true {
            let claimed = try await store.closeGroups(week: week, limit: LeaderboardLimits.closingGroups, at: now)
            // Nothing claimed: done, unless another server's close still holds some.
            if claimed == 0, try await !store.hasOpenGroup(week: week) { break }
        }
        var after: Int64 = 0
        while let last = try await store.closeTiers(week: week, after: after, limit: LeaderboardLimits.closingBatch, at: now) {
            after = last
        }
        try await store.markClosed(.week, day: week, at: now)
        if week + 7 <= WeekRules.monday(ofDay: today) { try await seatEveryone(week + 7) }
    }

    /// Starts a closing pass and waits for it at most `limit` (its errors are the pass's own, and
    /// reported as a background pass's are; a request is answered either way).
    func closeWhileWaiting(upTo limit: Duration) async {
        let pass = Task { [self] in try await closeDays() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { _ = try? await pass.value }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }

    // MARK: Tables

    /// The player's group in a week (`week` YYYY-Www, this week when nil), and where they stand.
    public func league(_ player: PlayerRecord, week text: String?) async throws -> LeagueTable {
        try requireReady()
        let thisWeek = WeekRules.monday(ofDay: today)
        var week = thisWeek
        if let text {
            guard let asked = ISOWeek(text), asked.firstDay <= thisWeek else {
                throw LeaderboardError.invalid(.invalidWeek, "week is an ISO week, YYYY-Www, this one (\(ISOWeek(day: thisWeek))) or one before")
            }
            week = asked.firstDay
        }
        // A week that ended is closed before it is shown, and this week's seats need the last
        // one's close: when no server's pass has done it yet (a server's timer missed it), this
        // request starts one and waits for it a little; a long close goes on behind the answer.
        let needed = week == thisWeek ? week - 7 : week
        if needed >= thisWeek - 7 * LeaderboardLimits.closingLookbackWeeks, try await !weekClosed(needed) {
            await closeWhileWaiting(upTo: .seconds(LeaderboardLimits.closeWaitSeconds))
        }
        var seat = try await store.weekSeat(player: player.number, week: week)
        if week == thisWeek, let found = seat, found.group == nil, try await weekClosed(week - 7) {
            seat?.group = try await store.seat(player: player.number, week: week)
        }
        guard let group = seat?.group, let row = try await store.leagueGroup(group) else {
            // The player's tier now (of a past week without a group, the one they have since).
            let tier = try await store.tier(player: player.number)?.tier ?? .cotton
            return LeagueTable(week: ISOWeek(day: week).description, tier: tier, group: nil, closesAt: Self.closesAt(week),
                               closed: week < thisWeek, promote: 0, demote: 0, members: [], points: seat?.points ?? 0)
        }
        var table = try await leagueTable(row)
        if let mine = table.members.first(where: { $0.playerID == player.publicID }) {
            (table.rank, table.points, table.moved) = (mine.rank, mine.points, mine.moved)
            if row.closed, let moved = mine.moved?.word { table.nextTier = Spelled(row.tier.moved(moved)) }
        }
        return table
    }

    /// Anyone's view of a group, by its id.
    public func leagueGroup(_ id: String) async throws -> LeagueTable {
        try requireReady()
        guard id.utf8.count <= 18, let number = Int64(id), number > 0, let row = try await store.leagueGroup(number) else {
            throw LeaderboardError(.notFound, .groupNotFound, "there is no league group with that id")
        }
        return try await leagueTable(row)
    }

    /// A group's table: once closed as the close ranked it, before then as it stands.
    func leagueTable(_ row: LeagueGroupRow) async throws -> LeagueTable {
        let kept = try await store.leagueTable(row.id)
        let byPlayer = Dictionary(kept.map { ($0.standing.player, $0) }, uniquingKeysWith: { first, _ in first })
        let members: [LeagueMember]
        if row.closed {
            // Someone seated after the close (none should be) comes after those it ranked.
            members = kept.sorted { ($0.finalRank ?? Int.max, $0.standing.player) < ($1.finalRank ?? Int.max, $1.standing.player) }
                .enumerated().map { index, member in
                    LeagueMember(playerID: member.publicID, name: member.name, points: member.standing.points, rank: member.finalRank ?? index + 1,
                                 moved: member.moved ?? .stayed)
                }
        } else {
            members = LeagueStandings.places(kept.map(\.standing), tier: row.tier).compactMap { place in
                byPlayer[place.player].map { LeagueMember(playerID: $0.publicID, name: $0.name, points: place.points, rank: place.rank) }
            }
        }
        return LeagueTable(week: ISOWeek(day: row.week).description, tier: row.tier, group: String(row.id), closesAt: Self.closesAt(row.week),
                           closed: row.closed, promote: WeekRules.promoted(members: members.count, tier: row.tier),
                           demote: WeekRules.demoted(members: members.count, tier: row.tier), members: members)
    }

    /// A week's end: the next Monday, 00:00 UTC.
    static func closesAt(_ week: Int) -> String { Timestamp.iso(milliseconds: UTCDay.start(of: week + 7) * 1000) }
}
