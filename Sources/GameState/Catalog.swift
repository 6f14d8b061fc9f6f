// The game's content as values: backgrounds, models and garments with their pixel art.

/// A 24-bit colour as written in catalog.json ("#rrggbb").
public struct RGB: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8) { (self.r, self.g, self.b) = (r, g, b) }

    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        self.init(r: UInt8(value >> 16 & 0xFF), g: UInt8(value >> 8 & 0xFF), b: UInt8(value & 0xFF))
    }
}

/// A pixel mask: one byte per pixel, 0 for transparent, otherwise the ASCII palette key.
public struct PixelArt: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height)
        (self.width, self.height, self.pixels) = (width, height, pixels)
    }

    public subscript(x: Int, y: Int) -> UInt8 { pixels[y * width + x] }

    /// The palette keys this art uses.
    public var keys: Set<UInt8> { Set(pixels.filter { $0 != 0 }) }
}

/// Where a garment is worn. A slot holds one garment, except accessories (up to three).
public enum Slot: String, CaseIterable, Sendable, Comparable {
    case top, bottom, dress, outerwear, shoes, hat, accessory

    public var capacity: Int { self == .accessory ? 3 : 1 }

    /// Drawing order, back to front: trousers under shoes, tops under dresses under coats,
    /// accessories and hats last.
    public static let layerOrder: [Slot] = [.bottom, .shoes, .top, .dress, .outerwear, .accessory, .hat]
    public var layer: Int { Slot.layerOrder.firstIndex(of: self)! }

    /// Order of the Studio's slot list.
    public static func < (a: Slot, b: Slot) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// Parts of the body a garment covers. Two garments conflict when they cover the same region:
/// a dress covers torso and hips, so it replaces a top and a bottom.
public enum BodyRegion: String, CaseIterable, Sendable {
    case head, hair, eyes, ears, neck, torso, outer, wrist, hand, waist, hips, legs, feet
}

public struct ColourVariant: Hashable, Sendable {
    public let name: String
    /// Palette key (ASCII byte of the art character) → colour.
    public let colours: [UInt8: RGB]
}

public struct Background: Hashable, Sendable, Identifiable {
    public let id: Int
    public let key: String
    public let name: String
    public let tags: [String]
    public let art: PixelArt
    public let palette: [UInt8: RGB]
}

public struct Model: Hashable, Sendable, Identifiable {
    public let id: Int
    public let key: String
    public let name: String
    public let art: PixelArt
    public let palette: [UInt8: RGB]
    /// The model's figure; garments are drawn for the standard figure and fitted through it.
    public let build: Build
}

/// A body build. Garments are drawn once, for the standard figure; a build says, for every pixel
/// of its own figure, which pixel of the standard figure lands there (a row map, then a column
/// map per standard row), so every garment is fitted to every model the same way. The standard
/// build maps every pixel to itself.
public struct Build: Hashable, Sendable {
    public let key: String
    public let name: String
    /// For each row of this figure, the standard row drawn there (-1: none).
    public let sourceRows: [Int]
    /// For each standard row, for each column of this figure, the standard column (-1: none).
    public let sourceColumns: [[Int]]

    /// Whether every pixel maps to itself (so fitting can be skipped), worked out once.
    public let isStandard: Bool

    public init(key: String, name: String, sourceRows: [Int], sourceColumns: [[Int]]) {
        (self.key, self.name, self.sourceRows, self.sourceColumns) = (key, name, sourceRows, sourceColumns)
        isStandard = sourceRows.enumerated().allSatisfy { $0 == $1 }
            && sourceColumns.allSatisfy { $0.enumerated().allSatisfy { $0 == $1 } }
    }

    /// The build that changes nothing, for a figure of this size.
    public static func standard(width: Int, height: Int) -> Build {
        Build(key: "standard", name: "Standard", sourceRows: Array(0..<height),
              sourceColumns: Array(repeating: Array(0..<width), count: height))
    }

    /// The standard-figure pixel drawn at (x, y) of this figure, or nil.
    public func source(x: Int, y: Int) -> (x: Int, y: Int)? {
        guard sourceRows.indices.contains(y) else { return nil }
        let row = sourceRows[y]
        guard row >= 0, sourceColumns.indices.contains(row), sourceColumns[row].indices.contains(x) else { return nil }
        let column = sourceColumns[row][x]
        return column >= 0 ? (column, row) : nil
    }

    /// Art drawn for the standard figure, as worn on this build.
    public func fit(_ art: PixelArt) -> PixelArt {
        var pixels = [UInt8](repeating: 0, count: art.width * art.height)
        for y in 0..<art.height {
            for x in 0..<art.width {
                guard let (sx, sy) = source(x: x, y: y), sx < art.width, sy < art.height else { continue }
                pixels[y * art.width + x] = art[sx, sy]
            }
        }
        return PixelArt(width: art.width, height: art.height, pixels: pixels)
    }
}

public struct Garment: Hashable, Sendable, Identifiable {
    public let id: Int
    public let key: String
    public let name: String
    public let slot: Slot
    public let covers: Set<BodyRegion>
    public let tags: [String]
    public let art: PixelArt
    public let variants: [ColourVariant]
}

public struct Catalog: Sendable {
    public let backgrounds: [Background]
    public let models: [Model]
    /// Body builds, the standard one first.
    public let builds: [Build]
    public let garments: [Garment]
    public let figureSize: (width: Int, height: Int)
    public let backgroundSize: (width: Int, height: Int)

    private let backgroundIndex: [Int: Int]
    private let modelIndex: [Int: Int]
    private let garmentIndex: [Int: Int]
    private let backgroundNames: NameIndex
    private let modelNames: NameIndex
    private let garmentNames: NameIndex

    init(backgrounds: [Background], models: [Model], builds: [Build], garments: [Garment],
         figureSize: (Int, Int), backgroundSize: (Int, Int)) {
        self.backgrounds = backgrounds
        self.models = models
        self.builds = builds
        self.garments = garments
        self.figureSize = figureSize
        self.backgroundSize = backgroundSize
        backgroundIndex = Dictionary(backgrounds.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        modelIndex = Dictionary(models.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        garmentIndex = Dictionary(garments.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        backgroundNames = NameIndex(backgrounds.map { ($0.id, $0.key, $0.name) })
        modelNames = NameIndex(models.map { ($0.id, $0.key, $0.name) })
        garmentNames = NameIndex(garments.map { ($0.id, $0.key, $0.name) })
    }

    public func background(id: Int) -> Background? { backgroundIndex[id].map { backgrounds[$0] } }
    public func model(id: Int) -> Model? { modelIndex[id].map { models[$0] } }
    public func garment(id: Int) -> Garment? { garmentIndex[id].map { garments[$0] } }

    public func garments(in slot: Slot) -> [Garment] { garments.filter { $0.slot == slot } }

    /// Looks an item up by the name a person would type: its key ("striped-tee"), its name
    /// ("Striped Tee"), or its id ("2"). Case, spaces, hyphens and underscores don't matter, and
    /// part of a name will do when only one item has it ("jeans" → Straight Jeans).
    public func background(named text: String) -> Background? { backgroundNames.find(text).flatMap { background(id: $0) } }
    public func model(named text: String) -> Model? { modelNames.find(text).flatMap { model(id: $0) } }
    public func garment(named text: String) -> Garment? { garmentNames.find(text).flatMap { garment(id: $0) } }

    /// Names folded once, so that lookups by typed name stay cheap.
    private struct NameIndex: Sendable {
        let entries: [(id: Int, key: String, name: String)]

        init(_ items: [(Int, String, String)]) {
            entries = items.map { ($0.0, Catalog.fold($0.1), Catalog.fold($0.2)) }
        }

        func find(_ text: String) -> Int? {
            let wanted = Catalog.fold(text)
            guard !wanted.isEmpty else { return nil }
            if let number = Int(wanted) { return entries.first { $0.id == number }?.id }
            if let exact = entries.first(where: { $0.key == wanted || $0.name == wanted }) { return exact.id }
            let partial = entries.filter { $0.name.contains(wanted) }
            return partial.count == 1 ? partial[0].id : nil
        }
    }

    /// The form names are compared in: lower case, letters and digits only.
    static func fold(_ text: String) -> String {
        String(scalars: text.lowercased().unicodeScalars.lazy.filter {
            $0.isASCII ? ("a"..."z").contains($0) || ("0"..."9").contains($0) : $0.properties.isAlphabetic
        })
    }
}
