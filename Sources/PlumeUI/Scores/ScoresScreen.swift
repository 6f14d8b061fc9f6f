// The Scores screen's keys and clicks: ← → the sub-tabs, [ ] the board, ↑↓ PgUp PgDn Home End
// or the mouse pick a row, Enter previews its look or swarm in Import, f follows its player, F
// follows by name (or stops), r refreshes, p opens the profile (or registers), d donates, K lists
// the SSH keys, w lets others watch the player's games over SSH or not.
import GameState
import ScoresAPI
import TUI

/// Where the Scores screen's parts sit (shared by drawing and clicks).
struct ScoresLayout {
    let area: Rect
    var header: Int { area.y + 1 }
    var tabs: Int { area.y + 2 }
    var boardLine: Int { area.y + 3 }
    var freshness: Int { area.y + 4 }
    /// The list's heading row; rows start below it.
    var listTop: Int { area.y + 5 }
    /// Rows of the list, the heading included.
    var listHeight: Int { max(1, area.maxY - 1 - listTop) }
    var panelX: Int { max(46, area.width - 24) }

    /// Rows of the tab's list on screen (the Causes tab keeps three lines for the description).
    func visibleRows(_ tab: ScoresState.Tab) -> Int { tab == .causes ? max(1, listHeight - 4) : max(1, listHeight - 1) }

    var tabBar: TabBar {
        TabBar(labels: ScoresState.Tab.allCases.map(\.title), selected: 0, selectedStyle: Theme.tab, style: Theme.label)
            .fitting(area.width - 2, short: ScoresState.Tab.allCases.map(\.short))
    }
}

extension ScoresState: ScreenLayer {
    public mutating func arrive(from: Screen, _ context: Context) -> [Request] {
        let before = tab
        preferFriends(context)
        return context.now - lastRefresh >= 5 || tab != before ? refresh(context) : []
    }

    public func help(_ context: Context) -> HelpPage {
        HelpPage(Screen.scores.name, [
            KeyHelp("← →", Tab.allCases.map(\.title).joined(separator: " · "), hint: Priority.essential, short: "tabs"),
            KeyHelp("[ ]", "previous / next board", hint: Priority.useful, short: "board"),
            KeyHelp("↑ ↓ PgUp PgDn", "pick a row (the mouse works too)"),
            KeyHelp("Enter", "preview the row's look or swarm", hint: Priority.useful, short: "preview"),
            KeyHelp("f", "follow the row's player: they join your Friends view of every board", hint: Priority.useful, short: "follow"),
            KeyHelp("F", "follow a player by name, see whom you follow, stop following"),
            KeyHelp("r", "refresh now (also every 30 s)", hint: Priority.extra, short: "refresh"),
            KeyHelp("p", "your profile: days played, streaks, a calendar of your days (registers first)", hint: Priority.useful, short: "profile"),
            KeyHelp("d", "donate points to a cause", hint: Priority.extra, short: "donate"),
            KeyHelp("K", "your SSH keys: each signs you in to play on this server over SSH", hint: context.session.isLocal ? nil : Priority.extra, short: "keys"),
            KeyHelp("w", watchingHelp(context.session)),
            KeyHelp("week points", ScoresState.weekPointsWords),
            KeyHelp("League", "your group of up to 30 this week; when the week ends (Monday 00:00 UTC) its top move up a tier (▲) and its bottom down (▼)"),
        ] + HelpOverlay.common)
    }

    /// What w does, with the setting as it is now.
    private func watchingHelp(_ session: Session) -> String {
        if session.isLocal { return "whether others may watch your games (only games played on a server over SSH can be watched)" }
        let now = session.settings.map { $0.watchable ? " (now: they may)" : " (now: nobody may)" } ?? ""
        return "let others watch your games over SSH live, or not" + now
    }

    public mutating func handle(_ input: LayerInput, _ context: Context) -> Handled {
        let layout = ScoresLayout(area: context.area)
        let visible = layout.visibleRows(tab)
        let session = context.session, rowCount = rowCount(session)
        switch input {
        case .paste: return .pass
        case .mouse(let mouse): return click(mouse, layout, context)
        case .key(let key):
            switch key {
            case .left, .char("h"): return .done(select(tab.cycled(by: -1), context))
            case .right, .char("l"): return .done(select(tab.cycled(by: 1), context))
            case .char("["): return .done(moveBoard(by: -1, context))
            case .char("]"): return .done(moveBoard(by: 1, context))
            case .up, .char("k"): list.select(selection - 1, count: rowCount, visible: visible)
            case .down, .char("j"): list.select(selection + 1, count: rowCount, visible: visible)
            case .pageUp: list.select(selection - visible, count: rowCount, visible: visible)
            case .pageDown: list.select(selection + visible, count: rowCount, visible: visible)
            case .home: list.select(0, count: rowCount, visible: visible)
            case .end: list.select(rowCount - 1, count: rowCount, visible: visible)
            case .char("r"):
                // Said until the tab's read is answered.
                let reads = refresh(context), words = "Refreshing from \(session.place)…"
                let read = reads.compactMap { if case .send(let command) = $0 { command.key } else { nil } }.first
                return .done([read.map { Request.statusUntil(words, .answered($0)) } ?? .status(words), .session(.stopWaiting)] + reads
                             + (session.outbox > 0 && !session.isLocal ? [.send(.drainOutbox)] : []))
            case .char("p"): return .done(ProfileOverlay.open(session))
            case .char("f"): return .done(followSelectedRow(session))
            case .char("F"): return .done(FollowDialog.open(session))
            case .char("d"): return .done(openDonate(context))
            case .char("K"):
                // Until the scores' backend has said where it keeps them, a hosted game is not the local board.
                guard session.identified else { return .done(.status(Session.notYetKnown)) }
                guard !session.isLocal else {
                    return .done(.status("SSH keys sign you in to a server that hosts Plume over SSH; the local board has none (plume --server URL picks a server)."))
                }
                guard session.player != nil else { return .done(.push(RegisterDialog(session)), .status("Register first; then K shows your SSH keys.")) }
                return .done(.push(KeysDialog()), .send(.keys))
            case .char("w"): return .done(.session(.turnWatchingOver))
            case .enter: return .done(tab == .causes ? openDonate(context) : openSelectedRow(session))
            default: return .pass
            }
            return .nothing
        }
    }

    mutating func select(_ tab: Tab, _ context: Context) -> [Request] {
        self.tab = tab
        tabChosen = true
        list = ListState()
        var requests: [Request] = []
        if (tab == .around || tab == .friends || tab == .bests || tab == .league) && context.session.player == nil {
            requests.append(.status("Register first (p) to see where you stand on \(context.session.place)."))
        }
        return requests + refresh(context)
    }

    mutating func moveBoard(by step: Int, _ context: Context) -> [Request] {
        guard !boards.isEmpty, tab.showsBoard else { return [] }
        boardIndex = cycled(boardIndex, by: step, count: boards.count)
        list = ListState()
        return refresh(context)
    }

    /// The selected row's look or swarm, into the Import preview (Enter there takes it; Esc
    /// comes back here). Nothing of the player's own work changes until they apply it.
    func openSelectedRow(_ session: Session) -> [Request] {
        guard let code = selectedCode(session) else {
            return [.status(selectedEntryHiddenWords(session) ?? "Nothing to open here.")]
        }
        let into = code.hasPrefix("S") ? "Lab" : "Studio"
        let what = code.hasPrefix("S") ? "swarm" : "look"
        return [.preview(code, status: "\(selectedOwnerWords(session) ?? "A player's entry") — Enter takes the \(what) into the \(into) (u brings yours back), Esc goes back.")]
    }

    func openDonate(_ context: Context) -> [Request] {
        let session = context.session
        guard session.player != nil else {
            return [.push(RegisterDialog(session)), .status("Register first: points come from your verified scores.")]
        }
        var dialog = DonateDialog()
        if let causes = session.causes?.value.causes, tab == .causes, causes.indices.contains(selection) { dialog.cause = selection }
        return [.push(dialog), .send(.causes), .send(.myBests)]
    }

    /// Clicks on the sub-tabs pick one; a click on a row selects it, a second click previews it.
    private mutating func click(_ mouse: Mouse, _ layout: ScoresLayout, _ context: Context) -> Handled {
        let session = context.session, rowCount = rowCount(session)
        let visible = layout.visibleRows(tab)
        switch mouse.kind {
        case .scrollUp:
            list.select(selection - 1, count: rowCount, visible: visible)
            return .nothing
        case .scrollDown:
            list.select(selection + 1, count: rowCount, visible: visible)
            return .nothing
        case .press: break
        }
        if mouse.y == layout.tabs, let index = layout.tabBar.tab(at: mouse.x, from: layout.area.x + 1) {
            return .done(select(Tab(rawValue: index)!, context))
        }
        if mouse.y == layout.boardLine, tab.showsBoard { return .done(moveBoard(by: mouse.x < layout.area.width / 2 ? -1 : 1, context)) }
        guard mouse.x < layout.panelX || tab == .bests || tab == .causes, mouse.y <= layout.listTop + visible,
              let row = list.row(at: mouse.y, top: layout.listTop + 1, count: rowCount) else { return .pass }
        if row == selection { return .done(tab == .causes ? openDonate(context) : openSelectedRow(session)) }
        list.select(row, count: rowCount, visible: visible)
        return .nothing
    }
}
