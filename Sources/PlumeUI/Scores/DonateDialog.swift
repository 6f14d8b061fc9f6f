// Donate: a cause, how many points, then a confirmation before anything is sent.
import GameState
import ScoresAPI
import TUI

public struct DonateDialog: Overlay {
    public var cause = 0
    public var points = TextField(limit: 9, accepts: .digits)
    public internal(set) var confirming = false
    public internal(set) var error: String?
    public internal(set) var sending = false

    public init() {}

    public var isDialog: Bool { true }

    public mutating func note(_ note: Note) {
        if case .refused(.donate, let message) = note {
            sending = false
            confirming = false
            error = message
        }
    }

    public func help(_ context: Context) -> HelpPage {
        if confirming {
            return HelpPage("Donate", [KeyHelp("y Enter", "gives", hint: Priority.essential), KeyHelp("any other key", "goes back", hint: Priority.essential)])
        }
        return HelpPage("Donate", [KeyHelp("← →", "picks the cause", hint: Priority.useful),
                                   KeyHelp("digits", "set the points", hint: Priority.useful),
                                   KeyHelp("Enter", "asks to confirm", hint: Priority.essential),
                                   KeyHelp("Esc", "cancels", hint: Priority.essential)])
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        let key: Key
        switch input {
        case .mouse: return .nothing
        case .paste(let text):
            points.insert(text)
            return .nothing
        case .key(let pressed): key = pressed
        }
        let causes = context.scores.causes?.value.causes ?? []
        if sending { return key == .escape ? .done(.close, .status("Cancelled.")) : .nothing }
        if confirming {
            switch key {
            case .char("y"), .char("Y"), .enter:
                guard causes.indices.contains(cause), let amount = Int64(points.text) else { return .nothing }
                sending = true
                return .done(.send(.donate(cause: causes[cause].id, points: amount)))
            default:
                confirming = false
                return .done(.status("Not given."))
            }
        }
        switch key {
        case .escape: return .done(.close, .status("Cancelled."))
        case .up, .left: if !causes.isEmpty { cause = cycled(cause, by: -1, count: causes.count) }
        case .down, .right, .tab: if !causes.isEmpty { cause = cycled(cause, by: 1, count: causes.count) }
        case .enter:
            guard causes.indices.contains(cause) else { error = "The causes haven't arrived yet — wait a moment."; return .nothing }
            guard let amount = Int64(points.text), amount > 0 else { error = "Type how many points to give."; return .nothing }
            if let available = context.scores.bests?.value.own.pointsAvailable, amount > available {
                error = "You have \(available) point\(available == 1 ? "" : "s") to give."
                return .nothing
            }
            error = nil
            confirming = true
        default: points.handle(key)
        }
        return .nothing
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let causes = context.scores.causes?.value.causes ?? []
        let name = causes.indices.contains(cause) ? SafeText.strip(causes[cause].name) : "(loading causes…)"
        let box = Dialog.box(in: area, lines: 6 + (error == nil ? 0 : 1))
        let inside = Theme.panel(" Donate points ").draw(in: box, into: &grid)
        Dialog.choice("Cause", "◂ \(name) ▸", focused: false, line: inside.row(1), into: &grid)
        Dialog.field("Points", points, focused: !confirming && !sending, line: inside.row(2), into: &grid)
        let available = context.scores.bests?.value.own.pointsAvailable
        grid.put(available.map { "You have \($0) point\($0 == 1 ? "" : "s") to give." } ?? "Checking your points…", in: inside.row(3),
                 style: Theme.label.on(Theme.panel))
        if confirming {
            // The question may be shortened (a long cause name); the keys never are.
            grid.put("Give \(points.text) points to \(name)?", in: inside.row(5), style: Theme.chosen.on(Theme.panel))
            grid.put("y gives · any other key goes back", in: inside.row(6), style: Theme.chosen.on(Theme.panel))
        } else {
            grid.put(sending ? "Sending…" : "←→ picks the cause · digits set points · Enter · Esc cancels", in: inside.row(5),
                     style: Style(fg: Theme.accent, bg: Theme.panel))
        }
        if let error { grid.put(error, in: inside.row(7), style: Theme.warning.on(Theme.panel)) }
    }
}
