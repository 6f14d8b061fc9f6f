// The Lab's keys: run control, editing the recipe, evolution, population, challenges.
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
