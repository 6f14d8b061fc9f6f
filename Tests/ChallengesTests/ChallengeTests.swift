// Style themes and swarm challenges: loading, the daily rotation, and scores that can be
// checked by hand.
import Foundation
import GameState
import SwarmSim
import Testing
@testable import Challenges
import PlumeBench

let book: ChallengeBook = { try! ChallengeBook.bundled.get() }()
let catalog: Catalog = { try! Catalog.bundled.get() }()

@Suite struct ChallengeBookTests {
    @Test func theShippedBookHasThemesAndAtLeastFourSwarmChallenges() {
        #expect(book.styleThemes.count >= 6)
        #expect(book.swarmChallenges.count >= 4)
        #expect(Set(book.swarmChallenges.map(\.metric)).count == book.swarmChallenges.count)
    }

    @Test func noTwoDaysOfAYearShareAThemeAndTheDateDecidesIt() {
        #expect(book.styleThemes.count >= 366)
        let calendar: Calendar = { var c = Calendar(identifier: .gregorian); c.timeZone = TimeZone(identifier: "UTC")!; return c }()
        for year in [1969, 1970, 2000, 2023, 2024, 2026, 2027, 2100, 2400] {
            let first = Int(calendar.date(from: DateComponents(year: year, month: 1, day: 1))!.timeIntervalSince1970 / 86_400)
            let next = Int(calendar.date(from: DateComponents(year: year + 1, month: 1, day: 1))!.timeIntervalSince1970 / 86_400)
            let ids = (first..<next).map { book.theme(forDay: $0).id }
            #expect(ids.count == (calendar.range(of: .day, in: .year, for: calendar.date(from: DateComponents(year: year))!)!.count))
            #expect(Set(ids).count == ids.count, "a theme repeats in \(year)")
            #expect(ChallengeBook.yearAndDayOfYear(first) == (year, 0) && ChallengeBook.yearAndDayOfYear(next - 1) == (year, ids.count - 1))
        }
        // Years differ in their order, and a date always gets the same theme.
        #expect(book.theme(forDay: 20_414) == book.theme(forDay: 20_414))
        #expect((19_723..<19_753).map { book.theme(forDay: $0).id } != (20_089..<20_119).map { book.theme(forDay: $0).id })
        #expect(ChallengeBook.day(of: Date(timeIntervalSince1970: 86_400 * 3 + 5))  == 3)
        #expect(ChallengeBook.day(of: Date(timeIntervalSince1970: -1)) == -1)
    }

    @Test func themesHaveTheirOwnNamesAndBriefs() {
        #expect(Set(book.styleThemes.map(\.name)).count == book.styleThemes.count)
        #expect(Set(book.styleThemes.map(\.brief)).count == book.styleThemes.count)
        #expect(book.styleThemes.allSatisfy { !$0.name.contains(where: \.isNumber) && $0.brief.hasSuffix(".") })
    }

    @Test func everyThemeCanScore900AndNoneScores1000InNothing() {
        // Under v1, the rules the themes were chosen by; v2's best of every theme is counted
        // exactly by scripts/style-solver (and checked against this module by the E2E tests).
        for var theme in book.styleThemes {
            theme.rules = .v1
            let best = bestLook(for: theme)
            #expect(best.score >= 900, "\(theme.name): the best look found scores \(best.score)")
            #expect(best.look.brokenRules(in: catalog).isEmpty)
            for background in catalog.backgrounds {
                let empty = Look(background: background.id, model: catalog.models[0].id)
                for rules in StyleRules.allCases {
                    theme.rules = rules
                    #expect(theme.score(empty, in: catalog).total < 1000, "\(theme.name) gives 1000 to an empty wardrobe under \(rules)")
                }
            }
        }
    }

    @Test func brokenBooksAreRejectedWithReasons() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plume-book-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = """
            {"format":1,"styleThemes":[{"id":1,"name":"X","brief":"","wanted":[],"unwanted":[],"cover":["tail"],"colours":"neon","accessories":[1,2]}],
             "swarmChallenges":[{"id":"a","name":"A","brief":"","metric":"speed","steps":10,"seed":1,"best":1,"worst":0},
                                {"id":"b","name":"B","brief":"","metric":"travel","steps":10,"seed":1,"best":1,"worst":0},
                                {"id":"c-s2","name":"C","brief":"","metric":"rotation","steps":10,"seed":1,"best":1,"worst":0,"season2":{"best":1,"worst":0}}]}
            """
        try Data(json.utf8).write(to: folder.appendingPathComponent("challenges.json"))
        do {
            _ = try ChallengeBook.load(from: folder)
            Issue.record("loaded a broken book")
        } catch {
            #expect(error.problems.contains { $0.contains("\"neon\"") })
            #expect(error.problems.contains { $0.contains("\"speed\"") })
            #expect(error.problems.contains { $0.contains("swarm challenge b needs a season2 scale") })
            #expect(error.problems.contains { $0.contains("swarm challenge id \"c-s2\" must be") })
        }
    }
}

@Suite struct StyleScoreTests {
    /// Beach Day as scored on a day before v2 began.
    let beachDay = { var theme = book.styleThemes.first { $0.name == "Beach Day" }!; theme.rules = .v1; return theme }()

    func look(_ keys: [(String, Int)], background: Int = 1) -> Look {
        Look(background: background, model: 1, garments: keys.map { WornGarment(id: catalog.garment(named: $0.0)!.id, colour: $0.1) })
    }

    @Test func workedExampleFromTheReadme() {
        // Striped Tee in red and white, Denim Shorts in white, Sandals in camel, black Sunglasses,
        // on Sunset Beach: every region covered, every garment on theme, two of four main colours
        // warm (red, camel), one accessory.
        let outfit = look([("striped-tee", 1), ("denim-shorts", 3), ("sandals", 0), ("sunglasses", 0)])
        let score = beachDay.score(outfit, in: catalog)
        #expect(score == StyleScore(coverage: 300, tags: 400, colour: 100, accessories: 100))
        #expect(score.total == 900)
    }

    @Test func offThemeGarmentsAndGapsCost() {
        let winter = look([("chunky-sweater", 0), ("tailored-trousers", 0)], background: 3)
        let score = beachDay.score(winter, in: catalog)
        #expect(score.coverage == 200)  // torso and hips, no shoes
        #expect(score.tags == 0)         // sweater is winter (unwanted), trousers formal/office
        #expect(score.accessories == 50) // none, one short of the range
    }

    @Test func anEmptyLookScoresOnlyItsBackground() {
        let score = beachDay.score(look([]), in: catalog)
        #expect(score == StyleScore(coverage: 0, tags: 60, colour: 0, accessories: 50))
    }

    @Test func scoresStayWithinTheirParts() {
        var rng = SplitMix64(seed: 4)
        for var theme in book.styleThemes {
            for rules in StyleRules.allCases {
                theme.rules = rules
                for _ in 0..<100 {
                    let score = theme.score(catalog.randomLook(using: &rng), in: catalog)
                    for part in StylePart.allCases {
                        #expect((0...rules.maximum(part)).contains(score.points(part)), "\(part) under \(rules)")
                    }
                    #expect([0, rules.maximum(.extras) / 2, rules.maximum(.extras)].contains(score.accessories))
                    #expect((0...1000).contains(score.total) && score.rules == rules)
                }
            }
        }
    }

    @Test func colourRulesReadColoursAsAPersonWould() {
        let red = HSL(RGB(hex: "#ff0000")!)
        #expect(red == HSL(hue: 0, saturation: 1, lightness: 0.5))
        #expect(abs(HSL(RGB(hex: "#1f3a68")!).hue - 218) < 1)
        #expect(ColourRule.warm.follows(red) && !ColourRule.cool.follows(red))
        #expect(ColourRule.monochrome.follows(HSL(RGB(hex: "#8a8a8a")!)))
        #expect(ColourRule.dark.follows(HSL(RGB(hex: "#1c1c1c")!)))
        #expect(ColourRule.pastel.follows(HSL(RGB(hex: "#f2a7c3")!)))
        #expect(ColourRule.contrast.share(of: [RGB(hex: "#f2f2f2")!, RGB(hex: "#1c1c1c")!]) == 1)
        #expect(ColourRule.contrast.share(of: [RGB(hex: "#f2f2f2")!]) == 0.5)
    }
}

@Suite struct SwarmChallengeTests {
    let huddle = book.swarmChallenge(id: "huddle")!

    @Test func scoresMapLinearlyBetweenWorstAndBest() {
        #expect(huddle.score(for: 0) == 1000)
        #expect(huddle.score(for: 75) == 500)
        #expect(huddle.score(for: 150) == 0)
        #expect(huddle.score(for: 900) == 0)
        #expect(huddle.score(for: .nan) == 0)
        let comet = book.swarmChallenge(id: "comet")!
        #expect(comet.score(for: 1000) == 250)
    }

    @Test func aTightRecipeHuddlesBetterThanALooseOne() {
        let tight = SwarmRecipe([Ingredient(population: 200, genome: Genome(clamping: [250, 2, 4, 1, 0.5, 2, 0, 0.5]))])
        let loose = SwarmRecipe([Ingredient(population: 200, genome: Genome(clamping: [15, 10, 20, 0.1, 0.5, 80, 0.5, 0.5]))])
        let a = huddle.score(tight), b = huddle.score(loose)
        #expect(a.score > b.score + 300, "tight \(a), loose \(b)")
    }

    @Test func scoringIsDeterministicOnAnyThreadCount() {
        let recipe = BenchmarkRecipes.smallRadius(seed: 8)
        for challenge in book.swarmChallenges {
            let one = challenge.score(recipe, threads: 1)
            #expect(one == challenge.score(recipe, threads: 2))
            #expect((0...1000).contains(one.score))
        }
    }

    @Test func oneSpeciesCannotSortAndInvalidRecipesScoreNothing() {
        let single = SwarmRecipe([Ingredient(population: 100, genome: Genome(clamping: [50, 5, 10, 0.5, 0.5, 10, 0.1, 0.5]))])
        #expect(book.swarmChallenge(id: "sort")!.score(single).score == 0)
        #expect(huddle.score(SwarmRecipe([])).score == 0)
    }
}

@Suite struct GalleryTests {
    @Test func theGalleryHasTwelveOrMoreNamedRecipesThatDoWhatTheirNamesSay() throws {
        let gallery = try SwarmGallery.bundled.get()
        #expect(gallery.count >= 12)
        #expect(Set(gallery.map(\.name)).count == gallery.count)
        #expect(Set(gallery.map(\.recipe)).count == gallery.count)
        for entry in gallery {
            #expect(entry.recipe.isValid, "\(entry.name)")
            #expect(!entry.claims.isEmpty, "\(entry.name) claims nothing")
            let measured = SwarmGallery.measure(entry.recipe)
            #expect(measured.broken(entry.claims).isEmpty, "\(entry.name): \(measured.broken(entry.claims))")
        }
    }

    @Test func eachRecipesClaimsSetItApartFromMostOthers() throws {
        // A claim that every recipe keeps says nothing: each entry's claims must be broken by
        // at least half of the other recipes.
        let gallery = try SwarmGallery.bundled.get()
        let measures = gallery.map { SwarmGallery.measure($0.recipe) }
        for entry in gallery {
            let alsoKept = measures.filter { $0.broken(entry.claims).isEmpty }.count - 1
            #expect(alsoKept <= gallery.count / 2, "\(entry.name)'s claims also hold for \(alsoKept) others")
        }
    }

    @Test func aClaimOnSomethingUnmeasuredIsReported() {
        let measure = GalleryMeasure(travel: 5, rotation: 0, polarisation: 0, segregation: 0, cohesion: 1, pulse: 0, spread: 1, speciesApart: 0)
        #expect(measure.broken(["minTravel": 10]) == ["minTravel 10.0: measured 5.0"])
        #expect(measure.broken(["maxTravel": 10]).isEmpty)
        #expect(measure.broken(["minWobble": 1]) == ["unknown claim minWobble"])
    }
}

/// A search for a theme's best look: only garments that carry a wanted tag and no unwanted
/// one, each in a colour that counts (for contrast: its lightest and its darkest colour), tried
/// slot by slot depth first (wearing something before leaving a slot empty), with accessories added after, on the best-fitting background.
/// Stops at the first look scoring 900 or more.
func bestLook(for theme: StyleTheme) -> (look: Look, score: Int) {
    let background = catalog.backgrounds.first { !Set($0.tags).isDisjoint(with: theme.wanted) } ?? catalog.backgrounds[0]
    let good = catalog.garments.filter { theme.fit(of: $0) == .suits }
    func colours(_ garment: Garment) -> [Int] {
        let lightness = garment.variants.map { $0.mainColour.map { HSL($0).lightness } ?? 0.5 }
        if theme.colours == .contrast {
            let light = lightness.indices.first { lightness[$0] >= 0.7 }, dark = lightness.indices.first { lightness[$0] <= 0.3 }
            let both = [light, dark].compactMap { $0 }
            return both.isEmpty ? [0] : both
        }
        let following = garment.variants.indices.first { garment.variants[$0].mainColour.map { theme.colours.follows(HSL($0)) } ?? false }
        return [following ?? 0]
    }
    let slots: [Slot] = [.dress, .top, .bottom, .outerwear, .shoes, .hat]
    let accessories = good.filter { $0.slot == .accessory }
    var best = (look: Look(background: background.id, model: catalog.models[0].id), score: -1)
    func consider(_ look: Look) {
        let score = theme.score(look, in: catalog).total
        if score > best.score { best = (look, score) }
    }
    func addAccessories(_ look: Look, from index: Int, left: Int) {
        if best.score >= 900 { return }
        if theme.accessories.contains(look.garments.filter { catalog.garment(id: $0.id)?.slot == .accessory }.count) { consider(look) }
        guard left > 0 else { return }
        for next in index..<accessories.count {
            for colour in colours(accessories[next]) {
                var wearing = look
                wearing.wear(WornGarment(id: accessories[next].id, colour: colour))
                guard wearing.brokenRules(in: catalog).isEmpty else { continue }
                addAccessories(wearing, from: next + 1, left: left - 1)
            }
        }
    }
    func search(_ index: Int, _ look: Look) {
        if best.score >= 900 { return }
        guard index < slots.count else {
            addAccessories(look, from: 0, left: theme.accessories.upperBound)
            return
        }
        for garment in good where garment.slot == slots[index] {
            for colour in colours(garment) {
                var next = look
                next.wear(WornGarment(id: garment.id, colour: colour))
                guard next.brokenRules(in: catalog).isEmpty else { continue }
                search(index + 1, next)
                if best.score >= 900 { return }
            }
        }
        search(index + 1, look)
    }
    search(0, best.look)
    return best
}

func combinations<T>(_ items: [T], _ count: Int) -> [[T]] {
    guard count > 0 else { return [[]] }
    guard items.count >= count else { return [] }
    var out: [[T]] = []
    for (index, item) in items.enumerated() {
        for rest in combinations(Array(items[(index + 1)...]), count - 1) { out.append([item] + rest) }
    }
    return out
}
