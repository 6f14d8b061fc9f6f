// The evolution grid over the Lab: 1–9 or a click breeds from a child, x then two children mixes
// them, r re-rolls, u goes back a generation. Picks go through the Lab (its undo stack keeps the
// lineage); the Lab then tells the grid its new parent.
import GameState
import SwarmSim
import TUI

/// How many mini-swarms fit (at most nine), and their cells.
struct EvolutionLayout {
    let columns: Int, rows: Int, cellWidth: Int, cellHeight: Int
    let origin: (x: Int, y: Int)

    init(_ area: Rect) {
        let width = area.width - 2, height = area.height - 2
        columns = max(1, min(3, width / 20))
        rows = max(1, min(3, height / 5))
        cellWidth = width / columns
        cellHeight = height / rows
        origin = (area.x + 1, area.y + 1)
    }

    var count: Int { columns * rows }

    /// Braille dots per cell (for the cameras).
    var dots: (wide: Int, high: Int) { ((cellWidth - 1) * 2, (cellHeight - 1) * 4) }

    func cell(_ index: Int) -> Rect {
        Rect(x: origin.x + (index % columns) * cellWidth, y: origin.y + (index / columns) * cellHeight, width: cellWidth - 1, height: cellHeight)
    }

    func child(atX x: Int, y: Int) -> Int? {
        guard x >= origin.x, y >= origin.y else { return nil }
        let column = (x - origin.x) / cellWidth, row = (y - origin.y) / cellHeight
        return column < columns && row < rows ? row * columns + column : nil
    }
}

public struct EvolutionLayer: Overlay {
    public private(set) var state: EvolutionState

    init(parent: SwarmRecipe, area: Rect, seed: UInt64, running: Bool = true) {
        state = EvolutionState(parent: parent, count: EvolutionLayout(area).count, seed: seed)
        state.running = running
    }

    /// A grid of `count` children, each run with `agents` agents (the benchmark's).
    public init(parent: SwarmRecipe, count: Int, seed: UInt64, agents: Int?) {
        state = EvolutionState(parent: parent, count: count, seed: seed, agents: agents)
    }

    public var covers: Bool { true }
    public var staysWithScreen: Bool { true }

    public func animates(_ context: Context) -> Bool { state.running }

    public mutating func holdStill() { state.running = false }

    public mutating func frame(_ context: Context) {
        let dots = EvolutionLayout(context.area).dots
        state.frame(dotsWide: dots.wide, dotsHigh: dots.high)
    }

    public mutating func note(_ note: Note) {
        if case .parent(let recipe, let seed) = note {
            let running = state.running
            state = EvolutionState(parent: recipe, count: state.children.count, seed: seed, agents: state.agents)
            state.running = running
        }
    }

    public func help(_ context: Context) -> HelpPage {
        HelpPage("Evolution grid", [
            KeyHelp("1-9 or click", "breed from that child", hint: Priority.essential, short: "breed"),
            KeyHelp("x", "mix two children", hint: Priority.useful, short: "mix two"),
            KeyHelp("r", "re-roll the children", hint: Priority.useful, short: "re-roll"),
            KeyHelp("u", "back a generation", hint: Priority.useful, short: "back a generation"),
            KeyHelp("Space", "pause or run", hint: Priority.extra, short: state.running ? "pause" : "run"),
            KeyHelp(".", "one step (and pause)"),
            KeyHelp("Esc e", "back to the Lab", hint: Priority.essential, short: "Lab"),
        ] + HelpOverlay.common(digitsSwitchScreens: false))
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        switch input {
        case .mouse(let mouse):
            guard mouse.kind == .press, let index = EvolutionLayout(context.area).child(atX: mouse.x, y: mouse.y) else { return .pass }
            return choose(index)
        case .paste: return .pass
        case .key(let key):
            switch key {
            case .escape where state.mixing:
                state.mixing = false
                state.marked = []
                return .done(.status("Not mixing."))
            case .escape, .char("e"):
                return .done(.close, .status("Back to the Lab (generation \(context.lineage))."))
            case .char(" "):
                state.running.toggle()
                return .done(.status(state.running ? "Running." : "Paused."))
            case .char("."):
                state.running = false
                frame(context)
                return .done(.status("One step; paused (space runs them)."))
            case .char("r"):
                state.reroll()
                return .done(.status("New children of the same parent."))
            case .char("x"):
                state.mixing = true
                state.marked = []
                return .done(.status("Mixing: choose two children (1–\(state.children.count)); Esc stops."))
            case .char("u"):
                return .done(.lab(.backAGeneration))
            case .char(let c) where c.isASCII && c.isNumber:
                // Digits pick children here; they never switch screens.
                guard let digit = c.wholeNumberValue, digit >= 1 else { return .nothing }
                return choose(digit - 1)
            default:
                return .pass
            }
        }
    }

    /// A pick (or, while mixing, a mark) of child `index`.
    private mutating func choose(_ index: Int) -> Handled {
        guard state.children.indices.contains(index) else { return .nothing }
        guard state.mixing else { return .done(.lab(.adopt(state.children[index], child: index))) }
        if let at = state.marked.firstIndex(of: index) {
            state.marked.remove(at: at)
            return .nothing
        }
        state.marked.append(index)
        guard state.marked.count == 2 else { return .done(.status("Child \(index + 1) marked; choose one more to mix with it.")) }
        let (a, b) = (state.marked[0], state.marked[1])
        return .done(.lab(.mix(state.children[a], state.children[b], children: (a, b))))
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let layout = EvolutionLayout(area)
        let parent = "\(state.parent.ingredients.count) species, \(state.parent.totalPopulation) agents"
        grid.put("Evolution · generation \(context.lineage) · parent: \(parent)" + (state.mixing ? " · mixing: choose two" : ""),
                 in: area.row(0).inset(left: 1, right: 1), style: Theme.title)
        grid.focus(x: area.x + 1, y: area.y)
        for (index, swarm) in state.swarms.enumerated() {
            let cell = layout.cell(index)
            let marked = state.marked.contains(index)
            let label = "\(index + 1)" + (marked ? " ✓ mix" : "") + " · \(state.children[index].ingredients.count) sp."
            grid.put(label, in: cell.row(0), style: marked ? Theme.selected : Theme.chosen)
            SwarmRenderer.draw(swarm.state, camera: state.cameras[index], into: &grid, x: cell.x, y: cell.y + 1, width: cell.width, height: cell.height - 1)
        }
    }
}
