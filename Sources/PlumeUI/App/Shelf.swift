// The player's saved slots: nine looks and nine swarms, each kept as its share link. Writing
// over a full slot asks for a second press; the slot prompt waits for the digit.
import GameState
import TUI

public struct Shelf: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case look, swarm }

    public internal(set) var looks: [String?]
    public internal(set) var swarms: [SwarmSlot?]
    /// A first press of `w` on a full slot: which, and with what; the same again confirms.
    var confirming: (kind: Kind, slot: Int, link: String)?

    public static func == (a: Shelf, b: Shelf) -> Bool { a.looks == b.looks && a.swarms == b.swarms }
}

/// `w` or `o` pressed: waiting for the slot's digit; any other key cancels.
public struct SlotPrompt: Overlay {
    public enum Action: Sendable { case save, open }
    public let kind: Shelf.Kind
    public let action: Action

    public init(_ kind: Shelf.Kind, _ action: Action) { (self.kind, self.action) = (kind, action) }

    /// `w` or `o`: the prompt, over a clear status line (what it said was about what came before,
    /// an undo say, and read as if it answered the prompt).
    static func open(_ kind: Shelf.Kind, _ action: Action) -> [Request] { [.push(SlotPrompt(kind, action)), .status("")] }

    public var pausesBelow: Bool { false }

    var question: String {
        switch (kind, action) {
        case (.look, .save): "Save to which slot? Press 1–9."
        case (.look, .open): "Open which slot? Press 1–9."
        case (.swarm, .save): "Save this swarm to which slot? Press 1–9."
        case (.swarm, .open): "Open which swarm slot? Press 1–9."
        }
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        guard case .key(let key) = input else { return .pass }
        if case .char(let c) = key, let digit = c.wholeNumberValue, (1...SavedGame.slotCount).contains(digit) {
            return .done(.close, action == .save ? .shelve(kind, slot: digit - 1) : .unshelve(kind, slot: digit - 1))
        }
        return .done(.close, .status("Cancelled."))
    }

    public func help(_ context: Context) -> HelpPage {
        HelpPage("Slots", [KeyHelp("1-9", action == .save ? "save to that slot" : "open that slot", hint: Priority.essential),
                           KeyHelp("any other key", "cancels", hint: Priority.useful)])
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let slots = kind == .look ? context.shelf.looks.map { $0 != nil } : context.shelf.swarms.map { $0 != nil }
        let used = slots.enumerated().filter(\.element).map { "\($0.offset + 1)" }
        let line = question + (used.isEmpty ? "  (all \(slots.count) are empty)" : "  In use: " + used.joined(separator: " "))
        grid.put(" " + line + " ", x: area.x + 1, y: area.maxY - 1, style: Theme.tab, limit: area.width - 2)
        grid.focus(x: area.x + 2, y: area.maxY - 1)
    }
}

extension AppModel {
    /// Keeps the current look or swarm in a slot (a full one with something else asks twice).
    mutating func shelve(_ kind: Shelf.Kind, slot index: Int) -> String {
        let link = kind == .look ? ShareCode.link(.look(studio.look)) : ShareCode.link(.swarm(lab.recipe))
        let held: String? = kind == .look ? shelf.looks[index] : shelf.swarms[index]?.link
        let same = kind == .look ? held == link : shelf.swarms[index] == SwarmSlot(link: link, name: lab.name)
        if held != nil, !same, !(shelf.confirming.map { $0.kind == kind && $0.slot == index && $0.link == link } ?? false) {
            shelf.confirming = (kind, index, link)
            let what = kind == .look ? "Slot \(index + 1) holds another look."
                : "Swarm slot \(index + 1) holds \(shelf.swarms[index]?.name.map { "“\($0)”" } ?? "another swarm")."
            return what + " Press w \(index + 1) again to overwrite it."
        }
        shelf.confirming = nil
        if kind == .look {
            shelf.looks[index] = link
            return "Saved to slot \(index + 1)."
        }
        shelf.swarms[index] = SwarmSlot(link: link, name: lab.name)
        return "Saved \(lab.name.map { "“\($0)”" } ?? "the swarm") to swarm slot \(index + 1)."
    }

    /// Takes a look or swarm out of a slot (what was there goes on the undo stack).
    mutating func unshelve(_ kind: Shelf.Kind, slot index: Int) -> [Request] {
        switch kind {
        case .look:
            guard let link = shelf.looks[index], case .look(let look)? = try? importer.read(link).state else {
                return [.status("Slot \(index + 1) is empty.")]
            }
            return [.wear(look, status: "Opened slot \(index + 1) (u undoes).")]
        case .swarm:
            guard let slot = shelf.swarms[index], case .swarm(let recipe)? = try? importer.read(slot.link).state else {
                return [.status("Swarm slot \(index + 1) is empty.")]
            }
            let name = slot.name.map { SafeText.strip($0) }
            return [.lab(.run(recipe, name: name, lineage: 0, status: "Opened swarm slot \(index + 1)\(name.map { ", “\($0)”" } ?? "") (u undoes)."))]
        }
    }
}
