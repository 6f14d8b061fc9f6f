// The settings place (`,` on any screen): the palette, the screen-reader mode and reduced
// motion, each on a row. A change holds at once and is kept in config.toml (Effect.writeSettings),
// where the next game reads it — over SSH too, since a hosted player's config is kept by the server.
import GameState
import TUI

public struct SettingsOverlay: Overlay {
    enum Row: Int, CaseIterable {
        case palette, screenReader, reduceMotion

        var label: String {
            switch self {
            case .palette: "Colours"
            case .screenReader: "Screen reader"
            case .reduceMotion: "Still motion"
            }
        }

        /// What the row means, said under the rows for the chosen one.
        var about: String {
            switch self {
            case .palette: "The game's own colours (species, marks, highlights) for your colour vision; garments keep their named colours."
            case .screenReader: "The cursor rests on what you act on, the Lab is said in words, and each dialog names itself as it opens."
            case .reduceMotion: "The swarms and previews hold still until you ask: space runs them, . steps them."
            }
        }
    }

    var list = ListState()

    public init() {}

    public var isDialog: Bool { false }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        guard case .key(let key) = input else { return .nothing }
        let row = Row(rawValue: list.selected) ?? .palette
        switch key {
        case .up, .char("k"): list.cycle(by: -1, count: Row.allCases.count)
        case .down, .char("j"): list.cycle(by: 1, count: Row.allCases.count)
        case .enter, .char(" "), .right, .char("l"): return .done(change(row, by: 1, context))
        case .left, .char("h"): return .done(change(row, by: -1, context))
        case .escape, .char(","): return .done(.close)
        default: return .pass
        }
        return .nothing
    }

    /// The settings with `row` changed (the palette steps through its list; a switch flips).
    private func change(_ row: Row, by step: Int, _ context: Context) -> [Request] {
        var settings = context.settings
        let words: String, key: PlaySettings.Key
        switch row {
        case .palette:
            settings.palette = settings.palette.cycled(by: step)
            (words, key) = ("Colours: \(settings.palette.rawValue).", .palette)
        case .screenReader:
            settings.screenReader.toggle()
            (words, key) = ("Screen reader: \(settings.screenReader ? "on" : "off").", .screenReader)
        case .reduceMotion:
            settings.reduceMotion.toggle()
            (words, key) = ("Still motion: \(settings.reduceMotion ? "on" : "off").", .reduceMotion)
        }
        return [.settings(settings, changed: key, words: words)]
    }

    public func help(_ context: Context) -> HelpPage {
        HelpPage("Settings", [KeyHelp("↑↓", "choose a setting", hint: Priority.useful, short: "choose"),
                              KeyHelp("←→ Enter", "change it (kept in config.toml)", hint: Priority.essential, short: "change"),
                              KeyHelp("Esc ,", "close", hint: Priority.essential)])
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let width = Dialog.textWidth(in: area)
        let chosen = Row(rawValue: list.selected) ?? .palette
        let about = TextLayout.wrap(chosen.about, width: width, maxLines: 3)
        let box = Dialog.box(in: area, lines: Row.allCases.count + 1 + about.count)
        let inside = Theme.panel(" Settings ").draw(in: box, into: &grid)
        let values = [context.palette.rawValue, context.screenReader ? "on" : "off", context.settings.reduceMotion ? "on" : "off"]
        ListView.draw(count: Row.allCases.count, state: list, in: Rect(x: inside.x, y: inside.y + 1, width: inside.width, height: Row.allCases.count),
                      into: &grid) { index, line, focused, grid in
            let label = ((focused ? "▸ " : "  ") + Row.allCases[index].label).padding(toLength: 17, withPad: " ", startingAt: 0)
            let after = grid.put(label, in: line, style: (focused ? Theme.chosen : Theme.label).on(Theme.panel))
            grid.put("◂ " + values[index] + " ▸", x: after, y: line.y, style: (focused ? Theme.selected : Style()).on(Theme.panel), limit: line.maxX - after)
        }
        Dialog.put(about, from: Row.allCases.count + 2, of: inside, style: Theme.label.on(Theme.panel), into: &grid)
    }
}
