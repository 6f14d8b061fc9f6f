// The share-code format: golden vectors, canonical output, round trips, and error detection.
import Testing
@testable import GameState

@Suite struct ShareCodeFormatTests {
    @Test func crcMatchesTheCCITTFalseCheckValue() {
        #expect(CRC16.ccittFalse(Array("123456789".utf8)) == 0x29B1)
        #expect(CRC16.ccittFalse([UInt8]()) == 0xFFFF)
    }

    @Test func base64urlMatchesRFC4648VectorsWithoutPadding() throws {
        let vectors = [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy")]
        for (plain, encoded) in vectors {
            #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
            #expect(try Base64URL.decode(Array(encoded.utf8)) == Array(plain.utf8))
        }
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
    }

    @Test func base64urlRejectsNonCanonicalSpellings() {
        #expect(throws: Base64URL.DecodeError.nonCanonicalEnding) { try Base64URL.decode(Array("Zh".utf8)) }
        #expect(throws: Base64URL.DecodeError.impossibleLength) { try Base64URL.decode(Array("Zm9vY".utf8)) }
        #expect(throws: Base64URL.DecodeError.badCharacter(position: 2)) { try Base64URL.decode(Array("Zm+v".utf8)) }
    }

    @Test func varintsRejectOverlongAndTruncatedForms() {
        var overlong = ByteReader([0x81, 0x00][...])
        #expect(overlong.varint() == nil)
        var truncated = ByteReader([0x80][...])
        #expect(truncated.varint() == nil)
        var tooWide = ByteReader([0xFF, 0xFF, 0xFF, 0xFF, 0x01][...])
        #expect(tooWide.varint() == nil)
        var fine = ByteReader([0xAC, 0x02][...])
        #expect(fine.varint() == 300)
    }

    @Test func goldenLookVector() throws {
        // header 0x11 (look, body v1) · bg 1 · model 2 · 3 garments · (2,1) (11,0) (36,2) · crc
        #expect(ShareCode.encode(.look(Fixtures.goldenLook)) == Fixtures.goldenLookCode)
        #expect(ShareCode.link(.look(Fixtures.goldenLook)) == "plume://look/" + Fixtures.goldenLookCode)
        #expect(try ShareCode.decode(Fixtures.goldenLookCode) == .look(Fixtures.goldenLook))
    }

    @Test func goldenSwarmVectors() throws {
        // One ingredient, population 1, every parameter 0: header 0x21 then 92 zero bits (12 bytes).
        let zero = SwarmRecipe([Fixtures.ingredient(1, [0, 0, 0, 0, 0, 0, 0, 0])])
        var payload: [UInt8] = [0x21] + [UInt8](repeating: 0, count: 12)
        let crc = CRC16.ccittFalse(payload)
        payload += [UInt8(crc >> 8), UInt8(crc & 0xFF)]
        #expect(ShareCode.encode(.swarm(zero)) == "1" + Base64URL.encode(payload))
        // The literal below was computed by an independent Python implementation of the format.
        #expect(ShareCode.encode(.swarm(zero)) == "1IQAAAAAAAAAAAAAAAEAH")

        let jellyfish = try Fixtures.recipe(Fixtures.sayamaJellyfish)
        #expect(ShareCode.encode(.swarm(jellyfish)) == "1ISQuaZljQ3hyLAbT0hcJFNckN_IBBlWiG6yqIsZrk61GiwAqXg")
    }

    @Test func swarmBitLayoutPutsFieldsWhereTheFormatSays() {
        // Population 300 and every parameter at its maximum: all fields are all-ones where
        // the maximum is 2^n − 1 (c1, c2, c5 = 100 are not), so check two known fields.
        let top = SwarmRecipe([Fixtures.ingredient(300, [300, 20, 40, 1, 1, 100, 0.5, 1])])
        let body = SwarmBody.encode(top)
        var reader = BitReader(body[...])
        #expect(reader.read(bits: 4) == 0)
        #expect(reader.read(bits: 9) == 299)
        #expect(reader.read(bits: 15) == 30000)
        #expect(reader.read(bits: 11) == 2000)
        #expect(reader.read(bits: 12) == 4000)
        #expect(body.count == 12)
    }

    @Test func encodingIsCanonicalWhateverTheGarmentOrder() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let look = Fixtures.catalog.randomLook(using: &rng)
            var shuffled = look.garments
            shuffled.shuffle(using: &rng)
            let again = Look(background: look.background, model: look.model, garments: shuffled)
            #expect(ShareCode.encode(.look(again)) == ShareCode.encode(.look(look)))
        }
    }

    @Test func randomLooksAndRecipesRoundTrip() throws {
        var rng = SplitMix64(seed: 2024)
        for _ in 0..<5_000 {
            let look = Fixtures.catalog.randomLook(using: &rng)
            #expect(look.brokenRules(in: Fixtures.catalog).isEmpty)
            let code = ShareCode.encode(.look(look))
            #expect(try ShareCode.decode(code) == .look(look))
            #expect(ShareCode.encode(.look(look)) == code)
            let recipe = SwarmRecipe.random(ingredients: 1 + rng.below(16), using: &rng)
            let swarmCode = ShareCode.encode(.swarm(recipe))
            #expect(try ShareCode.decode(swarmCode) == .swarm(recipe))
        }
    }

    @Test func everyTwoDecimalValueSurvivesTheCode() throws {
        // Walk each parameter over its whole range in one recipe per parameter.
        for parameter in Genome.Parameter.allCases {
            var value = 0
            while value <= parameter.maxHundredths {
                var genomes: [Ingredient] = []
                for _ in 0..<16 where value <= parameter.maxHundredths {
                    var genome = Genome(clampingHundredths: [Int](repeating: 0, count: 8))
                    genome.set(parameter, hundredths: value)
                    genomes.append(Ingredient(population: 1, genome: genome))
                    value += parameter.maxHundredths > 2000 ? 7 : 1
                }
                let recipe = SwarmRecipe(genomes)
                #expect(try ShareCode.decode(ShareCode.encode(.swarm(recipe))) == .swarm(recipe))
            }
        }
    }

    @Test func lengthTargetsHold() {
        // The longest possible look: the highest background, model, ids and colours in every slot,
        // three accessories — more than any legal look can hold.
        let catalog = Fixtures.catalog
        var worst: [WornGarment] = []
        for slot in Slot.allCases {
            let ranked = catalog.garments(in: slot).sorted { $0.id > $1.id }
            for garment in ranked.prefix(slot.capacity) {
                worst.append(WornGarment(id: garment.id, colour: garment.variants.count - 1))
            }
        }
        let look = Look(background: catalog.backgrounds.map(\.id).max()!, model: catalog.models.map(\.id).max()!, garments: worst)
        let link = ShareCode.link(.look(look))
        #expect(link.count <= 64, "worst-case look link is \(link.count) characters")

        var rng = SplitMix64(seed: 3)
        let eight = SwarmRecipe.random(ingredients: 8, using: &rng)
        #expect(ShareCode.link(.swarm(eight)).count <= 160)
        #expect(ShareCode.link(.swarm(eight)).count == 138)
    }

    @Test func codesNeverNeedPercentEscaping() {
        var rng = SplitMix64(seed: 11)
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for _ in 0..<1_000 {
            let code = ShareCode.encode(.swarm(SwarmRecipe.random(ingredients: 1 + rng.below(16), using: &rng)))
            #expect(code.allSatisfy { unreserved.contains($0) })
        }
    }
}

@Suite struct ShareCodeErrorDetectionTests {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    static func goldenCodes() throws -> [String] {
        let codes = [Fixtures.goldenLookCode, ShareCode.encode(.swarm(try Fixtures.recipe(Fixtures.sayamaJellyfish))),
                     ShareCode.encode(.swarm(try Fixtures.recipe(Fixtures.sayamaMulticellularity)))]
        return codes
    }

    @Test func everySingleCharacterSubstitutionIsRejected() throws {
        var tried = 0
        for code in try Self.goldenCodes() {
            let characters = Array(code)
            for position in characters.indices {
                for replacement in Self.alphabet + ["1", "2", "9", "+", "/", "=", "%", " "] where replacement != characters[position] {
                    var edited = characters
                    edited[position] = replacement
                    tried += 1
                    #expect(throws: ShareCodeError.self, "substituting \(replacement) at \(position) in \(code)") {
                        try ShareCode.decode(String(edited))
                    }
                }
            }
        }
        #expect(tried > 10_000)
    }

    @Test func everyAdjacentTranspositionIsRejected() throws {
        for code in try Self.goldenCodes() {
            let characters = Array(code)
            for position in 0..<(characters.count - 1) where characters[position] != characters[position + 1] {
                var edited = characters
                edited.swapAt(position, position + 1)
                #expect(throws: ShareCodeError.self) { try ShareCode.decode(String(edited)) }
            }
        }
    }

    @Test func randomEditsAreRejectedAtLeast999In1000() throws {
        var rng = SplitMix64(seed: 99)
        let edits = 100_000
        var acceptedChanged = 0
        var importerAcceptedChanged = 0
        for index in 0..<edits {
            let state: SharedState = index % 2 == 0 ? .look(Fixtures.catalog.randomLook(using: &rng))
                : .swarm(SwarmRecipe.random(ingredients: 1 + rng.below(8), using: &rng))
            let code = ShareCode.encode(state)
            var characters = Array(code)
            for _ in 0..<(1 + rng.below(3)) {
                let position = rng.below(characters.count)
                let character = Self.alphabet[rng.below(Self.alphabet.count)]
                switch rng.below(4) {
                case 0: characters[position] = character
                case 1: characters.insert(character, at: position)
                case 2 where characters.count > 1: characters.remove(at: position)
                default: if position + 1 < characters.count { characters.swapAt(position, position + 1) }
                }
            }
            let edited = String(characters)
            guard edited != code else { continue }
            if let decoded = try? ShareCode.decode(edited), decoded != state { acceptedChanged += 1 }
            if index % 10 == 0, let link = try? Fixtures.importer.read(edited), link.state != state { importerAcceptedChanged += 1 }
        }
        #expect(Double(acceptedChanged) / Double(edits) <= 0.001, "\(acceptedChanged) of \(edits) edits decoded to another state")
        #expect(Double(importerAcceptedChanged) / Double(edits / 10) <= 0.001)
    }

    @Test func errorsSayWhatIsWrong() {
        #expect(throws: ShareCodeError.needsNewerPlume) { try ShareCode.decode("2AAAA") }
        #expect(throws: ShareCodeError.notACode) { try ShareCode.decode("xAAAA") }
        #expect(throws: ShareCodeError.empty) { try ShareCode.decode("") }
        #expect(throws: ShareCodeError.truncated) { try ShareCode.decode("1EQ") }
        #expect(throws: ShareCodeError.badCharacter("%", position: 3)) { try ShareCode.decode("1EQ%CAwIBCwAkAnOD") }
        // A future body version with a correct checksum asks for a newer Plume, it doesn't guess.
        var payload: [UInt8] = [0x12, 1, 2, 0]
        let crc = CRC16.ccittFalse(payload)
        payload += [UInt8(crc >> 8), UInt8(crc & 0xFF)]
        #expect(throws: ShareCodeError.needsNewerPlume) { try ShareCode.decode("1" + Base64URL.encode(payload)) }
        // So does a kind this Plume doesn't know.
        var unknownKind: [UInt8] = [0x31, 0]
        let crc2 = CRC16.ccittFalse(unknownKind)
        unknownKind += [UInt8(crc2 >> 8), UInt8(crc2 & 0xFF)]
        #expect(throws: ShareCodeError.needsNewerPlume) { try ShareCode.decode("1" + Base64URL.encode(unknownKind)) }
    }

    @Test func wellFormedButImpossibleBodiesAreRejected() {
        func code(_ body: [UInt8]) -> String {
            let crc = CRC16.ccittFalse(body)
            return "1" + Base64URL.encode(body + [UInt8(crc >> 8), UInt8(crc & 0xFF)])
        }
        // Garments out of order, trailing bytes, too many garments.
        #expect(throws: ShareCodeError.self) { try ShareCode.decode(code([0x11, 1, 1, 2, 9, 0, 3, 0])) }
        #expect(throws: ShareCodeError.self) { try ShareCode.decode(code([0x11, 1, 1, 0, 7])) }
        #expect(throws: ShareCodeError.self) { try ShareCode.decode(code([0x11, 1, 1, 99])) }
        // A swarm whose R field is above 300.00.
        var writer = BitWriter()
        writer.write(0, bits: 4); writer.write(0, bits: 9); writer.write(30001, bits: 15)
        for parameter in Genome.Parameter.allCases.dropFirst() { writer.write(0, bits: parameter.bitWidth) }
        #expect(throws: ShareCodeError.self) { try ShareCode.decode(code([0x21] + writer.bytes)) }
    }
}
