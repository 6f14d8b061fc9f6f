// The Runway screen: two of the day's looks side by side, each as large as the window allows;
// ← or → picks one, ↓ or = calls it even, s skips; [ shows yesterday's runway (still taking votes
// until today ends) and ] today's; w the day's swarm show, where two swarms run side by side
// from the same start (space pauses them). The header gives the day's theme (or Lab brief), the
// voter's votes and points, and the player's own entry with its people's score and rank.
import Challenges
import GameState
import PlumeCalendar
import ScoresAPI
import SwarmSim
import TUI

extension RunwayState: ScreenLayer {
    public mutating func arrive(from: Screen, _ context: Context) -> [Request] {
        refresh(context)
    }

    /// The screen reads its day and deals on the clock while shown.
    public var wantsClock: Bool { true }

    public func animates(_ context: Context) -> Bool { animates }

    public mutating func frame(_ context: Context) {
        frame(box: Self.stage(context.area).box)
    }

    /// Where the pair goes: the stage between the header and the labels, and each of its two
    /// boxes (a swarm's box leaves its last row for the words under it).
    static func stage(_ area: Rect) -> (stage: Rect, left: Rect, right: Rect, box: Size) {
        let stage = Rect(x: area.x, y: area.y + 3, width: area.width, height: max(1, area.height - 5))
        let half = (stage.width - 3) / 2
        let left = Rect(x: stage.x + 1, y: stage.y, width: half, height: stage.height)
        let right = Rect(x: stage.x + stage.width - 1 - half, y: stage.y, width: half, height: stage.height)
        return (stage, left, right, Size(width: half, height: max(1, stage.height - 1)))
    }

    public mutating func receive(_ news: ScreenNews, _ context: Context) -> [Request] {
        switch news {
        case .server(let event): heard(event, context)
        case .clock: refresh(context)
        case .dayTurned: context.screen == .runway ? refresh(context, force: true) : []
        }
    }

    public func help(_ context: Context) -> HelpPage {
        HelpPage(Screen.runway.name, [
            KeyHelp("← →", "the left or the right look is better", hint: Priority.essential, short: "pick"),
            KeyHelp("↓ =", "call it even", hint: Priority.useful, short: "even"),
            KeyHelp("s", "skip this pair (a few a day; skips are not votes)", hint: Priority.useful, short: "skip"),
            KeyHelp("[ ]", "yesterday's runway (it takes votes until today ends, UTC) or today's", hint: Priority.useful,
                    short: yesterday ? "today's" : "yesterday's"),
            KeyHelp("w", "the swarm show (the day's Lab swarms, two at a time from the same start) or the looks",
                    hint: Priority.useful, short: show == .look ? "swarms" : "looks"),
            KeyHelp("Space", "pause or run the two swarms", hint: context.reduceMotion && show == .swarm ? Priority.useful : nil,
                    short: running ? "pause" : "run"),
            KeyHelp(".", "one step of the two swarms (and pause)", hint: context.reduceMotion && show == .swarm ? Priority.useful : nil,
                    short: "step"),
            show == .look
                ? KeyHelp("e", "enter the Studio's look on today's runway (\(RunwayEntry.minimumScore(context.theme.rules)) or more on the theme)",
                          hint: Priority.extra, short: "enter")
                : KeyHelp("e", "enter the Lab's swarm in today's swarm show (\(SwarmShowEntry.minimumScore) or more on today's Lab brief)",
                          hint: Priority.extra, short: "enter"),
            KeyHelp("r", "refresh the day", hint: Priority.extra, short: "refresh"),
            KeyHelp("p", "your profile: days played, streaks, a calendar of your days (registers first)"),
            KeyHelp("score", "your entry's people's score: 1000 × the chance it beats the day's average entry, from the votes; ± shrinks as votes come in"),
            KeyHelp("points", "a point a vote (50 a day) for causes: d on Scores gives them"),
        ] + HelpOverlay.common)
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        guard case .key(let key) = input else {
            if case .mouse(let mouse) = input, mouse.kind == .press, shown != nil, mouse.y > context.area.y + 2 {
                return .done(vote(mouse.x < context.area.width / 2 ? .left : .right, context))
            }
            return .pass
        }
        switch key {
        case .left where shown != nil: return .done(vote(.left, context))
        case .right where shown != nil: return .done(vote(.right, context))
        case .down where shown != nil, .char("=") where shown != nil: return .done(vote(.tie, context))
        case .char("s") where shown != nil: return .done(vote(.skip, context))
        case .char("["): return .done(show(yesterday: true, context))
        case .char("]"): return .done(show(yesterday: false, context))
        case .char("r"):
            // Said until the day's answer comes (the refresh may start a new day: its text is read after).
            let reads = refresh(context, force: true)
            return .done([.statusUntil("Refreshing the runway…", .answered(ScoresCommand.runwayDay(day: dayText, show: show).key))] + reads)
        case .char("p"): return .done(ProfileOverlay.open(context.session))
        case .char("e"): return .done(show == .look ? Self.enter(context) : Self.enterSwarm(context))
        case .char("w"): return .done(switchShow(context))
        case .char(" ") where show == .swarm && pairRun != nil:
            running.toggle()
            return .done(.status(running ? "Running." : "Paused at step \(pairRun?.step ?? 0) of \(SwarmRules.steps): space runs them on."))
        case .char(".") where show == .swarm && pairRun != nil:
            running = false
            frame(context)
            return .done(.status("Step \(pairRun?.step ?? 0) of \(SwarmRules.steps); paused (space runs them on)."))
        default: return .pass
        }
    }

    /// Sends the Studio's look down today's runway (registering first if need be).
    static func enter(_ context: Context) -> [Request] {
        guard context.session.player != nil else {
            return [.push(RegisterDialog(context.session)), .status("Register first; then e enters your look.")]
        }
        let score = context.theme.score(context.look, in: context.catalog).total
        return [.send(.enterRunway(day: UTCDay.string(context.day), code: ShareCode.encode(.look(context.look)))),
                .status("Sending your look (\(score) on today's theme) down the runway…")]
    }

    /// Sends the Lab's swarm to today's swarm show (registering first if need be); the server
    /// scores it on the day's Lab brief.
    static func enterSwarm(_ context: Context) -> [Request] {
        guard context.session.player != nil else {
            return [.push(RegisterDialog(context.session)), .status("Register first; then e enters your swarm.")]
        }
        return [.send(.enterRunway(day: UTCDay.string(context.day), code: ShareCode.encode(.swarm(context.recipe)))),
                .status("Sending your Lab swarm to the swarm show (it must score \(SwarmShowEntry.minimumScore) on today's Lab brief)…")]
    }

    public func draw(into grid: inout Grid, area: Rect, _ context: Context) {
        let line = area.inset(left: 1, right: 1)
        let shownDay = wantedDay(context)
        let theme = info?.theme ?? (show == .look ? context.book.theme(forDay: shownDay).name : context.book.labBrief(forDay: shownDay).name)
        let title = show == .swarm ? "Swarm show" : "Runway"
        let counts = info.map { " · \($0.entries) \($0.entries == 1 ? things.one : things.many), \($0.votes) vote\($0.votes == 1 ? "" : "s")" } ?? ""
        let named = SafeText.strip(theme)
        // A Lab brief's name carries its rule after " · ": the first thing to go when the line is short.
        let short = named.components(separatedBy: " · ").first ?? named
        let dated = "\(title) · \(yesterday ? "yesterday, " : "")\(UTCDay.string(shownDay)) · "
        let header = TextLayout.first(fitting: [dated + named + counts, dated + short + counts, dated + named], width: line.width)
        grid.put(header, in: line.row(0), style: Theme.title)
        grid.focus(x: line.x, y: line.y)
        // The tally and the entry wrap onto the row above the looks rather than lose their end.
        for (index, words) in TextLayout.wrap(standing(context), width: line.width, maxLines: 2).enumerated() {
            grid.put(words, in: line.row(1 + index), style: Theme.label)
        }
        let (stage, leftBox, rightBox, box) = Self.stage(area)
        let labels = area.y + area.height - 2
        if show == .swarm, let run = pairRun {
            for (side, at) in [leftBox, rightBox].enumerated() {
                let state = run.swarms[side].state
                SwarmRenderer.draw(state, camera: run.cameras[side], into: &grid, x: at.x, y: at.y, width: box.width, height: box.height,
                                   markRadius: SwarmRenderer.markRadius(agents: state.count))
                grid.put(run.words(side), x: at.x, y: at.y + box.height, style: Theme.label, limit: box.width)
            }
            grid.put("← this one", x: leftBox.x, y: labels, style: Theme.chosen, limit: box.width)
            grid.put("this one →", x: rightBox.x + rightBox.width - 10, y: labels, style: Theme.chosen, limit: box.width)
            let middle = "↓ even · s skip"
            grid.put(middle, x: area.x + (area.width - middle.count) / 2, y: labels, style: Theme.label)
            return
        }
        guard show == .look, let pair = shown, case .look(let left)? = try? ShareCode.decode(pair.left), case .look(let right)? = try? ShareCode.decode(pair.right) else {
            let words = notice ?? (context.session.started ? "Dealing a pair…" : "Connecting to the scores…")
            // Why there is nothing to judge, and what to do, whole.
            for (index, line) in TextLayout.wrap(words, width: area.width - 4, maxLines: max(1, stage.height - 1)).enumerated() {
                grid.put(line, x: area.x + 2, y: stage.y + 1 + index, style: Theme.label)
            }
            return
        }
        let half = leftBox.width
        let drawnLeft = FigureRenderer.draw(left, in: context.catalog, into: &grid, fitting: leftBox)
        let drawnRight = FigureRenderer.draw(right, in: context.catalog, into: &grid, fitting: rightBox)
        grid.put("← this one", x: drawnLeft.x, y: labels, style: Theme.chosen, limit: half)
        grid.put("this one →", x: max(drawnRight.x, drawnRight.x + drawnRight.width - 10), y: labels, style: Theme.chosen, limit: half)
        let middle = "↓ even · s skip"
        grid.put(middle, x: area.x + (area.width - middle.count) / 2, y: labels, style: Theme.label)
    }

    /// The player's entry in words a first-timer can read: the people's score is out of 1000
    /// (the chance, in thousandths, that it beats the day's average look), and "±" is how sure
    /// the votes so far make it; with no votes yet it says so rather than "500 ± 500".
    static func entryWords(_ entry: RunwayOwnEntry, entries: Int, noun: String = "look") -> String {
        let votes = "\(entry.votes) vote\(entry.votes == 1 ? "" : "s")"
        guard entry.votes > 0 else { return "your \(noun): no votes yet" }
        let rank = entry.rank.map { ", #\($0) of \(entries)" } ?? ""
        let sure = entry.plusMinus.map { $0 >= 250 ? ", too few votes to tell" : " ± \($0)" } ?? ""
        return "your \(noun): \(entry.peopleScore) of 1000\(sure)\(rank) (\(votes))"
    }

    /// The header's second line: the voter's tally and the player's own entry.
    func standing(_ context: Context) -> String {
        guard context.session.player != nil else { return "Not registered on \(context.session.place) — p registers." }
        var parts: [String] = []
        if let tally {
            let left = yesterday ? "more on this runway" : "more today"
            parts.append("\(tally.votes) vote\(tally.votes == 1 ? "" : "s"), \(tally.points) point\(tally.points == 1 ? "" : "s") (\(tally.pointsLeft) \(left)), \(tally.skipsLeft) skip\(tally.skipsLeft == 1 ? "" : "s")")
        }
        if let entry = info?.you?.entry {
            parts.append(Self.entryWords(entry, entries: info?.entries ?? 0, noun: things.one))
        } else if info != nil, !yesterday {
            // Entries close as the day ends: only today's runway takes the Studio's look (or the Lab's swarm).
            parts.append(show == .look ? "not entered — e enters the Studio's look" : "not entered — e enters the Lab's swarm")
        }
        if yesterday { parts.append("its votes count until today ends (UTC) · ] today's runway") }
        return parts.joined(separator: " · ")
    }
}
