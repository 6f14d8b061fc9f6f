// What the session does with each answer and each piece of news from the leaderboard, by
// concern: who the player is (identity, registration, profile, keys), what they sent (submissions,
// the outbox, the runway, donations), and what failed; what is said of following is in
// SessionFollowing.swift, of the player's settings (who may watch) in SessionSettings.swift, of
// what happened to the player (their news) in SessionNews.swift. A declared call's answer
// (`.replied`) is read by its declaration. The screens hear the same event after this
// (`ScreenLayer.receive`), for what they show.
import Challenges
import GameState
import ScoresAPI

extension Session {
    mutating func receive(_ event: ScoresEvent, _ context: Context) -> [Request] {
        if let settled = event.answers { inFlight[settled] = nil }
        switch event {
        case .identity(let place, let isLocal, let player, let outbox):
            return identify(place: place, isLocal: isLocal, player: player, outbox: outbox)
        case .news(let page): return news(page)
        case .signedOut(let former, let failure): return signedOut(former: former, failure)
        case .askName(let suggested): return askName(suggested)
        case .registered(let identity): return registered(identity)
        case .profileUpdated(let profile): return profileUpdated(profile)
        case .submitted(let result): return submitted(result, context)
        case .queued(_, let outbox, let failure): return queued(outbox: outbox, failure)
        case .drained(let sent, let dropped, let waiting): return drained(sent: sent, dropped: dropped, waiting: waiting)
        case .followed(let player): return followed(player)
        case .replied(let replied): return heard(replied)
        case .failed(.follow, let failure): return notFollowed(failure)
        case .failed(let command, let failure) where command.asked(APICalls.unfollow) != nil: return notUnfollowed(failure)
        case .failed(let command, let failure) where command.key == ScoresCommand.settings.key: return settingsFailed(command, failure)
        case .failed(let command, let failure): return failed(command, failure)
        case .boards(let list): boards = list
        case .myBests(let own, let answer): bests = Dated(value: MyBests(own: own, profile: answer.value), at: now)
        case .record(let days):
            guard days.playerID == player?.playerID else { return [] }
            (record, recordFailure) = (Dated(value: days, at: now), nil)
        }
        contact()
        return []
    }

    /// A declared call's answer: what the session keeps of it and says of it. The rest is a
    /// screen's own (a board's top, the contributors, the runway, a player's profile): the
    /// session notes the contact.
    private mutating func heard(_ replied: Replied) -> [Request] {
        let board = replied.asked.path[.board]
        if let entered = replied.reply(to: APICalls.enterRunway) { return runwayEntered(entered) }
        if let result = replied.reply(to: APICalls.donate) { return donated(result) }
        if let list = replied.reply(to: APICalls.keys) { return keysChanged(list) }
        if let added = replied.reply(to: APICalls.addKey) { return keyAdded(added) }
        if replied.asked.asks(APICalls.removeKey) { return keyRemoved() }
        if let playerID = replied.asked.input(of: APICalls.unfollow)?.path[.player] { return unfollowed(playerID) }
        if let read = replied.reply(to: APICalls.settings) { return settingsRead(read) }
        if let changed = replied.reply(to: APICalls.changeSettings) { return settingsChanged(changed) }
        if let list = replied.reply(to: APICalls.following) {
            following = Dated(value: list, at: now)
        } else if let page = replied.reply(to: APICalls.boardAmongFollowed), let board {
            friends[board] = Dated(value: page, at: now)
        } else if let page = replied.reply(to: APICalls.aroundMe), let board {
            arounds[board] = Dated(value: page, at: now)
        } else if let list = replied.reply(to: APICalls.causes) {
            causes = Dated(value: list, at: now)
        } else if let table = replied.reply(to: APICalls.league) {
            league = Dated(value: table, at: now)
        }
        contact()
        return []
    }

    // MARK: Who the player is

    /// Who the player is here; the first time in a run that the session knows a player, it asks
    /// what happened to them while they were away, and, on a server, asks again now and then.
    private mutating func identify(place: String, isLocal: Bool, player: Identity?, outbox: Int) -> [Request] {
        self.place = SafeText.strip(place)
        self.isLocal = isLocal
        identified = true
        if self.player?.playerID != player?.playerID { forgetThePlayer() }
        self.player = player.map { Identity(playerID: $0.playerID, name: SafeText.strip($0.name)) }
        self.outbox = outbox
        guard let me = player, newsAskedFor != me.playerID else { return [] }
        newsAskedFor = me.playerID
        newsPollAt = isLocal ? nil : now + Self.newsPollSeconds
        // Who they follow decides what the Scores screen shows first (their friends, if any); on
        // a server, whether others may watch their games is shown there too.
        return send(.news(after: newsSeen)) + send(.following) + (isLocal ? [] : send(.settings))
    }

    private mutating func forgetThePlayer() {
        arounds = [:]
        bests = nil
        league = nil
        (record, recordFailure) = (nil, nil)
        (following, friends) = (nil, [:])
        (settings, settingsAsked) = (nil, false)
        forgetNews()
    }

    private mutating func signedOut(former: String?, _ failure: ScoresFailure) -> [Request] {
        player = nil
        forgetThePlayer()
        return [.dismiss(RegisterDialog.self), .dismiss(DonateDialog.self), .push(RegisterDialog(self, name: former.map(SafeText.strip) ?? "")),
                .status("\(place) no longer knows you (\(failure.message)). Register again — your looks, swarms and outbox are kept.")]
    }

    private func askName(_ suggested: String) -> [Request] {
        [.push(RegisterDialog(self, name: SafeText.strip(suggested))),
         .status("Choose the name your looks go under on this server (names are unique) — Esc to play first, p on Scores later.")]
    }

    private mutating func registered(_ identity: Identity) -> [Request] {
        let me = Identity(playerID: identity.playerID, name: SafeText.strip(identity.name))
        player = me
        pendingRegistration = nil
        contact()
        var requests: [Request] = [.dismiss(RegisterDialog.self), .status("Registered as \(me.name) on \(place).")]
        // Registered after the server was away: the boards (and their titles) were never read.
        if boards.isEmpty { requests += send(.start) }
        if case .submit(let board, let code)? = pendingSubmission {
            pendingSubmission = nil
            requests += submit(board: board, code: code, what: Work(board: board))
        }
        return requests
    }

    private mutating func profileUpdated(_ profile: OwnProfile) -> [Request] {
        if var bests { bests.value.own = profile; self.bests = bests }
        if let me = player { player = Identity(playerID: me.playerID, name: SafeText.strip(profile.name)) }
        contact()
        return [.dismiss(RegisterDialog.self), .status("Profile saved.")]
    }

    private mutating func keysChanged(_ list: KeyList) -> [Request] {
        keys = list
        contact()
        return [.note(.keysChanged)]
    }

    /// A key added or removed: said, and the list read again as it now is.
    private mutating func keyAdded(_ added: KeyInfo) -> [Request] {
        contact()
        let label = added.label.isEmpty ? "" : " (\(SafeText.strip(added.label)))"
        return [.status("Added your \(SafeText.strip(added.type)) key\(label): it signs you in here over SSH too.")] + send(.keys)
    }

    private mutating func keyRemoved() -> [Request] {
        contact()
        return [.status("Removed that key: it signs no one in here any more.")] + send(.keys)
    }

    // MARK: What the player sends

    /// Submits the Studio's look or the Lab's swarm; registers first if need be.
    mutating func submit(board: String, code: String, what: Work) -> [Request] {
        let command = ScoresCommand.submit(board: board, code: code)
        if BoardID(board).kind == .style { (lastStyleCode, runwayOffer) = (code, nil) }
        guard player != nil else {
            pendingSubmission = command
            return [.push(RegisterDialog(self)), .status("Register on \(place) first; your \(what.rawValue) is sent as soon as you have.")]
        }
        if inFlight[command.key] != nil { return [.status("Already sending to that board — wait for its answer.")] }
        let words = what == .swarm ? "Verifying your swarm on \(place)…" : "Sending your look to \(place)…"
        return [said(words, about: board)] + send(command)
    }

    /// Words about a submission to `board`: on a swarm board they are about the Lab's challenge,
    /// and go when the Lab measures another (StatusLine.swift).
    private func said(_ words: String, about board: String) -> Request {
        BoardID(board).kind == .swarm ? .statusUntil(words, .challengeChanges) : .status(words)
    }

    private mutating func submitted(_ result: SubmissionResult, _ context: Context) -> [Request] {
        contact()
        if result.boardID == context.styleBoardID, result.score >= RunwayEntry.minimumScore(context.theme.rules), let code = lastStyleCode {
            runwayOffer = code
            return [.status(describe(result) + " y sends it down today's runway.")]
        }
        return [said(describe(result), about: result.boardID)]
    }

    private mutating func queued(outbox: Int, _ failure: ScoresFailure) -> [Request] {
        self.outbox = outbox
        lastDrain = now
        trouble(failure)
        return [.status("\(failure.message) — kept in the outbox (\(outbox) waiting); it's sent when \(place) answers.")]
    }

    private mutating func drained(sent: [SubmissionResult], dropped: [DroppedSubmission], waiting: Int) -> [Request] {
        outbox = waiting
        var words: [String] = []
        if !sent.isEmpty {
            let best = sent.compactMap(\.rank).min()
            words.append("Outbox sent \(sent.count) submission\(sent.count == 1 ? "" : "s")" + (best.map { " (best rank \($0))" } ?? ""))
        }
        if let first = dropped.first {
            words.append("\(dropped.count) couldn't count: \(SafeText.strip(first.reason))")
        }
        if waiting > 0 { words.append("\(waiting) still waiting") }
        contact()
        return [.status(words.joined(separator: "; ") + ".")]
    }

    private mutating func runwayEntered(_ entered: RunwayEntered) -> [Request] {
        contact()
        runwayOffer = nil
        let replaced = entered.replaced ? " It replaced your earlier entry, whose votes are gone." : ""
        let score = entered.enteredScore.map(String.init) ?? "?"
        let day = SafeText.strip(entered.day)
        if entered.show?.word == .swarm {
            return [.status("Your swarm (\(score) on today's Lab brief) is in the swarm show of \(day): players vote on it until the end of tomorrow (\(Screen.runway.number), then w, shows it).\(replaced)")]
        }
        return [.status("Your look (\(score) on the theme) is on the runway of \(day): players vote on it until the end of tomorrow (\(Screen.runway.number) shows it).\(replaced)")]
    }

    private mutating func donated(_ result: DonationResult) -> [Request] {
        let cause = causes?.value.causes.first { $0.id == result.causeID }.map { SafeText.strip($0.name) } ?? result.causeID
        contact()
        return [.dismiss(DonateDialog.self),
                .status("Gave \(result.points) points to \(cause) (now \(result.causeTotal) in all); you have \(result.pointsAvailable) left.")]
            + send(.contributors) + send(.causes) + send(.myBests)
    }

    /// "Style: Neon Night: scored 812, rank 3 — new personal best! Better than 95 % of today's players."
    func describe(_ result: SubmissionResult) -> String {
        let rank = result.rank.map { ", rank \($0)" } ?? ""
        let head = "\(title(of: result.boardID)): scored \(result.score)\(rank)"
        var standing = ""
        if let percentile = result.percentile, let players = result.players, players > 1 {
            standing = " Better than \(percentile) % of \(Self.crowd(of: BoardID(result.boardID)))."
        }
        if result.personalBest {
            return head + " — new personal best!" + (result.previousBest.map { " (was \($0.score))" } ?? "") + standing
        }
        return head + " — your best is still \(result.best.score)." + standing
    }

    /// Whose players a board's percentile is of, in words.
    static func crowd(of board: BoardID) -> String {
        switch board.period {
        case .day?: "today's players"
        case .week?: "this week's players"
        case .allTime? where board.kind == .swarm: "the season's players"
        default: "the board's players"
        }
    }

    // MARK: What failed

    private mutating func failed(_ command: ScoresCommand, _ failure: ScoresFailure) -> [Request] {
        switch command {
        case .register(let request) where [.offline, .timedOut, .unavailable].contains(failure.kind):
            // The server can't be reached: the registration waits, and so does the submission
            // that asked for it; both go when the server answers. Play goes on meanwhile.
            let first = pendingRegistration == nil
            pendingRegistration = request
            lastDrain = now
            trouble(failure)
            let waiting = pendingSubmission == nil ? "" : ", and your \(pendingSubmission.map(workWords) ?? "entry") is sent then"
            return [.dismiss(RegisterDialog.self)]
                + (first ? [.status("\(failure.message): you'll be registered as \(SafeText.strip(request.name)) as soon as it answers\(waiting). Play on.")] : [])
        case .register(let request):
            let retried = pendingRegistration != nil
            pendingRegistration = nil
            guard retried else { return [.note(.refused(.register, failure.message)), .status("Not registered: \(failure.message)")] }
            // Refused once the server answered (the name was taken meanwhile): ask again, in words.
            return [.push(RegisterDialog(self, name: SafeText.strip(request.name))), .note(.refused(.register, failure.message)), .status("Not registered: \(failure.message)")]
        case .updateProfile:
            return [.note(.refused(.register, failure.message)), .status("Profile not saved: \(failure.message)")]
        case .call(let asked) where asked.asks(APICalls.donate):
            return [.note(.refused(.donate, failure.message)), .status("Not given: \(failure.message)")]
        case .call where command.key == ScoresCommand.keys.key:
            return [.note(.refused(.keys, failure.message)), .status("Keys: \(failure.message)")]
        case .submit(let board, _):
            trouble(failure)
            return [said("Not counted on \(title(of: board)): \(failure.message)", about: board)]
        case .call(let asked) where asked.asks(APICalls.aroundMe) && failure.code == .noRecord:
            if let board = asked.path[.board] { arounds[board] = nil }
            contact()
        case .news:
            return newsFailed(failure)
        case .record:
            recordFailure = failure.message
            trouble(failure)
        default:
            if failure.kind == .unauthorized, failure.code == .notRegistered { return [] }
            trouble(failure)
        }
        return []
    }

    /// "look" or "swarm", for a submission waiting on its registration.
    private func workWords(_ command: ScoresCommand) -> String {
        if case .submit(let board, _) = command { return Work(board: board).rawValue }
        return "swarm"
    }
}
