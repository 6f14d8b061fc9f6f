// Banners, each test on a real SQLite file and on a real PostgreSQL: earned once and kept, each
// tier with its news once, on the record — a streak as days are played, a look in a people's top
// 10 as the runway closes (a pass run twice counts once), a Lab brief's top tenth as its day
// closes, and a league tier reached (LeagueTests); erasure takes them.
import Foundation
import PlumeCalendar
import ScoresAPI
import Testing
@testable import Leaderboard
import PlumeTestSupport

@Suite struct BannerTests {
    func banners(_ service: LeaderboardService, _ player: PlayerRecord) async throws -> [Banner] {
        try await service.record(playerID: player.publicID, cursor: nil).banners ?? []
    }

    func told(_ service: LeaderboardService, _ player: PlayerRecord) async throws -> [String] {
        try await service.news(player, after: 0).items.filter { $0.kind.word == .banner }.map(\.text)
    }

    @Test(arguments: StoreKind.allCases)
    func sevenDaysInARowEarnEveryDaysBronzeOnce(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 22))
        let service = try await Fixtures.service(kind, clock: clock)
        let ada = try await service.registered("Ada")
        let first = UTCDay.containing(milliseconds: clock.now)
        for day in first..<(first + 7) {
            #expect(try await banners(service, ada).isEmpty, "day \(day - first + 1)")
            let looks = DaysTests.looks(day: day)
            _ = try await service.submit(ada, SubmitRequest(boardID: "style-" + UTCDay.string(day), code: looks[0].code))
            // A second look the same day is no new day.
            _ = try await service.submit(ada, SubmitRequest(boardID: "style-" + UTCDay.string(day), code: looks[1].code))
            if day < first + 6 { clock.advance(seconds: 86_400) }
        }
        let earned = try await banners(service, ada)
        #expect(earned.map(\.id.word) == [.streak] && earned.first?.tier == 1 && earned.first?.tierName == "bronze")
        #expect(earned.first?.earnedAt.hasPrefix(String(Timestamp.iso(milliseconds: clock.now).prefix(10))) == true, "earned on the seventh day")
        #expect(try await told(service, ada) == ["New banner: Every Day (bronze), for a 7-day streak."])
        try await service.erase(ada)
        #expect(try await service.store.banners(player: ada.number).isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func aLookInAPeoplesTopTenCountsOnceTowardRunwayStar(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 22))
        let service = try await Fixtures.service(kind, clock: clock)
        let day = UTCDay.string(UTCDay.containing(milliseconds: clock.now))
        let models = try await service.runwayModels(3, day: day)
        let voter = try await service.registered("Voter")
        while let pair = try? await service.dealRunwayPair(voter, day: day) {
            _ = try await service.castRunwayVote(voter, RunwayVoteRequest(ticket: pair.ticket, choice: .left))
        }
        #expect(try await banners(service, models[0]).isEmpty, "voting is still open")
        clock.advance(seconds: 2 * 86_400)
        try await service.refreshRunway()
        try await service.closeDays()
        // A pass cut short before it marked the runway closed runs it again: counted once.
        try await service.closeRunway(UTCDay.containing(milliseconds: clock.now) - 2)
        for model in models {
            #expect(try await banners(service, model).map { "\($0.id)/\($0.tier)" } == ["runway/1"], "\(model.name ?? "")")
            #expect(try await told(service, model) == ["New banner: Runway Star (bronze), for a look in a people's top 10."])
        }
        #expect(try await banners(service, voter).isEmpty)
    }

    @Test func tiersAreReachedByTheirThresholds() {
        #expect(BannerKind.streak.tiers(reachedBy: 6).isEmpty && BannerKind.streak.tiers(reachedBy: 30) == [1, 2])
        #expect(BannerKind.runway.tiers(reachedBy: 20) == [1, 2, 3] && BannerKind.lab.tiers(reachedBy: 9) == [1])
        #expect(BannerKind.league.tiers(reachedBy: LeagueTier.denim.level) == [1] && BannerKind.league.tiers(reachedBy: LeagueTier.silk.level) == [1, 2])
        #expect(BannerKind.lab.words(tier: 2) == "beating 90 % of a Lab brief's board on 10 briefs")
        #expect(BannerKind.league.words(tier: 3) == "a promotion into Couture")
    }
}
