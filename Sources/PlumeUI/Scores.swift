// The Scores screen's state and what it does with the answers that come back. Requests go out
// as effects and return as messages, so nothing here ever waits on the network; every piece
// of data keeps the time it arrived, and a failure keeps the last good copy on screen.
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

public struct ScoresState: Sendable {
    public enum Tab: Int, CaseIterable, Sendable {
        case top, around, bests, contributors, causes

        public var title: String {
            switch self {
            case .top: "Top"
            case .around: "Around me"
            case .bests: "My bests"
            case .contributors: "Contributors"
            case .causes: "Causes"
            }
        }
    }

    /// Why the last read failed, and since when (cleared by the next answer).
    public struct Problem: Sendable, Equatable {
        public var failure: ScoresFailure
        public var since: Double
    }

    public var tab: Tab = .top
    public var place = "Local board"
    public var isLocal = true
    public var player: Identity?
    public var outbox = 0
    public var started = false
    public var boards: [BoardInfo] = []
    public var boardIndex = 0
    public var tops: [String: Dated<BoardPage>] = [:]
    public var arounds: [String: Dated<BoardPage>] = [:]
    public var bests: Dated<MyBests>?
    public var contributors: Dated<BoardPage>?
    public var causes: Dated<CauseList>?
    /// The highlighted row of the list on screen, and the first row shown.
    public var selection = 0
    public var scroll = 0
    /// Commands sent and not answered yet, by `ScoresCommand.key`, with when they went.
    public var inFlight: [String: Double] = [:]
    public var lastRefresh = -Double.infinity
    public var lastDrain = -Double.infinity
    public var problem: Problem?
    /// Until when the server asked us to wait (429, 503 with Retry-After).
    public var quietUntil = -Double.infinity
    /// A submission waiting for registration to finish.
    public var pendingSubmission: ScoresCommand?

    public init() {}

    /// Seconds between automatic refreshes while the screen is open.
    public static let refreshSeconds = 30.0
    /// An unanswered request older than this is taken as lost (the client abandons at 5 s).
    public static let lostSeconds = 20.0

    public var board: BoardInfo? { boards.indices.contains(boardIndex) ? boards[boardIndex] : nil }

    /// When the data on the current tab arrived, if there is any.
    func dataTime(board: String?) -> Double? {
        switch tab {
        case .top: board.flatMap { tops[$0]?.at }
        case .around: board.flatMap { arounds[$0]?.at }
        case .bests: bests?.at
        case .contributors: contributors?.at
        case .causes: causes?.at
        }
    }
}

/// "12 s", "3 min", "5 h", "2 d": how long ago, for people.
public func ageWords(_ seconds: Double) -> String {
    let s = max(0, Int(seconds.rounded(.down)))
    if s < 60 { return "\(s) s" }
    if s < 3600 { return "\(s / 60) min" }
    if s < 86_400 { return "\(s / 3600) h" }
    return "\(s / 86_400) d"
}

extension AppModel {
    /// The board the Studio submits to (today's style theme) and the Lab's (the selected challenge).
    public var styleBoardID: String { "style-" + UTCDay.string(day) }
    public var swarmBoardID: String { "swarm-" + challenge.id }

    /// Whether the run loop should send `.clock` about once a second.
    public var wantsClock: Bool { screen == .scores || !scores.inFlight.isEmpty || scores.outbox > 0 || !scores.started }

    /// Whether an answer is awaited (the run loop then checks for it often).
    public var awaitingScores: Bool { !scores.inFlight.isEmpty }

    mutating func send(_ command: ScoresCommand) -> [Effect] {
        if let sent = scores.inFlight[command.key], now - sent < ScoresState.lostSeconds { return [] }
        scores.inFlight[command.key] = now
        return [.scores(command)]
    }

    mutating func clock(_ seconds: Double) -> [Effect] {
        now = seconds
        if !scores.started {
            scores.started = true
            return send(.start)
        }
        var effects: [Effect] = []
        if scores.outbox > 0, !scores.isLocal, now - scores.lastDrain >= ScoresState.refreshSeconds, now >= scores.quietUntil {
            scores.lastDrain = now
            effects += send(.drainOutbox)
        }
        if screen == .scores, now - scores.lastRefresh >= ScoresState.refreshSeconds, now >= scores.quietUntil {
            effects += refreshScores()
        }
        return effects
    }

    /// Asks again for what the current tab shows (conditional reads: unchanged costs a 304).
    mutating func refreshScores() -> [Effect] {
        scores.lastRefresh = now
        if scores.boards.isEmpty { return send(.start) }
        switch scores.tab {
        case .top: return scores.board.map { send(.top(board: $0.id)) } ?? []
        case .around:
            guard scores.player != nil else { return [] }
            return scores.board.map { send(.around(board: $0.id)) } ?? []
        case .bests: return scores.player == nil ? [] : send(.myBests)
        case .contributors: return send(.contributors)
        case .causes: return send(.causes) + (scores.player == nil ? [] : send(.myBests))
        }
    }

    /// Submits the Studio's look or the Lab's swarm; registers first if needed.
    mutating func submit(board: String, code: String, what: String) -> [Effect] {
        let command = ScoresCommand.submit(board: board, code: code)
        guard scores.player != nil else {
            scores.pendingSubmission = command
            openRegister()
            status = "Register on \(scores.place) first; your \(what) is sent as soon as you have."
            return []
        }
        if scores.inFlight[command.key] != nil {
            status = "Already sending to that board — wait for its answer."
            return []
        }
        status = what == "swarm" ? "Verifying your swarm on \(scores.place)…" : "Sending your look to \(scores.place)…"
        return send(command)
    }

    mutating func receive(_ event: ScoresEvent) -> [Effect] {
        switch event {
        case .identity(let place, let isLocal, let player, let outbox):
            scores.inFlight["start"] = nil
            scores.place = SafeText.strip(place)
            scores.isLocal = isLocal
            if scores.player?.playerID != player?.playerID { scores.arounds = [:]; scores.bests = nil }
            scores.player = player.map { Identity(playerID: $0.playerID, name: SafeText.strip($0.name)) }
            scores.outbox = outbox
            return []
        case .boards(let boards):
            scores.inFlight["start"] = nil
            let current = scores.board?.id
            scores.boards = boards
            scores.boardIndex = current.flatMap { id in boards.firstIndex { $0.id == id } } ?? 0
            contact()
            return screen == .scores ? refreshScores() : []
        case .top(let board, let answer):
            scores.inFlight["top:" + board] = nil
            scores.tops[board] = Dated(value: answer.value, at: now)
            contact()
            return []
        case .around(let board, let answer):
            scores.inFlight["around:" + board] = nil
            scores.arounds[board] = Dated(value: answer.value, at: now)
            contact()
            return []
        case .myBests(let own, let answer):
            scores.inFlight["bests"] = nil
            scores.bests = Dated(value: MyBests(own: own, profile: answer.value), at: now)
            contact()
            return []
        case .contributors(let answer):
            scores.inFlight["contributors"] = nil
            scores.contributors = Dated(value: answer.value, at: now)
            contact()
            return []
        case .causes(let list):
            scores.inFlight["causes"] = nil
            scores.causes = Dated(value: list, at: now)
            contact()
            return []
        case .registered(let identity):
            scores.inFlight["register"] = nil
            scores.player = Identity(playerID: identity.playerID, name: SafeText.strip(identity.name))
            dialog = nil
            status = "Registered as \(scores.player!.name) on \(scores.place)."
            scores.lastRefresh = -.infinity
            contact()
            if let pending = scores.pendingSubmission {
                scores.pendingSubmission = nil
                if case .submit(let board, let code) = pending { return submit(board: board, code: code, what: board.hasPrefix("swarm") ? "swarm" : "look") }
            }
            return []
        case .profileUpdated(let profile):
            scores.inFlight["profile"] = nil
            dialog = nil
            if var bests = scores.bests { bests.value.own = profile; scores.bests = bests }
            status = "Profile saved."
            contact()
            return []
        case .submitted(let result):
            scores.inFlight["submit:" + result.boardID] = nil
            status = describe(result)
            scores.lastRefresh = -.infinity
            contact()
            return []
        case .queued(let board, let outbox, let failure):
            scores.inFlight["submit:" + board] = nil
            scores.outbox = outbox
            scores.lastDrain = now
            trouble(failure)
            status = "\(failure.message) — kept in the outbox (\(outbox) waiting); it's sent when \(scores.place) answers."
            return []
        case .donated(let result):
            scores.inFlight["donate"] = nil
            dialog = nil
            let cause = scores.causes?.value.causes.first { $0.id == result.causeID }.map { SafeText.strip($0.name) } ?? result.causeID
            status = "Gave \(result.points) points to \(cause) (now \(result.causeTotal) in all); you have \(result.pointsAvailable) left."
            scores.lastRefresh = -.infinity
            contact()
            return send(.contributors) + send(.causes) + send(.myBests)
        case .drained(let sent, let dropped, let waiting):
            scores.inFlight["outbox"] = nil
            scores.outbox = waiting
            var words: [String] = []
            if !sent.isEmpty {
                let best = sent.compactMap(\.rank).min()
                words.append("Outbox sent \(sent.count) submission\(sent.count == 1 ? "" : "s")" + (best.map { " (best rank \($0))" } ?? ""))
            }
            if let first = dropped.first {
                words.append("\(dropped.count) couldn't count: \(SafeText.strip(first.reason))")
            }
            if waiting > 0 { words.append("\(waiting) still waiting") }
            status = words.joined(separator: "; ") + "."
            scores.lastRefresh = -.infinity
            contact()
            return []
        case .signedOut(let former, let failure):
            scores.player = nil
            scores.arounds = [:]
            scores.bests = nil
            openRegister(name: former.map(SafeText.strip) ?? "")
            status = "\(scores.place) no longer knows you (\(failure.message)). Register again — your looks, swarms and outbox are kept."
            return []
        case .failed(let command, let failure):
            scores.inFlight[command.key] = nil
            return failed(command, failure)
        }
    }

    private mutating func failed(_ command: ScoresCommand, _ failure: ScoresFailure) -> [Effect] {
        switch command {
        case .register, .updateProfile:
            if case .register(var form)? = dialog {
                form.sending = false
                form.error = failure.message
                dialog = .register(form)
            }
            status = "Not registered: \(failure.message)"
        case .donate:
            if case .donate(var form)? = dialog {
                form.sending = false
                form.confirming = false
                form.error = failure.message
                dialog = .donate(form)
            }
            status = "Not given: \(failure.message)"
        case .submit(let board, _):
            trouble(failure)
            status = "Not counted on \(title(of: board)): \(failure.message)"
        case .around where failure.code == "no_record":
            scores.arounds[command.key.replacing("around:", with: "")] = nil
            contact()
        default:
            if failure.kind == .unauthorized, failure.code == "not_registered" { return [] }
            trouble(failure)
        }
        return []
    }

    /// A failed contact: the data on screen stays, the header says how old it is.
    private mutating func trouble(_ failure: ScoresFailure) {
        guard failure.isTransient || failure.kind == .malformed else { return }
        if scores.problem == nil || scores.problem?.failure != failure { scores.problem = .init(failure: failure, since: now) }
        if let wait = failure.retryAfter { scores.quietUntil = now + Double(wait) }
    }

    private mutating func contact() {
        scores.problem = nil
    }

    func title(of boardID: String) -> String {
        scores.boards.first { $0.id == boardID }.map { SafeText.strip($0.title) } ?? boardID
    }

    /// "Style: Neon Night — 812, rank 3 of 40, new personal best!"
    func describe(_ result: SubmissionResult) -> String {
        let rank = result.rank.map { ", rank \($0)" } ?? ""
        let head = "\(title(of: result.boardID)): scored \(result.score)\(rank)"
        if result.personalBest {
            return head + " — new personal best!" + (result.previousBest.map { " (was \($0.score))" } ?? "")
        }
        return head + " — your best is still \(result.best.score)."
    }
}
