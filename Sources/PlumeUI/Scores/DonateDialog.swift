// Donate: a cause, how many points, then a confirmation before anything is sent.
import GameState
import ScoresAPI
import TUI

public struct DonateDialog: Overlay {
    public var cause = 0
    /// Which field keys go to: the cause (← → pick it) or the points (typed).
    public internal(set) var onPoints = true
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
        return HelpPage("Donate", [KeyHelp("Tab ↑ ↓", "the cause or the points", hint: Priority.useful, short: "field"),
                                   KeyHelp("← →", "on the cause: picks it", hint: Priority.useful, short: "cause"),
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
        let causes = context.session.causes?.value.causes ?? []
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
        case .up, .down, .tab, .backTab: onPoints.toggle()
        case .left where !onPoints: if !causes.isEmpty { cause = cycled(cause, by: -1, count: causes.count) }
        case .right where !onPoints: if !causes.isEmpty { cause = cycled(cause, by: 1, count: causes.count) }
        case .enter:
            guard causes.indices.contains(cause) else { error = "The causes haven't arrived yet — wait a moment."; return .nothing }
            guard let amount = Int64(points.text), amount > 0 else { error = "Type how many points to give."; return .nothing }
            if let available = context.session.bests?.value.own.pointsAvailable, amount > available {
                error = "You have \(available) point\(available == 1 ? "" : "s") to give."
                return .nothing
            }
            error = nil
            confirming = true
        default:
            if case .char(let c) = key, c.isNumber { onPoints = true }
            if onPoints { points.handle(key) }
        }
        return .nothing
    }

    /// What points are and what giving them does, for a player who has never been told.
    static let explanation = "Points are a tally: your best score on every board added up, plus a point a runway vote "
        + "(up to 50 a day). Giving moves them to a cause's total on the Causes tab, where everyone sees it; no money is involved."

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let causes = context.session.causes?.value.causes ?? []
        let chosen = causes.indices.contains(cause) ? causes[cause] : nil
        let name = chosen.map { SafeText.strip($0.name) } ?? "(loading causes…)"
        let width = Dialog.box(in: area, lines: 0).width - 4
        let about = TextLayout.wrap(chosen.map { SafeText.strip($0.description) } ?? "", width: width, maxLines: 2)
        let explained = TextLayout.wrap(Self.explanation, width: width, maxLines: 4)
        let box = Dialog.box(in: area, lines: 7 + about.count + explained.count + (error == nil ? 0 : 1))
        let inside = Theme.panel(" Donate points ").draw(in: box, into: &grid)
        var row = 1
        Dialog.choice("Cause", "◂ \(name) ▸", focused: !onPoints && !confirming && !sending, line: inside.row(row), into: &grid)
        row += 1
        for line in about {
            grid.put(line, in: inside.row(row), style: Theme.label.on(Theme.panel))
            row += 1
        }
        Dialog.field("Points", points, focused: onPoints && !confirming && !sending, line: inside.row(row), into: &grid)
        row += 1
        let available = context.session.bests?.value.own.pointsAvailable
        grid.put(available.map { "You have \($0) point\($0 == 1 ? "" : "s") to give." } ?? "Checking your points…", in: inside.row(row),
                 style: Theme.label.on(Theme.panel))
        row += 1
        for line in explained {
            grid.put(line, in: inside.row(row), style: Theme.label.on(Theme.panel))
            row += 1
        }
        row += 1
        if confirming {
            // The question may be shortened (a long cause name); the keys never are.
            grid.put("Give \(points.text) points to \(name)?", in: inside.row(row), style: Theme.chosen.on(Theme.panel))
            grid.focus(x: inside.x, y: inside.y + row)
            grid.put("y gives · any other key goes back", in: inside.row(row + 1), style: Theme.chosen.on(Theme.panel))
        } else {
            grid.put(sending ? "Sending…" : TextLayout.first(fitting: ["Tab: cause or points · ←→ picks the cause · Enter · Esc cancels",
                                                                      "Tab field · ←→ cause · Enter · Esc"], width: width),
                     in: inside.row(row), style: Style(fg: Theme.accent, bg: Theme.panel))
        }
        if let error { grid.put("✗ " + error, in: inside.row(row + 2), style: Theme.warning.on(Theme.panel)) }
    }
}

extension ScoresCommand {
    /// Points given to a cause; the Scores screen waits for the answer.
    static func donate(cause: String, points: Int64) -> ScoresCommand {
        .ask(APICalls.donate, body: DonationRequest(causeID: cause, points: points), awaited: true)
    }
}
