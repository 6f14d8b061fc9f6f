// What the Scores screen asks for and what it keeps of the answers. Requests go out through the
// session (`.send`), so nothing here waits on the network; the session takes every answer first,
// and the screen keeps the pages it shows.
import GameState
import ScoresAPI

extension ScoresState {
    /// The screen refreshes itself on the clock while it is shown.
    public var wantsClock: Bool { true }

    public mutating func receive(_ news: ScreenNews, _ context: Context) -> [Request] {
        let shown = context.screen == .scores
        switch news {
        case .clock:
            // The league's week ends: its close is asked for at once, not at the next refresh.
            if shown, tab == .league, let closes = context.session.league.flatMap({ Timestamp.seconds($0.value.closesAt) }),
               context.now >= closes, lastRefresh < closes, context.now >= context.session.quietUntil {
                return refresh(context)
            }
            guard context.now - lastRefresh >= Self.refreshSeconds, context.now >= context.session.quietUntil else { return [] }
            return refresh(context)
        case .dayTurned(let yesterday):
            // Showing yesterday's style board: show today's when the new list arrives.
            if board?.id == BoardID.style(day: yesterday).text || board == nil { follow = BoardID.style(day: context.day).text }
            lastRefresh = -.infinity
        case .server(.boards(let list)):
            let wanted = follow ?? board?.id
            follow = nil
            boards = list
            boardIndex = wanted.flatMap { id in list.firstIndex { $0.id == id } } ?? 0
            return shown ? refresh(context) : []
        case .server(.replied(let replied)):
            return heard(replied, context)
        case .server(.profileUpdated):
            // The boards show the new name (and avatar) now, not at the next refresh.
            return shown ? refresh(context) : []
        case .server(.registered), .server(.submitted), .server(.drained):
            lastRefresh = -.infinity
        case .server(.followed):
            // The Friends view changed: shown now, not at the next refresh.
            lastRefresh = -.infinity
            return shown ? refresh(context) : []
        case .server(.failed(let command, let failure)) where failure.kind == .refused:
            if let board = command.asked(APICalls.boardAmongFollowed)?.path[.board] { friendsRefused[board] = SafeText.strip(failure.message) }
        case .server:
            break
        }
        return []
    }

    /// The answers the screen keeps: the pages it shows, and what changes them.
    private mutating func heard(_ replied: Replied, _ context: Context) -> [Request] {
        let shown = context.screen == .scores, board = replied.asked.path[.board]
        if let page = replied.reply(to: APICalls.top), let board {
            tops[board] = Dated(value: page, at: context.now)
            // A public page leaves the player's own look off while the runway votes: their own read has it.
            if hidesOwnLook(page, board: board, context.session) { return [.send(.around(board: board))] }
        } else if let histogram = replied.reply(to: APICalls.histogram), let board {
            histograms[board] = Dated(value: histogram, at: context.now)
        } else if let page = replied.reply(to: APICalls.contributors) {
            contributors = Dated(value: page, at: context.now)
        } else if replied.reply(to: APICalls.donate) != nil {
            lastRefresh = -.infinity
        } else if replied.asked.asks(APICalls.unfollow) {
            // The Friends view changed: shown now, not at the next refresh.
            lastRefresh = -.infinity
            return shown ? refresh(context) : []
        } else if replied.reply(to: APICalls.boardAmongFollowed) != nil, let board {
            friendsRefused[board] = nil
        } else if replied.reply(to: APICalls.following) != nil {
            // Once only while shown: a later follow doesn't move the player off the tab they read.
            guard !shown || !heardFollowing else { return [] }
            heardFollowing = true
            let before = tab
            preferFriends(context)
            return shown && tab != before ? refresh(context) : []
        }
        return []
    }

    /// Asks again for what the current tab shows (conditional reads: unchanged costs a 304).
    mutating func refresh(_ context: Context) -> [Request] {
        lastRefresh = context.now
        if boards.isEmpty { return [.send(.start)] }
        let registered = context.session.player != nil
        switch tab {
        case .top: return board.map { [.send(.top(board: $0.id))] } ?? []
        case .around: return registered ? board.map { [.send(.around(board: $0.id))] } ?? [] : []
        case .friends: return registered ? board.map { [.send(.friends(board: $0.id))] } ?? [] : []
        case .bests: return registered ? [.send(.myBests)] : []
        case .contributors: return [.send(.contributors)]
        case .causes: return [.send(.causes)] + (registered ? [.send(.myBests)] : [])
        case .spread: return board.map { [.send(.histogram(board: $0.id))] } ?? []
        case .league: return registered ? [.send(.league)] : []
        }
    }
}

extension ScoresCommand {
    /// A board's top page: the rows the server gives when asked for none (50).
    static func top(board: String) -> ScoresCommand {
        .ask(APICalls.top, path: [.board: board], query: [QueryValue(.pageLimit, String(WireLimits.defaultPageRows))])
    }

    /// The player and their neighbours on a board (five either side, the server's default).
    static func around(board: String) -> ScoresCommand {
        .ask(APICalls.aroundMe, path: [.board: board], query: [QueryValue(.radius, String(WireLimits.defaultAroundRadius))])
    }

    /// A board among the players the player follows (themselves included), with group ranks.
    static func friends(board: String) -> ScoresCommand { .ask(APICalls.boardAmongFollowed, path: [.board: board]) }

    static var contributors: ScoresCommand {
        .ask(APICalls.contributors, query: [QueryValue(.pageLimit, String(WireLimits.defaultPageRows))])
    }

    static var causes: ScoresCommand { .ask(APICalls.causes) }

    /// The player's league group this week.
    static var league: ScoresCommand { .ask(APICalls.league) }

    /// How a board's bests spread (with the player's own place when they are registered).
    static func histogram(board: String) -> ScoresCommand { .ask(APICalls.histogram, path: [.board: board]) }
}
