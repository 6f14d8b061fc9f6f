// The Studio's keys: slots, garments, colours, undo/redo, randomise, saved slots.
import GameState

extension AppModel {
    mutating func pressStudio(_ key: Key) -> [Effect] {
        let rows = StudioState.Row.all.count
        switch key {
        case .up: studio.selected = (studio.selected + rows - 1) % rows; return []
        case .down: studio.selected = (studio.selected + 1) % rows; return []
        case .left, .char("h"): return changed(studio.cycle(by: -1, in: catalog))
        case .right, .char("l"): return changed(studio.cycle(by: 1, in: catalog))
        case .char("c"): return changed(studio.cycleColour(by: 1, in: catalog))
        case .char("C"): return changed(studio.cycleColour(by: -1, in: catalog))
        case .char("x"), .delete, .backspace: return changed(studio.removeSelected(in: catalog))
        case .char("r"):
            var rng = SplitMix64(seed: UInt64(truncatingIfNeeded: studio.look.hashValue) &+ UInt64(studio.undoStack.count))
            studio.apply(catalog.randomLook(using: &rng))
            return changed("A random look.")
        case .char("u"):
            return studio.undo() ? changed("Undone.") : changed("Nothing to undo.")
        case .char("U"), .ctrl("r"):
            return studio.redo() ? changed("Redone.") : changed("Nothing to redo.")
        case .char("s"): return switchTo(.share)
        case .char("i"): return switchTo(.importer)
        case .char("b"): return submit(board: styleBoardID, code: ShareCode.encode(.look(studio.look)), what: "look")
        case .char("w"), .char("o"):
            if case .char(let c) = key { pendingSlotCommand = c }
            status = key == .char("w") ? "Save to which slot? Press 1–9." : "Open which slot? Press 1–9."
            return []
        default: return []
        }
    }

    mutating func saveSlot(_ index: Int) -> [Effect] {
        let link = ShareCode.link(.look(studio.look))
        if let existing = slots[index], existing != link, confirmOverwrite != index {
            confirmOverwrite = index
            status = "Slot \(index + 1) holds another look. Press w \(index + 1) again to overwrite it."
            return []
        }
        slots[index] = link
        confirmOverwrite = nil
        status = "Saved to slot \(index + 1)."
        return [.save(savedGame)]
    }

    mutating func openSlot(_ index: Int) -> [Effect] {
        guard let link = slots[index], case .look(let look)? = try? importer.read(link).state else {
            status = "Slot \(index + 1) is empty."
            return []
        }
        studio.apply(look)
        return changed("Opened slot \(index + 1) (u undoes).")
    }
}
