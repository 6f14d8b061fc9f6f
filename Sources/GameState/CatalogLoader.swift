// Reads and validates catalog.json and its art files. Every problem is collected and reported
// together, so a content author fixes them in one pass.
import Foundation
import PlumeAssets

/// The catalog could not be loaded. `problems` lists each one in words.
public struct CatalogError: Error, CustomStringConvertible, Sendable {
    public let location: String
    public let problems: [String]

    public init(location: String, problems: [String]) {
        self.location = location
        self.problems = problems
    }

    public var description: String {
        "The catalog at \(location) can't be used (\(problems.count) problem\(problems.count == 1 ? "" : "s")):\n"
            + problems.map { "- \($0)" }.joined(separator: "\n")
    }
}

extension Catalog {
    /// The catalog shipped with Plume (or the folder named by `PLUME_ASSETS`), loaded once.
    public static let bundled: Result<Catalog, CatalogError> = Result { () throws(CatalogError) in
        try Catalog.load(from: PlumeAssets.directory)
    }

    /// Loads `catalog.json` and the art it names from `directory`.
    public static func load(from directory: URL) throws(CatalogError) -> Catalog {
        let file = directory.appendingPathComponent("catalog.json")
        let fail = { (problem: String) in CatalogError(location: file.path, problems: [problem]) }
        guard let data = try? Data(contentsOf: file) else { throw fail("catalog.json is missing or unreadable") }
        let raw: RawCatalog
        do {
            raw = try JSONDecoder().decode(RawCatalog.self, from: data)
        } catch {
            throw fail("catalog.json is not valid: \(describe(error))")
        }
        var check = CatalogCheck(directory: directory)
        let catalog = check.build(raw)
        guard check.problems.isEmpty, let catalog else {
            throw CatalogError(location: file.path, problems: check.problems)
        }
        return catalog
    }

    private static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing \"\(key.stringValue)\" at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "wrong type at \(path(context)): \(context.debugDescription)"
        case .dataCorrupted(let context): return "\(context.debugDescription) \(path(context))"
        @unknown default: return "\(error)"
        }
    }
}

// MARK: - The file's shape

struct RawCatalog: Decodable {
    struct Size: Decodable { let width: Int; let height: Int }
    struct RawBackground: Decodable { let id: Int; let key: String; let name: String; let tags: [String]; let art: String; let palette: [String: String] }
    struct RawModel: Decodable { let id: Int; let key: String; let name: String; let art: String; let palette: [String: String]; let build: String? }
    /// A build: `rows` gives, for each figure row, the standard row drawn there (-1: none;
    /// omitted: the same row); each band gives, for the standard rows `from`…`to`, the standard
    /// column drawn at each figure column. Rows outside every band keep their columns.
    struct RawBuild: Decodable {
        struct Band: Decodable { let from: Int; let to: Int; let columns: [Int] }
        let key: String; let name: String; let rows: [Int]?; let bands: [Band]
    }
    struct RawVariant: Decodable { let name: String; let colours: [String: String] }
    struct RawGarment: Decodable {
        let id: Int; let key: String; let name: String; let slot: String; let covers: [String]
        let tags: [String]; let art: String; let variants: [RawVariant]
    }
    let format: Int
    let figure: Size
    let background: Size
    let backgrounds: [RawBackground]
    let builds: [RawBuild]?
    let models: [RawModel]
    let garments: [RawGarment]
}

/// The catalog's content limits, so content stays drawable and share codes stay short.
enum CatalogLimits {
    static let variantsPerGarment = 4...8
    static let maxId = 65_535
    static let paletteKeys = Set("abcdefghijklmnopqrstuvwxyz".utf8)
}

/// Validates a raw catalog, collecting problems rather than stopping at the first.
struct CatalogCheck {
    let directory: URL
    var problems: [String] = []

    init(directory: URL) { self.directory = directory }

    mutating func build(_ raw: RawCatalog) -> Catalog? {
        if raw.format != 1 { problems.append("format \(raw.format) is not one this Plume reads (it reads format 1)") }
        let figure = (raw.figure.width, raw.figure.height)
        let backdrop = (raw.background.width, raw.background.height)
        checkIds(raw.backgrounds.map { ($0.id, $0.key) }, kind: "background")
        checkIds(raw.models.map { ($0.id, $0.key) }, kind: "model")
        checkIds(raw.garments.map { ($0.id, $0.key) }, kind: "garment")
        if raw.backgrounds.isEmpty { problems.append("there are no backgrounds") }
        if raw.models.isEmpty { problems.append("there are no models") }

        let backgrounds = raw.backgrounds.compactMap { item -> Background? in
            let what = "background \(item.id) (\(item.key))"
            guard let art = art(item.art, size: backdrop, for: what) else { return nil }
            let palette = colours(item.palette, for: what)
            requireKeys(art.keys, in: palette, for: what)
            return Background(id: item.id, key: item.key, name: item.name, tags: item.tags, art: art, palette: palette)
        }
        let builds = [Build.standard(width: figure.0, height: figure.1)] + (raw.builds ?? []).compactMap { build($0, figure: figure) }
        var buildKeys = Set<String>()
        for build in builds where !buildKeys.insert(build.key).inserted { problems.append("duplicate build \"\(build.key)\"") }
        let models = raw.models.compactMap { item -> Model? in
            let what = "model \(item.id) (\(item.key))"
            guard let art = art(item.art, size: figure, for: what) else { return nil }
            let palette = colours(item.palette, for: what)
            requireKeys(art.keys, in: palette, for: what)
            let wanted = item.build ?? "standard"
            guard let build = builds.first(where: { $0.key == wanted }) else {
                problems.append("\(what) has build \"\(wanted)\"; the builds are \(builds.map(\.key).joined(separator: ", "))")
                return nil
            }
            return Model(id: item.id, key: item.key, name: item.name, art: art, palette: palette, build: build)
        }
        let garments = raw.garments.compactMap { item -> Garment? in
            let what = "garment \(item.id) (\(item.key))"
            let slot = Slot(rawValue: item.slot)
            if slot == nil {
                problems.append("\(what) has unknown slot \"\(item.slot)\" (slots: \(Slot.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            var covers = Set<BodyRegion>()
            for name in item.covers {
                if let region = BodyRegion(rawValue: name) { covers.insert(region) } else {
                    problems.append("\(what) covers unknown region \"\(name)\"")
                }
            }
            if item.covers.isEmpty { problems.append("\(what) covers no body region") }
            if !CatalogLimits.variantsPerGarment.contains(item.variants.count) {
                problems.append("\(what) has \(item.variants.count) colour variants; a garment has 4 to 8")
            }
            let art = art(item.art, size: figure, for: what)
            let variants = item.variants.map { variant -> ColourVariant in
                let palette = colours(variant.colours, for: "\(what) variant \"\(variant.name)\"")
                if let art { requireKeys(art.keys, in: palette, for: "\(what) variant \"\(variant.name)\"") }
                return ColourVariant(name: variant.name, colours: palette)
            }
            guard let slot, let art else { return nil }
            return Garment(id: item.id, key: item.key, name: item.name, slot: slot, covers: covers,
                           tags: item.tags, art: art, variants: variants)
        }
        guard problems.isEmpty else { return nil }
        return Catalog(backgrounds: backgrounds, models: models, builds: builds, garments: garments,
                       figureSize: figure, backgroundSize: backdrop)
    }

    private mutating func build(_ raw: RawCatalog.RawBuild, figure: (Int, Int)) -> Build? {
        let (width, height) = figure
        let what = "build \"\(raw.key)\""
        let before = problems.count
        if raw.key == "standard" { problems.append("\(what) is built in; it can't be redefined") }
        let rows = raw.rows ?? Array(0..<height)
        if rows.count != height { problems.append("\(what) maps \(rows.count) rows; the figure has \(height)") }
        if rows.contains(where: { !(-1..<height).contains($0) }) { problems.append("\(what) maps a row to one outside 0–\(height - 1)") }
        var columns = Array(repeating: Array(0..<width), count: height)
        for band in raw.bands {
            guard 0 <= band.from, band.from <= band.to, band.to < height else {
                problems.append("\(what) has a band of rows \(band.from)–\(band.to) outside 0–\(height - 1)")
                continue
            }
            if band.columns.count != width { problems.append("\(what) rows \(band.from)–\(band.to) map \(band.columns.count) columns; the figure has \(width)") }
            if band.columns.contains(where: { !(-1..<width).contains($0) }) { problems.append("\(what) rows \(band.from)–\(band.to) map a column to one outside 0–\(width - 1)") }
            for row in band.from...band.to { columns[row] = band.columns }
        }
        guard problems.count == before else { return nil }
        return Build(key: raw.key, name: raw.name, sourceRows: rows, sourceColumns: columns)
    }

    private mutating func checkIds(_ items: [(Int, String)], kind: String) {
        var ids = Set<Int>(), keys = Set<String>()
        for (id, key) in items {
            if !(1...CatalogLimits.maxId).contains(id) { problems.append("\(kind) \"\(key)\" has id \(id); ids run 1–\(CatalogLimits.maxId)") }
            if !ids.insert(id).inserted { problems.append("duplicate \(kind) id \(id)") }
            if key.isEmpty || !keys.insert(key).inserted { problems.append("duplicate or empty \(kind) key \"\(key)\"") }
            if Int(Catalog.fold(key)) != nil { problems.append("\(kind) key \"\(key)\" is a number; keys must contain a letter") }
        }
    }

    private mutating func colours(_ raw: [String: String], for what: String) -> [UInt8: RGB] {
        var palette: [UInt8: RGB] = [:]
        for (key, hex) in raw {
            guard key.utf8.count == 1, let byte = key.utf8.first, CatalogLimits.paletteKeys.contains(byte) else {
                problems.append("\(what) has palette key \"\(key)\"; keys are single letters a–z")
                continue
            }
            guard let colour = RGB(hex: hex) else {
                problems.append("\(what) has colour \"\(hex)\" for \"\(key)\"; colours are written #rrggbb")
                continue
            }
            palette[byte] = colour
        }
        return palette
    }

    private mutating func requireKeys(_ keys: Set<UInt8>, in palette: [UInt8: RGB], for what: String) {
        let missing = keys.subtracting(palette.keys).sorted()
        if !missing.isEmpty {
            let letters = missing.map { String(UnicodeScalar($0)) }.joined(separator: ", ")
            problems.append("\(what) has no colour for art key\(missing.count == 1 ? "" : "s") \(letters)")
        }
    }

    private mutating func art(_ path: String, size: (Int, Int), for what: String) -> PixelArt? {
        let (width, height) = size
        guard !path.contains(".."), !path.hasPrefix("/") else {
            problems.append("\(what) names art \"\(path)\" outside the art folder")
            return nil
        }
        let url = directory.appendingPathComponent("art").appendingPathComponent(path)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            problems.append("\(what): art file art/\(path) is missing or unreadable")
            return nil
        }
        var rows = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        if rows.last?.isEmpty == true { rows.removeLast() }
        guard rows.count == height, rows.allSatisfy({ $0.utf8.count == width }) else {
            let widths = Set(rows.map(\.utf8.count)).sorted().map(String.init).joined(separator: "/")
            problems.append("\(what): art/\(path) is \(widths)×\(rows.count) pixels; it must be \(width)×\(height)")
            return nil
        }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height)
        for byte in rows.joined().utf8 {
            if byte == UInt8(ascii: ".") { pixels.append(0) } else if CatalogLimits.paletteKeys.contains(byte) { pixels.append(byte) } else {
                problems.append("\(what): art/\(path) uses \"\(String(UnicodeScalar(byte)))\"; art uses . and letters a–z")
                return nil
            }
        }
        return PixelArt(width: width, height: height, pixels: pixels)
    }
}
