// The Lab screen: the swarm running live on the left; its state, the recipe's parameters and
// the challenge it is measured against on the right. Its keys edit and run the recipe, and open
// the gallery, the evolution grid, the slots and the name dialog over it.
import Challenges
import Foundation
import GameState
import PlumeCalendar
import ScoresAPI
import SwarmSim
import TUI

/// Where the Lab's canvas and panel sit in its area (the gallery uses the same).
struct LabLayout {
    let canvas: Rect
    let panel: Rect

    init(_ area: Rect) {
        canvas = Rect(x: area.x + 1, y: area.y + 1, width: max(10, area.width - 40), height: max(4, area.height - 2))
        panel = Rect(x: canvas.maxX + 2, y: area.y + 1, width: area.maxX - canvas.maxX - 3, height: area.height - 1)
    }
}

extension LabState: ScreenLayer {
    public func animates(_ context: Context) -> Bool { running }

    /// The clock asks for the board's score of a recipe changed since (one job at a time).
    public var wantsClock: Bool { true }

    public mutating func arrive(from: Screen, _ context: Context) -> [Request] { askBoardScore(context) }

    public mutating func receive(_ news: ScreenNews, _ context: Context) -> [Request] {
        guard case .clock = news else { return [] }
        return askBoardScore(context)
    }

    public mutating func frame(_ context: Context) {
        frame()
        let canvas = LabLayout(context.area).canvas
        camera.follow(swarm.state, dotsWide: canvas.width * 2, dotsHigh: canvas.height * 4)
    }

    public func help(_ context: Context) -> HelpPage {
        HelpPage(Screen.lab.name, [
            KeyHelp("e", "evolution grid: breed by eye from live mutants", hint: Priority.useful, short: "evolve"),
            KeyHelp("G", "the gallery: named recipes with a live preview", hint: Priority.useful, short: "gallery"),
            KeyHelp("w 1-9", "save the swarm to a slot (an occupied one asks twice)"),
            KeyHelp("o 1-9", "open a swarm slot"),
            KeyHelp("N", "name the swarm"),
            KeyHelp("Space", "pause / run", hint: Priority.essential, short: "run/pause"),
            KeyHelp(".", "one step"),
            KeyHelp("+ -", "speed", hint: Priority.extra),
            KeyHelp("[ ]", "pick ingredient", hint: Priority.useful, short: "ingredient"),
            KeyHelp("↑ ↓", "pick parameter", hint: Priority.extra, short: "parameter"),
            KeyHelp("← →", "adjust (Shift or PgUp PgDn: ×10)", hint: Priority.essential, short: "adjust"),
            KeyHelp("n", "restart with a new seed"),
            KeyHelp("m", "mutate", hint: Priority.extra),
            KeyHelp("x", "mix with the last imported swarm"),
            KeyHelp("a d", "add / delete ingredient"),
            KeyHelp("p", "population scaling"),
            KeyHelp("g", "next challenge, then today's brief"),
            KeyHelp("B", "today's Lab brief"),
            KeyHelp("u", "undo recipe change"),
            KeyHelp("s", "share this swarm", hint: Priority.useful, short: "share"),
            KeyHelp("b", "submit to the challenge's board", hint: Priority.useful + 5, short: "submit"),
        ] + HelpOverlay.common)
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        guard case .key(let key) = input else { return .pass }
        let rows = Genome.Parameter.allCases.count + 1
        switch key {
        case .char(" "):
            running.toggle()
            return .done(.status(running ? "Running." : "Paused."))
        case .char("."):
            singleStep()
            return .done(.status("Paused; one step."))
        case .char("+"), .char("="): faster(true)
        case .char("-"): faster(false)
        case .char("["): ingredient = cycled(ingredient, by: -1, count: recipe.ingredients.count)
        case .char("]"): ingredient = cycled(ingredient, by: 1, count: recipe.ingredients.count)
        case .up: parameterRow = cycled(parameterRow, by: -1, count: rows)
        case .down: parameterRow = cycled(parameterRow, by: 1, count: rows)
        case .left: return changed(adjust(by: -1, big: false))
        case .right: return changed(adjust(by: 1, big: false))
        case .shiftLeft, .pageDown, .char("<"): return changed(adjust(by: -1, big: true))
        case .shiftRight, .pageUp, .char(">"): return changed(adjust(by: 1, big: true))
        case .char("n"):
            restart(seed: seed &+ 1)
            return .done(.status("Restarted with seed \(seed)."))
        case .char("m"):
            mutate()
            return changed("Mutated.")
        case .char("e"):
            let grid = EvolutionLayer(parent: recipe, area: context.area, seed: evolutionSeed, running: !context.reduceMotion)
            let still = context.reduceMotion ? " The children hold still: . steps them, space runs them." : ""
            return .done(.push(grid), .status("Evolution: pick the child you like (1–\(grid.state.children.count) or a click) to breed from it." + still))
        case .char("G"):
            guard let gallery = GalleryLayer(entries: context.gallery) else { return .done(.status("The gallery couldn't be read (gallery.json).")) }
            return .done(.push(gallery), .status("Gallery: ↑↓ browse · Enter loads (u undoes) · Esc back."))
        case .char("w"): return .done(SlotPrompt.open(.swarm, .save))
        case .char("o"): return .done(SlotPrompt.open(.swarm, .open))
        case .char("N"): return .done(.push(NameDialog(name ?? "")))
        case .char("x"):
            var rng = SplitMix64(seed: seed)
            mix(with: lastImported ?? SwarmRecipe.random(ingredients: 2, using: &rng))
            return changed(lastImported == nil ? "Mixed with a random recipe (import a swarm to mix with it)." : "Mixed with the imported swarm.")
        case .char("a"): return changed(addIngredient())
        case .char("d"): return changed(removeIngredient())
        case .char("p"):
            cyclePopulation()
            return .done(.status("\(agentCount) agents."))
        case .char("g"):
            challengeIndex = cycled(challengeIndex % contestCount(context), by: 1, count: contestCount(context))
            return .done(askBoardScore(context))
        case .char("B"):
            // Straight to today's Lab brief (from the Lab's first day).
            guard context.day >= LabRules.firstDay else { return .done(.status("The Lab's daily briefs begin on \(UTCDay.string(LabRules.firstDay)).")) }
            challengeIndex = context.book.swarmChallenges.count
            return .done(askBoardScore(context))
        case .char("u"): return changed(undo() ? "Undone." : "Nothing to undo.")
        case .char("s"): return .done(.go(.share))
        case .char("i"): return .done(.go(.importer))
        case .char("b"): return .done(.submit(board: board(context).text, code: ShareCode.encode(.swarm(recipe)), what: .swarm))
        default: return .pass
        }
        return .nothing
    }

    private func changed(_ message: String?) -> Handled { .done(.status(message ?? "")) }

    /// What the evolution grid, the gallery, the slots, an import and the name dialog ask of the Lab.
    mutating func take(_ request: LabRequest, _ context: Context) -> [Request] {
        switch request {
        case .run(let new, let name, let lineage, let status, let running, let imported):
            use(new)
            self.name = name
            if let lineage { self.lineage = lineage }
            if running, !context.reduceMotion { self.running = true }
            if imported { lastImported = new }
            return [.note(.parent(recipe, seed: evolutionSeed)), .status(status)]
        case .adopt(let child, let index):
            use(child)
            lineage += 1
            return [.note(.parent(recipe, seed: evolutionSeed)), .status("Generation \(lineage): child \(index + 1) is the new parent.")]
        case .mix(let a, let b, let children):
            mix(a, b)
            lineage += 1
            return [.note(.parent(recipe, seed: evolutionSeed)),
                    .status("Generation \(lineage): children \(children.0 + 1) and \(children.1 + 1) mixed into the new parent.")]
        case .backAGeneration:
            guard lineage > 0, undo() else { return [.status("This is the first generation; nothing to go back to.")] }
            lineage -= 1
            return [.note(.parent(recipe, seed: evolutionSeed)), .status("Back to generation \(lineage).")]
        case .name(let new):
            name = new
            return [.status(new.map { "The swarm is called “\($0)”." } ?? "The swarm has no name now.")]
        }
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let layout = LabLayout(area), canvas = layout.canvas
        if context.screenReader {
            // Words a screen reader can read in place of the braille picture.
            var said = Rows(canvas)
            for words in SwarmWords.lines(swarm.state, species: recipe.ingredients.count) {
                grid.paragraph(words, rows: &said, maxLines: 3, style: .plain)
            }
        } else {
            SwarmRenderer.draw(swarm.state, camera: camera, into: &grid, x: canvas.x, y: canvas.y, width: canvas.width, height: canvas.height,
                               markRadius: SwarmRenderer.markRadius(agents: swarm.state.count))
        }
        var rows = Rows(layout.panel)
        if let line = rows.take() {
            let after = grid.put(running ? "▶ running" : "‖ paused", in: line, style: Style(fg: running ? Theme.good : Theme.accent, bold: true))
            if let name { grid.put("  “\(name)”", x: after, y: line.y, style: Theme.title, limit: line.maxX - after) }
        }
        if let line = rows.take() { grid.put("step \(swarm.state.step) · ×\(speed) · \(agentCount) agents", in: line, style: Theme.label) }
        // Its own line: beside the step count it ran off an 80-column panel.
        if let line = rows.take(), lineage > 0 { grid.put("bred by eye · generation \(lineage)", in: line, style: Theme.label) }
        if let line = rows.take() {
            var column = grid.put("Ingredients ", in: line, style: Theme.label)
            for index in recipe.ingredients.indices {
                let colour = SwarmRenderer.palette[index % 16]
                // The ingredient in hand is bracketed and bold, in its species' colour.
                let chosen = index == ingredient
                let style = Style(fg: colour, bold: chosen)
                column = grid.put(chosen ? "[\(index + 1)]" : "\(index + 1)", x: column, y: line.y, style: style, limit: line.maxX - column)
                column += 1
            }
        }
        let item = recipe.ingredients[ingredient]
        let parameters: [(String, String)] = [("population", "\(item.population)")] + Genome.Parameter.allCases.map {
            ("\($0.symbol) \($0.meaning)", Hundredths.format(item.genome.hundredths($0)))
        }
        if let list = rows.take(parameters.count) {
            ListView.draw(count: parameters.count, state: ListState(selected: parameterRow), in: list, into: &grid) { index, line, chosen, grid in
                let after = grid.put((chosen ? "▸ " : "  ") + parameters[index].0.padding(toLength: 24, withPad: " ", startingAt: 0), in: line,
                                     style: chosen ? Theme.chosen : Theme.label)
                grid.put(parameters[index].1, x: after, y: line.y, style: chosen ? Theme.selected : .plain, limit: line.maxX - after)
            }
        }
        rows.skip()
        if onBrief(context) {
            drawBrief(into: &grid, rows: &rows, context)
            return
        }
        let challenge = self.challenge(in: context.book)
        let value = challengeValue(challenge)
        let season = SwarmSeasons.season(onDay: context.day)
        if let line = rows.take() { grid.put("Challenge: \(challenge.name)" + (season > 1 ? " — season \(season)" : ""), in: line, style: Theme.title) }
        grid.paragraph(challenge.brief, rows: &rows, maxLines: max(1, rows.remaining - 2))
        guard season > 1 else {
            let metric = String(format: "%@ now %.2f → score %d", challenge.metric.rawValue, value, challenge.score(for: value))
            if let line = rows.take() { grid.put(metric, in: line, style: Theme.label) }
            return
        }
        if let line = rows.take() { grid.put(String(format: "this run: %@ %.2f", challenge.metric.rawValue, value), in: line, style: Theme.label) }
        if let line = rows.take() { drawBoardScore(into: &grid, line: line, context) { "board score \($0.score) (\($0.runs.count) runs) — what b sends" } }
    }

    /// The day's Lab brief: its name and rule, each goal's part as the board reads it (the
    /// Studio's checklist), and the score b sends.
    private func drawBrief(into grid: inout Grid, rows: inout Rows, _ context: Context) {
        let brief = context.book.labBrief(forDay: context.day)
        if let line = rows.take() { grid.put("Today's brief: \(brief.name)", in: line, style: Theme.title) }
        let scored = boardScore.result(for: scoringJob(context))
        let parts = (try? scored?.get())?.parts ?? []
        let lines = brief.goals.count + 2
        grid.paragraph(brief.words, rows: &rows, maxLines: max(1, rows.remaining - lines))
        for (index, goal) in brief.goals.enumerated() {
            guard let line = rows.take() else { return }
            let part = parts.indices.contains(index) ? parts[index] : nil
            // Half the goal's points or more is marked ✓ as well as highlighted.
            let points = part.map { ($0.points >= 500 ? "✓" : " ") + String($0.points).leftPadded(to: 4) + "/1000 " } ?? "    …/1000 "
            let after = grid.put(points, in: line, style: part.map { $0.points >= 500 ? Theme.chosen : Theme.label } ?? Theme.label)
            let reading = part.map { goal.measure.words($0.reading) + " · " } ?? ""
            grid.put(reading + goal.words, x: after, y: line.y, style: Theme.label, limit: line.maxX - after)
        }
        if let line = rows.take() {
            let rules = brief.constraints.map(\.words).joined(separator: " · ") + " · \(recipe.ingredients.count) ingr., \(recipe.totalPopulation) agents"
            switch scored {
            case .failure(let refusal)?: grid.put("✗ " + refusal.description, in: line, style: Theme.warning)
            case .success?: grid.put("✓ " + rules, in: line, style: Theme.label)
            case nil: grid.put("rules: " + rules, in: line, style: Theme.label)
            }
        }
        if let line = rows.take() { drawBoardScore(into: &grid, line: line, context) { "score \($0.score), \($0.runs.count) runs — what b sends" } }
    }

    /// The board's score of the recipe, or that it is being computed, or why the board refuses it.
    private func drawBoardScore(into grid: inout Grid, line: Rect, _ context: Context, _ words: (SwarmScore) -> String) {
        switch boardScore.result(for: scoringJob(context)) {
        case .success(let score)?: grid.put(words(score), in: line, style: Theme.title)
        case .failure(let refusal)?: grid.put("b would be refused: " + refusal.description, in: line, style: Theme.warning)
        case nil: grid.put("board score: scoring… (8 runs of the board's seeds)", in: line, style: Theme.label)
        }
    }
}

/// Naming the Lab's swarm: the name is kept with the swarm and its slots.
public struct NameDialog: Overlay {
    public static let maxCharacters = 40
    public var field: TextField

    public init(_ name: String) { field = TextField(name, limit: Self.maxCharacters) }

    public var isDialog: Bool { true }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        switch input {
        case .key(.escape): return .done(.close, .status("Name unchanged."))
        case .key(.enter):
            let trimmed = field.text.trimmingCharacters(in: .whitespaces)
            return .done(.close, .lab(.name(trimmed.isEmpty ? nil : trimmed)))
        case .key(let key): field.handle(key)
        case .paste(let text): field.insert(SafeText.strip(text))
        case .mouse: break
        }
        return .nothing
    }

    public func help(_ context: Context) -> HelpPage {
        HelpPage("Name this swarm", [KeyHelp("Enter", "keeps it (empty removes it)", hint: Priority.essential),
                                     KeyHelp("Esc", "cancels", hint: Priority.essential),
                                     KeyHelp("← → Home End", "move; Ctrl-U Ctrl-K Ctrl-W erase", hint: Priority.extra)])
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let box = Dialog.box(in: area, lines: 4)
        let inside = Theme.panel(" Name this swarm ").draw(in: box, into: &grid)
        Dialog.field("Name", field, focused: true, line: inside.row(1), into: &grid)
        grid.paragraph("Saved with the swarm and its slots. Enter keeps it · empty removes it · Esc cancels",
                       in: Rect(x: inside.x, y: inside.y + 3, width: inside.width, height: 2), style: Style(fg: Theme.accent, bg: Theme.panel))
    }
}
