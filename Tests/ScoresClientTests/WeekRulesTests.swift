// The week's rules: what a day of play is worth, and who moves at a league's close.
import ScoresAPI
import Testing

@Suite struct WeekRulesTests {
    @Test func eachPartIsTheDaysBestInBandsAndADayIsWorthAtMostAHundred() {
        #expect(WeekDayParts().points == 0)
        let looks = [(0, false), (99, false), (100, false), (999, false), (1000, false), (1000, true)]
            .map { WeekRules.stylePoints(score: Int64($0.0), copied: $0.1) }
        // A copied look counts as playing and nothing more.
        #expect(looks == [10, 10, 13, 37, 40, 10])
        #expect([0, 650, 1000].map { WeekRules.labPoints(score: Int64($0)) } == [10, 22, 30])
        #expect([1, 10, 50].map { WeekDayParts(votes: $0).points } == [2, 20, 20])
        // The people's choice: first, top three, top tenth, top half, any place, no such place.
        let places = [(1, 40), (2, 40), (3, 40), (4, 40), (5, 40), (20, 40), (21, 40), (40, 40), (1, 1), (2, 2), (4, 3), (0, 3)]
            .map { WeekRules.placePoints(rank: $0.0, of: $0.1) }
        #expect(places == [10, 8, 8, 6, 4, 4, 2, 2, 10, 8, 0, 0])
        let best = WeekDayParts(style: 40, lab: 30, votes: 10, place: 10)
        #expect(best.points == WeekRules.dayCap && WeekDayParts(style: 40, lab: 30, votes: 90, place: 10).points == 100)
        #expect(WeekDayParts(style: 25, lab: 24, votes: 4, place: 4).points == 61)
    }

    @Test func aDayKeepsEachPartsBestAndCountsVotesUpToTen() {
        let morning = WeekDayParts(style: 25, lab: 0, votes: 3, place: 0)
        #expect(morning.merged(WeekDayParts(style: 19)) == morning)
        #expect(morning.merged(WeekDayParts(style: 31, lab: 10)) == WeekDayParts(style: 31, lab: 10, votes: 3))
        #expect(morning.merged(WeekDayParts(votes: 25)).votes == 10)
    }

    @Test func sevenOrdinaryDaysAreWorthFarMoreThanOneLuckyOne() {
        let ordinary = WeekDayParts(style: WeekRules.stylePoints(score: 520, copied: false), votes: 3)
        let lucky = WeekDayParts(style: 40, lab: 30, votes: 10, place: 10)
        #expect(7 * ordinary.points > 2 * lucky.points, "\(ordinary.points) a day")
    }

    @Test func aWeekIsMondayToSunday() {
        let monday = 20_787  // 2026-11-30
        #expect((0...6).allSatisfy { WeekRules.monday(ofDay: monday + $0) == monday })
        #expect(WeekRules.monday(ofDay: monday - 1) == monday - 7 && WeekRules.monday(ofDay: monday + 7) == monday + 7)
    }

    @Test func aFullGroupMovesSevenUpAndFiveDownAndASmallOneFewer() {
        #expect(WeekRules.promoted(members: 30, tier: .silk) == 7 && WeekRules.demoted(members: 30, tier: .silk) == 5)
        #expect(WeekRules.promoted(members: 10, tier: .silk) == 2 && WeekRules.demoted(members: 10, tier: .silk) == 2)
        #expect(WeekRules.promoted(members: 3, tier: .silk) == 1 && WeekRules.demoted(members: 3, tier: .silk) == 1)
        #expect(WeekRules.promoted(members: 1, tier: .silk) == 0 && WeekRules.demoted(members: 1, tier: .silk) == 0)
        // None out of the ends.
        #expect(WeekRules.promoted(members: 30, tier: .couture) == 0 && WeekRules.demoted(members: 30, tier: .cotton) == 0)
        for tier in LeagueTier.allCases {
            for members in 1...WeekRules.groupSize {
                let up = WeekRules.promoted(members: members, tier: tier), down = WeekRules.demoted(members: members, tier: tier)
                #expect(up + down <= members && up <= 7 && down <= 5, "\(tier) \(members): \(up) up, \(down) down")
                #expect(up >= WeekRules.promoted(members: max(1, members - 1), tier: tier), "more members never move fewer up")
            }
        }
    }

    @Test func theTiersRunFromCottonToCouture() {
        #expect(LeagueTier.allCases.map(\.name) == ["Cotton", "Linen", "Denim", "Silk", "Velvet", "Brocade", "Couture"])
        #expect(LeagueTier.silk.above == .velvet && LeagueTier.silk.below == .denim)
        #expect(LeagueTier.cotton.below == nil && LeagueTier.couture.above == nil && LeagueTier.cotton < .couture)
        #expect(LeagueTier(level: 3) == .silk && LeagueTier(level: 7) == nil && LeagueTier.silk.level == 3)
    }
}
