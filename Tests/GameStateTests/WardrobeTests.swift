// The wardrobe: enough of everything, models of different builds, every garment fitted to every
// model, and every look shared before the wardrobe grew still decoding to the same picture.
import Foundation
import Testing
@testable import GameState

@Suite struct WardrobeTests {
    let catalog = Fixtures.catalog

    @Test func theWardrobeIsBigEnoughToDressForAYear() {
        #expect(catalog.garments.count >= 100)
        for slot in Slot.allCases {
            #expect(catalog.garments(in: slot).count >= (slot == .accessory ? 15 : 10), "slot \(slot)")
        }
        #expect(catalog.backgrounds.count >= 12)
        #expect(catalog.models.count >= 6)
        // Different builds and different skin tones.
        #expect(Set(catalog.models.map(\.build.key)).count >= 6)
        let skin = UInt8(ascii: "s")
        #expect(Set(catalog.models.compactMap { $0.palette[skin] }).count == catalog.models.count)
        #expect(Set(catalog.garments.map(\.key)).count == catalog.garments.count)
    }

    /// Ids are append-only: the items every earlier link names are still there under their keys.
    @Test func theFirstCatalogsIdsStillNameTheSameThings() {
        let garments = ["plain-tee", "striped-tee", "tank-top", "crop-top", "chunky-sweater", "turtleneck", "silk-blouse",
            "polo-shirt", "oxford-shirt", "aloha-shirt", "straight-jeans", "denim-shorts", "pleated-skirt", "mini-skirt",
            "cargo-pants", "track-pants", "tailored-trousers", "maxi-skirt", "sundress", "evening-gown", "cocktail-dress",
            "floral-maxi-dress", "wrap-dress", "sequin-dress", "tennis-dress", "denim-jacket", "blazer", "trench-coat",
            "puffer-coat", "hoodie", "cardigan", "raincoat", "leather-jacket", "canvas-sneakers", "ankle-boots", "sandals",
            "high-heels", "loafers", "snow-boots", "running-trainers", "beanie", "sun-hat", "baseball-cap", "beret", "top-hat",
            "sun-visor", "sunglasses", "pearl-necklace", "knit-scarf", "handbag", "leather-belt", "hoop-earrings", "wristwatch",
            "flower-clip"]
        for (index, key) in garments.enumerated() { #expect(catalog.garment(id: index + 1)?.key == key, "garment \(index + 1)") }
        let backgrounds = ["sunset-beach", "city-street", "snowy-park", "grand-ballroom", "sports-track", "garden-party",
                           "neon-club", "cosy-office"]
        for (index, key) in backgrounds.enumerated() { #expect(catalog.background(id: index + 1)?.key == key) }
        for (index, key) in ["ada", "june", "mika", "remy"].enumerated() {
            #expect(catalog.model(id: index + 1)?.key == key)
            #expect(catalog.model(id: index + 1)?.build.isStandard == true, "\(key) keeps the figure earlier looks were made on")
        }
    }

    /// Share codes made with the 54-garment catalog (every garment, background and model of it at
    /// least once), and a digest of each look's pixels as that catalog drew them: each still
    /// decodes to the same look and draws pixel for pixel the same.
    static let looksSharedBefore: [(code: String, pixels: UInt64)] = [
        ("1EQEBBwEACwAaACIAKQAvADMA2Hc", 0xc4be37358868085c),
        ("1EQICBwIBDAEbASMBKgEwATQBd3Q", 0xe19b23e95fecc9df),
        ("1EQMDBwMCDQIcAiQCKwIxAjUCqRk", 0x749ffe51d22239f0),
        ("1EQQEBwQDDgMdAyUDLAMyAzYDq8E", 0x11a1c97ec33bbb33),
        ("1EQUBBwUADwAeACYALQAvADMAz3c", 0xd444f3a95a737dd9),
        ("1EQYCBwYBEAEfAScBLgEwATQBTIw", 0x172a263a30a4c88e),
        ("1EQcDBwcCEQIgAigCKQIxAjUC5go", 0x431973ea7ecd971e),
        ("1EQgEBwgDEgMhAyIDKgMyAzYDWKc", 0x8b466a9331cbdca1),
        ("1EQEBBwkACwAaACMAKwAvADMA_48", 0x2b62eeefb47b125f),
        ("1EQICBwoBDAEbASQBLAEwATQB1uY", 0xde89c6130179dabc),
        ("1EQQCBBMBJQErATABOdM", 0x1ed4f141e703cf9b),
        ("1EQUDBBQCJgIsAjECulg", 0xbbcd803e54f984fc),
        ("1EQYEBBUDJwMtAzIDyu0", 0xa595854b658fe853),
        ("1EQcBBBYAKAAuAC8AbDI", 0x2a4ec70b43d69383),
        ("1EQgCBBcBIgEpATAB4F4", 0x1aeadf9140889104),
        ("1EQEDBBgCIwIqAjECnjA", 0x218528b0f6f2041c),
        ("1EQIEBBkDJAMrAzIDY2Q", 0xfe4941f1e36c044f),
    ]

    @Test func looksSharedBeforeTheWardrobeGrewDrawTheSame() throws {
        var seen = Set<Int>()
        for (code, pixels) in Self.looksSharedBefore {
            guard case .look(let look) = try ShareCode.decode(code) else { Issue.record("\(code) is not a look"); continue }
            #expect(ShareCode.encode(.look(look)) == code)
            #expect(Self.digest(LookPixels.render(look, in: catalog).colours) == pixels, "\(code)")
            seen.formUnion(look.garments.map(\.id))
        }
        #expect(seen == Set(1...54), "the golden looks wear every garment of the first catalog")
    }

    /// FNV-1a over each pixel: 0 for none, else 1, r, g, b.
    static func digest(_ colours: [RGB?]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        for colour in colours {
            if let colour { add(1); add(colour.r); add(colour.g); add(colour.b) } else { add(0) }
        }
        return hash
    }

    // MARK: - Builds

    /// The body below the head, as the standard figure has it.
    var standardBody: Set<[Int]> {
        let model = catalog.models.first { $0.build.isStandard }!
        var body = Set<[Int]>()
        for y in Self.shoulders..<model.art.height { for x in 0..<model.art.width where model.art[x, y] != 0 { body.insert([x, y]) } }
        return body
    }
    static let shoulders = 12

    /// A model's body is exactly the standard body carried through its build: every pixel the
    /// build maps to the standard body is drawn, and nothing else below the head. This is what
    /// makes a garment fitted through the build sit on the model.
    @Test func everyModelsBodyIsTheStandardBodyThroughItsBuild() {
        let body = standardBody
        for model in catalog.models {
            for y in 0..<model.art.height {
                for x in 0..<model.art.width {
                    let source = model.build.source(x: x, y: y)
                    if let source, source.y < Self.shoulders { continue }  // the head: hair styles differ
                    let wanted = source.map { body.contains([$0.x, $0.y]) } ?? false
                    #expect((model.art[x, y] != 0) == wanted, "\(model.key) at \(x),\(y)")
                }
            }
        }
    }

    @Test func theStandardBuildLeavesArtAlone() {
        let standard = Build.standard(width: 20, height: 40)
        #expect(standard.isStandard)
        for garment in catalog.garments.prefix(12) { #expect(standard.fit(garment.art) == garment.art) }
        #expect(catalog.builds.contains { !$0.isStandard && $0.sourceRows != standard.sourceRows }, "a build of another height")
        #expect(catalog.builds.contains { !$0.isStandard && $0.sourceRows == standard.sourceRows }, "a build of another width")
    }

    /// Every garment on every model: no colour of it lost in the fitting, no piece of it floating
    /// away from the body, and what it claims to cover covered (the chest for a top or dress,
    /// the hips for a bottom or dress: not one pixel of underwear shows).
    @Test func everyGarmentFitsEveryModel() {
        let underwear = UInt8(ascii: "u")
        var failures: [String] = []
        for model in catalog.models {
            let art = model.art
            for garment in catalog.garments {
                let fitted = model.build.fit(garment.art)
                if fitted.keys != garment.art.keys { failures.append("\(garment.key) loses a colour on \(model.key)") }
                for y in 0..<art.height {
                    for x in 0..<art.width where art[x, y] == underwear && fitted[x, y] == 0 {
                        guard let row = model.build.source(x: x, y: y)?.y else { continue }
                        if garment.covers.contains(.torso) && row < 20 { failures.append("\(garment.key) leaves \(model.key)'s chest showing at \(x),\(y)") }
                        if garment.covers.contains(.hips) && row >= 20 { failures.append("\(garment.key) leaves \(model.key)'s hips showing at \(x),\(y)") }
                    }
                }
                for piece in Self.pieces(of: fitted) where !piece.contains(where: { Self.touches(art, $0) }) {
                    failures.append("a piece of \(garment.key) at \(piece[0]) floats off \(model.key)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    /// A garment that would float: the test above must be able to see it.
    @Test func aFloatingPieceIsSeen() {
        var pixels = [UInt8](repeating: 0, count: 20 * 40)
        pixels[0] = UInt8(ascii: "a")                  // a corner no model reaches
        pixels[20 * 30 + 7] = UInt8(ascii: "a")        // on a leg
        let art = PixelArt(width: 20, height: 40, pixels: pixels)
        let model = catalog.models[0].art
        let floating = Self.pieces(of: art).filter { !$0.contains(where: { Self.touches(model, $0) }) }
        #expect(floating.count == 1 && floating[0] == [[0, 0]])
    }

    /// The 8-connected pieces of a garment's art.
    static func pieces(of art: PixelArt) -> [[[Int]]] {
        var seen = Set<[Int]>(), pieces: [[[Int]]] = []
        for y in 0..<art.height {
            for x in 0..<art.width where art[x, y] != 0 && !seen.contains([x, y]) {
                var piece: [[Int]] = [], stack = [[x, y]]
                seen.insert([x, y])
                while let point = stack.popLast() {
                    piece.append(point)
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let next = [point[0] + dx, point[1] + dy]
                            guard (0..<art.width).contains(next[0]), (0..<art.height).contains(next[1]),
                                  art[next[0], next[1]] != 0, !seen.contains(next) else { continue }
                            seen.insert(next)
                            stack.append(next)
                        }
                    }
                }
                pieces.append(piece)
            }
        }
        return pieces
    }

    /// Whether the model is drawn at the point or next to it.
    static func touches(_ model: PixelArt, _ point: [Int]) -> Bool {
        for dy in -1...1 {
            for dx in -1...1 {
                let x = point[0] + dx, y = point[1] + dy
                if (0..<model.width).contains(x), (0..<model.height).contains(y), model[x, y] != 0 { return true }
            }
        }
        return false
    }

    @Test func aLookOnAnotherBuildIsDrawnFitted() throws {
        let bo = try #require(catalog.models.first { $0.build.key == "broad" })
        let gown = try #require(catalog.garment(named: "evening-gown"))
        let look = Look(background: 1, model: bo.id, garments: [WornGarment(id: gown.id, colour: 0)])
        let drawn = LookPixels.render(look, in: catalog)
        let fitted = bo.build.fit(gown.art)
        let colour = gown.variants[0].colours
        for y in 0..<40 {
            for x in 0..<20 where fitted[x, y] != 0 {
                #expect(drawn.colours[y * 40 + x + 10] == colour[fitted[x, y]])
            }
        }
        #expect(fitted != gown.art)
    }
}

@Suite struct BrokenBuildTests {
    func load(_ change: (inout [String: Any]) -> Void) throws -> CatalogError? {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets").standardized
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: source.appendingPathComponent("catalog.json"))) as! [String: Any]
        change(&json)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plume-builds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("art"), withDestinationURL: source.appendingPathComponent("art"))
        try JSONSerialization.data(withJSONObject: json).write(to: folder.appendingPathComponent("catalog.json"))
        do { _ = try Catalog.load(from: folder); return nil } catch { return error }
    }

    @Test func badBuildsAreNamed() throws {
        let error = try #require(try load { json in
            var builds = json["builds"] as! [[String: Any]]
            builds[0]["rows"] = [1, 2, 3]
            var bands = builds[1]["bands"] as! [[String: Any]]
            bands[0]["columns"] = Array(repeating: 25, count: 20)
            builds[1]["bands"] = bands
            builds.append(["key": "standard", "name": "Again", "bands": []])
            json["builds"] = builds
            var models = json["models"] as! [[String: Any]]
            models[0]["build"] = "giant"
            json["models"] = models
        })
        #expect(error.problems.contains { $0.contains("maps 3 rows; the figure has 40") })
        #expect(error.problems.contains { $0.contains("map a column to one outside 0–19") })
        #expect(error.problems.contains { $0.contains("\"standard\" is built in") })
        #expect(error.problems.contains { $0.contains("model 1 (ada) has build \"giant\"") })
    }

    @Test func aCatalogWithoutBuildsHasTheStandardOne() throws {
        let error = try load { json in
            json["builds"] = nil
            var models = json["models"] as! [[String: Any]]
            for index in models.indices { models[index]["build"] = nil }
            json["models"] = models
        }
        #expect(error == nil)
    }
}
