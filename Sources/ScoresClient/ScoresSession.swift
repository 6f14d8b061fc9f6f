// Carries out the game's score commands against one backend: keeps the player's token, the
// ETags and last copies of what was read (so an unchanged board costs a 304), the outbox of
// submissions waiting for the server, the newest news item shown to the player, and turns every
// outcome into events for the game. Any declared call the game asks (`.call`) is made the same
// way, as its declaration says; the other commands are the ones that need more of the session.
import Foundation
import GameState
import ScoresAPI

public actor ScoresSession {
    public nonisolated let backend: any ScoresBackend
    public nonisolated let credentials: CredentialStore
    public nonisolated let outbox: Outbox
    public nonisolated let newsMarks: NewsMarks
    let clock: @Sendable () -> Double
    /// Days of the record read at once: 53 weeks, the widest calendar the profile draws.
    public static let recordDays = 371
    /// Pages of news read at once: a month away fits in one or two; what is left comes next time.
    public static let newsPages = 5

    /// The last copy of each conditional read and its ETag, by `ScoresCommand.key`.
    private var held: [ScoresCommand.Key: HeldCopy] = [:]
    private var draining = false
    /// A hosted game whose key belongs to no one yet asks its player for a name once, with this
    /// suggestion (the SSH user name, when it would make a valid name).
    private var askName: String?

    struct HeldCopy {
        var etag: String?
        var reply: AnyWireValue
        /// Read with the player's token: another player's copy is not this one's.
        var signed: Bool
    }

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
        case .myBests:
            let token = try signedIn()
            let own = try await backend.call(APICalls.ownProfile, CallInput(), token: token)
            // The copy held is of this player's profile, or none.
            let mine = held[.myBests].flatMap { copy in (copy.reply.value as? PublicProfile)?.playerID == own.playerID ? copy : nil }
            switch try await backend.answer(APICalls.publicProfile, CallInput(path: [.player: own.playerID]), token: token, etag: mine?.etag) {
            case .fresh(let profile, let etag):
                held[.myBests] = HeldCopy(etag: etag, reply: AnyWireValue(profile), signed: true)
                events.append(.myBests(own, Answer(profile)))
            case .unchanged:
                guard let profile = mine?.reply.value as? PublicProfile else { throw ScoresFailure.unexpected304 }
                events.append(.myBests(own, Answer(profile, unchanged: true)))
            }
        case .record:
            let me = try signedInPlayer()
            let days = try await backend.call(APICalls.record, CallInput(path: [.player: me.playerID],
                                                                         query: [QueryValue(.recordLimit, String(Self.recordDays))]))
            events.append(.record(days.stripped()))
        case .news(let after):
            events.append(.news(try await news(after: after)))
        case .register(let request):
            let registered = try await backend.call(APICalls.register, CallInput(body: request))
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
            let profile = try await backend.call(APICalls.updateProfile, CallInput(body: update), token: try signedIn())
            if var credential, credential.name != profile.name {
                credential.name = profile.name
                try? credentials.save(credential, for: backend.key)
                events.append(identity())
            }
            events.append(.profileUpdated(profile))
        case .submit(let board, let code):
            let token = try signedIn()
            events.append(.submitted(try await backend.call(APICalls.submit, CallInput(body: SubmitRequest(boardID: board, code: code)), token: token)))
        case .drainOutbox:
            events += await drain()
        case .follow(let whom):
            events.append(.followed(try await follow(whom)))
        case .call(let asked):
            events.append(.replied(try await answer(asked)))
        }
    }

    /// A declared call, signed in as its declaration says (the token where it needs one, or where
    /// it takes one and wasn't asked anonymously); a conditional read sends the ETag of the copy
    /// held under its key, and is answered with the new copy, or the held one marked unchanged.
    /// Every reply is stripped of control characters.
    private func answer(_ asked: AskedCall) async throws(ScoresFailure) -> Replied {
        var token: String?
        switch asked.declaration.auth {
        case .anyone: token = nil
        case .player: token = try signedIn()
        case .playerIfSent: token = asked.anonymous ? nil : credential?.token
        }
        let key = ScoresCommand.Key.call(asked.key), conditional = asked.declaration.reply.conditional
        let copy = conditional ? held[key] : nil
        switch try await asked.answer(from: backend, token: token, etag: copy?.etag) {
        case .fresh(let reply, let etag):
            if conditional { held[key] = HeldCopy(etag: etag, reply: reply, signed: token != nil) }
            return Replied(asked, erased: reply.stripped)
        case .unchanged:
            guard let copy else { throw ScoresFailure.unexpected304 }
            return Replied(asked, erased: copy.reply.stripped, unchanged: true)
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
            let page = try await backend.call(APICalls.news, CallInput(query: [QueryValue(.after, String(cursor))]), token: token)
            // Only what is newer than the mark, once each, whatever a server sends back.
            let fresh = page.items.filter { $0.id > cursor }.sorted { $0.id < $1.id }
            items += fresh
            more = page.more && !fresh.isEmpty
            cursor = fresh.last?.id ?? cursor
        }
        if cursor > seen { try? newsMarks.markSeen(cursor, server: backend.key, player: player) }
        return NewsPage(items: items.map { $0.stripped() }, more: more)
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
                sent.append(try await backend.call(APICalls.submit, CallInput(body: SubmitRequest(boardID: item.boardID, code: item.code)), token: token))
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
        held = held.filter { !$0.value.signed }
    }

    /// The boards the server lists for a game (open now, then earlier days'), as it titles them;
    /// contributors has its own tab.
    func boardList() async throws(ScoresFailure) -> [BoardInfo] {
        let list = try await backend.call(APICalls.boards, CallInput(query: [QueryValue(.include, APICalls.includeEarlier)]))
        return list.boards.filter { $0.kind.word != .contributors }.map { $0.stripped() }
    }
}
