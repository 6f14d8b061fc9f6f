// The Lab's keys: run control, editing the recipe, evolution, population, challenges.
import Foundation
import GameState
import SwarmSim

extension AppModel {
    mutating func pressLab(_ key: Key) -> [Effect] {
        let rows = Genome.Parameter.allCases.count + 1
        switch key {
        case .char(" "): lab.running.toggle(); status = lab.running ? "Running." : "Paused."; return []
        case .char("."): lab.singleStep(); status = "Paused; one step."; return []
        case .char("+"), .char("="): lab.faster(true); return []
        case .char("-"): lab.faster(false); return []
        case .char("["): lab.ingredient = (lab.ingredient + lab.recipe.ingredients.count - 1) % lab.recipe.ingredients.count; return []
        case .char("]"): lab.ingredient = (lab.ingredient + 1) % lab.recipe.ingredients.count; return []
        case .up: lab.parameterRow = (lab.parameterRow + rows - 1) % rows; return []
        case .down: lab.parameterRow = (lab.parameterRow + 1) % rows; return []
        case .left: return changed(lab.adjust(by: -1, big: false))
        case .right: return changed(lab.adjust(by: 1, big: false))
        case .pageDown, .char("<"): return changed(lab.adjust(by: -1, big: true))
        case .pageUp, .char(">"): return changed(lab.adjust(by: 1, big: true))
        case .char("n"):
            lab.restart(seed: lab.seed &+ 1)
            status = "Restarted with seed \(lab.seed)."
            return []
        case .char("m"): lab.mutate(); return changed("Mutated.")
        case .char("e"): return openEvolution()
        case .char("G"): return openGallery()
        case .char("w"), .char("o"):
            if case .char(let c) = key { pendingSlotCommand = c }
            status = key == .char("w") ? "Save this swarm to which slot? Press 1–9." : "Open which swarm slot? Press 1–9."
            return []
        case .char("N"):
            dialog = .name(NameForm(text: lab.name ?? ""))
            return []
        case .char("x"):
            var rng = SplitMix64(seed: lab.seed)
            lab.mix(with: lastImportedSwarm ?? SwarmRecipe.random(ingredients: 2, using: &rng))
            return changed(lastImportedSwarm == nil ? "Mixed with a random recipe (import a swarm to mix with it)." : "Mixed with the imported swarm.")
        case .char("a"): return changed(lab.addIngredient())
        case .char("d"): return changed(lab.removeIngredient())
        case .char("p"):
            lab.cyclePopulation()
            status = "\(lab.agentCount) agents."
            return []
        case .char("g"): lab.challengeIndex = (lab.challengeIndex + 1) % book.swarmChallenges.count; return []
        case .char("u"): return lab.undo() ? changed("Undone.") : changed("Nothing to undo.")
        case .char("s"): return switchTo(.share)
        case .char("i"): return switchTo(.importer)
        case .char("b"): return submit(board: swarmBoardID, code: ShareCode.encode(.swarm(lab.recipe)), what: "swarm")
        default: return []
        }
    }
}

/// The swarm's name being typed.
public struct NameForm: Sendable, Equatable {
    public static let maxCharacters = 40
    public var text: String
}

extension AppModel {
    mutating func saveSwarmSlot(_ index: Int) -> [Effect] {
        let slot = SwarmSlot(link: ShareCode.link(.swarm(lab.recipe)), name: lab.name)
        if let existing = swarmSlots[index], existing != slot, confirmOverwrite != index {
            confirmOverwrite = index
            let what = existing.name.map { "“\($0)”" } ?? "another swarm"
            status = "Swarm slot \(index + 1) holds \(what). Press w \(index + 1) again to overwrite it."
            return []
        }
        swarmSlots[index] = slot
        confirmOverwrite = nil
        status = "Saved \(lab.name.map { "“\($0)”" } ?? "the swarm") to swarm slot \(index + 1)."
        return [.save(savedGame)]
    }

    mutating func openSwarmSlot(_ index: Int) -> [Effect] {
        guard let slot = swarmSlots[index], case .swarm(let recipe)? = try? importer.read(slot.link).state else {
            status = "Swarm slot \(index + 1) is empty."
            return []
        }
        lab.use(recipe)
        lab.name = slot.name.map { SafeText.strip($0) }
        lab.lineage = 0
        return changed("Opened swarm slot \(index + 1)\(lab.name.map { ", “\($0)”" } ?? "") (u undoes).")
    }

    mutating func pressName(_ key: Key, _ form: inout NameForm) -> [Effect] {
        switch key {
        case .escape:
            dialog = nil
            status = "Name unchanged."
            return []
        case .enter:
            dialog = nil
            let trimmed = form.text.trimmingCharacters(in: .whitespaces)
            lab.name = trimmed.isEmpty ? nil : trimmed
            return changed(lab.name.map { "The swarm is called “\($0)”." } ?? "The swarm has no name now.")
        case .backspace, .delete:
            if !form.text.isEmpty { form.text.removeLast() }
            return []
        case .char(let c):
            typeName(String(c), into: &form)
            return []
        default:
            return []
        }
    }

    func typeName(_ text: String, into form: inout NameForm) {
        let clean = SafeText.strip(text).replacingOccurrences(of: "\n", with: " ")
        form.text = String((form.text + clean).prefix(NameForm.maxCharacters))
    }
}
