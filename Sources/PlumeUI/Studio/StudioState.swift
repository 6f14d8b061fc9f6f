// The Studio's state and rules: choosing garments per slot, colours, conflicts resolved the way
// a player expects (a dress replaces a top and a bottom), unbounded undo and redo.
import GameState
import TUI

public struct StudioState: Sendable {
    /// The rows of the slot list.
    public enum Row: Hashable, Sendable {
        case background, model, slot(Slot), accessory(Int)

        public static let all: [Row] = [.background, .model, .slot(.top), .slot(.bottom), .slot(.dress), .slot(.outerwear),
                                        .slot(.shoes), .slot(.hat), .accessory(0), .accessory(1), .accessory(2)]

        public var title: String {
            switch self {
            case .background: "Background"
            case .model: "Model"
            case .slot(let slot): slot.rawValue.prefix(1).uppercased() + slot.rawValue.dropFirst()
            case .accessory(let index): "Accessory \(index + 1)"
            }
        }
    }

    public private(set) var look: Look
    /// The selected row of the slot list.
    public var rows = ListState()
    public var selected: Int {
        get { rows.selected }
        set { rows.selected = newValue }
    }
    private(set) var undoStack: [Look] = []
    private(set) var redoStack: [Look] = []
    /// Which accessory each of the three accessory rows holds, as the player put them there, so
    /// that changing Accessory 3 changes that row and no other. Accessories worn but not placed
    /// here (an import, an undo, a random look) fill the empty rows in id order.
    private var accessoryRows: [Int?] = Array(repeating: nil, count: Slot.accessory.capacity)

    public init(look: Look) { self.look = look }

    public var row: Row { Row.all[selected] }

    /// Replaces the look, keeping the old one on the undo stack. Returns false if nothing changed.
    @discardableResult
    public mutating func apply(_ new: Look) -> Bool {
        guard new != look else { return false }
        undoStack.append(look)
        redoStack.removeAll()
        look = new
        return true
    }

    public mutating func undo() -> Bool {
        guard let previous = undoStack.popLast() else { return false }
        redoStack.append(look)
        look = previous
        return true
    }

    public mutating func redo() -> Bool {
        guard let next = redoStack.popLast() else { return false }
        undoStack.append(look)
        look = next
        return true
    }

    /// What each accessory row shows: the rows as the player filled them, then any other worn
    /// accessory in the first empty row.
    func accessoryLayout(in catalog: Catalog) -> [WornGarment?] {
        let worn = look.garments.filter { catalog.garment(id: $0.id)?.slot == .accessory }
        var layout = accessoryRows.map { id in worn.first { $0.id == id } }
        let placed = Set(layout.compactMap { $0?.id })
        var rest = worn.filter { !placed.contains($0.id) }[...]
        for index in layout.indices where layout[index] == nil { layout[index] = rest.popFirst() }
        return layout
    }

    /// The garment shown on a row, if any.
    public func worn(on row: Row, in catalog: Catalog) -> WornGarment? {
        switch row {
        case .background, .model: nil
        case .slot(let slot): look.garments.first { catalog.garment(id: $0.id)?.slot == slot }
        case .accessory(let index): accessoryLayout(in: catalog)[index]
        }
    }

    /// What the row shows, in words.
    public func label(of row: Row, in catalog: Catalog) -> String {
        switch row {
        case .background: return catalog.background(id: look.background)?.name ?? "?"
        case .model:
            guard let model = catalog.model(id: look.model) else { return "?" }
            return model.build.isStandard ? model.name : "\(model.name) · \(model.build.name.lowercased()) build"
        default:
            guard let worn = worn(on: row, in: catalog), let garment = catalog.garment(id: worn.id) else { return "—" }
            let variant = garment.variants.indices.contains(worn.colour) ? garment.variants[worn.colour].name : "?"
            return "\(garment.name) · \(variant)"
        }
    }

    /// Cycles the selected row forward or back: backgrounds and models wrap; a garment slot runs
    /// through "nothing" and then every garment for the slot.
    public mutating func cycle(by step: Int, in catalog: Catalog) -> String? {
        var new = look
        switch row {
        case .background:
            let ids = catalog.backgrounds.map(\.id)
            new.background = ids[cycled(ids.firstIndex(of: look.background) ?? 0, by: step, count: ids.count)]
            apply(new)
            return nil
        case .model:
            let ids = catalog.models.map(\.id)
            new.model = ids[cycled(ids.firstIndex(of: look.model) ?? 0, by: step, count: ids.count)]
            apply(new)
            return nil
        case .slot, .accessory:
            return choose(in: choices(in: catalog), current: worn(on: row, in: catalog), step: step, catalog: catalog)
        }
    }

    /// What ← and → run through on the selected garment row: the slot's garments, less, on an
    /// accessory row, the accessories on the other rows and those that would take one of them
    /// off (two covering the same place): filling Accessory 3 never empties Accessory 2.
    func choices(in catalog: Catalog) -> [Garment] {
        switch row {
        case .background, .model: return []
        case .slot(let slot): return catalog.garments(in: slot)
        case .accessory(let index):
            let elsewhere = accessoryLayout(in: catalog).enumerated().compactMap { $0.offset == index ? nil : $0.element }
                .compactMap { catalog.garment(id: $0.id) }
            return catalog.garments(in: .accessory).filter { candidate in
                !elsewhere.contains { $0.id == candidate.id || !$0.covers.isDisjoint(with: candidate.covers) }
            }
        }
    }

    /// For a garment row: what ← and → would put on (nil inside: nothing, i.e. take it off).
    public func neighbours(in catalog: Catalog) -> (previous: Garment?, next: Garment?)? {
        switch row {
        case .background, .model: return nil
        case .slot, .accessory: break
        }
        let choices = choices(in: catalog)
        let current = worn(on: row, in: catalog)
        let position = current.flatMap { worn in choices.firstIndex { $0.id == worn.id } }.map { $0 + 1 } ?? 0
        func at(_ step: Int) -> Garment? {
            let index = cycled(position, by: step, count: choices.count + 1)
            return index == 0 ? nil : choices[index - 1]
        }
        return (at(-1), at(1))
    }

    private mutating func choose(in choices: [Garment], current: WornGarment?, step: Int, catalog: Catalog) -> String? {
        // Position 0 is "nothing"; 1… are the garments.
        let position = current.flatMap { worn in choices.firstIndex { $0.id == worn.id } }.map { $0 + 1 } ?? 0
        let next = cycled(position, by: step, count: choices.count + 1)
        var new = look
        if let current { new.remove(id: current.id) }
        guard next > 0 else {
            place(nil, in: catalog)
            apply(new)
            return current.flatMap { catalog.garment(id: $0.id) }.map { "Took off the \($0.name)." }
        }
        let garment = choices[next - 1]
        place(garment.id, in: catalog)
        return put(on: garment, colour: 0, starting: new, catalog: catalog)
    }

    /// On an accessory row, remembers that the row now holds `id` (or nothing), keeping what the
    /// other rows show where it is. (An accessory moved here from another row, as the wardrobe
    /// may after the look changed under it, leaves that row.)
    private mutating func place(_ id: Int?, in catalog: Catalog) {
        guard case .accessory(let index) = row else { return }
        accessoryRows = accessoryLayout(in: catalog).map { worn -> Int? in worn?.id == id ? nil : worn?.id }
        accessoryRows[index] = id
    }

    /// Wears `garment`, taking off whatever it conflicts with, and says what it replaced.
    mutating func put(on garment: Garment, colour: Int, starting base: Look, catalog: Catalog) -> String? {
        var new = base
        var replaced: [String] = []
        for worn in base.garments {
            guard let other = catalog.garment(id: worn.id), other.id != garment.id else { continue }
            let sameSingleSlot = other.slot == garment.slot && garment.slot != .accessory
            if sameSingleSlot || !other.covers.isDisjoint(with: garment.covers) {
                new.remove(id: other.id)
                replaced.append(other.name)
            }
        }
        new.remove(id: garment.id)
        if garment.slot == .accessory {
            // Three accessories at most: the oldest choice (lowest id) makes room.
            let accessories = new.garments.filter { catalog.garment(id: $0.id)?.slot == .accessory }
            if accessories.count >= Slot.accessory.capacity, let first = accessories.first {
                new.remove(id: first.id)
                replaced.append(catalog.garment(id: first.id)?.name ?? "an accessory")
            }
        }
        new.wear(WornGarment(id: garment.id, colour: colour))
        apply(new)
        guard !replaced.isEmpty else { return nil }
        return "The \(garment.name) replaces the " + replaced.joined(separator: " and the ") + "."
    }

    /// Puts on a garment chosen in the wardrobe, in `colour`, on `row` (which becomes the selected
    /// one), as → would: what the row wore and what the garment replaces come off, and on an
    /// accessory row it takes that row's place. Returns the words for the status line.
    public mutating func wear(_ id: Int, colour wanted: Int, on row: Row, in catalog: Catalog) -> String {
        guard let garment = catalog.garment(id: id), let index = Row.all.firstIndex(of: row) else { return "" }
        selected = index
        let colour = garment.variants.indices.contains(wanted) ? wanted : 0
        let before = look
        var base = look
        if let current = worn(on: row, in: catalog) { base.remove(id: current.id) }
        place(garment.id, in: catalog)
        let replaced = put(on: garment, colour: colour, starting: base, catalog: catalog)
        let shade = garment.variants.indices.contains(colour) ? " in " + garment.variants[colour].name : ""
        if look == before { return "Already wearing the \(garment.name)\(shade)." }
        return replaced ?? "Wearing the \(garment.name)\(shade) (u undoes)."
    }

    /// Next or previous colour of the selected garment.
    public mutating func cycleColour(by step: Int, in catalog: Catalog) -> String? {
        guard let worn = worn(on: row, in: catalog), let garment = catalog.garment(id: worn.id) else {
            return "Nothing to recolour here — pick a garment first (← →)."
        }
        var new = look
        new.remove(id: worn.id)
        new.wear(WornGarment(id: worn.id, colour: cycled(worn.colour, by: step, count: garment.variants.count)))
        apply(new)
        return nil
    }

    public mutating func removeSelected(in catalog: Catalog) -> String? {
        guard let worn = worn(on: row, in: catalog), let garment = catalog.garment(id: worn.id) else { return nil }
        var new = look
        new.remove(id: worn.id)
        place(nil, in: catalog)
        apply(new)
        return "Took off the \(garment.name)."
    }

}
