// The day that carries over, each test on a real SQLite file and on a real PostgreSQL: days played
// and streaks as the server's days go by, score bands, the record's pages, the news the closing
// passes write (once, however many servers run them), and the Runway's anonymity in reads.
import Challenges
import Foundation
import GameState
import PlumeCalendar
import ScoresAPI
import Testing
@testable import Leaderboard
import LeaderboardPostgres
import PlumeTestSupport

@Suite struct DaysTests {
    /// The clock's first day (noon UTC).
    static let first = UTCDay.days(year: 2026, month: 11, day: 22)

    func register(_ service: LeaderboardService, _ name: String) async throws -> PlayerRecord {
        let registered = try await service.register(RegisterRequest(name: name))
        return try await service.authenticate(token: registered.token)
    }

    /// Looks of distinct scores on a day's theme, lowest first.
    static func looks(day: Int) -> [(code: String, score: Int)] {
        let theme = Fixtures.book.theme(forDay: day)
        var seen = Set<Int>()
        return Fixtures.singleGarmentLooks.compactMap { code -> (String, Int)? in
            guard case .look(let look)? = try? ShareCode.decode(code) else { return nil }
            let score = theme.score(look, in: Fixtures.catalog).total
            return seen.insert(score).inserted ? (code, score) : nil
        }.sorted { $0.1 < $1.1 }
    }

    func play(_ service: LeaderboardService, _ player: PlayerRecord, day: Int, pick: Int = 0) async throws -> SubmissionResult {
        let looks = Self.looks(day: day)
        return try await service.submit(player, SubmitRequest(boardID: "style-" + UTCDay.string(day), code: looks[min(pick, looks.count - 1)].code))
    }

    @Test(arguments: StoreKind.allCases)
    func aStreakCountsDaysInARowAndBreaksOnlyOnAWholeMissedDay(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 22))
        let service = try await Fixtures.service(kind, clock: clock)
        let ada = try await register(service, "Ada")
        var record = try await service.record(playerID: ada.publicID, cursor: nil)
        #expect(record.daysPlayed == 0 && record.streak == 0 && record.lastPlayed == nil && record.days.isEmpty)
        #expect(record.bands == Array(repeating: 0, count: ScoreBands.count))
        for day in 0..<3 {
            _ = try await play(service, ada, day: Self.first + day)
            // A better look later the same day is the same day.
            _ = try await play(service, ada, day: Self.first + day, pick: 3)
            clock.advance(seconds: 86_400)
        }
        // Day 4, not played yet: the streak still counts up to yesterday.
        record = try await service.record(playerID: ada.publicID, cursor: nil)
        #expect(record.daysPlayed == 3 && record.streak == 3 && record.bestStreak == 3)
        #expect(record.lastPlayed == UTCDay.string(Self.first + 2) && record.today == UTCDay.string(Self.first + 3))
        #expect(record.bands.reduce(0, +) == 3, "each day counts once, in the band of its best")
        #expect(record.days.map(\.day) == (0..<3).reversed().map { UTCDay.string(Self.first + $0) })
        // Day 5: day 4 went by unplayed, and the streak is gone before day 5 is played.
        clock.advance(seconds: 86_400)
        record = try await service.record(playerID: ada.publicID, cursor: nil)
        #expect(record.streak == 0 && record.bestStreak == 3)
        _ = try await play(service, ada, day: Self.first + 4)
        record = try await service.record(playerID: ada.publicID, cursor: nil)
        #expect(record.daysPlayed == 4 && record.streak == 1 && record.bestStreak == 3)
    }

    @Test(arguments: StoreKind.allCases)
    func bandsFollowEachDaysBestAndTheDaysCarryTheirRanks(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 22))
        let service = try await Fixtures.service(kind, clock: clock)
        let ada = try await register(service, "Ada"), bea = try await register(service, "Bea")
        let looks = Self.looks(day: Self.first)
        let low = try #require(looks.first), high = try #require(looks.last)
        #expect(ScoreBands.band(of: Int64(low.score)) != ScoreBands.band(of: Int64(high.score)))
        _ = try await play(service, ada, day: Self.first, pick: 0)
        var record = try await service.record(playerID: ada.publicID, cursor: nil)
        #expect(record.bands[ScoreBands.band(of: Int64(low.score))] == 1)
        _ = try await play(service, ada, day: Self.first, pick: looks.count - 1)
        _ = try await play(service, bea, day: Self.first, pick: 1)
        record = try await service.record(playerID: ada.publicID, cursor: nil)
        #expect(record.bands[ScoreBands.band(of: Int64(low.score))] == 0 && record.bands[ScoreBands.band(of: Int64(high.score))] == 1)
        let day = try #require(record.days.first)
        #expect(day.score == Int64(high.score) && day.rank == 1 && day.entries == 2 && day.peopleRank == nil)
        let beas = try await service.record(playerID: bea.publicID, cursor: nil)
        #expect(beas.days.first?.rank == 2)
    }

    @Test(arguments: StoreKind.allCases)
    func theRecordPagesBackwardsAndRefusesWhatItCantRead(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 1))
        let service = try await Fixtures.service(kind, clock: clock)
        let ada = try await register(service, "Ada")
        let start = UTCDay.days(year: 2026, month: 11, day: 1)
        for day in 0..<12 {
            if day != 5 { _ = try await play(service, ada, day: start + day) }
            clock.advance(seconds: 86_400)
        }
        var days: [String] = [], cursor: String?, pages = 0
        repeat {
            let page = try await service.record(playerID: ada.publicID, limit: 4, cursor: cursor)
            #expect(page.days.count <= 4 && page.daysPlayed == 11)
            days += page.days.map(\.day)
            cursor = page.nextCursor
            pages += 1
        } while cursor != nil
        #expect(pages == 3 && days == (0..<12).reversed().filter { $0 != 5 }.map { UTCDay.string(start + $0) })
        #expect(await refusal { _ = try await service.record(playerID: ada.publicID, cursor: "2026-13-01") }?.code == .invalidCursor)
        #expect(await refusal { _ = try await service.record(playerID: ada.publicID, cursor: "yesterday") }?.code == .invalidCursor)
        #expect(await refusal { _ = try await service.record(playerID: ada.publicID, limit: 0, cursor: nil) }?.code == .invalidLimit)
        #expect(await refusal { _ = try await service.record(playerID: "nobody", cursor: nil) }?.code == .playerNotFound)
    }

    /// Each day's close is news for everyone on it, with their final rank, and a streak that a
    /// missed day ended is news; running the passes again, or on two servers at once, writes
    /// nothing twice.
    @Test(arguments: StoreKind.allCases)
    func closingPassesWriteEachItemOnceWhateverRunsThem(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 22))
        let database = try Fixtures.newDatabase(kind)
        let one = try await Fixtures.service(clock: clock, store: try StoreKind.open(database))
        let two = try await Fixtures.service(clock: clock, store: try StoreKind.open(database))
        let ada = try await register(one, "Ada"), bea = try await register(one, "Bea")
        for day in 0..<3 {
            _ = try await play(one, ada, day: Self.first + day, pick: 2)
            if day == 0 { _ = try await play(one, bea, day: Self.first, pick: 1) }
            clock.advance(seconds: 86_400)
        }
        try await two.catchUp()
        async let first: Void = one.closeDays()
        async let second: Void = two.closeDays()
        _ = try await (first, second)
        try await one.closeDays()
        let adas = try await one.news(ada, after: 0).items.ofDays, beas = try await one.news(bea, after: 0).items.ofDays
        #expect(adas.map(\.kind.word) == [.streak, .dayClosed, .dayClosed, .dayClosed], "\(adas.map(\.text))")
        #expect(adas.first?.streak == 3)
        let firstDay = try #require(adas.first { $0.kind.word == .dayClosed && $0.day == UTCDay.string(Self.first) })
        #expect(firstDay.rank == 1 && firstDay.of == 2 && firstDay.text.contains("#1 of 2"))
        #expect(beas.map(\.kind.word) == [.dayClosed] && beas.first?.rank == 2)
        // Bea played on the first day only; a one-day run is not a streak to lose. Ada's three
        // days end when the fourth goes by.
        clock.advance(seconds: 86_400)
        try await two.closeDays()
        let ended = try await one.news(ada, after: adas.last!.id).items.ofDays
        #expect(ended.map(\.kind.word) == [.streakBroken] && ended.first?.streak == 3 && ended.first?.text.contains("3-day streak ended") == true)
        #expect(try await one.news(bea, after: beas.last!.id).items.ofDays.isEmpty)
        #expect(await refusal { _ = try await one.news(ada, after: -1) }?.code == .invalidCursor)
    }

    /// A pass that died half-way left some items and no mark: the next pass, on any server,
    /// writes the rest and marks the day, and nobody hears anything twice.
    @Test(arguments: StoreKind.allCases)
    func aPassCutShortIsFinishedByTheNext(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 22))
        let service = try await Fixtures.service(kind, clock: clock)
        var players: [PlayerRecord] = []
        for n in 0..<5 {
            let player = try await register(service, "Player \(n)")
            _ = try await play(service, player, day: Self.first, pick: n)
            players.append(player)
        }
        clock.advance(seconds: 86_400)
        let written = players.prefix(2).map { News.dayClosed(player: $0.number, day: Self.first, theme: "a theme", rank: 1, of: 5, score: 1) }
        try await service.store.addNews(written, at: service.now)
        #expect(try await service.store.closings(since: Self.first).isEmpty)
        try await service.closeDays()
        #expect(try await service.store.closings(since: Self.first).contains(ClosedDay(closing: .day, day: Self.first)))
        for player in players {
            let items = try await service.news(player, after: 0).items.ofDays
            #expect(items.count == 1 && items[0].kind.word == .dayClosed && items[0].day == UTCDay.string(Self.first))
        }
    }

    /// While a day's runway takes votes its looks are nobody's in public reads; the owner still
    /// sees their own; once voting closes everything shows again, and the runway's close is news.
    @Test(arguments: StoreKind.allCases)
    func theRunwayIsAnonymousUntilItsVotingCloses(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 22))
        let service = try await Fixtures.service(kind, clock: clock)
        let day = UTCDay.string(Self.first)
        let ada = try await register(service, "Ada"), bea = try await register(service, "Bea")
        let code = RunwayServiceTests.looks[0]
        _ = try await service.enterRunway(ada, day: day, RunwayEntryRequest(code: code))
        _ = try await service.enterRunway(bea, day: day, RunwayEntryRequest(code: RunwayServiceTests.looks[1]))
        _ = try await service.submit(ada, SubmitRequest(boardID: "style-" + day, code: code))
        _ = try await service.updateProfile(ada, ProfileUpdate(avatarLook: code))
        // A friend's copy of the look is refused, without a name.
        let carol = try await register(service, "Carol")
        let taken = try #require(await refusal { _ = try await service.enterRunway(carol, day: day, RunwayEntryRequest(code: code)) })
        #expect(taken.code == .lookTaken && !taken.message.contains("Ada"))
        try await service.refreshRunway()
        func publicReads() async throws -> [String] {
            var shown = try await service.top(boardID: "style-" + day, limit: 10, cursor: nil).rows.flatMap { [$0.code, $0.avatarLook ?? ""] }
            shown += try await service.top(boardID: "people-" + day, limit: 10, cursor: nil).rows.flatMap { [$0.code, $0.name] }
            let profile = try await service.publicProfile(playerID: ada.publicID)
            shown += profile.bests.map(\.code) + [profile.avatarLook ?? ""]
            shown += try await service.around(boardID: "style-" + day, playerID: ada.publicID, radius: 3).rows.map(\.code)
            return shown
        }
        let whileVoting = try await publicReads()
        #expect(!whileVoting.contains(code) && !whileVoting.contains("Ada") && !whileVoting.contains("Bea"))
        #expect(try await service.record(playerID: ada.publicID, cursor: nil).days.first?.peopleRank == nil)
        #expect(await refusal { _ = try await service.standing(boardID: "people-" + day, playerID: ada.publicID) }?.code == .noRecord)
        #expect(await refusal { _ = try await service.around(boardID: "people-" + day, playerID: ada.publicID, radius: 2) }?.code == .noRecord)
        #expect(try await service.around(boardID: "style-" + day, player: ada, radius: 0).rows.first?.code == code)
        #expect(try await service.publicProfile(playerID: ada.publicID, viewer: ada).bests.contains { $0.code == code })
        // The next day voting is still open; the day after, it has closed.
        clock.advance(seconds: 86_400)
        try await service.refreshRunway()
        #expect(!(try await publicReads()).contains(code))
        clock.advance(seconds: 86_400)
        try await service.refreshRunway()
        let afterwards = try await publicReads()
        #expect(afterwards.contains(code) && afterwards.contains("Ada"))
        try await service.closeDays()
        let news = try await service.news(ada, after: 0).items
        let closed = try #require(news.first { $0.kind.word == .runwayClosed })
        let record = try await service.record(playerID: ada.publicID, cursor: nil)
        #expect(record.days.first?.peopleRank == closed.rank && record.days.first?.peopleEntries == 2)
        #expect(closed.day == day && closed.of == 2 && closed.rank != nil && closed.text.contains("people's choice"))
    }

    /// A runway whose voting closed while no server was running still gets its final board,
    /// and its news, from the first closing pass after.
    @Test(arguments: StoreKind.allCases)
    func aRunwayClosedWhileNoServerRanIsCountedByTheNextPass(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 22))
        let database = try Fixtures.newDatabase(kind)
        let first = try await Fixtures.service(clock: clock, store: try StoreKind.open(database))
        let day = UTCDay.string(Self.first)
        var entrants: [PlayerRecord] = []
        for n in 0..<3 {
            let player = try await register(first, "Model \(n)")
            _ = try await first.enterRunway(player, day: day, RunwayEntryRequest(code: RunwayServiceTests.looks[n]))
            entrants.append(player)
        }
        let voter = try await register(first, "Voter")
        let pair = try await first.dealRunwayPair(voter, day: day)
        _ = try await first.castRunwayVote(voter, RunwayVoteRequest(ticket: pair.ticket, choice: .left))
        clock.advance(seconds: 4 * 86_400)
        let later = try await Fixtures.service(clock: clock, store: try StoreKind.open(database))
        try await later.closeDays()
        let board = try await later.top(boardID: "people-" + day, limit: 10, cursor: nil)
        #expect(board.rows.count == 3 && board.rows.map(\.detail).reduce(0, +) == 2, "\(board.rows)")
        for entrant in entrants {
            let news = try await later.news(entrant, after: 0).items.filter { $0.kind.word == .runwayClosed }
            #expect(news.count == 1 && news.first?.of == 3)
        }
        let record = try await later.record(playerID: entrants[0].publicID, cursor: nil)
        #expect(record.days.isEmpty, "entering the runway is not playing the style board")
    }

    @Test(arguments: StoreKind.allCases)
    func erasureTakesTheDaysAndTheNews(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 22))
        let service = try await Fixtures.service(kind, clock: clock)
        let ada = try await register(service, "Ada")
        _ = try await play(service, ada, day: Self.first)
        clock.advance(seconds: 86_400)
        try await service.closeDays()
        #expect(try await service.news(ada, after: 0).items.ofDays.count == 1)
        try await service.erase(ada)
        #expect(try await service.store.dayTotals(player: ada.number) == nil)
        #expect(try await service.store.news(player: ada.number, after: 0, limit: 10).isEmpty)
        #expect(try await service.store.scoreBands(player: ada.number).allSatisfy { $0 == 0 })
    }
}
