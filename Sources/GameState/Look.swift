// A styled look: background, model and the garments worn, each in one colour variant.

public struct WornGarment: Hashable, Sendable, Comparable {
    public var id: Int
    public var colour: Int

    public init(id: Int, colour: Int) { (self.id, self.colour) = (id, colour) }

    public static func < (a: WornGarment, b: WornGarment) -> Bool { (a.id, a.colour) < (b.id, b.colour) }
}

public struct Look: Hashable, Sendable {
    public var background: Int
    public var model: Int
    /// Kept sorted by id, so that equal looks compare equal and encode to the same code.
    public private(set) var garments: [WornGarment]

    public init(background: Int, model: Int, garments: [WornGarment] = []) {
        self.background = background
        self.model = model
        self.garments = garments.sorted()
    }

    public mutating func wear(_ garment: WornGarment) {
        garments.append(garment)
        garments.sort()
    }

    public mutating func remove(id: Int) { garments.removeAll { $0.id == id } }

    /// Every rule this look breaks against `catalog`. Empty means the look can be worn.
    public func brokenRules(in catalog: Catalog) -> [LookRule] {
        var broken: [LookRule] = []
        if catalog.background(id: background) == nil { broken.append(.unknownBackground(background)) }
        if catalog.model(id: model) == nil { broken.append(.unknownModel(model)) }
        var seen = Set<Int>()
        var known: [Garment] = []
        for worn in garments {
            guard let garment = catalog.garment(id: worn.id) else {
                broken.append(.unknownGarment(worn.id))
                continue
            }
            if !seen.insert(worn.id).inserted {
                broken.append(.wornTwice(garment.name))
                continue
            }
            if !garment.variants.indices.contains(worn.colour) {
                broken.append(.unknownColour(garment: garment.name, colour: worn.colour, available: garment.variants.count))
            }
            known.append(garment)
        }
        for slot in Slot.allCases {
            let count = known.filter { $0.slot == slot }.count
            if count > slot.capacity { broken.append(.slotOverfull(slot, count: count)) }
        }
        for (i, a) in known.enumerated() {
            for b in known[(i + 1)...] where a.slot != b.slot || a.slot == .accessory {
                if let region = BodyRegion.allCases.first(where: { a.covers.contains($0) && b.covers.contains($0) }) {
                    broken.append(.conflict(a.name, b.name, region))
                }
            }
        }
        return broken
    }
}

/// A rule a look breaks, worded for the player.
public enum LookRule: Hashable, Sendable, CustomStringConvertible {
    case unknownBackground(Int)
    case unknownModel(Int)
    case unknownGarment(Int)
    case wornTwice(String)
    case unknownColour(garment: String, colour: Int, available: Int)
    case slotOverfull(Slot, count: Int)
    case conflict(String, String, BodyRegion)

    public var description: String {
        switch self {
        case .unknownBackground(let id): "background \(id) isn't in this Plume's catalog (a newer Plume may have it)"
        case .unknownModel(let id): "model \(id) isn't in this Plume's catalog (a newer Plume may have it)"
        case .unknownGarment(let id): "garment \(id) isn't in this Plume's catalog (a newer Plume may have it)"
        case .wornTwice(let name): "the \(name) is listed twice"
        case .unknownColour(let name, let colour, let available):
            "the \(name) has no colour \(colour + 1) (it comes in \(available))"
        case .slotOverfull(let slot, let count):
            slot.capacity == 1 ? "\(count) garments are worn as \(slot.rawValue); one fits"
                : "\(count) \(slot.rawValue) items are worn; \(slot.capacity) fit"
        case .conflict(let a, let b, let region): "the \(a) and the \(b) both cover the \(region.rawValue)"
        }
    }
}
