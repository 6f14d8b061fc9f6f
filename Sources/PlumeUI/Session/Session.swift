// The game's side of its leaderboard session (ScoresClient's `ScoresSession` is the other end):
// where the scores are and who the player is there, what the server last said about them (their
// bests, their record of days, the newest news shown), what is on its way, what waits (the
// outbox, a registration, a submission) and what is offered (the runway). `AppModel` owns it;
// every layer reads it through `Context.session`, changes it only by a `Request`, and a screen
// hears each server event after the session has taken it.
import Challenges
import GameState
import ScoresAPI

/// A value and when it arrived (seconds since 1970).
public struct Dated<Value: Sendable & Equatable>: Sendable, Equatable {
    public var value: Value
    public var at: Double
}

public struct MyBests: Sendable, Equatable {
    public var own: OwnProfile
    public var profile: PublicProfile
}

public struct Session: Sendable {
    /// Why the last request failed, and since when (cleared by the next answer).
    public struct Problem: Sendable, Equatable {
        public var failure: ScoresFailure
        public var since: Double
    }

    public internal(set) var place = "Local board"
    public internal(set) var isLocal = true
    public internal(set) var player: Identity?
    /// Whether the session has said who the player is here (nil `player` then means unregistered).
    public internal(set) var identified = false
    public internal(set) var outbox = 0
    public internal(set) var started = false
    /// The boards as the server lists them (for their titles in what the game says).
    public internal(set) var boards: [BoardInfo] = []
    /// What the server says of the player, forgotten when the player changes.
    public internal(set) var arounds: [String: Dated<BoardPage>] = [:]
    public internal(set) var bests: Dated<MyBests>?
    /// The player's league group this week, as last read.
    public internal(set) var league: Dated<LeagueTable>?
    /// The player's record of days (the profile's calendar, the Share screen's card), and why the
    /// last read of it failed.
    public internal(set) var record: Dated<PlayerDays>?
    public internal(set) var recordFailure: String?
    public internal(set) var causes: Dated<CauseList>?
    /// The player's SSH keys, once asked for (the Keys dialog).
    public internal(set) var keys: KeyList?
    /// Who the player follows (asked for once the player is known, and after each change), and
    /// each board among them as last read: the player's own, forgotten when the player changes.
    public internal(set) var following: Dated<FollowingList>?
    public internal(set) var friends: [String: Dated<BoardPage>] = [:]
    /// What the player allows of others on a server (whether their games may be watched), once
    /// read; and whether the player asked for it (`w` before it arrived), so that it is said.
    public internal(set) var settings: PlayerSettings?
    var settingsAsked = false
    /// Settings of how the player plays, changed before the server's settings were read: sent
    /// once they are (a change needs the watching setting as it is).
    var playToKeep: PlayerSettings?
    /// Commands sent and not answered yet, by `ScoresCommand.key`, with when they went.
    public internal(set) var inFlight: [ScoresCommand.Key: Double] = [:]
    public internal(set) var problem: Problem?
    /// Until when the server asked us to wait (429, 503 with Retry-After).
    public internal(set) var quietUntil = -Double.infinity
    /// A submission waiting for registration to finish.
    public internal(set) var pendingSubmission: ScoresCommand?
    /// A registration the server couldn't be reached for: asked again every 30 s while the game
    /// runs; the pending submission goes once it is answered.
    public internal(set) var pendingRegistration: RegisterRequest?
    /// After a style submission that may enter the runway (the day's runway minimum or more): its
    /// code, offered on the status line (`y` in the Studio sends it).
    public internal(set) var runwayOffer: String?
    /// The look last sent to a style board, for that offer.
    var lastStyleCode: String?
    /// The player news was last asked for at start (once a run per player), the newest item shown
    /// (or waiting to be) this run, when to ask again after midnight, and when next while the game
    /// runs on a server (nil: not polling). SessionNews.swift says what is done with them.
    var newsAskedFor: String?
    var newsSeen: Int64 = 0
    var newsDue: Double?
    var newsPollAt: Double?
    /// Whether news was answered this run: the first answer tells what happened while the player
    /// was away, the later ones what happened since.
    var newsAnswered = false
    /// News that arrived and is not shown yet: it waits while an overlay is open.
    public internal(set) var waitingNews = WaitingNews()
    var lastDrain = -Double.infinity
    /// Seconds since 1970, as last heard.
    var now = 0.0

    public init() {}

    /// Seconds between retries of what waits (the outbox, a registration).
    public static let retrySeconds = 30.0
    /// An unanswered request older than this is taken as lost (the client abandons at 5 s).
    public static let lostSeconds = 20.0
    /// After midnight, news is asked for this much later: the server closes the day's boards (and
    /// writes what came of them) in the first moments of the new day.
    public static let newsAfterMidnight = 90.0
    /// While the game runs on a server, news is asked for again this long after the last answer,
    /// so that what the server writes meanwhile (a friend passing the player's score, a runway
    /// closing) is shown within a minute; one request at a time, never while the server asked
    /// us to wait.
    public static let newsPollSeconds = 40.0

    /// Whether the session needs `.clock` about once a second.
    var wantsClock: Bool { !inFlight.isEmpty || outbox > 0 || !started || pendingRegistration != nil || newsDue != nil }

    /// Whether an answer is awaited (the loop then looks for it often).
    var awaiting: Bool { !inFlight.isEmpty }

    /// Sends a command unless the same one is already on its way.
    mutating func send(_ command: ScoresCommand) -> [Request] {
        if let sent = inFlight[command.key], now - sent < Self.lostSeconds { return [] }
        return sendAgain(command)
    }

    /// Sends a read even if the same one is on its way: a change was just made, and the read on
    /// its way may be answered as things were before it.
    mutating func sendAgain(_ command: ScoresCommand) -> [Request] {
        inFlight[command.key] = now
        return [.effect(.scores(command))]
    }

    /// The clock: the first tick starts the session; then what waits is tried again.
    mutating func clock(_ seconds: Double) -> [Request] {
        now = seconds
        if !started {
            started = true
            return send(.start)
        }
        var requests: [Request] = []
        if outbox > 0, !isLocal, now - lastDrain >= Self.retrySeconds, now >= quietUntil {
            lastDrain = now
            requests += send(.drainOutbox)
        }
        if let registration = pendingRegistration, player == nil, now - lastDrain >= Self.retrySeconds, now >= quietUntil {
            lastDrain = now
            requests += send(.register(registration))
        }
        if let due = newsDue, now >= due {
            newsDue = nil
            if player != nil { requests += send(.news(after: newsSeen)) }
        }
        return requests
    }

    /// The day turned: the boards are asked for again (today's style board is new), and so is the
    /// record (its today moved); yesterday's runway offer is gone; what came of yesterday is asked
    /// for a little later.
    mutating func dayTurned() -> [Request] {
        runwayOffer = nil
        guard started else { return [] }
        newsDue = now + Self.newsAfterMidnight
        return send(.start) + (record != nil && player != nil ? send(.record) : [])
    }

    /// What another layer asks of the session.
    mutating func take(_ request: SessionRequest) -> [Request] {
        switch request {
        case .dropPendingSubmission: pendingSubmission = nil
        case .dropRunwayOffer: runwayOffer = nil
        case .stopWaiting: quietUntil = min(quietUntil, now)
        case .turnWatchingOver: return turnWatchingOver()
        }
        return []
    }

    /// A board's title as the server words it, else its id.
    func title(of boardID: String) -> String {
        boards.first { $0.id == boardID }.map { SafeText.strip($0.title) } ?? boardID
    }

    /// A failed contact: the data on screen stays, the screens say how old it is.
    mutating func trouble(_ failure: ScoresFailure) {
        guard failure.isTransient || failure.kind == .malformed else { return }
        if problem == nil || problem?.failure != failure { problem = .init(failure: failure, since: now) }
        if let wait = failure.retryAfter { quietUntil = now + Double(wait) }
    }

    mutating func contact() {
        problem = nil
    }
}

/// What other layers ask of the session.
public enum SessionRequest: Sendable {
    /// The player cancelled registering: the submission waiting for it is not sent.
    case dropPendingSubmission
    /// The runway offer after a style submission was taken (or is stale).
    case dropRunwayOffer
    /// The player asked to refresh now: a server's "wait" is not waited out.
    case stopWaiting
    /// Others may watch the player's games, or no longer (`w` on the Scores screen).
    case turnWatchingOver
}
