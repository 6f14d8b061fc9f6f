// Every key of every screen, in one table: the help overlay and the hint line both read it.

public struct KeyHelp: Sendable {
    public let keys: String
    public let action: String
    /// Shown in the one-line hint at the bottom as well as in the help overlay.
    public let hint: Bool
}

extension Screen {
    public var keyHelp: [KeyHelp] {
        let common = [KeyHelp(keys: "1-5 Tab", action: "switch screen", hint: false),
                      KeyHelp(keys: "?", action: "help", hint: true),
                      KeyHelp(keys: "q Ctrl-C", action: "quit (your work is saved)", hint: true)]
        switch self {
        case .studio:
            return [KeyHelp(keys: "↑ ↓", action: "pick a slot", hint: true),
                    KeyHelp(keys: "← →", action: "change garment", hint: true),
                    KeyHelp(keys: "c C", action: "next / previous colour", hint: true),
                    KeyHelp(keys: "x Del", action: "take off", hint: true),
                    KeyHelp(keys: "r", action: "randomise", hint: true),
                    KeyHelp(keys: "u U", action: "undo / redo", hint: true),
                    KeyHelp(keys: "w 1-9", action: "save to slot (twice to overwrite)", hint: false),
                    KeyHelp(keys: "o 1-9", action: "open a saved slot", hint: false),
                    KeyHelp(keys: "s", action: "share this look", hint: true),
                    KeyHelp(keys: "b", action: "submit to today's style board", hint: true),
                    KeyHelp(keys: "i", action: "import a link (or just paste)", hint: false)] + common
        case .lab:
            return [KeyHelp(keys: "e", action: "evolution grid: breed by eye from live mutants", hint: true),
                    KeyHelp(keys: "G", action: "the gallery: named recipes with a live preview", hint: true),
                    KeyHelp(keys: "w 1-9", action: "save the swarm to a slot (an occupied one asks twice)", hint: false),
                    KeyHelp(keys: "o 1-9", action: "open a swarm slot", hint: false),
                    KeyHelp(keys: "N", action: "name the swarm", hint: false),
                    KeyHelp(keys: "Space", action: "pause / run", hint: true),
                    KeyHelp(keys: ".", action: "one step", hint: false),
                    KeyHelp(keys: "+ -", action: "speed", hint: true),
                    KeyHelp(keys: "[ ]", action: "pick ingredient", hint: true),
                    KeyHelp(keys: "↑ ↓", action: "pick parameter", hint: false),
                    KeyHelp(keys: "← →", action: "adjust (Shift/PgUp PgDn: ×10)", hint: true),
                    KeyHelp(keys: "n", action: "restart with a new seed", hint: false),
                    KeyHelp(keys: "m", action: "mutate", hint: true),
                    KeyHelp(keys: "x", action: "mix with the last imported swarm", hint: false),
                    KeyHelp(keys: "a d", action: "add / delete ingredient", hint: false),
                    KeyHelp(keys: "p", action: "population scaling", hint: false),
                    KeyHelp(keys: "g", action: "next challenge", hint: false),
                    KeyHelp(keys: "u", action: "undo recipe change", hint: false),
                    KeyHelp(keys: "s", action: "share this swarm", hint: true),
                    KeyHelp(keys: "b", action: "submit to the challenge's board", hint: true)] + common
        case .importer:
            return [KeyHelp(keys: "paste", action: "a link, a code, an Emergent link or a recipe", hint: true),
                    KeyHelp(keys: "Enter", action: "apply (your current work goes on the undo stack)", hint: true),
                    KeyHelp(keys: "Esc", action: "cancel", hint: true),
                    KeyHelp(keys: "Backspace", action: "clear", hint: false),
                    KeyHelp(keys: "?", action: "help (while the box is empty)", hint: false),
                    KeyHelp(keys: "o", action: "open where the link asks to return (shown in full first)", hint: false),
                    KeyHelp(keys: "Ctrl-O", action: "report a failed link to its x-error target", hint: false)]
        case .share:
            return [KeyHelp(keys: "c", action: "copy again", hint: true),
                    KeyHelp(keys: "l", action: "share the look", hint: true),
                    KeyHelp(keys: "h", action: "copy the web link (with a plume-server)", hint: false),
                    KeyHelp(keys: "w", action: "share the swarm", hint: true),
                    KeyHelp(keys: "Esc", action: "back", hint: true)] + common
        case .scores:
            return [KeyHelp(keys: "← →", action: "Top · Around me · My bests · Contributors · Causes", hint: true),
                    KeyHelp(keys: "[ ]", action: "previous / next board", hint: true),
                    KeyHelp(keys: "↑ ↓ PgUp PgDn", action: "pick a row (the mouse works too)", hint: false),
                    KeyHelp(keys: "Enter", action: "preview the row's look or swarm", hint: true),
                    KeyHelp(keys: "r", action: "refresh now (also every 30 s)", hint: true),
                    KeyHelp(keys: "p", action: "register / edit your profile", hint: true),
                    KeyHelp(keys: "d", action: "donate points to a cause", hint: false)] + common
        }
    }
}
