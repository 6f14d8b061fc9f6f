// The week's leagues, each test on a real SQLite file and on a real PostgreSQL: a player's first
// points seat them in a group of at most 30 of their tier; the week's close ranks each group,
// moves its top up and its bottom down, moves down a tier those who earned nothing, tells each
// player once — run by two servers at once, or cut short and run again — and the tables say so;
// erasure takes a player out of their group.
import Foundation
import PlumeCalendar
import ScoresAPI
import Testing
@testable import Leaderboard
import PlumeTestSupport

@Suite struct LeagueTests {
    /// A Wednesday: the week of 2026-11-23 (2026-W48).
    static let wednesday = UTCDay.days(year: 2026, month: 11, day: 25)

    func news(_ service: LeaderboardService, _ player: PlayerRecord, _ kind: NewsKind) async throws -> [NewsItem] {
        try await service.news(player, after: 0).items.filter { $0.kind.word == kind }
    }

    @Test(arguments: StoreKind.allCases)
    func firstPointsSeatAPlayerInAGroupOfAtMostThirtyOfTheirTier(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 25))
        let service = try await Fixtures.service(kind, clock: clock)
        let ada = try await service.registered("Ada"), bea = try await service.registered("Bea")
        // A fresh database: the week before has not closed, so Ada's first points wait for a
        // seat; a look at a league closes it (Bea's, with no points yet) and seats her.
        try await service.playALook(ada, clock, pick: 3)
        #expect(try await service.store.weekSeat(player: ada.number, week: WeekRules.monday(ofDay: Self.wednesday))?.group == nil)
        let before = try await service.league(bea, week: nil)
        #expect(before.group == nil && before.members.isEmpty && before.tier.word == .cotton && before.week == "2026-W48")
        #expect(before.closesAt == Timestamp.iso(milliseconds: UTCDay.start(of: Self.wednesday + 5) * 1000) && before.points == 0)
        #expect(before.closesAt.hasPrefix("2026-11-30T00:00:00"))
        let seated = try await service.league(ada, week: nil)
        let adaGroup = try #require(seated.group)
        #expect(seated.members.map(\.playerID) == [ada.publicID] && seated.rank == 1 && seated.points == seated.members.first?.points)
        #expect(seated.promote == 0 && seated.demote == 0, "one player moves nowhere")
        // From then on a first play seats at once: 29 more fill her group, the 31st opens another.
        var players = [ada]
        for n in 1...30 {
            let player = try await service.registered("Model \(n)")
            try await service.playALook(player, clock, pick: n)
            players.append(player)
        }
        let full = try await service.league(ada, week: nil)
        #expect(full.group == adaGroup && full.members.count == WeekRules.groupSize)
        #expect(full.promote == 7 && full.demote == 0, "the lowest tier sends no one down")
        #expect(full.members.map(\.rank) == Array(1...30))
        #expect(zip(full.members, full.members.dropFirst()).allSatisfy { $0.points >= $1.points })
        #expect(full.members.first { $0.playerID == ada.publicID }?.rank == full.rank)
        let last = try await service.league(players[30], week: nil)
        #expect(last.group != nil && last.group != adaGroup && last.members.count == 1)
        // Anyone's view: the same table, no one's own place.
        let open = try await service.leagueGroup(adaGroup)
        #expect(open.members == full.members && open.rank == nil && open.points == nil && !open.closed)
        #expect(await refusal { _ = try await service.leagueGroup("nope") }?.code == .groupNotFound)
        #expect(await refusal { _ = try await service.leagueGroup("999999") }?.code == .groupNotFound)
        #expect(await refusal { _ = try await service.league(ada, week: "2026-W99") }?.code == .invalidWeek)
        #expect(await refusal { _ = try await service.league(ada, week: "2026-W49") }?.code == .invalidWeek, "a week to come")
    }

    @Test(arguments: StoreKind.allCases)
    func theCloseMovesEachGroupsTopUpAndBottomDownOnceWhateverRunsIt(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 25))
        let database = try Fixtures.newDatabase(kind)
        let one = try await Fixtures.service(clock: clock, store: try StoreKind.open(database))
        let two = try await Fixtures.service(clock: clock, store: try StoreKind.open(database))
        try await one.closeDays()
        var players: [PlayerRecord] = []
        for n in 0..<30 {
            let player = try await one.registered("Model \(n)")
            try await one.playALook(player, clock, pick: n)
            players.append(player)
        }
        let weekA = try await one.league(players[0], week: nil)
        // The week ends; two servers close it at once.
        clock.advance(seconds: 7 * 86_400)
        try await two.catchUp()
        async let first: Void = one.closeDays()
        async let second: Void = two.closeDays()
        _ = try await (first, second)
        let closed = try await two.league(players[0], week: "2026-W48")
        #expect(closed.closed && closed.group == weekA.group && closed.members.count == 30)
        var linen: [PlayerRecord] = []
        for member in closed.members {
            let player = try #require(players.first { $0.publicID == member.playerID })
            let expected: LeagueMove = member.rank <= 7 ? .up : .stayed
            #expect(member.moved?.word == expected, "\(member.name) #\(member.rank)")
            let told = try await news(one, player, .leagueClosed)
            #expect(told.count == 1 && told.first?.rank == member.rank && told.first?.of == 30, "\(member.name): \(told.map(\.text))")
            let words = expected == .up ? "up to Linen" : "staying in Cotton"
            #expect(told.first?.text == "\(News.ordinal(member.rank)) of 30 in Cotton in 2026-W48 with \(member.points) points: \(words).")
            let mine = try await one.league(player, week: "2026-W48")
            #expect(mine.moved == member.moved && mine.nextTier?.word == (expected == .up ? .linen : .cotton) && mine.rank == member.rank)
            let now = try await one.league(player, week: nil)
            #expect(now.group == nil && now.tier.word == (expected == .up ? .linen : .cotton) && now.week == "2026-W49")
            if expected == .up { linen.append(player) }
            // Promoted into Linen: the Climber's bronze.
            let climber = try await one.record(playerID: player.publicID, cursor: nil).banners?.map { "\($0.id)/\($0.tier)" }
            #expect(climber == (expected == .up ? ["league/1"] : []), "\(member.name)")
        }
        // Week B: six of the seven in Linen play and one does not; two of Cotton play.
        let idle = linen.removeLast()
        for (n, player) in linen.enumerated() { try await one.playALook(player, clock, pick: n) }
        let cotton = players.filter { player in !linen.contains(player) && player != idle }
        for player in cotton.prefix(2) { try await two.playALook(player, clock, pick: 0) }
        let linenGroup = try #require(try await one.league(linen[0], week: nil).group)
        #expect(try await one.league(linen[0], week: nil).tier.word == .linen)
        #expect(try await one.leagueGroup(linenGroup).members.count == 6)
        // Its close cut short after one group, then run again on the other server.
        clock.advance(seconds: 7 * 86_400)
        #expect(try await one.store.closeGroups(week: WeekRules.monday(ofDay: Self.wednesday + 7), limit: 1, at: clock.now) == 1)
        try await two.closeDays()
        try await one.closeDays()
        let table = try await one.leagueGroup(linenGroup)
        // Six of a group: one up, one down (7 and 5 of 30, rounded).
        #expect(table.closed && table.promote == 1 && table.demote == 1)
        #expect(table.members.map { $0.moved?.word } == [.up, .stayed, .stayed, .stayed, .stayed, .down])
        let tiers: [LeagueTier] = [.denim, .linen, .linen, .linen, .linen, .cotton]
        for (member, tier) in zip(table.members, tiers) {
            let player = try #require(linen.first { $0.publicID == member.playerID })
            #expect(try await one.league(player, week: nil).tier.word == tier)
            #expect(try await news(one, player, .leagueClosed).count == 2)
        }
        // A week without points costs a tier, once, with news; the lowest has none to lose.
        let idleNews = try await news(one, idle, .leagueIdle)
        #expect(idleNews.map(\.text) == ["No week points in 2026-W49: down from Linen to Cotton. Any week points this week put you in a group again."])
        #expect(try await one.league(idle, week: nil).tier.word == .cotton)
        #expect(try await news(one, cotton[5], .leagueIdle).isEmpty)
        #expect(try await one.league(cotton[5], week: nil).tier.word == .cotton)
        #expect(try await one.store.tier(player: cotton[5].number) == nil, "the lowest tier is no row")
    }

    /// Forty first plays at once, on two servers: one full group and one of ten, never three
    /// groups (two seats taken at once would each open a new group when the newest filled).
    @Test(arguments: StoreKind.allCases)
    func seatsTakenAtOnceFillAGroupBeforeOpeningAnother(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 25))
        let database = try Fixtures.newDatabase(kind)
        let one = try await Fixtures.service(clock: clock, store: try StoreKind.open(database))
        let two = try await Fixtures.service(clock: clock, store: try StoreKind.open(database))
        try await one.closeDays()
        var players: [PlayerRecord] = []
        for n in 0..<40 { players.append(try await one.registered("Model \(n)")) }
        let week = WeekRules.monday(ofDay: Self.wednesday)
        // Their points first, unseated (as if the week before had not closed), then every seat at once.
        for player in players {
            try await one.store.perform(try StoreRules(one.store.dialect).raiseDay(player: player.number, day: Self.wednesday, at: clock.now,
                                                                                    WeekDayParts(style: 10)) { .done(()) })
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, player) in players.enumerated() {
                let service = index.isMultiple(of: 2) ? one : two
                group.addTask { _ = try await service.store.seat(player: player.number, week: week) }
            }
            try await group.waitForAll()
        }
        var sizes: [String: Int] = [:]
        for player in players {
            let group = try #require(try await one.store.weekSeat(player: player.number, week: week)?.group)
            sizes[String(group), default: 0] += 1
        }
        #expect(sizes.values.sorted() == [10, 30], "\(sizes)")
    }

    @Test(arguments: StoreKind.allCases)
    func erasureTakesAPlayerOutOfTheirGroup(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 25))
        let service = try await Fixtures.service(kind, clock: clock)
        try await service.closeDays()
        let ada = try await service.registered("Ada"), bea = try await service.registered("Bea")
        try await service.playALook(ada, clock, pick: 1)
        try await service.playALook(bea, clock, pick: 2)
        let group = try #require(try await service.league(bea, week: nil).group)
        #expect(try await service.leagueGroup(group).members.count == 2)
        clock.advance(seconds: 7 * 86_400)
        try await service.closeDays()
        #expect(try await service.store.tier(player: ada.number) != nil)
        try await service.erase(ada)
        let after = try await service.leagueGroup(group)
        #expect(after.members.map(\.playerID) == [bea.publicID] && after.members.first?.rank == 1)
        #expect(try await service.store.tier(player: ada.number) == nil)
    }
}
