// Register / Profile: name, optional e-mail, the updates opt-in, and the avatar (the current
// look or a saved slot). Registering a new player, or editing a registered one's profile.
import GameState
import ScoresAPI
import TUI

public struct RegisterDialog: Overlay {
    public enum Field: Int, CaseIterable, Sendable { case name, email, updates, avatar }

    public var name = TextField(limit: 32)
    public var email = TextField(limit: 254)
    public var updates = false
    /// 0: the current look; 1…: the saved slots that hold a look, in order.
    public var avatar = 0
    public var field: Field = .name
    /// Editing the profile of a registered player rather than registering.
    public let isProfile: Bool
    public internal(set) var error: String?
    public internal(set) var sending = false

    /// Register, or (for a registered player) edit the profile, prefilled with what is known.
    init(_ session: Session, name former: String = "") {
        isProfile = session.player != nil
        name.text = session.player?.name ?? former
        if isProfile, let own = session.bests?.value.own {
            email.text = own.email ?? ""
            updates = own.updatesOptIn
        }
    }

    public var isDialog: Bool { true }

    /// Looks the avatar can be: the current one, then each saved slot.
    static func avatars(_ context: Context) -> [(label: String, code: String)] {
        var choices = [("your current look", ShareCode.encode(.look(context.look)))]
        for (index, slot) in context.shelf.looks.enumerated() {
            guard let slot, case .look(let look)? = try? context.importer.read(slot).state else { continue }
            choices.append(("slot \(index + 1)", ShareCode.encode(.look(look))))
        }
        return choices
    }

    public mutating func note(_ note: Note) {
        if case .refused(.register, let message) = note {
            sending = false
            error = message
        }
    }

    public func help(_ context: Context) -> HelpPage {
        HelpPage(isProfile ? "Profile" : "Register", [
            KeyHelp("Tab ↑↓", "next / previous field", hint: Priority.useful),
            KeyHelp("Space", "toggles updates, changes the avatar", hint: Priority.extra),
            KeyHelp("Enter", isProfile ? "saves" : "registers", hint: Priority.essential),
            KeyHelp("Esc", "cancels", hint: Priority.essential),
        ])
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        let key: Key
        switch input {
        case .mouse: return .nothing
        case .paste(let text):
            // One line, without control characters.
            let clean = SafeText.strip(text.split(whereSeparator: \.isNewline).first.map(String.init) ?? "")
            if field == .name { name.insert(clean) }
            if field == .email { email.insert(clean) }
            return .nothing
        case .key(let pressed): key = pressed
        }
        if sending { return key == .escape ? cancel() : .nothing }
        let choices = Self.avatars(context)
        switch key {
        case .escape: return cancel()
        case .tab, .down: field = field.cycled(by: 1)
        case .backTab, .up: field = field.cycled(by: -1)
        case .enter: return submit(choices)
        case .char(" ") where field == .updates: updates.toggle()
        case .left where field == .avatar: avatar = cycled(avatar, by: -1, count: choices.count)
        case .right where field == .avatar, .char(" ") where field == .avatar: avatar = cycled(avatar, by: 1, count: choices.count)
        default:
            if field == .name { name.handle(key) }
            if field == .email { email.handle(key) }
        }
        return .nothing
    }

    private func cancel() -> Handled { .done(.close, .session(.dropPendingSubmission), .status("Cancelled.")) }

    private mutating func submit(_ choices: [(label: String, code: String)]) -> Handled {
        let name = self.name.text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else {
            error = "Type a name first."
            field = .name
            return .nothing
        }
        error = nil
        sending = true
        let email = self.email.text.trimmingCharacters(in: .whitespaces)
        let avatar = choices[min(self.avatar, choices.count - 1)].code
        if isProfile {
            return .done(.send(.updateProfile(ProfileUpdate(name: name, email: .some(email.isEmpty ? nil : email),
                                                            updatesOptIn: updates && !email.isEmpty, avatarLook: .some(avatar)))))
        }
        return .done(.send(.register(RegisterRequest(name: name, email: email.isEmpty ? nil : email, updatesOptIn: updates && !email.isEmpty,
                                                     avatarLook: avatar))))
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        // Every word whole at 80 columns: the note and the server's answer wrap, the box grows.
        let width = Dialog.textWidth(in: area)
        let note = TextLayout.wrap("A name is unique here (ignoring case); the server says if it is taken.", width: width)
        let verb = isProfile ? "saves" : "registers"
        let keys = sending ? "Sending…" : TextLayout.first(fitting: ["Tab/↑↓ moves · Space toggles · Enter \(verb) · Esc cancels",
                                                                    "Tab/↑↓ · Space · Enter \(verb) · Esc cancels"], width: width)
        let problem = error.map { TextLayout.wrap("✗ " + $0, width: width, maxLines: Dialog.messageLines) } ?? []
        let box = Dialog.box(in: area, lines: 6 + note.count + problem.count)
        // Where, as last heard: the first answer from the scores may come while this is open.
        let place = context.session.place
        let inside = Theme.panel(isProfile ? " Profile on \(place) " : " Register on \(place) ").draw(in: box, into: &grid)
        Dialog.field("Name", name, focused: field == .name, line: inside.row(1), into: &grid)
        if email.isEmpty && field != .email {
            Dialog.choice("E-mail", "(optional)", focused: false, line: inside.row(2), into: &grid)
        } else {
            Dialog.field("E-mail", email, focused: field == .email, line: inside.row(2), into: &grid)
        }
        Dialog.choice("Updates", updates ? "[x] send me news by e-mail" : "[ ] send me news by e-mail", focused: field == .updates, line: inside.row(3), into: &grid)
        let choices = Self.avatars(context)
        Dialog.choice("Avatar", "◂ " + choices[min(avatar, choices.count - 1)].label + " ▸", focused: field == .avatar, line: inside.row(4), into: &grid)
        let row = Dialog.put(note, from: 6, of: inside, style: Theme.label.on(Theme.panel), into: &grid)
        grid.put(keys, in: inside.row(row), style: Style(fg: Theme.accent, bg: Theme.panel))
        Dialog.put(problem, from: row + 1, of: inside, style: Theme.warning.on(Theme.panel), into: &grid)
    }
}
