// The Runway screen's state and traffic: the day's runway as last heard, the pair on show and
// the next one (dealt together, so a vote never waits for the network) and the voter's tally.
// Votes go out as effects; the screen moves to the next pair at once and asks for the one after
// when the vote's answer comes back. Whose looks they were is never said: owners stay hidden while
// the runway takes votes. Day D's runway takes votes during D and D + 1 (UTC), so the screen shows
// today's or, when the player asks ([), yesterday's. A day has two shows, the looks and the swarm
// show (w switches): the screen follows one at a time, and the server holds each show's dealt
// pairs, so switching back finds the same pair. A swarm pair runs side by side (SwarmPairRun).
import Challenges
import GameState
import PlumeCalendar
import ScoresAPI
import TUI

public struct RunwayState: Sendable {
    /// The runway shown (days since 1970): today's, or yesterday's.
    var day: Int?
    /// The player asked for yesterday's runway ([), still taking votes until today ends; ] is today's.
    var yesterday = false
    /// The show followed: the day's looks, or its swarm show (w).
    var show: RunwayShow = .look
    /// The swarm pair on show, running (space pauses it).
    var pairRun: SwarmPairRun?
    var running = true
    /// The start the server dealt the swarm pairs with.
    var seed: UInt64?
    var info: RunwayDay?
    /// The pair on show and the one dealt after it.
    var shown: RunwayDealtPair?
    var next: RunwayDealtPair?
    var tally: RunwayTally?
    /// Why there is no pair to show, in words (no pair left, not registered, a failure).
    var notice: String?
    /// Pairs answered here whose votes are not acknowledged yet: a deal that still shows one of
    /// them (the server has not counted it yet) does not bring it back.
    var voting: [RunwayDealtPair] = []
    var now: Double = 0
    var lastDayRead = -Double.infinity
    var lastPairAsk = -Double.infinity
    /// The day is read again this often while the screen is shown (the entry's score moves).
    static let refreshSeconds = 15.0

    public init() {}

    var dayText: String { UTCDay.string(day ?? 0) }

    /// The runway the screen is to show now: today's, or yesterday's when the player asked.
    func wantedDay(_ context: Context) -> Int { context.day - (yesterday ? 1 : 0) }

    // MARK: Traffic

    /// Arriving on the screen, or the day turning: read the day, and a pair if none is on show.
    mutating func refresh(_ context: Context, force: Bool = false) -> [Request] {
        now = context.now
        let wanted = wantedDay(context)
        if day != wanted {
            // Another day's runway (a new day, or the player switched): its pairs are not this one's.
            day = wanted
            forgetShow()
        }
        guard context.session.started else { return [] }
        var requests: [Request] = []
        if force || now - lastDayRead >= Self.refreshSeconds {
            lastDayRead = now
            requests.append(.send(.runwayDay(day: dayText, show: show)))
        }
        if context.session.player == nil {
            notice = "Register on \(context.session.place) to vote and enter: press p."
        } else if shown == nil || next == nil, force || now - lastPairAsk >= (shown == nil && notice != nil ? Self.refreshSeconds : 1) {
            // After "no pair left" (or a failure) the screen asks again only now and then.
            lastPairAsk = now
            requests.append(.send(.runwayPair(day: dayText, show: show)))
        }
        return requests
    }

    /// What the screen held of the show it followed: another day's or show's pairs are not its.
    private mutating func forgetShow() {
        (info, shown, next, tally, notice, pairRun, seed) = (nil, nil, nil, nil, nil, nil, nil)
        voting = []
    }

    /// w: the other show of the same day. Votes still on their way stay counted as such (a pair
    /// whose vote is unanswered is not shown again when the player comes back).
    mutating func switchShow(_ context: Context) -> [Request] {
        show = show == .look ? .swarm : .look
        let pending = voting
        forgetShow()
        voting = pending
        lastPairAsk = -.infinity
        let words = show == .swarm
            ? "The swarm show: the day's Lab swarms in pairs, run from the same start. w goes back to the looks."
            : "The looks of the day's runway. w shows the swarm show."
        return [.status(words)] + refresh(context, force: true)
    }

    /// The swarm pair drawn for the pair on show (rebuilt when it changes).
    private mutating func followShown() {
        guard show == .swarm, let shown else {
            pairRun = nil
            return
        }
        if pairRun?.pair != shown {
            pairRun = SwarmPairRun(pair: shown, seed: seed ?? SwarmShowEntry.seed(forDay: day ?? 0))
        }
    }

    /// Whether the swarm pair moves.
    var animates: Bool { show == .swarm && pairRun != nil && running }

    /// One frame of the swarm pair, in boxes of this size (in cells).
    mutating func frame(box: Size) {
        pairRun?.frame(dotsWide: box.width * 2, dotsHigh: box.height * 4)
    }

    /// The noun of the show followed.
    var things: (one: String, many: String) { show == .look ? ("look", "looks") : ("swarm", "swarms") }

    /// Which show a request asked for (no `show` is the looks).
    static func show(asked query: [QueryValue]) -> RunwayShow {
        query.first { $0.parameter == .show }.flatMap { RunwayShow(rawValue: $0.value) } ?? .look
    }

    /// [ or ]: yesterday's runway (its votes count until today ends) or today's.
    mutating func show(yesterday wanted: Bool, _ context: Context) -> [Request] {
        guard wanted != yesterday else {
            return [.status(wanted ? "This is yesterday's runway; ] shows today's." : "This is today's runway; [ shows yesterday's.")]
        }
        yesterday = wanted
        let words = wanted
            ? "Yesterday's runway, \(UTCDay.string(context.day - 1)): it takes votes until today ends (UTC). ] goes back to today's."
            : "Today's runway, \(UTCDay.string(context.day))."
        return [.status(words)] + refresh(context, force: true)
    }

    /// The player's answer to the pair on show: the next pair appears at once.
    mutating func vote(_ choice: RunwayChoice, _ context: Context) -> [Request] {
        guard let pair = shown else { return refresh(context, force: true) }
        voting.append(pair)
        shown = next
        next = nil
        followShown()
        if shown == nil { notice = "Dealing the next pair…" }
        let words: String = switch choice {
        case .left: "You chose the left \(things.one)."
        case .right: "You chose the right \(things.one)."
        case .tie: "You called it even."
        default: "Skipped."
        }
        return [.send(.runwayVote(ticket: pair.ticket, choice: choice)), .status(words)]
    }

    /// The leaderboard's news, shown or not: the day, pairs dealt, votes answered.
    mutating func heard(_ event: ScoresEvent, _ context: Context) -> [Request] {
        switch event {
        case .replied(let replied):
            return heard(replied, context)
        case .registered:
            notice = nil
            return refresh(context, force: true)
        case .identity(_, _, let player, _):
            if player == nil { (shown, next) = (nil, nil) }
        case .failed(let command, let failure):
            return failed(command, failure, context)
        default:
            break
        }
        return []
    }

    private mutating func heard(_ replied: Replied, _ context: Context) -> [Request] {
        if let day = replied.reply(to: APICalls.runwayDay), let asked = replied.asked.input(of: APICalls.runwayDay) {
            guard day.day == dayText, Self.show(asked: asked.query) == show else { return [] }
            guard show == .look || day.show != nil else {
                notice = Self.noSwarmShow
                return []
            }
            info = day
            if let tally = day.you?.tally { self.tally = tally }
        } else if let dealt = replied.reply(to: APICalls.runwayPair), let asked = replied.asked.input(of: APICalls.runwayPair) {
            guard dealt.day == dayText, Self.show(asked: asked.query) == show else { return [] }
            // A server older than the swarm show ignores the word and deals looks: never drawn as swarms.
            guard show == .look || dealt.show?.word == .swarm else {
                (shown, next, notice) = (nil, nil, Self.noSwarmShow)
                return []
            }
            if let text = dealt.seed, let value = UInt64(text) { seed = value }
            tally = dealt.tally
            // A pair whose vote is still on its way may be dealt again meanwhile: not shown.
            let open = ([dealt.pair] + (dealt.next.map { [$0] } ?? [])).filter { pair in !voting.contains { Self.same($0, pair) } }
            if let shown, open.contains(where: { Self.same($0, shown) }) {
                next = open.first { !Self.same($0, shown) }
            } else if !open.isEmpty {
                shown = open.first
                next = open.dropFirst().first
            }
            if shown != nil { notice = nil }
            followShown()
        } else if let recorded = replied.reply(to: APICalls.runwayVote), let vote = replied.asked.input(of: APICalls.runwayVote)?.body {
            voting.removeAll { $0.ticket == vote.ticket }
            // A vote on the other runway or show, answered after the player switched: counted, and said.
            guard recorded.day == dayText, (recorded.show?.word ?? .look) == show else { return [.status(Self.counted(recorded))] }
            tally = recorded.tally
            // The header's count of the day's votes now includes this one (the server's count
            // comes with the next read of the day).
            if var day = info, day.day == dayText {
                day.votes += 1
                info = day
            }
            // A confirmation: it goes after a few seconds rather than speak of the votes that follow.
            return [.send(.runwayPair(day: dayText, show: show)), .statusUntil(Self.counted(recorded), .brief)]
        } else if let entered = replied.reply(to: APICalls.enterRunway) {
            guard entered.day == dayText else { return [] }
            lastDayRead = -.infinity
            return refresh(context, force: true)
        }
        return []
    }

    private mutating func failed(_ command: ScoresCommand, _ failure: ScoresFailure, _ context: Context) -> [Request] {
        if let asked = command.asked(APICalls.runwayPair) {
            if shown == nil, asked.path[.day] == dayText, Self.show(asked: asked.query) == show {
                // Alone on the local board, nobody else's entry will ever come: say what to do.
                // On a server, the other runway still taking votes may have pairs left.
                notice = failure.message + (context.session.isLocal
                    ? ". On the local board the only \(things.many) are your own: a server's runway has other players' (plume --server URL)."
                    : failure.code == .noPairLeft ? otherRunwayWords : "")
            }
        } else if let vote = command.asked(APICalls.runwayVote)?.body {
            voting.removeAll { $0.ticket == vote.ticket }
            switch failure.code {
            case .skipLimit?:
                // The skipped pair is still owed an answer: the server deals it again.
                (shown, next) = (nil, nil)
                return [.send(.runwayPair(day: dayText, show: show)), .status(failure.message)]
            default:
                return [.send(.runwayPair(day: dayText, show: show)), .status("That vote didn't count: \(failure.message)")]
            }
        } else if let asked = command.asked(APICalls.runwayDay) {
            if failure.kind != .unauthorized, asked.path[.day] == dayText, Self.show(asked: asked.query) == show { notice = notice ?? failure.message }
        } else if let entry = command.asked(APICalls.enterRunway) {
            let swarm = if case .swarm? = try? ShareCode.decode(entry.body.code) { true } else { false }
            return [.status((swarm ? "Not in the swarm show: " : "Not on the runway: ") + failure.message)]
        }
        return []
    }

    /// What the screen offers when this runway has no pair left: the other one that takes votes,
    /// and the other show.
    var otherRunwayWords: String {
        let other = show == .look ? " w shows the swarm show." : " w shows the looks."
        return (yesterday ? ". ] shows today's runway." : ". Yesterday's runway takes votes until today ends: [ shows its pairs.") + other
    }

    static let noSwarmShow = "This server has no swarm show yet (it is older than this game): w goes back to the looks."

    /// What the answer to a vote says: that it counted, and its points; never whose the looks were.
    static func counted(_ recorded: RunwayVoteRecorded) -> String {
        let points = recorded.pointsEarned
        let hidden = " The owners stay hidden until voting closes."
        return switch (recorded.choice.word, points) {
        case (.skip?, _): "Skipped."
        case (_, 0): "Vote counted (no more points today)." + hidden
        default: "Vote counted: +\(points) point\(points == 1 ? "" : "s")." + hidden
        }
    }

    static func same(_ a: RunwayDealtPair, _ b: RunwayDealtPair) -> Bool { a.left == b.left && a.right == b.right }
}

extension ScoresCommand {
    /// A day's runway (YYYY-MM-DD) with the player's entry and votes, for one show (the looks'
    /// request is sent as before the swarm show, with no `show`).
    static func runwayDay(day: String, show: RunwayShow = .look) -> ScoresCommand {
        .ask(APICalls.runwayDay, path: [.day: day], query: show == .look ? [] : [QueryValue(.show, show.rawValue)])
    }

    /// The pair to judge and the next (the same until answered), for one show.
    static func runwayPair(day: String, show: RunwayShow = .look) -> ScoresCommand {
        .ask(APICalls.runwayPair, path: [.day: day], query: show == .look ? [] : [QueryValue(.show, show.rawValue)])
    }

    /// A vote is about its ticket: the next pair shows at once, and its vote may go before this
    /// one's answer comes.
    static func runwayVote(ticket: String, choice: RunwayChoice) -> ScoresCommand {
        .ask(APICalls.runwayVote, body: RunwayVoteRequest(ticket: ticket, choice: choice), about: ticket)
    }

    /// The look entered on (or replacing the entry of) a day's runway, or the swarm in its swarm show.
    static func enterRunway(day: String, code: String) -> ScoresCommand {
        .ask(APICalls.enterRunway, path: [.day: day], body: RunwayEntryRequest(code: code))
    }
}
