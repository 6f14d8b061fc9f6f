// Week points as play arrives, each test on a real SQLite file and on a real PostgreSQL: a day's
// look and Lab swarm by their bands, a copied look for playing only, votes that earned their point
// up to ten, a show's places on the day its voting closes, the week's total and its days, and
// erasure.
import Foundation
import PlumeCalendar
import ScoresAPI
import Testing
@testable import Leaderboard
import PlumeTestSupport

@Suite struct WeekPointsTests {
    /// 2026-11-22, the clock's first day, is a Sunday: the week of 2026-11-16.
    static let sunday = UTCDay.days(year: 2026, month: 11, day: 22)

    func register(_ service: LeaderboardService, _ name: String) async throws -> PlayerRecord {
        let registered = try await service.register(RegisterRequest(name: name))
        return try await service.authenticate(token: registered.token)
    }

    func submit(_ service: LeaderboardService, _ player: PlayerRecord, day: Int, _ look: (code: String, score: Int)) async throws {
        _ = try await service.submit(player, SubmitRequest(boardID: "style-" + UTCDay.string(day), code: look.code))
    }

    func style(_ look: (code: String, score: Int), copied: Bool = false) -> Int { WeekRules.stylePoints(score: Int64(look.score), copied: copied) }

    @Test(arguments: StoreKind.allCases)
    func aDayKeepsItsBestLookAndTheWeekAddsWhatTheDayGained(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 22))
        let service = try await Fixtures.service(kind, clock: clock)
        let ada = try await register(service, "Ada")
        let monday = WeekRules.monday(ofDay: Self.sunday)
        #expect(try await service.store.weekTotal(player: ada.number, monday: monday) == nil)
        let looks = DaysTests.looks(day: Self.sunday)
        let low = looks[0], high = looks[looks.count - 1]
        #expect(style(high) > style(low), "the fixtures' looks span more than one band")
        try await submit(service, ada, day: Self.sunday, low)
        var total = try #require(try await service.store.weekTotal(player: ada.number, monday: monday))
        #expect(total.points == style(low) && total.days == 1)
        // A better look raises the day's part to its own; the same or a worse one adds nothing.
        try await submit(service, ada, day: Self.sunday, high)
        try await submit(service, ada, day: Self.sunday, high)
        try await submit(service, ada, day: Self.sunday, low)
        total = try #require(try await service.store.weekTotal(player: ada.number, monday: monday))
        #expect(total.points == style(high) && total.days == 1)
        #expect(try await service.store.weekDays(player: ada.number, monday: monday) == [Self.sunday: WeekDayParts(style: style(high))])
        // Monday is the next week's.
        clock.advance(seconds: 86_400)
        let next = Self.sunday + 1, nextLooks = DaysTests.looks(day: next)
        try await submit(service, ada, day: next, nextLooks[0])
        #expect(try await service.store.weekTotal(player: ada.number, monday: next)?.points == style(nextLooks[0]))
        #expect(try await service.store.weekTotal(player: ada.number, monday: monday)?.points == style(high))
    }

    @Test(arguments: StoreKind.allCases)
    func aLookAnotherPlayerSentFirstThatDayEarnsOnlyThePartForPlaying(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind, clock: TestClock((2026, 11, 22)))
        let ada = try await register(service, "Ada"), bea = try await register(service, "Bea"), cy = try await register(service, "Cy")
        let looks = DaysTests.looks(day: Self.sunday), monday = WeekRules.monday(ofDay: Self.sunday)
        let high = looks[looks.count - 1], second = looks[looks.count - 2], first = looks[0]
        #expect(style(second) > style(high, copied: true))
        try await submit(service, ada, day: Self.sunday, high)
        try await submit(service, bea, day: Self.sunday, high)
        #expect(try await service.store.weekTotal(player: ada.number, monday: monday)?.points == style(high))
        #expect(try await service.store.weekTotal(player: bea.number, monday: monday)?.points == style(high, copied: true))
        // Her own look, though lower on the board, is worth more to her week than the copy.
        try await submit(service, bea, day: Self.sunday, second)
        #expect(try await service.store.weekTotal(player: bea.number, monday: monday)?.points == style(second))
        // Ada's board record moves on from her first look, which stays hers for the day: Cy's
        // copy of it is still a copy. Ada sending it again is hers.
        try await submit(service, ada, day: Self.sunday, first)
        try await submit(service, cy, day: Self.sunday, first)
        #expect(try await service.store.weekTotal(player: cy.number, monday: monday)?.points == style(first, copied: true))
        #expect(try await service.store.weekTotal(player: ada.number, monday: monday)?.points == style(high))
        // Once Ada is erased, the looks she sent first are no one's: Dee's is her own.
        try await service.erase(ada)
        let dee = try await register(service, "Dee")
        try await submit(service, dee, day: Self.sunday, first)
        #expect(try await service.store.weekTotal(player: dee.number, monday: monday)?.points == style(first))
    }

    @Test(arguments: StoreKind.allCases)
    func aDaysLabSwarmEarnsItsPart(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind, clock: TestClock((2027, 1, 2)))
        let ada = try await register(service, "Ada")
        let result = try await service.submit(ada, SubmitRequest(boardID: "lab-\(SwarmShowTests.day)", code: SwarmShowTests.variant(0)))
        let day = SwarmShowTests.dayNumber, monday = WeekRules.monday(ofDay: day)
        #expect(try await service.store.weekDays(player: ada.number, monday: monday) == [day: WeekDayParts(lab: WeekRules.labPoints(score: result.score))])
        #expect(try await service.store.weekTotal(player: ada.number, monday: monday)?.points == WeekRules.labPoints(score: result.score))
    }

    @Test(arguments: StoreKind.allCases)
    func votesThatEarnTheirPointCountUpToTenAndAShowsPlacesCountWhenItCloses(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 22))
        let service = try await Fixtures.service(kind, clock: clock)
        let day = UTCDay.string(Self.sunday)
        var models: [PlayerRecord] = []
        for n in 0..<6 {
            let model = try await register(service, "Model \(n)")
            _ = try await service.enterRunway(model, day: day, RunwayEntryRequest(code: RunwayServiceTests.looks[n]))
            models.append(model)
        }
        let voter = try await register(service, "Voter")
        var votes = 0, skips = 0
        while let pair = try? await service.dealRunwayPair(voter, day: day) {
            // The first pair is skipped: a skip earns no Runway point, and no week point.
            let choice: RunwayChoice = skips == 0 ? .skip : .left
            _ = try await service.castRunwayVote(voter, RunwayVoteRequest(ticket: pair.ticket, choice: choice))
            if choice == .skip { skips += 1 } else { votes += 1 }
        }
        #expect(votes > WeekRules.votesCounted && skips == 1, "\(votes) votes")
        let monday = WeekRules.monday(ofDay: Self.sunday)
        #expect(try await service.store.weekDays(player: voter.number, monday: monday) == [Self.sunday: WeekDayParts(votes: 10)])
        #expect(try await service.store.weekTotal(player: voter.number, monday: monday)?.points == 20)
        #expect(try await service.store.weekTotal(player: models[0].number, monday: monday) == nil, "entering is not a place yet")
        // Voting closes at the end of Monday: the places count on Tuesday, in the next week.
        clock.advance(seconds: 2 * 86_400)
        try await service.refreshRunway()
        try await service.closeDays()
        // A closing pass run again (a server killed before it marked the day done) counts once.
        try await service.closeRunway(Self.sunday)
        let board = try await service.top(boardID: "people-" + day, limit: 10, cursor: nil)
        let tuesday = Self.sunday + 2
        for row in board.rows {
            let model = try #require(models.first { $0.publicID == row.playerID })
            let days = try await service.store.weekDays(player: model.number, monday: WeekRules.monday(ofDay: tuesday))
            // Looks on one people's score share the first one's place.
            let place = try #require(board.rows.firstIndex { $0.score == row.score }) + 1
            #expect(days == [tuesday: WeekDayParts(place: WeekRules.placePoints(rank: place, of: board.rows.count))], "\(row.name): \(days)")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func erasureTakesAPlayersWeeks(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind, clock: TestClock((2026, 11, 22)))
        let ada = try await register(service, "Ada")
        try await submit(service, ada, day: Self.sunday, DaysTests.looks(day: Self.sunday)[0])
        let monday = WeekRules.monday(ofDay: Self.sunday)
        #expect(try await service.store.weekTotal(player: ada.number, monday: monday) != nil)
        try await service.erase(ada)
        #expect(try await service.store.weekTotal(player: ada.number, monday: monday) == nil)
        #expect(try await service.store.weekDays(player: ada.number, monday: monday).isEmpty)
    }
}
