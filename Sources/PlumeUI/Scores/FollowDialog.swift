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
    /// The dialog's widest (the list's lines are 26 columns of name and the day's score).
    static let width = 72

    /// "Bea          today 930, #1 of 40" or "Cy           not played today".
    static func line(_ player: FollowedPlayer) -> String {
        let today = player.todayScore.map { score in "today \(score)" + (player.todayRank.map { ", #\($0)" } ?? "") } ?? "not played today"
        let name = TextLayout.elide(SafeText.strip(player.name), to: 24)
        return name.padding(toLength: 26, withPad: " ", startingAt: 0) + today
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let session = context.session, list = session.following?.value
        let players = list?.players ?? []
        // Every word whole at 80 columns: the hint, the question and the server's answer wrap, and
        // the list gives up rows before the box outgrows the screen.
        let width = Dialog.textWidth(in: area, width: Self.width)
        let hint = TextLayout.wrap("Their exact name; case is ignored. Following is one-way and private.", width: width)
        let questioning = confirming && players.indices.contains(picked)
        let ask: [String]
        if questioning {
            ask = TextLayout.wrap("Stop following \(SafeText.strip(players[picked].name))? y stops · any other key keeps", width: width,
                                  maxLines: Dialog.messageLines)
        } else {
            let keys = focus == .name ? ["Enter follows · ↓ your list · Esc closes", "Enter · ↓ list · Esc"]
                : ["x stops following · ↑ the name · Esc closes", "x stops · ↑ name · Esc"]
            ask = [sending ? "Asking \(session.place)…" : TextLayout.first(fitting: keys, width: width)]
        }
        let answer = said.map { TextLayout.wrap((refused ? "✗ " : "") + $0, width: width, maxLines: Dialog.messageLines) } ?? []
        // Name, hint, a blank, the heading, the list, a blank, the keys, the answer.
        let fixed = 1 + hint.count + 2 + 1 + ask.count + answer.count
        let rows = max(1, min(players.count, Self.listRows, area.height - 4 - fixed))
        let box = Dialog.box(in: area, lines: fixed + rows, width: Self.width)
        let inside = Theme.panel(" Follow players on \(session.place) ").draw(in: box, into: &grid)
        Dialog.field("Name", name, focused: focus == .name && !sending, line: inside.row(1), into: &grid)
        let heading = Dialog.put(hint, from: 2, of: inside, style: Theme.label.on(Theme.panel), into: &grid) + 1
        let counted = list.map { $0.players.isEmpty ? "You follow nobody yet." : "You follow \($0.players.count) of at most \($0.limit):" }
            ?? "Asking \(session.place) whom you follow…"
        grid.put(counted, in: inside.row(heading), style: Theme.title.on(Theme.panel))
        let first = max(0, min(picked - rows + 1, players.count - rows))
        for (offset, player) in players.dropFirst(first).prefix(rows).enumerated() {
            let chosen = focus == .list && first + offset == picked
            grid.put((chosen ? "▸ " : "  ") + Self.line(player), in: inside.row(heading + 1 + offset),
                     style: (chosen ? Theme.chosen : Style()).on(Theme.panel))
            if chosen { grid.focus(x: inside.x, y: inside.y + heading + 1 + offset) }
        }
        let bottom = heading + 1 + rows + 1
        let asking = questioning ? Theme.chosen.on(Theme.panel) : Style(fg: Theme.accent, bg: Theme.panel)
        let after = Dialog.put(ask, from: bottom, of: inside, style: asking, into: &grid)
        if questioning { grid.focus(x: inside.x, y: inside.y + bottom) }
        Dialog.put(answer, from: after, of: inside, style: (refused ? Theme.warning : Theme.success).on(Theme.panel), into: &grid)
    }
}
