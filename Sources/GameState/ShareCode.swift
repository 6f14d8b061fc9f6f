// Share codes: the compact, checksummed, percent-escape-free form of a look or a swarm.
//
//   code   = "1" base64url(header body crc16)
//   header = kind (high nibble: 1 look, 2 swarm) | body version (low nibble)
//   crc16  = CRC-16/CCITT-FALSE over header + body, big-endian

/// What a share code or link holds.
public enum SharedState: Hashable, Sendable {
    case look(Look)
    case swarm(SwarmRecipe)

    public var kind: ShareKind {
        switch self {
        case .look: .look
        case .swarm: .swarm
        }
    }
}

public enum ShareKind: Int, Sendable, CaseIterable {
    case look = 1, swarm = 2

    /// The link host: `plume://look/…`, `plume://swarm/…`.
    public var route: String {
        switch self {
        case .look: "look"
        case .swarm: "swarm"
        }
    }

    /// The body version this Plume writes (and the newest it reads).
    var bodyVersion: Int { 1 }
}

/// Why a share code could not be read, in words a player can be shown.
public enum ShareCodeError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    case notACode
    case needsNewerPlume
    case badCharacter(Character, position: Int)
    case truncated
    case damaged
    case malformed(String)

    public var description: String {
        switch self {
        case .empty: "the share code is missing"
        case .notACode: "this isn't a Plume share code (codes start with 1)"
        case .needsNewerPlume: "this link needs a newer Plume — update Plume to open it"
        case .badCharacter(let character, let position):
            "the code has \(SafeText.quoted(String(character))) at position \(position + 1), which a Plume code never contains"
        case .truncated: "the code is cut short — copy the whole link"
        case .damaged: "the link is damaged (its checksum doesn't match) — copy the whole link again"
        case .malformed(let what): "the code is damaged: \(what)"
        }
    }
}

public enum ShareCode {
    /// Envelope version: the first character, outside the base64.
    public static let envelope: UInt8 = UInt8(ascii: "1")
    static let linkScheme = "plume://"

    public static func encode(_ state: SharedState) -> String {
        var payload: [UInt8] = [UInt8(state.kind.rawValue << 4 | state.kind.bodyVersion)]
        switch state {
        case .look(let look): payload += LookBody.encode(look)
        case .swarm(let recipe): payload += SwarmBody.encode(recipe)
        }
        let crc = CRC16.ccittFalse(payload)
        payload += [UInt8(crc >> 8), UInt8(crc & 0xFF)]
        return "1" + Base64URL.encode(payload)
    }

    /// The canonical link: `plume://look/<code>` or `plume://swarm/<code>`.
    public static func link(_ state: SharedState) -> String {
        linkScheme + state.kind.route + "/" + encode(state)
    }

    /// A plume-server's web page for the state, `{base}/l/{code}`: the browser fallback, and a
    /// link chat apps and mail make clickable.
    public static func webLink(_ state: SharedState, base: String) -> String {
        (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/l/" + encode(state)
    }

    /// Decodes a code exactly as written (no repair: that is LinkImporter's job).
    public static func decode<Text: StringProtocol>(_ code: Text) throws(ShareCodeError) -> SharedState {
        let utf8 = Array(code.utf8)
        guard let first = utf8.first else { throw .empty }
        guard first == envelope else {
            // Another digit is a future envelope; anything else is not a code at all.
            throw (UInt8(ascii: "2")...UInt8(ascii: "9")).contains(first) ? .needsNewerPlume : .notACode
        }
        let payload: [UInt8]
        do {
            payload = try Base64URL.decode(utf8.dropFirst())
        } catch {
            switch error {
            case .badCharacter(let position):
                let character = code[code.utf8.index(code.startIndex, offsetBy: position + 1)...].first ?? "?"
                throw .badCharacter(character, position: position + 1)
            case .impossibleLength: throw utf8.count < 5 ? .truncated : .damaged
            case .nonCanonicalEnding: throw .damaged
            }
        }
        guard payload.count >= 4 else { throw payload.count < 3 ? .truncated : .damaged }
        let body = payload.dropLast(2)
        let crc = UInt16(payload[payload.count - 2]) << 8 | UInt16(payload[payload.count - 1])
        guard CRC16.ccittFalse(body) == crc else { throw .damaged }
        let header = Int(body[body.startIndex])
        guard let kind = ShareKind(rawValue: header >> 4) else { throw .needsNewerPlume }
        let version = header & 0x0F
        guard version <= kind.bodyVersion else { throw .needsNewerPlume }
        guard version >= 1 else { throw .malformed("body version 0 was never written") }
        let content = body.dropFirst()
        switch kind {
        case .look: return .look(try LookBody.decode(content))
        case .swarm: return .swarm(try SwarmBody.decode(content))
        }
    }
}

/// Look body v1: background, model, garment count, then per garment id and colour — varints.
enum LookBody {
    static func encode(_ look: Look) -> [UInt8] {
        var writer = ByteWriter()
        writer.varint(look.background)
        writer.varint(look.model)
        writer.varint(look.garments.count)
        for garment in look.garments {
            writer.varint(garment.id)
            writer.varint(garment.colour)
        }
        return writer.bytes
    }

    static func decode(_ bytes: ArraySlice<UInt8>) throws(ShareCodeError) -> Look {
        var reader = ByteReader(bytes)
        guard let background = reader.varint(), let model = reader.varint(), let count = reader.varint() else {
            throw .malformed("the look's header is incomplete")
        }
        guard count <= GameLimits.maxGarmentsInCode else { throw .malformed("it lists \(count) garments") }
        var garments: [WornGarment] = []
        for _ in 0..<count {
            guard let id = reader.varint(), let colour = reader.varint() else { throw .malformed("a garment is incomplete") }
            garments.append(WornGarment(id: id, colour: colour))
        }
        guard reader.isAtEnd else { throw .malformed("there are bytes after the last garment") }
        // Canonical order is part of the format: a reordered list is not a code we wrote.
        guard garments == garments.sorted() else { throw .malformed("the garments are out of order") }
        return Look(background: background, model: model, garments: garments)
    }
}

/// Swarm body v1, MSB-first bits: ingredient count − 1 (4 bits), then per ingredient
/// population − 1 (9 bits) and the eight parameters in hundredths (R 15, Vn 11, Vm 12, c1 7,
/// c2 7, c3 14, c4 6, c5 7 bits); zero padding to a whole byte.
enum SwarmBody {
    static let countBits = 4
    static let populationBits = 9

    static func encode(_ recipe: SwarmRecipe) -> [UInt8] {
        precondition((1...GameLimits.maxIngredients).contains(recipe.ingredients.count), "recipe size out of range")
        var writer = BitWriter()
        writer.write(recipe.ingredients.count - 1, bits: countBits)
        for ingredient in recipe.ingredients {
            precondition((1...GameLimits.maxTotalPopulation).contains(ingredient.population), "population out of range")
            writer.write(ingredient.population - 1, bits: populationBits)
            for parameter in Genome.Parameter.allCases {
                writer.write(ingredient.genome.hundredths(parameter), bits: parameter.bitWidth)
            }
        }
        return writer.bytes
    }

    static func decode(_ bytes: ArraySlice<UInt8>) throws(ShareCodeError) -> SwarmRecipe {
        var reader = BitReader(bytes)
        guard let countLess1 = reader.read(bits: countBits) else { throw .malformed("the recipe is empty") }
        var ingredients: [Ingredient] = []
        for number in 1...(countLess1 + 1) {
            guard let populationLess1 = reader.read(bits: populationBits) else { throw .malformed("ingredient \(number) is incomplete") }
            var values: [Int] = []
            for parameter in Genome.Parameter.allCases {
                guard let value = reader.read(bits: parameter.bitWidth) else { throw .malformed("ingredient \(number) is incomplete") }
                guard value <= parameter.maxHundredths else {
                    throw .malformed("ingredient \(number) has \(parameter.symbol) \(Hundredths.format(value)), beyond its range")
                }
                values.append(value)
            }
            ingredients.append(Ingredient(population: populationLess1 + 1, genome: Genome(clampingHundredths: values)))
        }
        guard reader.onlyZeroPaddingLeft else { throw .malformed("there is data after the last ingredient") }
        let recipe = SwarmRecipe(ingredients)
        if let problem = recipe.problems().first { throw .malformed(problem) }
        return recipe
    }
}
