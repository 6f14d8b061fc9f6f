// Carries out the game's score commands against one backend: keeps the player's token, the
// ETags and last copies of what was read (so an unchanged board costs a 304), the outbox of
// submissions waiting for the server, the newest news item shown to the player, and turns every
// outcome into events for the game.
import Foundation
import GameState
import Leaderboard
import ScoresAPI

public actor ScoresSession {
    public nonisolated let backend: any ScoresBackend
    public nonisolated let credentials: CredentialStore
    public nonisolated let outbox: Outbox
    public nonisolated let newsMarks: NewsMarks
    let clock: @Sendable () -> Double
    /// Board rows read at once, and players shown on each side in Around me: the server's defaults.
    public static let pageRows = LeaderboardLimits.defaultPageRows, aroundRadius = LeaderboardLimits.defaultAroundRadius
    /// Days of the record read at once: 53 weeks, the widest calendar the profile draws.
    public static let recordDays = 371
    /// Pages of news read at once: a month away fits in one or two; what is left comes next time.
    public static let newsPages = 5

    /// The last copy of each page read and its ETag, by `ScoresCommand.key`.
    private var pages: [ScoresCommand.Key: (etag: String?, page: BoardPage)] = [:]
    private var publicProfile: (etag: String?, profile: PublicProfile)?
    private var draining = false
    /// A hosted game whose key belongs to no one yet asks its player for a name once, with this
    /// suggestion (the SSH user name, when it would make a valid name).
    private var askName: String?

    public init(backend: any ScoresBackend, configDirectory: URL, dataDirectory: URL,
                credentials: CredentialStore? = nil, askName: String? = nil,
                clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.backend = backend
        self.credentials = credentials ?? CredentialStore(directory: configDirectory)
        self.askName = askName
        outbox = Outbox(directory: dataDirectory)
        newsMarks = NewsMarks(directory: configDirectory)
        self.clock = clock
    }

    public nonisolated var credential: Credential? { credentials.credential(for: backend.key) }

    public func perform(_ command: ScoresCommand) async -> [ScoresEvent] {
        var events: [ScoresEvent] = []
        do {
            try await run(command, into: &events)
            // The server answered: whatever waits in the outbox can go now.
            if command != .drainOutbox, !backend.isLocal, outbox.count(for: backend.key) > 0 {
                events += await drain()
            }
        } catch let failure {
            if failure.kind == .unauthorized, let gone = try? credentials.forget(backend.key) {
                forgetReads()
                events.append(.signedOut(formerName: gone.name, failure))
                events.append(identity())
            }
            if case .submit(let board, let code) = command, failure.isTransient, failure.code != .notRegistered, !backend.isLocal {
                do {
                    try outbox.add(QueuedSubmission(server: backend.key, boardID: board, code: code, queuedAt: clock()))
                    events.append(.queued(board: board, outbox: outbox.count(for: backend.key), because: failure))
                    return events
                } catch {
                    events.append(.failed(command, ScoresFailure(.unavailable, "\(failure.message), and it couldn't be kept for later: \(error)")))
                    return events
                }
            }
            events.append(.failed(command, failure))
        }
        return events
    }

    private func run(_ command: ScoresCommand, into events: inout [ScoresEvent]) async throws(ScoresFailure) {
        switch command {
        case .start:
            events.append(identity())
            if let suggestion = askName, credential == nil {
                askName = nil
                events.append(.askName(suggested: suggestion))
            }
            events.append(.boards(try await boardList()))
        case .top(let board):
            let page = try await cached(command.key) { etag throws(ScoresFailure) in try await backend.top(board: board, limit: Self.pageRows, etag: etag) }
            events.append(.top(board: board, page))
        case .around(let board):
            let token = try signedIn()
            let page = try await cached(command.key) { etag throws(ScoresFailure) in
                try await backend.aroundMe(board: board, token: token, radius: Self.aroundRadius, etag: etag)
            }
            events.append(.around(board: board, page))
        case .myBests:
            let token = try signedIn()
            let own = try await backend.profile(token: token)
            let held = publicProfile?.profile.playerID == own.playerID ? publicProfile : nil
            switch try await backend.publicProfile(playerID: own.playerID, token: token, etag: held?.etag) {
            case .fresh(let profile, let etag):
                publicProfile = (etag, profile)
                events.append(.myBests(own, Answer(profile)))
            case .unchanged:
                guard let held else { throw Self.unexpected304 }
                events.append(.myBests(own, Answer(held.profile, unchanged: true)))
            }
        case .record:
            let days = try await backend.record(playerID: try signedInPlayer().playerID, limit: Self.recordDays, cursor: nil)
            events.append(.record(Self.clean(days)))
        case .news(let after):
            events.append(.news(try await news(after: after)))
        case .contributors:
            let page = try await cached(command.key) { etag throws(ScoresFailure) in try await backend.contributors(limit: Self.pageRows, etag: etag) }
            events.append(.contributors(page))
        case .causes:
            events.append(.causes(try await backend.causes()))
        case .register(let request):
            let registered = try await backend.register(request)
            let credential = Credential(playerID: registered.playerID, name: registered.name, token: registered.token)
            do {
                try credentials.save(credential, for: backend.key)
            } catch {
                throw ScoresFailure(.unavailable, "registered as \(registered.name), but the token couldn't be kept in \(credentials.url.path): \(error)")
            }
            forgetReads()
            events.append(.registered(credential.identity))
            events.append(identity())
        case .updateProfile(let update):
            let token = try signedIn()
            let profile = try await backend.updateProfile(token: token, update)
            if var credential, credential.name != profile.name {
                credential.name = profile.name
                try? credentials.save(credential, for: backend.key)
                events.append(identity())
            }
            events.append(.profileUpdated(profile))
        case .submit(let board, let code):
            let token = try signedIn()
            let result = try await backend.submit(token: token, SubmitRequest(boardID: board, code: code))
            events.append(.submitted(result))
        case .donate(let cause, let points):
            let token = try signedIn()
            events.append(.donated(try await backend.donate(token: token, DonationRequest(causeID: cause, points: points))))
        case .drainOutbox:
            events += await drain()
        case .runwayDay(let day):
            events.append(.runwayDay(Self.clean(try await backend.runwayDay(day, token: credential?.token))))
        case .enterRunway(let day, let code):
            events.append(.runwayEntered(try await backend.enterRunway(token: try signedIn(), day: day, RunwayEntryRequest(code: code))))
        case .runwayPair(let day):
            events.append(.runwayPair(try await backend.runwayPair(token: try signedIn(), day: day)))
        case .keys:
            events.append(.keys(try await backend.keys(token: try signedIn()), said: nil))
        case .addKey(let line):
            let token = try signedIn()
            let added = try await backend.addKey(token: token, line: line)
            let label = added.label.isEmpty ? "" : " (\(SafeText.strip(added.label)))"
            events.append(.keys(try await backend.keys(token: token),
                                said: "Added your \(added.type) key\(label): it signs you in here over SSH too."))
        case .removeKey(let fingerprint):
            let token = try signedIn()
            try await backend.removeKey(token: token, fingerprint: fingerprint)
            events.append(.keys(try await backend.keys(token: token), said: "Removed that key: it signs no one in here any more."))
        case .runwayVote(let ticket, let choice):
            let recorded = try await backend.runwayVote(token: try signedIn(), RunwayVoteRequest(ticket: ticket, choice: choice))
            events.append(.runwayVoted(ticket: ticket, Self.clean(recorded)))
        case .following, .follow, .unfollow, .friends, .player:
            try await runFollowing(command, into: &events)
        case .settings:
            events.append(.settings(try await backend.settings(token: try signedIn())))
        case .changeSettings(let wanted):
            events.append(.settingsChanged(try await backend.changeSettings(token: try signedIn(), wanted)))
        }
    }

    /// A conditional read: sends the ETag of the copy held under `key`, and answers with the new
    /// copy, or the held one marked unchanged.
    func cached(_ key: ScoresCommand.Key, _ read: (String?) async throws(ScoresFailure) -> Fetched<BoardPage>) async throws(ScoresFailure) -> Answer<BoardPage> {
        switch try await read(pages[key]?.etag) {
        case .fresh(let page, let etag):
            pages[key] = (etag, page)
            return Answer(page)
        case .unchanged:
            guard let copy = pages[key] else { throw Self.unexpected304 }
            return Answer(copy.page, unchanged: true)
        }
    }

    /// The news after `after` and after the newest item shown before, oldest first. What is
    /// answered counts as shown (the game shows every item it is given, whole, at once or when
    /// the dialog open then closes), so the mark moves past it here, before the game has it.
    private func news(after: Int64) async throws(ScoresFailure) -> NewsPage {
        let me = try signedInPlayer()
        let (token, player) = (me.token, me.playerID)
        let seen = max(after, newsMarks.seen(server: backend.key, player: player))
        var items: [NewsItem] = [], more = true, cursor = seen
        for _ in 0..<Self.newsPages where more {
            let page = try await backend.news(token: token, after: cursor)
            // Only what is newer than the mark, once each, whatever a server sends back.
            let fresh = page.items.filter { $0.id > cursor }.sorted { $0.id < $1.id }
            items += fresh
            more = page.more && !fresh.isEmpty
            cursor = fresh.last?.id ?? cursor
        }
        if cursor > seen { try? newsMarks.markSeen(cursor, server: backend.key, player: player) }
        return NewsPage(items: items.map(Self.clean), more: more)
    }

    /// Sends the outbox oldest first. A refusal (a daily board that closed meanwhile, say) drops
    /// the item and says so; the first transient failure stops the drain until next time.
    func drain() async -> [ScoresEvent] {
        guard !draining, !backend.isLocal else { return [] }
        draining = true
        defer { draining = false }
        var sent: [SubmissionResult] = [], dropped: [DroppedSubmission] = [], extra: [ScoresEvent] = []
        for item in outbox.items() where item.server == backend.key {
            guard let token = credential?.token else { break }
            do {
                sent.append(try await backend.submit(token: token, SubmitRequest(boardID: item.boardID, code: item.code)))
                try? outbox.remove(item)
            } catch let failure {
                if failure.isTransient {
                    if failure.kind == .unauthorized, let gone = try? credentials.forget(backend.key) {
                        extra += [.signedOut(formerName: gone.name, failure), identity()]
                    }
                    break
                }
                dropped.append(DroppedSubmission(boardID: item.boardID, reason: failure.message))
                try? outbox.remove(item)
            }
        }
        guard !sent.isEmpty || !dropped.isEmpty else { return extra }
        return extra + [.drained(sent: sent, dropped: dropped, waiting: outbox.count(for: backend.key))]
    }

    func signedIn() throws(ScoresFailure) -> String { try signedInPlayer().token }

    private func signedInPlayer() throws(ScoresFailure) -> Credential {
        guard let credential else {
            throw ScoresFailure(.unauthorized, code: .notRegistered, "register on \(backend.place) first")
        }
        return credential
    }

    func identity() -> ScoresEvent {
        .identity(place: backend.place, isLocal: backend.isLocal, player: credential?.identity, outbox: outbox.count(for: backend.key))
    }

    /// Copies read as one player are not another's.
    private func forgetReads() {
        pages = pages.filter {
            switch $0.key {
            case .around, .friends: false
            default: true
            }
        }
        publicProfile = nil
    }

    static let unexpected304 = ScoresFailure(.malformed, "the server said \"unchanged\" about something the game never had")

    /// The boards the server lists for a game (open now, then earlier days'), as it titles them;
    /// contributors has its own tab.
    func boardList() async throws(ScoresFailure) -> [BoardInfo] {
        try await backend.boards().boards.filter { $0.kind.word != .contributors }.map(Self.clean)
    }

    /// Remote text reaches the game with control and bidi characters removed.
    static func clean(_ day: RunwayDay) -> RunwayDay {
        var day = day
        (day.theme, day.brief) = (SafeText.strip(day.theme), SafeText.strip(day.brief))
        return day
    }

    /// A vote's answer names no owners (votes are taken only while the runway keeps them hidden);
    /// whatever an older server still sends is stripped like any outside text, and never shown.
    static func clean(_ vote: RunwayVoteRecorded) -> RunwayVoteRecorded {
        var vote = vote
        vote.left = vote.left.map { RunwayOwner(playerID: SafeText.strip($0.playerID), name: SafeText.strip($0.name)) }
        vote.right = vote.right.map { RunwayOwner(playerID: SafeText.strip($0.playerID), name: SafeText.strip($0.name)) }
        return vote
    }

    static func clean(_ days: PlayerDays) -> PlayerDays {
        var days = days
        (days.playerID, days.today) = (SafeText.strip(days.playerID), SafeText.strip(days.today))
        days.lastPlayed = days.lastPlayed.map(SafeText.strip)
        days.nextCursor = days.nextCursor.map(SafeText.strip)
        days.days = days.days.map { var day = $0; day.day = SafeText.strip(day.day); return day }
        return days
    }

    static func clean(_ item: NewsItem) -> NewsItem {
        var item = item
        (item.at, item.day, item.text) = (SafeText.strip(item.at), SafeText.strip(item.day), SafeText.strip(item.text))
        // A kind this build knows has nothing to strip; a newer server's is stripped like any text.
        item.kind = Spelled(rawValue: SafeText.strip(item.kind.rawValue))
        return item
    }

    static func clean(_ board: BoardInfo) -> BoardInfo {
        var board = board
        board.title = SafeText.strip(board.title)
        board.brief = SafeText.strip(board.brief)
        return board
    }
}
