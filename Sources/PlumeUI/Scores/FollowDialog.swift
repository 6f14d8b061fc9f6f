// Follow a player by name, and the players you follow (F on the Scores screen): type a name
// exactly (case is ignored) and Enter follows that player; ↓ goes down the list of players you
// follow, where x asks to stop following one and y stops. The server's answer is said in words
// here. It reads the list from the session and owns only what is being typed and picked.
import GameState
import ScoresAPI
import TUI

public struct FollowDialog: Overlay {
    public enum Focus: Sendable, Equatable { case name, list }

    public var name = TextField(limit: 32)
    public internal(set) var focus: Focus = .name
    /// The player picked in the list (while the list has the keys).
    public internal(set) var picked = 0
    public internal(set) var confirming = false
    public internal(set) var sending = false
    /// The last answer, in words: what was done, or why not.
    public internal(set) var said: String?
    public internal(set) var refused = false

    public init() {}

    public var isDialog: Bool { true }

    /// F: the dialog with the list read again, or registering first.
    static func open(_ session: Session) -> [Request] {
        guard session.player != nil else {
            return [.push(RegisterDialog(session)), .status("Register on \(session.place) first; then F follows players by name.")]
        }
        return [.push(FollowDialog()), .send(.following)]
    }

    public mutating func note(_ note: Note) {
        switch note {
        case .refused(.follow, let message):
            (sending, confirming, refused, said) = (false, false, true, message)
        case .followsChanged(let words):
            (sending, confirming, refused, said) = (false, false, false, words)
            name = TextField(limit: 32)
        default: break
        }
    }

    public func help(_ context: Context) -> HelpPage {
        HelpPage("Follow players", [KeyHelp("type", "a player's name, exactly (case is ignored)"),
                                    KeyHelp("Enter", "follow that player", hint: Priority.essential, short: "follow"),
                                    KeyHelp("↓ ↑", "the players you follow", hint: Priority.useful, short: "your list"),
                                    KeyHelp("x Del", "stop following the one picked (y confirms)", hint: Priority.useful, short: "stop"),
                                    KeyHelp("Esc", "close", hint: Priority.essential)])
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        let key: Key
        switch input {
        case .mouse: return .nothing
        case .paste(let text):
            focus = .name
            name.insert(SafeText.strip(text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""))
            return .nothing
        case .key(let pressed): key = pressed
        }
        let players = context.session.following?.value.players ?? []
        if sending { return key == .escape ? .done(.close) : .nothing }
        if confirming {
            confirming = false
            guard key == .char("y") || key == .char("Y"), players.indices.contains(picked) else { return .done(.status("Still following.")) }
            sending = true
            return .done(.send(.unfollow(playerID: players[picked].playerID)))
        }
        switch (focus, key) {
        case (_, .escape): return .done(.close)
        case (.name, .enter):
            let typed = name.text.trimmingCharacters(in: .whitespaces)
            guard !typed.isEmpty else { (said, refused) = ("Type a player's name first.", true); return .nothing }
            (sending, said) = (true, nil)
            return .done(.send(.follow(.name(typed))))
        case (.name, .down), (.name, .tab):
            if !players.isEmpty { (focus, picked) = (.list, min(picked, players.count - 1)) }
        case (.name, _): name.handle(key)
        case (.list, .up) where picked == 0, (.list, .backTab), (.list, .tab): focus = .name
        case (.list, .up), (.list, .char("k")): picked = max(0, picked - 1)
        case (.list, .down), (.list, .char("j")): picked = min(max(0, players.count - 1), picked + 1)
        case (.list, .char("x")), (.list, .delete), (.list, .backspace):
            if players.indices.contains(picked) { (confirming, said) = (true, nil) }
        case (.list, _): break
        }
        return .nothing
    }

    /// Rows of the list shown at most: the dialog stays a dialog.
    static let listRows = 8

    /// "Bea          today 930, #1 of 40" or "Cy           not played today".
    static func line(_ player: FollowedPlayer) -> String {
        let today = player.todayScore.map { score in "today \(score)" + (player.todayRank.map { ", #\($0)" } ?? "") } ?? "not played today"
        let name = TextLayout.elide(SafeText.strip(player.name), to: 24)
        return name.padding(toLength: 26, withPad: " ", startingAt: 0) + today
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let session = context.session, list = session.following?.value
        let players = list?.players ?? []
        let rows = max(1, min(players.count, Self.listRows))
        let box = Dialog.box(in: area, lines: rows + 6 + (said == nil ? 0 : 1), width: 72)
        let inside = Theme.panel(" Follow players on \(session.place) ").draw(in: box, into: &grid)
        Dialog.field("Name", name, focused: focus == .name && !sending, line: inside.row(1), into: &grid)
        grid.put("Their exact name; case is ignored. Following is one-way and private.", in: inside.row(2), style: Theme.label.on(Theme.panel))
        let heading = list.map { $0.players.isEmpty ? "You follow nobody yet." : "You follow \($0.players.count) of at most \($0.limit):" }
            ?? "Asking \(session.place) whom you follow…"
        grid.put(heading, in: inside.row(4), style: Theme.title.on(Theme.panel))
        let first = max(0, min(picked - rows + 1, players.count - rows))
        for (offset, player) in players.dropFirst(first).prefix(rows).enumerated() {
            let chosen = focus == .list && first + offset == picked
            grid.put((chosen ? "▸ " : "  ") + Self.line(player), in: inside.row(5 + offset),
                     style: (chosen ? Theme.chosen : Style()).on(Theme.panel))
        }
        let bottom = 5 + rows + 1
        if confirming, players.indices.contains(picked) {
            grid.put("Stop following \(SafeText.strip(players[picked].name))? y stops · any other key keeps", in: inside.row(bottom),
                     style: Theme.chosen.on(Theme.panel))
        } else {
            let keys = focus == .name ? "Enter follows · ↓ your list · Esc closes" : "x stops following · ↑ the name · Esc closes"
            grid.put(sending ? "Asking \(session.place)…" : keys, in: inside.row(bottom), style: Style(fg: Theme.accent, bg: Theme.panel))
        }
        if let said { grid.put(said, in: inside.row(bottom + 1), style: (refused ? Theme.warning : Theme.success).on(Theme.panel)) }
    }
}
