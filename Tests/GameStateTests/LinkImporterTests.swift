// The link importer: every accepted form, every kind of chat and e-mail damage, and plain-word
// rejections.
import Foundation
import Testing
@testable import GameState

@Suite struct LinkImporterFormTests {
    let importer = Fixtures.importer
    let link = "plume://look/" + Fixtures.goldenLookCode
    let look = SharedState.look(Fixtures.goldenLook)

    @Test func canonicalLinkAndBareCodeImport() throws {
        let canonical = try importer.read(link)
        #expect(canonical.state == look)
        #expect(canonical.form == .canonicalLink)
        let bare = try importer.read(Fixtures.goldenLookCode)
        #expect(bare.state == look)
        #expect(bare.form == .bareCode)
    }

    @Test func schemeAndHostAreCaseInsensitive() throws {
        #expect(try importer.read("PLUME://Look/" + Fixtures.goldenLookCode).state == look)
    }

    @Test func kindInTheCodeMustMatchTheRoute() {
        #expect(throws: ImportError.kindMismatch(link: .swarm, code: .look)) {
            try importer.read("plume://swarm/" + Fixtures.goldenLookCode)
        }
    }

    @Test(arguments: [
        ("line breaks", "plume://look/1EQECAw\nIBCwAkAnOD"),
        ("line breaks with CRLF and a following sentence", "plume://look/1EQE\r\nCAwIBCwAkAnOD\r\nSee you soon!"),
        ("quoted-printable soft breaks", "plume://look/1EQECAwIB=\nCwAkAnOD"),
        ("quoted-printable =3D", "plume://look/1EQECAwIBCwAkAnOD?x-source=3DMail"),
        ("angle brackets", "<plume://look/1EQECAwIBCwAkAnOD>"),
        ("angle brackets wrapped over lines", "<plume://look/1EQECAwIB\nCwAkAnOD>"),
        ("double quotes", "\"plume://look/1EQECAwIBCwAkAnOD\""),
        ("curly quotes", "“plume://look/1EQECAwIBCwAkAnOD”"),
        ("backticks", "`plume://look/1EQECAwIBCwAkAnOD`"),
        ("markdown link", "[my look](plume://look/1EQECAwIBCwAkAnOD)"),
        ("trailing punctuation", "Try this: plume://look/1EQECAwIBCwAkAnOD!!"),
        ("trailing full stop", "plume://look/1EQECAwIBCwAkAnOD."),
        ("percent-escaped path", "plume://look/%31%45QECAwIBCwAkAnOD"),
        ("escaped whole", "plume%3A%2F%2Flook%2F1EQECAwIBCwAkAnOD"),
        ("e-mail reply quoting", "> plume://look/1EQECAwIB\n> CwAkAnOD"),
        ("HTML entity in query", "plume://look/1EQECAwIBCwAkAnOD?x-source=Mail&amp;x-cancel=https://a.example"),
        ("zero-width and no-break spaces", "\u{FEFF}plume://look/1EQ\u{200B}ECAwIBCwAkAnOD\u{A0}"),
        ("trailing slash", "plume://look/1EQECAwIBCwAkAnOD/"),
        ("fragment", "plume://look/1EQECAwIBCwAkAnOD#share"),
        ("bare code wrapped and quoted", "'1EQECAwIB\nCwAkAnOD'"),
    ])
    func mangledLookLinksStillImport(_ name: String, _ paste: String) throws {
        #expect(try importer.read(paste).state == look, "\(name)")
    }

    @Test func markdownEscapedUnderscoreAndStandardBase64StillImport() throws {
        // Find codes that contain "_" and "-" so the repairs have something to repair.
        var rng = SplitMix64(seed: 5)
        var checkedUnderscore = false, checkedDash = false
        for _ in 0..<2_000 where !(checkedUnderscore && checkedDash) {
            let state = SharedState.swarm(SwarmRecipe.random(ingredients: 4, using: &rng))
            let link = ShareCode.link(state)
            if link.contains("_") {
                #expect(try importer.read(link.replacingOccurrences(of: "_", with: "\\_")).state == state)
                #expect(try importer.read(link.replacingOccurrences(of: "_", with: "/")).state == state)
                checkedUnderscore = true
            }
            if link.contains("-") {
                #expect(try importer.read(link.replacingOccurrences(of: "-", with: "+") + "==").state == state)
                checkedDash = true
            }
        }
        #expect(checkedUnderscore && checkedDash)
    }

    @Test func linkEscapedWholeKeepsItsInnerEscapes() throws {
        let escaped = "plume%3A%2F%2Flook%2F1EQECAwIBCwAkAnOD%3Fx-source%3DMy%2520App"
        let imported = try importer.read(escaped)
        #expect(imported.callback.source == "My App")
    }

    @Test func readableOutfitImportsByNamesKeysAndIds() throws {
        let imported = try importer.read("plume://look?outfit=Sunset Beach|june|Striped Tee:red and white|jeans|sandals:3")
        guard case .look(let look) = imported.state else { Issue.record("not a look"); return }
        #expect(imported.form == .readableOutfit)
        #expect(look.background == 1 && look.model == 2)
        let catalog = Fixtures.catalog
        #expect(look.garments.map { catalog.garment(id: $0.id)!.key } == ["striped-tee", "straight-jeans", "sandals"])
        #expect(look.garments.map(\.colour) == [1, 0, 2])
        // The seed game's shape: no host, ids and names mixed, percent-escaped pipes.
        let seedStyle = try importer.read("plume://?outfit=1%7C2%7C2:2%7Cstraight-jeans%7C36:3")
        #expect(seedStyle.state == .look(Fixtures.goldenLook))
    }

    @Test func readableOutfitRoundTripsThroughItsExport() throws {
        var rng = SplitMix64(seed: 8)
        for _ in 0..<300 {
            let look = Fixtures.catalog.randomLook(using: &rng)
            let text = try #require(ReadableOutfit.format(look, in: Fixtures.catalog))
            #expect(try importer.read(text).state == .look(look))
        }
    }

    @Test func readableOutfitProblemsNameTheItem() throws {
        #expect(throws: ImportError.outfit("there is no garment called “jetpack”")) {
            try importer.read("plume://look?outfit=sunset-beach|ada|jetpack")
        }
        #expect(throws: ImportError.self) { try importer.read("plume://look?outfit=sunset-beach") }
        // Found by the fuzzer: an entry that is only a colon once crashed the parser.
        // (Mid-outfit: at the very end a colon is sentence punctuation and is trimmed.)
        for entry in [":", "::", ":1", "sandals:", "sandals:99"] {
            #expect(throws: ImportError.self) { try importer.read("plume://look?outfit=sunset-beach|ada|" + entry + "|beanie") }
        }
        #expect(try importer.read("plume://look?outfit=sunset-beach|ada|sandals:2").form == .readableOutfit)
        // "tee" matches more than one garment, so it is not guessed.
        #expect(throws: ImportError.self) { try importer.read("plume://look?outfit=sunset-beach|ada|tee") }
    }

    @Test func conflictingGarmentsAreRejectedWithTheRule() {
        #expect(throws: ImportError.invalidLook([.conflict("Striped Tee", "Sundress", .torso)])) {
            try importer.read("plume://look?outfit=sunset-beach|ada|striped-tee|sundress")
        }
    }

    @Test func aLookFromANewerCatalogSaysSo() throws {
        let future = ShareCode.link(.look(Look(background: 1, model: 1, garments: [WornGarment(id: 9_999, colour: 0)])))
        #expect(throws: ImportError.invalidLook([.unknownGarment(9_999)])) { try importer.read(future) }
        #expect(ImportError.invalidLook([.unknownGarment(9_999)]).description.contains("newer Plume"))
    }
}

@Suite struct LegacyFormatTests {
    let importer = Fixtures.importer

    @Test func emergentLinkFromTheWriteUpMapsToSayamaUnits() throws {
        let imported = try importer.read("emergent://?r=45673766682117&g=16799217307868&b=87608347801912")
        guard case .swarm(let recipe) = imported.state else { Issue.record("not a swarm"); return }
        #expect(imported.form == .emergent)
        #expect(recipe.ingredients.count == 3)
        #expect(recipe.ingredients.allSatisfy { $0.population == EmergentLink.populationPerGenome })
        let red = recipe.ingredients[0].genome
        // 45 67 37 66 68 21 17 → R 135, c1 .67, c2 .37, c3 66, c4 .34, c5 .21, Vn 3.4, Vm 6.8
        #expect(red.allHundredths == [13500, 340, 680, 67, 37, 6600, 34, 21])
        let blue = recipe.ingredients[2].genome
        // 87 60 83 47 80 19 12 → R 261, c4 .4, Vn 2.4
        #expect(blue.allHundredths == [26100, 240, 480, 60, 83, 4700, 40, 19])
    }

    @Test func emergentWithoutSlashesAndByKeyNotPosition() throws {
        let a = try importer.read("emergent:?b=87608347801912&r=45673766682117")
        let b = try importer.read("emergent://?r=45673766682117&b=87608347801912")
        #expect(a.state == b.state)
    }

    @Test func emergentOddC4RoundsHalfUp() throws {
        let imported = try importer.read("emergent://?r=00000000450000")
        guard case .swarm(let recipe) = imported.state else { return }
        #expect(recipe.ingredients[0].genome.hundredths(.c4) == 23)
    }

    @Test func emergentFifteenDigitsIsRejectedNotGuessed() {
        #expect(throws: ImportError.self) { try importer.read("emergent://?r=100673766682117") }
        do {
            _ = try importer.read("emergent://?r=45673766682117&g=167992173078680")
        } catch {
            #expect(error.description.contains("15 digits"))
            #expect(error.description.contains("green"))
        }
        #expect(throws: ImportError.self) { try importer.read("emergent://?r=4567376668211") }
        #expect(throws: ImportError.self) { try importer.read("emergent://?r=4567376668211x") }
        #expect(throws: ImportError.self) { try importer.read("emergent://?x=45673766682117") }
    }

    @Test func sayamaRecipeTextWithNameLine() throws {
        let imported = try importer.read("Jellyfish 2009\n" + Fixtures.sayamaJellyfish)
        guard case .swarm(let recipe) = imported.state else { Issue.record("not a swarm"); return }
        #expect(imported.title == "Jellyfish 2009")
        #expect(imported.notes.isEmpty)
        #expect(recipe.ingredients.map(\.population) == [134, 67, 68])
        #expect(recipe.ingredients[1].genome.allHundredths == [28817, 619, 2337, 95, 100, 131, 10, 90])
    }

    @Test func sayamaTextRoundTripsThroughItsExport() throws {
        let recipe = try Fixtures.recipe(Fixtures.sayamaMulticellularity)
        #expect(SayamaRecipeText.format(recipe) == Fixtures.sayamaMulticellularity)
        var rng = SplitMix64(seed: 12)
        for _ in 0..<300 {
            let random = SwarmRecipe.random(ingredients: 1 + rng.below(16), using: &rng)
            #expect(try Fixtures.recipe(SayamaRecipeText.format(random)) == random)
        }
    }

    @Test func overRangeValuesAreClampedAndSaid() throws {
        let imported = try importer.read("10 * (400, 25, -3, 1.5, 0.5, 120, 0.9, 2)")
        guard case .swarm(let recipe) = imported.state else { return }
        #expect(recipe.ingredients[0].genome.allHundredths == [30000, 2000, 0, 100, 50, 10000, 50, 100])
        #expect(imported.notes.count == 7)
        #expect(imported.notes[0].contains("R 400"))
    }

    @Test func oversizedPopulationsAreRescaledKeepingEveryIngredient() throws {
        let imported = try importer.read("900 * (1, 1, 1, 0.1, 0.1, 1, 0.1, 0.1)\n1 * (2, 2, 2, 0.2, 0.2, 2, 0.2, 0.2)\n299 * (3, 3, 3, 0.3, 0.3, 3, 0.3, 0.3)")
        guard case .swarm(let recipe) = imported.state else { return }
        let populations = recipe.ingredients.map(\.population)
        #expect(populations.reduce(0, +) == 300)
        #expect(populations.allSatisfy { $0 >= 1 })
        #expect(populations[0] > 2 * populations[2])
        #expect(imported.notes.contains { $0.contains("1200 agents") })
    }

    @Test func rescalingIsProportionalAndExact() {
        #expect(SwarmRecipe.rescaled([600, 300]) == [200, 100])
        #expect(SwarmRecipe.rescaled([100, 100]) == [100, 100])
        let many = SwarmRecipe.rescaled([1_000_000] + [Int](repeating: 1, count: 15))
        #expect(many.reduce(0, +) == 300)
        #expect(many.dropFirst().allSatisfy { $0 >= 1 })
    }

    @Test func bareNumbersNinePerIngredient() throws {
        let imported = try importer.read("134 262.65 12.01 25.87 0.97 1.0 56.35 0.26 0.61\n67 288.17 6.19 23.37 0.95 1.0 1.31 0.1 0.9\n68 150.5 12.97 15.87 0.46 0.39 57.95 0.17 0.48")
        #expect(imported.form == .sayamaNumbers)
        #expect(imported.state == .swarm(try Fixtures.recipe(Fixtures.sayamaJellyfish)))
        #expect(throws: ImportError.self) { try importer.read("1 2 3 4 5 6 7 8 9 10") }
    }

    @Test func recipeProblemsNameTheLine() {
        do {
            _ = try importer.read("Name\n10 * (1, 1, 1, 0.1, 0.1, 1, 0.1, 0.1)\nnot an ingredient")
            Issue.record("accepted a broken recipe")
        } catch {
            #expect(error.description.contains("line 3"))
        }
        let seventeen = Array(repeating: "1 * (1, 1, 1, 0.1, 0.1, 1, 0.1, 0.1)", count: 17).joined(separator: "\n")
        #expect(throws: ImportError.recipe("it has 17 ingredients; a recipe holds at most 16")) { try importer.read(seventeen) }
        #expect(throws: ImportError.self) { try importer.read("2.5 * (1, 1, 1, 0.1, 0.1, 1, 0.1, 0.1)") }
    }
}

@Suite struct CallbackAndLimitTests {
    let importer = Fixtures.importer
    let base = "plume://look/" + Fixtures.goldenLookCode

    @Test func allowedCallbacksAreReturnedNotActedOn() throws {
        let link = try importer.read(base + "?x-source=Mail&x-success=https://friend.example/done&x-cancel=plume://look")
        #expect(link.callback.source == "Mail")
        #expect(link.callback.success == "https://friend.example/done")
        #expect(link.callback.cancel == "plume://look")
        #expect(link.callback.dropped.isEmpty)
    }

    @Test(arguments: [
        "x-success=javascript:alert(1)",
        "x-error=data:text/html,hi",
        "x-success=http://plain.example/",
        "x-success=https://user:pass@evil.example/",
        "x-cancel=https://@evil.example/",
        "x-success=https:evil.example",
        "x-success=https://a.example\\\\@evil.example",
    ])
    func disallowedCallbacksAreDroppedWithAReason(_ query: String) throws {
        let link = try importer.read(base + "?" + query)
        #expect(link.callback.success == nil && link.callback.error == nil && link.callback.cancel == nil)
        #expect(link.callback.dropped.count == 1)
    }

    @Test func overlongCallbacksAndSourcesAreDropped() throws {
        let long = try importer.read(base + "?x-success=https://a.example/" + String(repeating: "p", count: 240))
        #expect(long.callback.success == nil)
        #expect(long.callback.dropped.first?.contains("256") == true)
        let source = try importer.read(base + "?x-source=" + String(repeating: "s", count: 33))
        #expect(source.callback.source == nil)
        let exact = try importer.read(base + "?x-source=" + String(repeating: "s", count: 32))
        #expect(exact.callback.source?.count == 32)
        let control = try importer.read(base + "?x-source=Ma%1B%5B2Jil")
        #expect(control.callback.source == nil)
    }

    @Test func pastesOver4KiBAreRefusedWithTheirSize() throws {
        let paste = base + String(repeating: " ", count: 4_096)
        #expect(throws: ImportError.tooLong(bytes: paste.utf8.count)) { try importer.read(paste) }
        let justUnder = base + String(repeating: " ", count: 4_096 - base.utf8.count)
        #expect(try importer.read(justUnder).state == .look(Fixtures.goldenLook))
    }

    @Test func rejectionsReadAsSentences() {
        let cases: [(String, String)] = [
            ("", "nothing to import"), ("   \n ", "nothing to import"), ("hello there", "isn't a Plume link"),
            ("plume://look/", "no code"), ("plume://hat/1abc", "a look, a swarm or a player"), ("plume://look/1EQECAwIBCwAkAnOE", "damaged"),
            ("plume://look/3abc", "newer Plume"), ("https://example.com/look", "isn't a Plume link"),
        ]
        for (paste, phrase) in cases {
            do {
                _ = try importer.read(paste)
                Issue.record("accepted \(paste)")
            } catch {
                #expect(error.description.contains(phrase), "\(paste) → \(error.description)")
                #expect(error.description.hasSuffix("."))
            }
        }
    }

    @Test func hostileTextNeverReachesAMessageRaw() {
        do {
            _ = try importer.read("plume://\u{1B}[31mred\u{1B}[0m/1abc")
        } catch {
            #expect(!error.description.unicodeScalars.contains { $0.value == 0x1B })
        }
    }
}

@Suite struct CallbackResultTests {
    let importer = Fixtures.importer
    let base = "plume://look/" + Fixtures.goldenLookCode

    @Test func resultsAreAppendedPercentEncodedBeforeAnyFragment() {
        let results = [("kind", "look"), ("link", "plume://look/1a-b_c~d.e"), ("errorMessage", "Can't open: 50% «done» & more=yes")]
        #expect(XCallback.appending(results, to: "https://a.example/done")
            == "https://a.example/done?kind=look&link=plume%3A%2F%2Flook%2F1a-b_c~d.e&errorMessage=Can%27t%20open%3A%2050%25%20%C2%ABdone%C2%BB%20%26%20more%3Dyes")
        #expect(XCallback.appending([("a", "1")], to: "https://a.example/p?x=1#top") == "https://a.example/p?x=1&a=1#top")
        #expect(XCallback.appending([("a", "1")], to: "https://a.example/p?") == "https://a.example/p?a=1")
        #expect(XCallback.appending([("a", "1")], to: "https://a.example/p?x=1&") == "https://a.example/p?x=1&a=1")
        #expect(XCallback.appending([("a b", "c&d")], to: "plume://look") == "plume://look?a%20b=c%26d")
        #expect(XCallback.appending([], to: "https://a.example/#f") == "https://a.example/#f")
    }

    @Test func everyByteOutsideTheUnreservedSetIsEncoded() {
        let all = String(decoding: (1...127).map { UInt8($0) }, as: UTF8.self) + "é🙂"
        let encoded = XCallback.percentEncode(all)
        #expect(encoded.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-._~%".unicodeScalars.contains($0)) })
        #expect(encoded.removingPercentEncoding == all)
    }

    @Test func aFailingLinkStillYieldsItsCallbacks() throws {
        let broken = "plume://look/1EQECAwIBCwAkAnOE?x-error=https://a.example/err&x-success=javascript:x"
        #expect(throws: ImportError.self) { try importer.read(broken) }
        let callback = importer.callback(in: "Try this: <" + broken + ">.")
        #expect(callback.error == "https://a.example/err")
        #expect(callback.success == nil && callback.dropped.count == 1)
        #expect(importer.callback(in: "no link here").error == nil)
        #expect(importer.callback(in: String(repeating: "x", count: 5000) + broken).error == nil)
        #expect(ImportError.code(.damaged).code == "bad-code" && ImportError.notALink.code == "not-a-link")
    }

    @Test func serverPageLinksImportByTheirCode() throws {
        for paste in ["https://scores.example/l/\(Fixtures.goldenLookCode)", "see <http://127.0.0.1:8080/l/\(Fixtures.goldenLookCode)/>.",
                      "HTTPS://Scores.Example/l/\(Fixtures.goldenLookCode)?utm=x#top"] {
            let link = try importer.read(paste)
            #expect(link.state == .look(Fixtures.goldenLook))
            #expect(link.form == .webLink)
        }
        // Only the /l/ page carries a code (/p/ is a player's); a plume link in the same paste wins.
        #expect(throws: ImportError.self) { try importer.read("https://scores.example/p/\(Fixtures.goldenLookCode)") }
        #expect(try importer.read("https://x.example/l/1zzz then plume://look/\(Fixtures.goldenLookCode)").form == .canonicalLink)
    }
}

@Suite struct PlayerLinkImportTests {
    let importer = Fixtures.importer
    static let id = "Xk3_pQ9-aZbC1dE2fG3hIj"

    @Test(arguments: [
        ("canonical", "plume://player/\(id)"), ("web page", "https://scores.example/p/\(id)"), ("web page, slash and query", "<http://127.0.0.1:8787/p/\(id)/?ref=chat>."),
        ("angle brackets", "<plume://player/\(id)>"), ("quoted", "“plume://player/\(id)”"), ("percent-escaped", "plume://player/%58k3_pQ9-aZbC1dE2fG3hIj"),
        ("escaped whole", "plume%3A%2F%2Fplayer%2F\(id)"), ("e-mail wrapped, soft break", "Follow me: plume://player/Xk3_pQ9-aZ=\nbC1dE2fG3hIj\nCheers"),
        ("reply quoted over lines", "> plume://player/Xk3_pQ9-a\n> ZbC1dE2fG3hIj"), ("sentence", "I'm plume://player/\(id)."),
        ("markdown escaped", "plume://player/Xk3\\_pQ9-aZbC1dE2fG3hIj"), ("upper-case host", "PLUME://Player/\(id)/"),
    ])
    func aMangledPlayerLinkStillLeadsToItsPlayer(_ name: String, _ paste: String) throws {
        guard case .player(let link) = try importer.readPaste(paste) else { Issue.record("\(name): not a player"); return }
        #expect(link.playerID == Self.id, "\(name)")
        #expect(link.form == (paste.contains("/p/") ? .webLink : .canonicalLink), "\(name)")
        #expect(link.link == "plume://player/\(Self.id)")
    }

    @Test func aBrokenPlayerLinkSaysWhatIsWrong() {
        let cases = [("plume://player/", "no player id"), ("plume://player/Xk3_pQ9-aZbC", "cut short (12 of 22"),
                     ("plume://player/\(Self.id)\(Self.id)", "44 characters"), ("plume://player/Xk3!pQ9-aZbC1dE2fG3hIj", "“!” at position 4"),
                     ("https://scores.example/p/1EQECAwIBCwAkAnOD", "cut short")]
        for (paste, phrase) in cases {
            do throws(ImportError) {
                _ = try importer.readPaste(paste)
                Issue.record("accepted \(paste)")
            } catch {
                let words = error.description
                #expect(words.hasPrefix("Can't read this player link: ") && words.contains(phrase) && words.hasSuffix("."), "\(paste) → \(words)")
            }
        }
    }

    @Test func onlyLooksAndSwarmsAreReadWhereAStateIsWanted() throws {
        #expect(throws: ImportError.isPlayerLink) { try importer.read("plume://player/\(Self.id)") }
        #expect(ImportError.isPlayerLink.description.contains("follow"))
        guard case .shared(let look) = try importer.readPaste("plume://look/" + Fixtures.goldenLookCode) else { Issue.record("not a look"); return }
        #expect(look.state == .look(Fixtures.goldenLook))
        // A bare id is not a link: it could be anything.
        #expect(throws: ImportError.self) { try importer.readPaste(Self.id) }
        #expect(PlayerLink(playerID: "short") == nil && PlayerLink.webLink(playerID: Self.id, base: "https://s.example/") == "https://s.example/p/\(Self.id)")
    }
}
