// What the game asks of the scores (effects out of its update function) and what comes back
// (messages in). A session carries out each command against a backend and answers with events;
// the game never waits for one. Any declared call goes through one command, `.call` (AskedCall.swift),
// and comes back as `.replied`; the others are the ones the session does more for: who the player
// is, the token a registration brings, the outbox of submissions, the news already shown, a follow
// by name, and the player's bests (two reads held together).

public enum ScoresCommand: Sendable, Equatable {
    /// Who am I here, how many submissions wait, and which boards exist.
    case start
    /// The player's own profile (points) and public profile (bests with ranks).
    case myBests
    /// The signed-in player's own record of days: one page, big enough for the profile's calendar.
    case record
    /// What happened to the player after news item `after`, and after the newest item this client
    /// has shown them before (the session remembers that, across restarts, per place and player).
    case news(after: Int64)
    /// Registering keeps the token the answer carries; a change of name is kept with it.
    case register(RegisterRequest)
    case updateProfile(ProfileUpdate)
    /// A submission that can't reach the server waits in the outbox.
    case submit(board: String, code: String)
    /// Sends what waits in the outbox, oldest first, until the server stops answering.
    case drainOutbox
    /// Follow a player (a row of a board, a player link, a name typed in a dialog, which the
    /// server looks up first); the answer is `.followed`.
    case follow(PlayerRef)
    /// Any other declared call, made as its declaration says with the player's token where it
    /// takes one, answered `.replied` (a conditional read costs a 304 when nothing changed).
    case call(AskedCall)

    /// `call`, asked with a body.
    public static func ask<Request: WireValue, Reply: WireValue>(
        _ call: APICall<Request, Reply>, path: [PathParameter: String] = [:], query: [QueryValue] = [], body: Request,
        about: String? = nil, awaited: Bool? = nil
    ) -> ScoresCommand {
        .call(AskedCall(call, CallInput(path: path, query: query, body: body), about: about, awaited: awaited))
    }

    /// `call`, which sends no body; `anonymous` sends it without the player's token.
    public static func ask<Reply: WireValue>(
        _ call: APICall<NoBody, Reply>, path: [PathParameter: String] = [:], query: [QueryValue] = [],
        anonymous: Bool = false, awaited: Bool? = nil
    ) -> ScoresCommand {
        .call(AskedCall(call, CallInput(path: path, query: query), anonymous: anonymous, awaited: awaited))
    }

    /// What a command is about: commands with the same key replace each other's answers, so one
    /// in flight per key is enough.
    public enum Key: Hashable, Sendable {
        case start, myBests, record, news, register, profile, submit(board: String), outbox
        /// A declared call; following and stopping share the follow call's key (one change at a time).
        case call(CallKey)

        /// Whether the player waits for it on the Scores screen (a submission, the outbox or the
        /// news go on behind whatever the screen shows).
        public var isRead: Bool {
            switch self {
            case .submit, .outbox, .news: false
            case .call(let key): key.awaited
            default: true
            }
        }
    }

    public var key: Key {
        switch self {
        case .start: .start
        case .myBests: .myBests
        case .record: .record
        case .news: .news
        case .register: .register
        case .updateProfile: .profile
        case .submit(let board, _): .submit(board: board)
        case .drainOutbox: .outbox
        case .follow: .call(CallKey(APICalls.follow))
        case .call(let asked): .call(asked.key)
        }
    }

    /// The declared call this asks, when it is `call`.
    public func asked<Request: WireValue, Reply: WirePayload>(_ call: APICall<Request, Reply>) -> CallInput<Request>? {
        guard case .call(let asked) = self else { return nil }
        return asked.input(of: call)
    }
}

/// Whom to follow: a player known by id (a row, a player link), or by a name typed in full (the
/// server looks it up exactly, case ignored).
public enum PlayerRef: Sendable, Hashable {
    case id(String)
    case name(String)
}

/// A page or list as the game holds it, and whether the last read found it unchanged (304).
public struct Answer<Value: Sendable & Equatable>: Sendable, Equatable {
    public var value: Value
    public var unchanged: Bool

    public init(_ value: Value, unchanged: Bool = false) { (self.value, self.unchanged) = (value, unchanged) }
}

/// A submission the outbox dropped: its board closed meanwhile, or the server refused it.
public struct DroppedSubmission: Sendable, Equatable {
    public var boardID: String
    public var reason: String

    public init(boardID: String, reason: String) { (self.boardID, self.reason) = (boardID, reason) }
}

public enum ScoresEvent: Sendable, Equatable {
    /// Where the scores are, who the player is there (nil: not registered) and the outbox size.
    case identity(place: String, isLocal: Bool, player: Identity?, outbox: Int)
    case boards([BoardInfo])
    case myBests(OwnProfile, Answer<PublicProfile>)
    /// The player's record of days (days played, streaks, score bands, the days themselves).
    case record(PlayerDays)
    /// News after the newest item shown before, oldest first (the session now counts these shown).
    case news(NewsPage)
    case registered(Identity)
    /// A game hosted over SSH whose key belongs to no one yet: ask the player for a name
    /// (`suggested`: the SSH user name when it would make a valid one, else "").
    case askName(suggested: String)
    case profileUpdated(OwnProfile)
    case submitted(SubmissionResult)
    /// The submission could not be sent and waits in the outbox (now `outbox` long).
    case queued(board: String, outbox: Int, because: ScoresFailure)
    case drained(sent: [SubmissionResult], dropped: [DroppedSubmission], waiting: Int)
    /// The server no longer knows the token (revoked, or the server was reset). It was forgotten;
    /// nothing else was: looks, swarms and the outbox stay.
    case signedOut(formerName: String?, ScoresFailure)
    /// The player now follows this one (also when they already did).
    case followed(FollowedPlayer)
    /// A declared call's answer (`ScoresCommand.call`).
    case replied(Replied)
    case failed(ScoresCommand, ScoresFailure)
}

extension ScoresEvent {
    /// The command this event answers (its in-flight entry is settled by it); nil for news that
    /// no one asked for.
    public var answers: ScoresCommand.Key? {
        switch self {
        case .identity, .boards: .start
        case .myBests: .myBests
        case .record: .record
        case .news: .news
        case .registered: .register
        case .profileUpdated: .profile
        case .submitted(let result): .submit(board: result.boardID)
        case .queued(let board, _, _): .submit(board: board)
        case .drained: .outbox
        case .signedOut, .askName: nil
        case .followed: .call(CallKey(APICalls.follow))
        case .replied(let replied): .call(replied.asked.key)
        case .failed(let command, _): command.key
        }
    }

    /// The reply, typed, when this answers `call`.
    public func reply<Request: WirePayload, Reply: WirePayload>(to call: APICall<Request, Reply>) -> Reply? {
        guard case .replied(let replied) = self else { return nil }
        return replied.reply(to: call)
    }

    /// What `call` was asked with, when this says it failed.
    public func failure<Request: WireValue, Reply: WirePayload>(of call: APICall<Request, Reply>) -> (CallInput<Request>, ScoresFailure)? {
        guard case .failed(let command, let failure) = self, let input = command.asked(call) else { return nil }
        return (input, failure)
    }
}
