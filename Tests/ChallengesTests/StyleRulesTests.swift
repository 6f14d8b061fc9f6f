// The style rules by day, and v2's parts checked by hand (the figures scripts/style-solver and
// docs/playing.md give).
import GameState
import PlumeCalendar
import Testing
@testable import Challenges

@Suite struct StyleRulesTests {
    let beachDay = { var theme = book.styleThemes.first { $0.name == "Beach Day" }!; theme.rules = .v2; return theme }()

    func look(_ keys: [(String, Int)], background: Int = 1) -> Look {
        Look(background: background, model: 1, garments: keys.map { WornGarment(id: catalog.garment(named: $0.0)!.id, colour: $0.1) })
    }

    @Test func everyVersionsPartsAddUpTo1000() {
        for rules in StyleRules.allCases {
            #expect(rules.parts.map(rules.maximum).reduce(0, +) == 1000, "\(rules)")
        }
    }

    @Test func aDayIsScoredUnderTheRulesOfThatDay() {
        let first = UTCDay.days(year: 2026, month: 11, day: 26)
        let third = UTCDay.days(year: 2026, month: 11, day: 28)
        #expect(StyleRules.forDay(first - 1) == .v1 && StyleRules.forDay(first) == .v2 && StyleRules.forDay(third - 1) == .v2)
        #expect(StyleRules.forDay(third) == .v3 && StyleRules.forDay(third + 400) == .v3)
        #expect(StyleRules.forDay(0) == .v1)
        #expect(book.theme(forDay: first - 1).rules == .v1 && book.theme(forDay: first).rules == .v2 && book.theme(forDay: third).rules == .v3)
    }

    @Test func everyThemeNamesAnAccentTheCatalogHas() {
        for theme in book.styleThemes {
            let accent = try! #require(theme.accent, "\(theme.name) has no accent")
            #expect(catalog.colour(named: accent) != nil, "\(theme.name)'s accent \(accent) is no catalog colour")
        }
        #expect(Catalog.firstColourName("Red, Lemon and White") == "Red" && Catalog.firstColourName("Rose and Gold") == "Rose")
    }

    @Test func thePieceLimitIsOnePerSlotTheThemeNeedsAndItsFewestAccessories() {
        #expect(beachDay.pieceLimit == 4)  // top, bottom, shoes + one accessory
        let snowDay = book.styleThemes.first { $0.name == "Snow Day" }!
        #expect(snowDay.pieceLimit == 6)   // top, bottom (hips and legs), shoes, outerwear, hat + one accessory
    }

    @Test func workedExampleUnderV2() {
        // The v1 worked example (900 there): every part but palette and accent full or nearly.
        let outfit = look([("striped-tee", 1), ("denim-shorts", 3), ("sandals", 0), ("sunglasses", 0)])
        #expect(beachDay.score(outfit, in: catalog) == StyleScore(rules: .v2, coverage: 200, tags: 200, colour: 75, accessories: 150, palette: 0, accent: 0))
        // One base colour (red), the accent (Rose) on exactly one piece, four pieces: 1000.
        let best = Look(background: 1, model: 1, garments: [WornGarment(id: 2, colour: 1), WornGarment(id: 34, colour: 2),
                                                            WornGarment(id: 47, colour: 3), WornGarment(id: 65, colour: 3)])
        #expect(best.brokenRules(in: catalog).isEmpty)
        #expect(beachDay.score(best, in: catalog).total == 1000)
        // A fifth piece (a hat) goes past the limit: extras halve.
        let hat = catalog.garments(in: .hat).first { beachDay.fit(of: $0) == .suits }!
        var more = best
        more.wear(WornGarment(id: hat.id, colour: 0))
        #expect(beachDay.score(more, in: catalog).accessories == 75)
    }

    @Test func theAccentIsExactlyOnePieceAndThePaletteTwoColours() {
        let rose = catalog.colour(named: "Rose")!
        var pieces: [WornGarment] = []
        for garment in catalog.garments where pieces.count < 2 && garment.slot == .accessory {
            if let index = garment.variants.firstIndex(where: { $0.mainColour == rose }) { pieces.append(WornGarment(id: garment.id, colour: index)) }
        }
        #expect(pieces.count == 2)
        let one = Look(background: 1, model: 1, garments: [pieces[0]])
        let two = Look(background: 1, model: 1, garments: pieces)
        if two.brokenRules(in: catalog).isEmpty {
            #expect(beachDay.score(one, in: catalog).accent == 150)
            #expect(beachDay.score(two, in: catalog).accent == 0, "two pieces in the accent colour are not an accent")
        }
        #expect(beachDay.score(one, in: catalog).palette == 150)
    }

    @Test func anEmptyLookScoresWhatNothingCanSpoil() {
        // The background's share of tags, and extras one accessory short.
        #expect(beachDay.score(look([]), in: catalog) == StyleScore(rules: .v2, coverage: 0, tags: 50, colour: 0, accessories: 75))
    }

    @Test func theChecklistExplainsEveryPoint() {
        let outfit = look([("striped-tee", 1), ("denim-shorts", 3), ("sandals", 0), ("sunglasses", 0)])
        let score = beachDay.score(outfit, in: catalog)
        let lines = beachDay.checklist(outfit, score: score, in: catalog)
        #expect(lines.map(\.part) == StylePart.allCases)
        #expect(lines.map(\.points).reduce(0, +) == score.total)
        #expect(lines.first { $0.part == .accent }?.words == "one piece in Rose")
        #expect(lines.first { $0.part == .palette }?.words == "2 colours at most (4)")
        #expect(lines.first { $0.part == .extras }?.words == "1–2 accessories (1), 4 pieces at most (4)")
        #expect(lines.first { $0.part == .coverage }?.words == "covers torso, hips, feet")
    }

    // v3: the free points of v2 closed.
    var beachDayV3: StyleTheme { var theme = beachDay; theme.rules = .v3; return theme }

    @Test func underV3ALookWithNothingOnScoresNothing() {
        // Not the background's share of tags (its tag is wanted), nor "anything" covered.
        for background in catalog.backgrounds.map(\.id) {
            #expect(beachDayV3.score(look([], background: background), in: catalog).total == 0)
        }
        for var theme in book.styleThemes.prefix(60) {
            theme.rules = .v3
            #expect(theme.score(look([]), in: catalog).total == 0, "\(theme.name)")
        }
    }

    @Test func underV3ExtrasPaletteAndAccentWaitUntilTheLookIsCovered() {
        // One top alone: under v2 it collected palette (one colour) and, in the accent colour,
        // the accent; under v3 only what it earns itself (its share of cover, tags, colour).
        let rose = catalog.colour(named: "Rose")!
        let top = catalog.garments(in: .top).first { garment in garment.variants.contains { $0.mainColour == rose } }!
        let alone = Look(background: 1, model: 1, garments: [WornGarment(id: top.id, colour: top.variants.firstIndex { $0.mainColour == rose }!)])
        let v2 = beachDay.score(alone, in: catalog), v3 = beachDayV3.score(alone, in: catalog)
        #expect(v2.palette == 150 && v2.accent == 150)
        #expect(v3.palette == 0 && v3.accent == 0 && v3.accessories == 0)
        #expect(v3.coverage == v2.coverage && v3.tags == v2.tags && v3.colour == v2.colour)
        #expect(v3.total <= 200 + 200 + 150 - 200 * 2 / 3, "one piece of three regions scores at most its own parts")
        let lines = beachDayV3.checklist(alone, score: v3, in: catalog)
        #expect(lines.first { $0.part == .palette }?.words == "once covered")
        #expect(lines.first { $0.part == .extras }?.words == "once covered")
        #expect(lines.first { $0.part == .accent }?.words == "once covered: one piece in Rose")
        #expect(lines.first { $0.part == .coverage }?.words == "bare: hips, feet")
        // Covered, the same look scores exactly as under v2: the best look of the day is 1000.
        let best = Look(background: 1, model: 1, garments: [WornGarment(id: 2, colour: 1), WornGarment(id: 34, colour: 2),
                                                            WornGarment(id: 47, colour: 3), WornGarment(id: 65, colour: 3)])
        #expect(beachDayV3.score(best, in: catalog).total == 1000)
        let outfit = look([("striped-tee", 1), ("denim-shorts", 3), ("sandals", 0), ("sunglasses", 0)])
        #expect(beachDayV3.score(outfit, in: catalog).total == beachDay.score(outfit, in: catalog).total)
        #expect(!beachDayV3.checklist(outfit, score: beachDayV3.score(outfit, in: catalog), in: catalog).contains { $0.words.hasPrefix("once covered") })
        #expect(beachDayV3.checklist(look([]), score: beachDayV3.score(look([]), in: catalog), in: catalog).filter { $0.words.hasPrefix("once covered") }.count == 3)
    }

    @Test func underV3TheRunwayStillTakes400() {
        #expect(RunwayEntry.minimumScore(.v3) == 400)
    }
}
