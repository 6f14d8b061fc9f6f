// The runway's ticket: the day's minimum on the day's theme (500 under v1, 400 under v2), and a
// refusal that says what was missing.
import GameState
import Testing
@testable import Challenges

@Suite struct RunwayEntryTests {
    let book: ChallengeBook = { try! ChallengeBook.bundled.get() }()

    /// Every theme, under each version of the rules.
    var themes: [StyleTheme] {
        StyleRules.allCases.flatMap { rules in book.styleThemes.map { theme in var theme = theme; theme.rules = rules; return theme } }
    }

    @Test func theTicketFollowsTheDaysRules() {
        #expect(RunwayEntry.minimumScore(.v1) == 500 && RunwayEntry.minimumScore(.v2) == 400)
        #expect(RunwayEntry.minimumScore(book.theme(forDay: UTCDayNumbers.lastOfV1).rules) == 500)
        #expect(RunwayEntry.minimumScore(book.theme(forDay: UTCDayNumbers.lastOfV1 + 1).rules) == 400)
    }

    @Test func aBareLookIsRefusedWithItsScoreAndWhatItMisses() {
        for theme in themes {
            let bare = Look(background: 1, model: 1)
            guard case .failure(let refusal) = RunwayEntry.check(bare, theme: theme, catalog: catalog) else {
                Issue.record("a look with nothing on entered \(theme.name)")
                continue
            }
            #expect(refusal.score == theme.score(bare, in: catalog).total)
            let minimum = RunwayEntry.minimumScore(theme.rules)
            #expect(refusal.description.hasPrefix("this look scores \(refusal.score) on today's theme, \(theme.name); the runway takes \(minimum) or more"))
            #expect(!refusal.shortfalls.isEmpty)
            if !theme.cover.isEmpty {
                let named = refusal.shortfalls.first { $0.hasPrefix("the theme wants") } ?? ""
                #expect(theme.cover.allSatisfy { named.contains($0.rawValue) }, "\(named)")
            }
            #expect(refusal.shortfalls.contains("0 of 0 garments suit the theme"))
            if theme.rules == .v2 { #expect(refusal.shortfalls.contains("no piece in \(theme.accent!)")) }
        }
    }

    @Test func aLookOfTheThemesOwnGarmentsEntersAndTheLineIsTheMinimum() {
        var entered: [StyleRules: Int] = [:]
        for theme in themes {
            // One suiting garment per slot, in its first colour.
            var bySlot: [String: Garment] = [:]
            for garment in catalog.garments where theme.fit(of: garment) == .suits && bySlot["\(garment.slot)"] == nil {
                bySlot["\(garment.slot)"] = garment
            }
            let look = Look(background: 1, model: 1, garments: bySlot.values.map { WornGarment(id: $0.id, colour: 0) }.sorted())
            let score = theme.score(look, in: catalog)
            let minimum = RunwayEntry.minimumScore(theme.rules)
            switch RunwayEntry.check(look, theme: theme, catalog: catalog) {
            case .success(let total):
                #expect(total == score.total && total >= minimum)
                entered[theme.rules, default: 0] += 1
            case .failure(let refusal):
                #expect(score.total < minimum && refusal.score == score.total)
                // Each phrase names a part of the checklist the look really lost points on.
                #expect(refusal.shortfalls.count == theme.rules.parts.filter { score.points($0) < theme.rules.maximum($0) }.count)
            }
        }
        #expect(entered[.v1, default: 0] > 0 && entered[.v2, default: 0] > 0, "no theme took a look of its own garments: \(entered)")
    }
}

/// Day numbers the tests name.
enum UTCDayNumbers {
    /// 2026-11-25, the last day scored under v1.
    static let lastOfV1 = StyleRules.firstDays[0].day - 1
}
