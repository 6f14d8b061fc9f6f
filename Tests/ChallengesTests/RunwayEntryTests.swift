// The runway's ticket: 500 on the day's theme, and a refusal that says what was missing.
import GameState
import Testing
@testable import Challenges

@Suite struct RunwayEntryTests {
    let book: ChallengeBook = { try! ChallengeBook.bundled.get() }()

    @Test func aBareLookIsRefusedWithItsScoreAndWhatItMisses() {
        for theme in book.styleThemes {
            let bare = Look(background: 1, model: 1)
            guard case .failure(let refusal) = RunwayEntry.check(bare, theme: theme, catalog: catalog) else {
                Issue.record("a look with nothing on entered \(theme.name)")
                continue
            }
            #expect(refusal.score == theme.score(bare, in: catalog).total)
            #expect(refusal.description.hasPrefix("this look scores \(refusal.score) on today's theme, \(theme.name); the runway takes 500 or more"))
            #expect(!refusal.shortfalls.isEmpty)
            if !theme.cover.isEmpty {
                let named = refusal.shortfalls.first { $0.hasPrefix("the theme wants") } ?? ""
                #expect(theme.cover.allSatisfy { named.contains($0.rawValue) }, "\(named)")
            }
            #expect(refusal.shortfalls.contains("0 of 0 garments suit the theme"))
        }
    }

    @Test func aLookOfTheThemesOwnGarmentsEntersAndTheLineIsExactly500() {
        var entered = 0
        for theme in book.styleThemes {
            // One suiting garment per slot, in its first colour.
            var bySlot: [String: Garment] = [:]
            for garment in catalog.garments where theme.fit(of: garment) == .suits && bySlot["\(garment.slot)"] == nil {
                bySlot["\(garment.slot)"] = garment
            }
            let look = Look(background: 1, model: 1, garments: bySlot.values.map { WornGarment(id: $0.id, colour: 0) }.sorted())
            let total = theme.score(look, in: catalog).total
            switch RunwayEntry.check(look, theme: theme, catalog: catalog) {
            case .success(let score):
                #expect(score == total && total >= 500)
                entered += 1
            case .failure(let refusal):
                #expect(total < 500 && refusal.score == total)
                // Each phrase names a part of the checklist the look really lost points on.
                let score = theme.score(look, in: catalog)
                #expect(refusal.shortfalls.count == [score.coverage < 300, score.tags < 400, score.colour < 200, score.accessories < 100].filter { $0 }.count)
            }
        }
        #expect(entered > 0, "no theme took a look of its own garments")
    }
}
