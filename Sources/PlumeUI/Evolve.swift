// The Lab's evolution grid (Sayama's interactive evolution): the current recipe's mutants run
// side by side as live mini-swarms; the player picks one to be the next parent, mixes two, or
// re-rolls. Picking goes through the Lab's undo stack, so u walks the lineage back.
import GameState
import SwarmSim

public struct EvolutionState: Sendable {
    /// Keys 1–9 choose, so at most nine children.
    public static let maxChildren = 9

    public private(set) var parent: SwarmRecipe
    public private(set) var children: [SwarmRecipe] = []
    public private(set) var swarms: [Swarm] = []
    public var cameras: [Camera] = []
    public var running = true
    /// Children chosen for mixing, in order (mixing happens at the second).
    public var marked: [Int] = []
    public var mixing = false
    /// Agents per mini-swarm (the recipe's own populations when nil).
    public let agents: Int?
    private let seed: UInt64
    private var round: UInt64 = 0

    public init(parent: SwarmRecipe, count: Int, seed: UInt64, agents: Int? = nil) {
        self.parent = parent
        self.seed = seed
        self.agents = agents
        breed(count: count)
    }

    /// A fresh set of mutants of the same parent.
    public mutating func reroll() {
        round += 1
        breed(count: children.count)
    }

    /// `count` mutants, each different from the parent and from one another.
    private mutating func breed(count: Int) {
        marked = []
        mixing = false
        var made: [SwarmRecipe] = []
        var attempt: UInt64 = 0
        while made.count < max(1, min(Self.maxChildren, count)) && attempt < 400 {
            attempt += 1
            let child = Evolution.mutate(parent, seed: seed &+ round &* 0x9E37_79B9_7F4A_7C15 &+ attempt &* 0xBF58_476D_1CE4_E5B9)
            if child != parent && !made.contains(child) { made.append(child) }
        }
        children = made
        swarms = made.enumerated().map { Swarm(recipe: $1, seed: seed &+ UInt64($0), agents: agents) }
        cameras = swarms.map { swarm in
            var camera = Camera()
            camera.jump(to: swarm.state, dotsWide: 48, dotsHigh: 20)
            return camera
        }
    }

    /// One step of every mini-swarm, shared among the cores.
    public mutating func frame(dotsWide: Int, dotsHigh: Int) {
        Swarm.stepAll(&swarms)
        for index in swarms.indices { cameras[index].follow(swarms[index].state, dotsWide: dotsWide, dotsHigh: dotsHigh) }
    }
}

extension AppModel {
    /// How many mini-swarms fit (at most nine), and their grid.
    var evolveLayout: (columns: Int, rows: Int, cellWidth: Int, cellHeight: Int) {
        let areaWidth = width - 2, areaHeight = height - 5
        let columns = max(1, min(3, areaWidth / 20)), rows = max(1, min(3, areaHeight / 5))
        return (columns, rows, areaWidth / columns, areaHeight / rows)
    }

    mutating func openEvolution() -> [Effect] {
        let layout = evolveLayout
        evolution = EvolutionState(parent: lab.recipe, count: layout.columns * layout.rows, seed: lab.seed &+ UInt64(lab.lineage) &* 7919)
        status = "Evolution: pick the child you like (1–\(evolution!.children.count) or a click) to breed from it."
        return []
    }

    /// Keys while the grid is open (they come before the screen-switching digits).
    mutating func pressEvolve(_ key: Key) -> [Effect] {
        guard var grid = evolution else { return [] }
        switch key {
        case .char("q"): return [.save(savedGame), .quit]
        case .char("?"): showingHelp = true; return []
        case .tab, .backTab: evolution = nil; return press(key)
        case .escape where grid.mixing:
            grid.mixing = false
            grid.marked = []
            evolution = grid
            status = "Not mixing."
            return []
        case .escape, .char("e"):
            evolution = nil
            status = "Back to the Lab (generation \(lab.lineage))."
            return []
        case .char(" "):
            grid.running.toggle()
            evolution = grid
            status = grid.running ? "Running." : "Paused."
            return []
        case .char("r"):
            grid.reroll()
            evolution = grid
            status = "New children of the same parent."
            return []
        case .char("x"):
            grid.mixing = true
            grid.marked = []
            evolution = grid
            status = "Mixing: choose two children (1–\(grid.children.count)); Esc stops."
            return []
        case .char("u"):
            guard lab.lineage > 0, lab.undo() else {
                status = "This is the first generation; nothing to go back to."
                return []
            }
            lab.lineage -= 1
            _ = openEvolution()
            return changed("Back to generation \(lab.lineage).")
        case .char(let c):
            guard let digit = c.wholeNumberValue, (1...grid.children.count).contains(digit) else { return [] }
            return choose(digit - 1)
        default:
            return []
        }
    }

    /// A pick (or, while mixing, a mark) of child `index`.
    mutating func choose(_ index: Int) -> [Effect] {
        guard var grid = evolution, grid.children.indices.contains(index) else { return [] }
        if grid.mixing {
            if let at = grid.marked.firstIndex(of: index) {
                grid.marked.remove(at: at)
                evolution = grid
                return []
            }
            grid.marked.append(index)
            guard grid.marked.count == 2 else {
                evolution = grid
                status = "Child \(index + 1) marked; choose one more to mix with it."
                return []
            }
            let (a, b) = (grid.marked[0], grid.marked[1])
            lab.mix(grid.children[a], grid.children[b])
            lab.lineage += 1
            _ = openEvolution()
            return changed("Generation \(lab.lineage): children \(a + 1) and \(b + 1) mixed into the new parent.")
        }
        lab.use(grid.children[index])
        lab.lineage += 1
        _ = openEvolution()
        return changed("Generation \(lab.lineage): child \(index + 1) is the new parent.")
    }

    mutating func clickEvolve(_ mouse: Mouse) -> [Effect] {
        guard mouse.kind == .press, let grid = evolution else { return [] }
        let layout = evolveLayout
        let column = (mouse.x - 1) / layout.cellWidth, row = (mouse.y - 2) / layout.cellHeight
        guard mouse.x >= 1, mouse.y >= 2, column < layout.columns, row < layout.rows else { return [] }
        let index = row * layout.columns + column
        return index < grid.children.count ? choose(index) : []
    }

    func drawEvolve(_ grid: inout Grid) {
        guard let state = evolution else { return }
        let layout = evolveLayout
        let parentWords = "\(state.parent.ingredients.count) species, \(state.parent.totalPopulation) agents"
        grid.put("Evolution · generation \(lab.lineage) · parent: \(parentWords)" + (state.mixing ? " · mixing: choose two" : ""),
                 x: 1, y: 1, style: Theme.title, limit: width - 2)
        for (index, swarm) in state.swarms.enumerated() {
            let x = 1 + (index % layout.columns) * layout.cellWidth, y = 2 + (index / layout.columns) * layout.cellHeight
            let marked = state.marked.contains(index)
            let label = "\(index + 1)" + (marked ? " ✓ mix" : "") + " · \(state.children[index].ingredients.count) sp."
            grid.put(label, x: x, y: y, style: marked ? Theme.selected : Style(fg: Theme.accent, bold: true), limit: layout.cellWidth - 1)
            SwarmRenderer.draw(swarm.state, camera: state.cameras[index], into: &grid, x: x, y: y + 1,
                               width: layout.cellWidth - 1, height: layout.cellHeight - 1)
        }
    }

    /// What the grid's cells measure in braille dots (for the cameras).
    var evolveDots: (wide: Int, high: Int) {
        let layout = evolveLayout
        return ((layout.cellWidth - 1) * 2, (layout.cellHeight - 1) * 4)
    }
}
