// A look as the style score reads it: its pieces and their colours, looked up in the catalog once,
// and the sums every version of the rules, the runway's refusal and the Studio's checklist read.
import GameState

struct WornLook {
    /// The pieces the catalog knows, each with its colour index.
    let pieces: [(garment: Garment, colour: Int)]
    /// The main colour of each piece whose colour index is known.
    let mainColours: [RGB]
    /// The body regions the pieces cover.
    let covered: Set<BodyRegion>
    let accessoryCount: Int

    init(_ look: Look, in catalog: Catalog) {
        pieces = look.garments.compactMap { item in catalog.garment(id: item.id).map { ($0, item.colour) } }
        mainColours = pieces.compactMap { garment, colour in garment.variants.indices.contains(colour) ? garment.variants[colour].mainColour : nil }
        covered = pieces.reduce(into: Set<BodyRegion>()) { $0.formUnion($1.garment.covers) }
        accessoryCount = pieces.filter { $0.garment.slot == .accessory }.count
    }

    var count: Int { pieces.count }
}

extension StyleTheme {
    /// +1 for each piece with a wanted tag, −1 for each with an unwanted one.
    func balance(of worn: WornLook) -> Int {
        worn.pieces.reduce(0) { total, piece in
            let tags = Set(piece.garment.tags)
            return total + (tags.isDisjoint(with: wanted) ? 0 : 1) - (tags.isDisjoint(with: unwanted) ? 0 : 1)
        }
    }

    /// How far an accessory count is outside the theme's range.
    func accessoryDistance(_ count: Int) -> Int {
        count < accessories.lowerBound ? accessories.lowerBound - count : max(0, count - accessories.upperBound)
    }

    /// The theme's accessory range in words: "2" or "1–3".
    var accessoryRange: String {
        accessories.lowerBound == accessories.upperBound ? "\(accessories.lowerBound)" : "\(accessories.lowerBound)–\(accessories.upperBound)"
    }

    /// How many pieces wear the theme's accent colour as their main colour.
    func accentPieces(of worn: WornLook, in catalog: Catalog) -> Int {
        guard let wanted = accent.flatMap({ catalog.colour(named: $0) }) else { return 0 }
        return worn.mainColours.filter { $0 == wanted }.count
    }
}
