// Your SSH keys on this server: each signs you in when you play here over SSH (`ssh -p … host`).
// Lists them, adds one pasted from a .pub file, removes one after a y. Opened with K on the
// Scores screen; a player playing over SSH sees the key they connected with among them.
import GameState
import ScoresAPI
import TUI

public struct KeysDialog: Overlay {
    public var selected = 0
    /// Adding: the pasted or typed public key line.
    public var line = TextField(limit: 2048)
    public internal(set) var adding = false
    public internal(set) var confirming = false
    public internal(set) var error: String?
    public internal(set) var sending = false

    public init() {}

    public var isDialog: Bool { true }

    public mutating func note(_ note: Note) {
        switch note {
        case .refused(.keys, let message):
            sending = false
            confirming = false
            error = message
        case .keysChanged:
            sending = false
            adding = false
            confirming = false
            line = TextField(limit: 2048)
            error = nil
        default: break
        }
    }

    public func help(_ context: Context) -> HelpPage {
        if adding {
            return HelpPage("Add a key", [KeyHelp("paste", "the line of your .pub file", hint: Priority.essential),
                                          KeyHelp("Enter", "adds it", hint: Priority.essential), KeyHelp("Esc", "goes back", hint: Priority.essential)])
        }
        return HelpPage("SSH keys", [KeyHelp("↑ ↓", "pick a key", hint: Priority.useful), KeyHelp("a", "adds a key", hint: Priority.essential),
                                     KeyHelp("x Del", "removes the key picked", hint: Priority.useful), KeyHelp("Esc", "closes", hint: Priority.essential)])
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        let key: Key
        switch input {
        case .mouse: return .nothing
        case .paste(let text):
            if !adding { adding = true }
            line.insert(SafeText.strip(text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""))
            return .nothing
        case .key(let pressed): key = pressed
        }
        let keys = context.session.keys?.keys ?? []
        if sending { return key == .escape ? .done(.close) : .nothing }
        if confirming {
            confirming = false
            guard key == .char("y") || key == .char("Y"), keys.indices.contains(selected) else { return .done(.status("Kept.")) }
            sending = true
            return .done(.send(.removeKey(fingerprint: keys[selected].fingerprint)))
        }
        if adding {
            switch key {
            case .escape:
                adding = false
                line = TextField(limit: 2048)
                error = nil
            case .enter:
                let text = line.text.trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { error = "Paste the line of your .pub file first (cat ~/.ssh/id_ed25519.pub)."; return .nothing }
                error = nil
                sending = true
                return .done(.send(.addKey(text)))
            default: line.handle(key)
            }
            return .nothing
        }
        switch key {
        case .escape, .char("q"): return .done(.close)
        case .up, .char("k"): selected = max(0, selected - 1)
        case .down, .char("j"): selected = min(max(0, keys.count - 1), selected + 1)
        case .char("a"):
            adding = true
            line = TextField(limit: 2048)
            error = nil
        case .char("x"), .delete, .backspace:
            guard keys.indices.contains(selected) else { return .nothing }
            error = nil
            confirming = true
        default: break
        }
        return .nothing
    }

    /// A key as the list names it: its label, else its kind and the start of its fingerprint.
    static func name(of key: KeyInfo) -> String {
        let label = SafeText.strip(key.label)
        return label.isEmpty ? "\(kind(of: key.type)) key" : label
    }

    /// The key's algorithm in a word: ed25519, ecdsa-p256…
    static func kind(of type: String) -> String {
        let type = SafeText.strip(type)
        if type.hasPrefix("ssh-") { return String(type.dropFirst(4)) }
        if type.hasPrefix("ecdsa-sha2-nist") { return "ecdsa-" + type.dropFirst("ecdsa-sha2-nist".count) }
        return type
    }

    /// `text` in exactly `width` columns: padded, or cut with "…".
    static func column(_ text: String, _ width: Int) -> String {
        text.count > width ? String(text.prefix(width - 1)) + "…" : text + String(repeating: " ", count: width - text.count)
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let keys = context.session.keys?.keys
        let rows = max(1, min(keys?.count ?? 1, 8))
        // Wide enough for a whole fingerprint where the window allows: it is how a key is told apart.
        let box = Dialog.box(in: area, lines: rows + 6 + (error == nil ? 0 : 1), width: 100)
        let inside = Theme.panel(" Your SSH keys on \(context.session.place) ").draw(in: box, into: &grid)
        grid.put("Each key signs you in when you play here over SSH.", in: inside.row(1), style: Theme.label.on(Theme.panel))
        if let keys {
            if keys.isEmpty { grid.put("No keys yet: a adds one.", in: inside.row(3), style: Theme.label.on(Theme.panel)) }
            let first = max(0, min(selected - rows + 1, keys.count - rows))
            for (offset, key) in keys.dropFirst(first).prefix(rows).enumerated() {
                let index = first + offset
                // Fixed columns, the fingerprint last: it is the part that may be cut.
                let label = key.label.isEmpty ? "(no label)" : SafeText.strip(key.label)
                let lead = "\(index == selected ? "▸" : " ") \(Self.column(label, 16))  \(Self.column(Self.kind(of: key.type), 10))  "
                    + "\(key.addedAt.prefix(10))  "
                let text = lead + Self.column(SafeText.strip(key.fingerprint), max(2, inside.width - lead.count))
                grid.put(text, in: inside.row(3 + offset), style: (index == selected ? Theme.chosen : Theme.label).on(Theme.panel))
                if index == selected { grid.focus(x: inside.x, y: inside.y + 3 + offset) }
            }
        } else if error == nil {
            grid.put("Asking \(context.session.place)…", in: inside.row(3), style: Theme.label.on(Theme.panel))
        } else {
            grid.put("No list: \(context.session.place) didn't give one (see below). Esc closes.", in: inside.row(3), style: Theme.label.on(Theme.panel))
        }
        let bottom = 3 + rows + 1
        if adding {
            Dialog.field("Key", line, focused: !sending, line: inside.row(bottom), into: &grid)
        } else if confirming, let keys, keys.indices.contains(selected) {
            grid.put("Remove \(Self.name(of: keys[selected]))? y removes · any other key keeps it", in: inside.row(bottom),
                     style: Theme.chosen.on(Theme.panel))
            grid.focus(x: inside.x, y: inside.y + bottom)
        } else {
            grid.put(sending ? "Sending…" : "a adds (paste your .pub line) · x removes · ↑↓ · Esc closes", in: inside.row(bottom),
                     style: Style(fg: Theme.accent, bg: Theme.panel))
        }
        if let error { grid.put("✗ " + error, in: inside.row(bottom + 1), style: Theme.warning.on(Theme.panel)) }
    }
}

extension ScoresCommand {
    /// The player's SSH keys, for the game a server hosts over SSH. Adding or removing one is
    /// answered with what was done, and the list is read again (Session); the three share a path,
    /// so they go one at a time, and the dialog waits for each.
    static var keys: ScoresCommand { .ask(APICalls.keys) }

    static func addKey(_ line: String) -> ScoresCommand { .ask(APICalls.addKey, body: AddKeyRequest(publicKey: line), awaited: true) }

    static func removeKey(fingerprint: String) -> ScoresCommand {
        .ask(APICalls.removeKey, query: [QueryValue(.fingerprint, fingerprint)], awaited: true)
    }
}
