// The human-readable look form, after the seed dress-up game's `?outfit=bg|model|garment…`:
// `plume://look?outfit=sunset-beach|ada|striped-tee:red-and-white|sandals`. Names are catalog
// keys, names or ids; a garment's colour follows a colon, by variant name or 1-based number.

public enum ReadableOutfit {
    public static func format(_ look: Look, in catalog: Catalog) -> String? {
        guard let background = catalog.background(id: look.background), let model = catalog.model(id: look.model) else { return nil }
        var parts = [background.key, model.key]
        for worn in look.garments {
            guard let garment = catalog.garment(id: worn.id), garment.variants.indices.contains(worn.colour) else { return nil }
            parts.append(garment.key + ":" + slug(garment.variants[worn.colour].name))
        }
        return "plume://look?outfit=" + parts.joined(separator: "|")
    }

    static func slug(_ name: String) -> String {
        name.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: "-")
    }

    static func parse(_ value: String, in catalog: Catalog) throws(ImportError) -> Look {
        let parts = value.split(separator: "|", omittingEmptySubsequences: false).map { String($0.trimmingSpaces) }
        guard parts.count >= 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw .outfit("it needs at least a background and a model, as outfit=background|model|garment…")
        }
        guard let background = catalog.background(named: parts[0]) else {
            throw .outfit("there is no background called \(SafeText.quoted(parts[0]))")
        }
        guard let model = catalog.model(named: parts[1]) else {
            throw .outfit("there is no model called \(SafeText.quoted(parts[1]))")
        }
        guard parts.count - 2 <= GameLimits.maxGarmentsInCode else { throw .outfit("it lists \(parts.count - 2) garments") }
        var worn: [WornGarment] = []
        for part in parts.dropFirst(2) where !part.isEmpty {
            let pieces = part.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let garment = catalog.garment(named: pieces[0]) else {
                throw .outfit("there is no garment called \(SafeText.quoted(pieces[0]))")
            }
            var colour = 0
            if pieces.count == 2 {
                let wanted = Catalog.fold(pieces[1])
                if let number = Int(wanted), (1...garment.variants.count).contains(number) {
                    colour = number - 1
                } else if let index = garment.variants.firstIndex(where: { Catalog.fold($0.name) == wanted }) {
                    colour = index
                } else {
                    let names = garment.variants.map { slug($0.name) }.joined(separator: ", ")
                    throw .outfit("the \(garment.name) doesn't come in \(SafeText.quoted(pieces[1])) (it comes in \(names))")
                }
            }
            worn.append(WornGarment(id: garment.id, colour: colour))
        }
        return Look(background: background.id, model: model.id, garments: worn)
    }
}
