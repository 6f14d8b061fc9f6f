// The shipped catalog is a real game's worth of content, and broken catalogs fail clearly.
import Foundation
import Testing
@testable import GameState

@Suite struct BundledCatalogTests {
    let catalog = Fixtures.catalog

    @Test func holdsEnoughContentForAGame() {
        #expect(catalog.backgrounds.count >= 6)
        #expect(catalog.models.count >= 3)
        #expect(catalog.garments.count >= 40)
        for slot in Slot.allCases {
            #expect(catalog.garments(in: slot).count >= 3, "slot \(slot)")
        }
    }

    @Test func everyGarmentIsComplete() {
        let tags = Set(catalog.garments.flatMap(\.tags))
        for wanted in ["casual", "formal", "beach", "winter", "sporty", "party"] { #expect(tags.contains(wanted)) }
        for garment in catalog.garments {
            #expect((4...8).contains(garment.variants.count), "\(garment.key)")
            #expect(!garment.tags.isEmpty && !garment.covers.isEmpty)
            #expect(garment.art.width == 20 && garment.art.height == 40)
            #expect(!garment.art.keys.isEmpty, "\(garment.key) draws nothing")
            for variant in garment.variants { #expect(garment.art.keys.isSubset(of: Set(variant.colours.keys))) }
        }
    }

    @Test func aDressConflictsWithTopAndBottom() {
        let dress = catalog.garments(in: .dress)[0], top = catalog.garments(in: .top)[0]
        let trousers = catalog.garments(in: .bottom).first { $0.covers.contains(.hips) }!
        #expect(!dress.covers.isDisjoint(with: top.covers))
        #expect(!dress.covers.isDisjoint(with: trousers.covers))
        #expect(catalog.garments(in: .outerwear).allSatisfy { $0.covers.isDisjoint(with: top.covers) })
    }

    @Test func namesResolveAsAPersonTypesThem() {
        #expect(catalog.garment(named: "Striped Tee")?.key == "striped-tee")
        #expect(catalog.garment(named: "STRIPED_TEE")?.key == "striped-tee")
        #expect(catalog.garment(named: "2")?.key == "striped-tee")
        #expect(catalog.garment(named: "jeans")?.key == "straight-jeans")
        #expect(catalog.garment(named: "dress") == nil)  // many garments have it in their name
        #expect(catalog.background(named: "sunset beach")?.id == 1)
    }
}

@Suite struct BrokenCatalogTests {
    /// A copy of the shipped content in a temporary folder, edited by `change`.
    func loadEdited(_ change: (inout [String: Any], URL) throws -> Void) throws -> CatalogError? {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets").standardized
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plume-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: source.appendingPathComponent("art"), to: folder.appendingPathComponent("art"))
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: source.appendingPathComponent("catalog.json"))) as! [String: Any]
        try change(&json, folder)
        try JSONSerialization.data(withJSONObject: json).write(to: folder.appendingPathComponent("catalog.json"))
        do {
            _ = try Catalog.load(from: folder)
            return nil
        } catch {
            return error
        }
    }

    func editGarment(_ json: inout [String: Any], _ index: Int, _ edit: (inout [String: Any]) -> Void) {
        var garments = json["garments"] as! [[String: Any]]
        edit(&garments[index])
        json["garments"] = garments
    }

    @Test func anUneditedCopyLoads() throws {
        #expect(try loadEdited { _, _ in } == nil)
    }

    @Test func duplicateIdsAreNamed() throws {
        let error = try loadEdited { json, _ in editGarment(&json, 1) { $0["id"] = 1 } }
        #expect(error?.problems.contains("duplicate garment id 1") == true)
    }

    @Test func unknownSlotsAndRegionsAreNamed() throws {
        let error = try #require(try loadEdited { json, _ in
            editGarment(&json, 0) { $0["slot"] = "cape" }
            editGarment(&json, 1) { $0["covers"] = ["tail"] }
        })
        #expect(error.problems.contains { $0.contains("unknown slot \"cape\"") })
        #expect(error.problems.contains { $0.contains("unknown region \"tail\"") })
        #expect(error.description.contains("2 problems"))
    }

    @Test func artOfTheWrongSizeIsNamed() throws {
        let error = try #require(try loadEdited { _, folder in
            let file = folder.appendingPathComponent("art/garments/plain-tee.txt")
            try String(repeating: "....\n", count: 3).write(to: file, atomically: true, encoding: .utf8)
        })
        #expect(error.problems.contains { $0.contains("plain-tee") && $0.contains("must be 20×40") })
    }

    @Test func missingColoursAndArtAreNamed() throws {
        let error = try #require(try loadEdited { json, _ in
            editGarment(&json, 0) { garment in
                var variants = garment["variants"] as! [[String: Any]]
                variants[0]["colours"] = ["a": "#zzzzzz"]
                garment["variants"] = variants
            }
            editGarment(&json, 2) { $0["art"] = "garments/nowhere.txt" }
            editGarment(&json, 3) { $0["variants"] = Array(($0["variants"] as! [Any]).prefix(2)) }
        })
        #expect(error.problems.contains { $0.contains("#zzzzzz") })
        #expect(error.problems.contains { $0.contains("nowhere.txt") && $0.contains("missing") })
        #expect(error.problems.contains { $0.contains("2 colour variants") })
    }

    @Test func notJSONIsSaidPlainly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plume-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{\"format\": 1,".utf8).write(to: folder.appendingPathComponent("catalog.json"))
        #expect(throws: CatalogError.self) { try Catalog.load(from: folder) }
        #expect(throws: CatalogError.self) { try Catalog.load(from: folder.appendingPathComponent("absent")) }
    }
}

@Suite struct LookRuleTests {
    let catalog = Fixtures.catalog

    func look(_ keys: [String], colours: [Int]? = nil) -> Look {
        let ids = keys.map { catalog.garment(named: $0)!.id }
        return Look(background: 1, model: 1, garments: ids.enumerated().map { WornGarment(id: $1, colour: colours?[$0] ?? 0) })
    }

    @Test func aCompleteOutfitBreaksNoRule() {
        let outfit = look(["striped-tee", "straight-jeans", "denim-jacket", "canvas-sneakers", "beanie", "sunglasses", "wristwatch", "leather-belt"])
        #expect(outfit.brokenRules(in: catalog).isEmpty)
    }

    @Test func everyBrokenRuleIsListedNotJustTheFirst() {
        var bad = look(["striped-tee", "sundress", "sunglasses", "pearl-necklace", "knit-scarf", "wristwatch"], colours: [0, 0, 9, 0, 0, 0])
        bad.background = 99
        bad.wear(WornGarment(id: 500, colour: 0))
        let rules = bad.brokenRules(in: catalog)
        #expect(rules.contains(.unknownBackground(99)))
        #expect(rules.contains(.unknownGarment(500)))
        #expect(rules.contains(.conflict("Striped Tee", "Sundress", .torso)))
        #expect(rules.contains(.conflict("Pearl Necklace", "Knit Scarf", .neck)))
        #expect(rules.contains(.slotOverfull(.accessory, count: 4)))
        #expect(rules.contains { if case .unknownColour(garment: "Sunglasses", colour: 9, available: _) = $0 { true } else { false } })
    }

    @Test func twoOfASlotAndTheSameGarmentTwice() {
        let rules = look(["beanie", "beret"]).brokenRules(in: catalog)
        #expect(rules == [.slotOverfull(.hat, count: 2)])
        let twice = Look(background: 1, model: 1, garments: [WornGarment(id: 1, colour: 0), WornGarment(id: 1, colour: 1)])
        #expect(twice.brokenRules(in: catalog) == [.wornTwice("Plain Tee")])
    }

    @Test func messagesReadAsSentencesAboutTheGarments() {
        #expect(LookRule.conflict("Striped Tee", "Sundress", .torso).description == "the Striped Tee and the Sundress both cover the torso")
        #expect(LookRule.slotOverfull(.accessory, count: 4).description == "4 accessory items are worn; 3 fit")
    }
}

@Suite struct StateJSONTests {
    @Test func lookJSONHasTheDocumentedShape() {
        #expect(SharedStateJSON.encode(.look(Fixtures.goldenLook))
            == #"{"kind":"look","background":1,"model":2,"garments":[{"id":2,"colour":1},{"id":11,"colour":0},{"id":36,"colour":2}]}"#)
    }

    @Test func swarmJSONUsesExactShortDecimals() throws {
        let recipe = SwarmRecipe([Fixtures.ingredient(97, [226.76, 3.1, 40, 0.15, 0.88, 43.35, 0.04, 0.2])])
        #expect(SharedStateJSON.encode(.swarm(recipe))
            == #"{"kind":"swarm","ingredients":[{"population":97,"R":226.76,"Vn":3.1,"Vm":40,"c1":0.15,"c2":0.88,"c3":43.35,"c4":0.04,"c5":0.2}]}"#)
    }

    @Test func decodeReadsWhatEncodeWritesAndIgnoresExtraKeys() throws {
        var rng = SplitMix64(seed: 21)
        for _ in 0..<300 {
            let state: SharedState = rng.below(2) == 0 ? .look(Fixtures.catalog.randomLook(using: &rng))
                : .swarm(SwarmRecipe.random(ingredients: 1 + rng.below(16), using: &rng))
            let json = SharedStateJSON.encode(state, extra: [("link", SharedStateJSON.string(ShareCode.link(state)))])
            let decoded = try SharedStateJSON.decode(Data(json.utf8))
            #expect(decoded.state == state)
            #expect(decoded.notes.isEmpty)
        }
    }

    @Test func badJSONIsExplained() {
        let cases: [(String, String)] = [
            ("nope", "not valid JSON"),
            (#"{"kind":"hat"}"#, "\"kind\" must be"),
            (#"{"kind":"swarm","ingredients":[{"population":5,"R":1}]}"#, "\"Vn\" is missing"),
            (#"{"kind":"swarm","ingredients":[{"population":5,"R":301,"Vn":1,"Vm":1,"c1":0,"c2":0,"c3":0,"c4":0,"c5":0}]}"#, "R 301.0 is outside 0–300"),
            (#"{"kind":"swarm","ingredients":[{"population":301,"R":1,"Vn":1,"Vm":1,"c1":0,"c2":0,"c3":0,"c4":0,"c5":0}]}"#, "at most 300 agents"),
            (#"{"kind":"swarm","ingredients":[]}"#, "at least one ingredient"),
            (#"{"kind":"look","background":1}"#, "needs \"background\" and \"model\""),
        ]
        for (json, phrase) in cases {
            do {
                _ = try SharedStateJSON.decode(Data(json.utf8))
                Issue.record("accepted \(json)")
            } catch {
                #expect(error.description.contains(phrase), "\(json) → \(error.description)")
            }
        }
    }

    @Test func moreThanTwoDecimalsAreRoundedAndSaid() throws {
        let json = #"{"kind":"swarm","ingredients":[{"population":5,"R":1.005,"Vn":1,"Vm":1,"c1":0.1,"c2":0,"c3":0,"c4":0,"c5":0.30000000000000004}]}"#
        let decoded = try SharedStateJSON.decode(Data(json.utf8))
        #expect(decoded.notes.count == 1)
    }

    @Test func stringsEscapeEveryControlCharacter() {
        #expect(SharedStateJSON.string("a\u{1B}[2J\"\\\n\u{9B}") == #""a\u001b[2J\"\\\n\u009b""#)
    }
}
