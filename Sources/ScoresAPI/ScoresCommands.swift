// What the game asks of the scores (effects out of its update function) and what comes back
// (messages in). A session carries out each command against a backend and answers with events;
// the game never waits for one.

public enum ScoresCommand: Sendable, Equatable {
    /// Who am I here, how many submissions wait, and which boards exist.
    case start
    case top(board: String)
    case around(board: String)
    /// The player's own profile (points) and public profile (bests with ranks).
    case myBests
    /// The signed-in player's own record of days: one page, big enough for the profile's calendar.
    case record
    /// What happened to the player after news item `after`, and after the newest item this client
    /// has shown them before (the session remembers that, across restarts, per place and player).
    case news(after: Int64)
    case contributors
    case causes
    case register(RegisterRequest)
    case updateProfile(ProfileUpdate)
    case submit(board: String, code: String)
    case donate(cause: String, points: Int64)
    /// Sends what waits in the outbox, oldest first, until the server stops answering.
    case drainOutbox
    /// A day's runway (YYYY-MM-DD) with the player's entry and votes.
    case runwayDay(day: String)
    case enterRunway(day: String, code: String)
    /// The pair to judge and the next (the same until answered).
    case runwayPair(day: String)
    case runwayVote(ticket: String, choice: RunwayChoice)
    /// The player's SSH keys (for the game a server hosts over SSH); adding or removing one
    /// answers with the list as it then is.
    case keys
    case addKey(String)
    case removeKey(fingerprint: String)
    /// The players the player follows, with how each did today.
    case following
    /// Follow a player (a row of a board, a player link, a name typed in a dialog); the answer is
    /// `.followed`, then the list as it then is.
    case follow(PlayerRef)
    case unfollow(playerID: String)
    /// A board among the players the player follows (themselves included), with group ranks.
    case friends(board: String)
    /// A player's public profile: who a player link leads to, and how they did today.
    case player(playerID: String)
    /// What the player allows of others (whether their games over SSH may be watched), and a
    /// change to it, answered with the settings as they then are.
    case settings
    case changeSettings(PlayerSettings)

    /// What a command is about: commands with the same key replace each other's answers, so one
    /// in flight per key is enough.
    public enum Key: Hashable, Sendable {
        case start, top(board: String), around(board: String), myBests, record, news, contributors, causes
        case register, profile, submit(board: String), donate, outbox
        case runwayDay(day: String), runwayEntry, runwayPair(day: String), runwayVote(ticket: String)
        case keys
        /// `following` reads the list of players followed; `follow` is every change to it, one at a time.
        case following, follow
        case friends(board: String), player(playerID: String)
        /// Reading the settings and changing them: one at a time.
        case settings

        /// Whether the player waits for it on the Scores screen (a submission, the outbox or the
        /// news go on behind whatever the screen shows).
        public var isRead: Bool {
            switch self {
            case .submit, .outbox, .runwayEntry, .runwayVote, .news, .follow, .settings: false
            default: true
            }
        }
    }

    public var key: Key {
        switch self {
        case .start: .start
        case .top(let board): .top(board: board)
        case .around(let board): .around(board: board)
        case .myBests: .myBests
        case .record: .record
        case .news: .news
        case .contributors: .contributors
        case .causes: .causes
        case .register: .register
        case .updateProfile: .profile
        case .submit(let board, _): .submit(board: board)
        case .donate: .donate
        case .drainOutbox: .outbox
        case .runwayDay(let day): .runwayDay(day: day)
        case .enterRunway: .runwayEntry
        case .runwayPair(let day): .runwayPair(day: day)
        case .runwayVote(let ticket, _): .runwayVote(ticket: ticket)
        case .keys, .addKey, .removeKey: .keys
        case .following: .following
        case .follow, .unfollow: .follow
        case .friends(let board): .friends(board: board)
        case .player(let id): .player(playerID: id)
        case .settings, .changeSettings: .settings
        }
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
    case top(board: String, Answer<BoardPage>)
    case around(board: String, Answer<BoardPage>)
    case myBests(OwnProfile, Answer<PublicProfile>)
    /// The player's record of days (days played, streaks, score bands, the days themselves).
    case record(PlayerDays)
    /// News after the newest item shown before, oldest first (the session now counts these shown).
    case news(NewsPage)
    case contributors(Answer<BoardPage>)
    case causes(CauseList)
    case registered(Identity)
    /// A game hosted over SSH whose key belongs to no one yet: ask the player for a name
    /// (`suggested`: the SSH user name when it would make a valid one, else "").
    case askName(suggested: String)
    /// The player's SSH keys, with what was just done to them in words (nil for a plain read).
    case keys(KeyList, said: String?)
    case profileUpdated(OwnProfile)
    case submitted(SubmissionResult)
    /// The submission could not be sent and waits in the outbox (now `outbox` long).
    case queued(board: String, outbox: Int, because: ScoresFailure)
    case donated(DonationResult)
    case drained(sent: [SubmissionResult], dropped: [DroppedSubmission], waiting: Int)
    /// The server no longer knows the token (revoked, or the server was reset). It was forgotten;
    /// nothing else was: looks, swarms and the outbox stay.
    case signedOut(formerName: String?, ScoresFailure)
    case runwayDay(RunwayDay)
    case runwayEntered(RunwayEntered)
    case runwayPair(RunwayPairDealt)
    case runwayVoted(ticket: String, RunwayVoteRecorded)
    /// The players the player follows, oldest follow first.
    case following(FollowingList)
    /// The player now follows this one (also when they already did).
    case followed(FollowedPlayer)
    /// The player no longer follows this one.
    case unfollowed(playerID: String)
    case friends(board: String, Answer<BoardPage>)
    /// A player's public profile, asked for by id.
    case player(PublicProfile)
    /// The player's settings as read, and as they are after a change the player asked for.
    case settings(PlayerSettings)
    case settingsChanged(PlayerSettings)
    case failed(ScoresCommand, ScoresFailure)
}

extension ScoresEvent {
    /// The command this event answers (its in-flight entry is settled by it); nil for news that
    /// no one asked for.
    public var answers: ScoresCommand.Key? {
        switch self {
        case .identity, .boards: .start
        case .top(let board, _): .top(board: board)
        case .around(let board, _): .around(board: board)
        case .myBests: .myBests
        case .record: .record
        case .news: .news
        case .contributors: .contributors
        case .causes: .causes
        case .registered: .register
        case .profileUpdated: .profile
        case .submitted(let result): .submit(board: result.boardID)
        case .queued(let board, _, _): .submit(board: board)
        case .donated: .donate
        case .drained: .outbox
        case .signedOut, .askName: nil
        case .keys: .keys
        case .runwayDay(let day): .runwayDay(day: day.day)
        case .runwayEntered: .runwayEntry
        case .runwayPair(let pair): .runwayPair(day: pair.day)
        case .runwayVoted(let ticket, _): .runwayVote(ticket: ticket)
        case .following: .following
        case .followed, .unfollowed: .follow
        case .friends(let board, _): .friends(board: board)
        case .player(let profile): .player(playerID: profile.playerID)
        case .settings, .settingsChanged: .settings
        case .failed(let command, _): command.key
        }
    }
}
