// The Scores screen's keys and its two dialogs: Register / Profile (name, e-mail, updates, avatar)
// and Donate (cause, points, then a confirmation before anything is sent).
import GameState
import ScoresAPI

public struct RegisterForm: Sendable, Equatable {
    public enum Field: Int, CaseIterable, Sendable { case name, email, updates, avatar }
    public var name = ""
    public var email = ""
    public var updates = false
    /// 0: the current look; 1…9: that saved slot.
    public var avatar = 0
    public var field: Field = .name
    /// Editing the profile of a registered player rather than registering.
    public var isProfile = false
    public var error: String?
    public var sending = false
}

public struct DonateForm: Sendable, Equatable {
    public var cause = 0
    public var points = ""
    public var confirming = false
    public var error: String?
    public var sending = false
}

public enum Dialog: Sendable, Equatable {
    case register(RegisterForm)
    case donate(DonateForm)
    /// Naming the Lab's swarm.
    case name(NameForm)
}

extension AppModel {
    // MARK: The screen

    mutating func pressScores(_ key: Key) -> [Effect] {
        let count = scoresRowCount
        switch key {
        case .left, .char("h"): return selectScoresTab(ScoresState.Tab(rawValue: (scores.tab.rawValue + 4) % 5)!)
        case .right, .char("l"): return selectScoresTab(ScoresState.Tab(rawValue: (scores.tab.rawValue + 1) % 5)!)
        case .char("["): return moveBoard(by: -1)
        case .char("]"): return moveBoard(by: 1)
        case .up, .char("k"): moveSelection(to: scores.selection - 1, count: count)
        case .down, .char("j"): moveSelection(to: scores.selection + 1, count: count)
        case .pageUp: moveSelection(to: scores.selection - scoresListHeight, count: count)
        case .pageDown: moveSelection(to: scores.selection + scoresListHeight, count: count)
        case .home: moveSelection(to: 0, count: count)
        case .end: moveSelection(to: count - 1, count: count)
        case .char("r"):
            status = "Refreshing from \(scores.place)…"
            scores.quietUntil = min(scores.quietUntil, now)
            return refreshScores() + (scores.outbox > 0 && !scores.isLocal ? send(.drainOutbox) : [])
        case .char("p"): openRegister(); return []
        case .char("d"): return openDonate()
        case .enter: return scores.tab == .causes ? openDonate() : openSelectedRow()
        default: break
        }
        return []
    }

    mutating func selectScoresTab(_ tab: ScoresState.Tab) -> [Effect] {
        scores.tab = tab
        scores.selection = 0
        scores.scroll = 0
        if (tab == .around || tab == .bests) && scores.player == nil {
            status = "Register first (p) to see where you stand on \(scores.place)."
        }
        return refreshScores()
    }

    mutating func moveBoard(by step: Int) -> [Effect] {
        guard !scores.boards.isEmpty, scores.tab == .top || scores.tab == .around else { return [] }
        scores.boardIndex = (scores.boardIndex + step + scores.boards.count) % scores.boards.count
        scores.selection = 0
        scores.scroll = 0
        return refreshScores()
    }

    mutating func moveSelection(to row: Int, count: Int) {
        scores.selection = max(0, min(count - 1, row))
        let height = scoresListHeight
        if scores.selection < scores.scroll { scores.scroll = scores.selection }
        if scores.selection >= scores.scroll + height { scores.scroll = scores.selection - height + 1 }
    }

    /// The selected row's look or swarm, into the Import preview (Enter there takes it; Esc
    /// comes back here). Nothing of the player's own work changes until they apply it.
    mutating func openSelectedRow() -> [Effect] {
        guard let code = selectedCode else {
            status = "Nothing to open here."
            return []
        }
        returnScreen = .scores
        screen = .importer
        importing.text = code
        readImport()
        status = "A player's entry — Enter takes it into the \(code.hasPrefix("S") ? "Lab" : "Studio") (undo brings yours back), Esc goes back."
        return []
    }

    var selectedCode: String? {
        switch scores.tab {
        case .top, .around, .contributors:
            let rows = scoresRows
            guard rows.indices.contains(scores.selection) else { return nil }
            let row = rows[scores.selection]
            return scores.tab == .contributors ? row.avatarLook : row.code
        case .bests:
            let bests = scores.bests?.value.profile.bests ?? []
            return bests.indices.contains(scores.selection) ? bests[scores.selection].code : nil
        case .causes:
            return nil
        }
    }

    // MARK: Register / Profile

    mutating func openRegister(name: String = "") {
        var form = RegisterForm()
        if let player = scores.player {
            form.isProfile = true
            form.name = player.name
            if let own = scores.bests?.value.own {
                form.email = own.email ?? ""
                form.updates = own.updatesOptIn
            }
        } else {
            form.name = name
        }
        dialog = .register(form)
    }

    /// Looks the avatar can be: the current one, then each saved slot.
    var avatarChoices: [(label: String, code: String)] {
        var choices = [("your current look", ShareCode.encode(.look(studio.look)))]
        for (index, slot) in slots.enumerated() {
            guard let slot, case .look(let look)? = try? importer.read(slot).state else { continue }
            choices.append(("slot \(index + 1)", ShareCode.encode(.look(look))))
        }
        return choices
    }

    mutating func pressRegister(_ key: Key, _ form: inout RegisterForm) -> [Effect] {
        if form.sending { return key == .escape ? closeDialog() : [] }
        let fields = RegisterForm.Field.allCases
        switch key {
        case .escape: return closeDialog()
        case .tab, .down: form.field = fields[(form.field.rawValue + 1) % fields.count]
        case .backTab, .up: form.field = fields[(form.field.rawValue + fields.count - 1) % fields.count]
        case .enter:
            let name = form.name.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { form.error = "Type a name first."; form.field = .name; return [] }
            form.error = nil
            form.sending = true
            let email = form.email.trimmingCharacters(in: .whitespaces)
            let avatar = avatarChoices[min(form.avatar, avatarChoices.count - 1)].code
            if form.isProfile {
                return send(.updateProfile(ProfileUpdate(name: name, email: .some(email.isEmpty ? nil : email),
                                                         updatesOptIn: form.updates && !email.isEmpty, avatarLook: .some(avatar))))
            }
            return send(.register(RegisterRequest(name: name, email: email.isEmpty ? nil : email, updatesOptIn: form.updates && !email.isEmpty,
                                                  avatarLook: avatar)))
        case .char(" ") where form.field == .updates:
            form.updates.toggle()
        case .left where form.field == .avatar:
            form.avatar = (form.avatar + avatarChoices.count - 1) % avatarChoices.count
        case .right where form.field == .avatar, .char(" ") where form.field == .avatar:
            form.avatar = (form.avatar + 1) % avatarChoices.count
        case .backspace, .delete:
            if form.field == .name, !form.name.isEmpty { form.name.removeLast() }
            if form.field == .email, !form.email.isEmpty { form.email.removeLast() }
        case .char(let c):
            type(String(c), into: &form)
        default: break
        }
        return []
    }

    func type(_ text: String, into form: inout RegisterForm) {
        let clean = SafeText.strip(text.split(whereSeparator: \.isNewline).first.map(String.init) ?? "")
        if form.field == .name, form.name.count + clean.count <= 32 { form.name += clean }
        if form.field == .email, form.email.count + clean.count <= 254 { form.email += clean }
    }

    // MARK: Donate

    mutating func openDonate() -> [Effect] {
        guard scores.player != nil else {
            openRegister()
            status = "Register first: points come from your verified scores."
            return []
        }
        var form = DonateForm()
        if let causes = scores.causes?.value.causes, scores.tab == .causes, causes.indices.contains(scores.selection) {
            form.cause = scores.selection
        }
        dialog = .donate(form)
        return send(.causes) + send(.myBests)
    }

    mutating func pressDonate(_ key: Key, _ form: inout DonateForm) -> [Effect] {
        let causes = scores.causes?.value.causes ?? []
        if form.sending { return key == .escape ? closeDialog() : [] }
        if form.confirming {
            switch key {
            case .char("y"), .char("Y"), .enter:
                guard causes.indices.contains(form.cause), let points = Int64(form.points) else { return [] }
                form.sending = true
                return send(.donate(cause: causes[form.cause].id, points: points))
            default:
                form.confirming = false
                status = "Not given."
                return []
            }
        }
        switch key {
        case .escape: return closeDialog()
        case .up, .left: if !causes.isEmpty { form.cause = (form.cause + causes.count - 1) % causes.count }
        case .down, .right, .tab: if !causes.isEmpty { form.cause = (form.cause + 1) % causes.count }
        case .backspace, .delete: if !form.points.isEmpty { form.points.removeLast() }
        case .char(let c) where c.isASCII && c.isNumber:
            if form.points.count < 9 { form.points.append(c) }
        case .enter:
            guard causes.indices.contains(form.cause) else { form.error = "The causes haven't arrived yet — wait a moment."; return [] }
            guard let points = Int64(form.points), points > 0 else { form.error = "Type how many points to give."; return [] }
            if let available = scores.bests?.value.own.pointsAvailable, points > available {
                form.error = "You have \(available) point\(available == 1 ? "" : "s") to give."
                return []
            }
            form.error = nil
            form.confirming = true
        default: break
        }
        return []
    }

    mutating func closeDialog() -> [Effect] {
        dialog = nil
        scores.pendingSubmission = nil
        status = "Cancelled."
        return []
    }

    /// Keys go to an open dialog before anything else (Ctrl-C still quits).
    mutating func pressDialog(_ key: Key) -> [Effect] {
        switch dialog {
        case .register(var form)?:
            let effects = pressRegister(key, &form)
            if dialog != nil, case .register = dialog { dialog = .register(form) }
            return effects
        case .donate(var form)?:
            let effects = pressDonate(key, &form)
            if dialog != nil, case .donate = dialog { dialog = .donate(form) }
            return effects
        case .name(var form)?:
            let effects = pressName(key, &form)
            if dialog != nil, case .name = dialog { dialog = .name(form) }
            return effects
        case nil:
            return []
        }
    }

    mutating func pasteIntoDialog(_ text: String) {
        if case .register(var form)? = dialog {
            type(text, into: &form)
            dialog = .register(form)
        }
        if case .name(var form)? = dialog {
            typeName(text, into: &form)
            dialog = .name(form)
        }
    }
}

extension AppModel {
    /// Clicks on the sub-tabs pick one; a click on a row selects it, a second click previews it.
    mutating func clickScores(_ mouse: Mouse) -> [Effect] {
        switch mouse.kind {
        case .scrollUp: moveSelection(to: scores.selection - 1, count: scoresRowCount); return []
        case .scrollDown: moveSelection(to: scores.selection + 1, count: scoresRowCount); return []
        case .press: break
        }
        if mouse.y == 3, let tab = scoresTabRanges().first(where: { $0.1.contains(mouse.x) })?.0 { return selectScoresTab(tab) }
        if mouse.y == 4, scores.tab == .top || scores.tab == .around { return moveBoard(by: mouse.x < width / 2 ? -1 : 1) }
        let row = scores.scroll + mouse.y - scoresListTop - 1
        guard mouse.y > scoresListTop, mouse.x < scoresPanelX || scores.tab == .bests || scores.tab == .causes,
              (0..<scoresRowCount).contains(row) else { return [] }
        if row == scores.selection { return scores.tab == .causes ? openDonate() : openSelectedRow() }
        moveSelection(to: row, count: scoresRowCount)
        return []
    }
}
