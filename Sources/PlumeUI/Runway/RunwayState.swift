// The Runway screen's state and traffic: the day's runway as last heard, the pair on show and
// the next one (dealt together, so a vote never waits for the network) and the voter's tally.
// Votes go out as effects; the screen moves to the next pair at once and asks for the one after
// when the vote's answer comes back. Whose looks they were is never said: owners stay hidden while
// the runway takes votes.
import GameState
import PlumeCalendar
import ScoresAPI

public struct RunwayState: Sendable {
    /// The runway shown: today's (days since 1970).
    var day: Int?
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

    // MARK: Traffic

    /// Arriving on the screen, or the day turning: read the day, and a pair if none is on show.
    mutating func refresh(_ context: Context, force: Bool = false) -> [Request] {
        now = context.now
        if day != context.day {
            // A new day: yesterday's pairs are not today's.
            (day, info, shown, next, tally, notice) = (context.day, nil, nil, nil, nil, nil)
            voting = []
        }
        guard context.session.started else { return [] }
        var requests: [Request] = []
        if force || now - lastDayRead >= Self.refreshSeconds {
            lastDayRead = now
            requests.append(.send(.runwayDay(day: dayText)))
        }
        if context.session.player == nil {
            notice = "Register on \(context.session.place) to vote and enter: press p."
        } else if shown == nil || next == nil, force || now - lastPairAsk >= (shown == nil && notice != nil ? Self.refreshSeconds : 1) {
            // After "no pair left" (or a failure) the screen asks again only now and then.
            lastPairAsk = now
            requests.append(.send(.runwayPair(day: dayText)))
        }
        return requests
    }

    /// The player's answer to the pair on show: the next pair appears at once.
    mutating func vote(_ choice: RunwayChoice, _ context: Context) -> [Request] {
        guard let pair = shown else { return refresh(context, force: true) }
        voting.append(pair)
        shown = next
        next = nil
        if shown == nil { notice = "Dealing the next pair…" }
        let words: String = switch choice {
        case .left: "You chose the left look."
        case .right: "You chose the right look."
        case .tie: "You called it even."
        default: "Skipped."
        }
        return [.send(.runwayVote(ticket: pair.ticket, choice: choice)), .status(words)]
    }

    /// The leaderboard's news, shown or not: the day, pairs dealt, votes answered.
    mutating func heard(_ event: ScoresEvent, _ context: Context) -> [Request] {
        switch event {
        case .runwayDay(let day):
            guard day.day == dayText else { return [] }
            info = day
            if let tally = day.you?.tally { self.tally = tally }
        case .runwayPair(let dealt):
            guard dealt.day == dayText else { return [] }
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
        case .runwayVoted(let ticket, let recorded):
            voting.removeAll { $0.ticket == ticket }
            tally = recorded.tally
            // The header's count of the day's votes now includes this one (the server's count
            // comes with the next read of the day).
            if var day = info, day.day == dayText {
                day.votes += 1
                info = day
            }
            return [.send(.runwayPair(day: dayText)), .status(Self.counted(recorded))]
        case .runwayEntered(let entered):
            guard entered.day == dayText else { return [] }
            lastDayRead = -.infinity
            return refresh(context, force: true)
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

    private mutating func failed(_ command: ScoresCommand, _ failure: ScoresFailure, _ context: Context) -> [Request] {
        switch command {
        case .runwayPair:
            if shown == nil {
                // Alone on the local board, nobody else's look will ever come: say what to do.
                notice = failure.message + (context.session.isLocal
                    ? ". On the local board the only looks are your own: a server's runway has other players' (plume --server URL)."
                    : "")
            }
            return []
        case .runwayVote(let ticket, _):
            voting.removeAll { $0.ticket == ticket }
            switch failure.code {
            case .skipLimit?:
                // The skipped pair is still owed an answer: the server deals it again.
                (shown, next) = (nil, nil)
                return [.send(.runwayPair(day: dayText)), .status(failure.message)]
            default:
                return [.send(.runwayPair(day: dayText)), .status("That vote didn't count: \(failure.message)")]
            }
        case .runwayDay:
            if failure.kind != .unauthorized { notice = notice ?? failure.message }
            return []
        case .enterRunway:
            return [.status("Not on the runway: \(failure.message)")]
        default:
            return []
        }
    }

    /// What the answer to a vote says: that it counted, and its points; never whose the looks were.
    static func counted(_ recorded: RunwayVoteRecorded) -> String {
        let points = recorded.pointsEarned
        let hidden = " The owners stay hidden until voting closes."
        return switch (recorded.choice, points) {
        case (.skip, _): "Skipped."
        case (_, 0): "Vote counted (no more points today)." + hidden
        default: "Vote counted: +\(points) point\(points == 1 ? "" : "s")." + hidden
        }
    }

    static func same(_ a: RunwayDealtPair, _ b: RunwayDealtPair) -> Bool { a.left == b.left && a.right == b.right }
}
