// What the Scores screen sends and what it does with the answers. Requests go out as effects
// and come back as messages, so nothing here ever waits on the network; an answer clears the
// trouble line, a failure keeps the last good data and says how old it is.
import Challenges
import GameState
import ScoresAPI

extension ScoresState {
    /// Whether the loop should send `.clock` about once a second.
    func wantsClock(onScreen: Bool) -> Bool { onScreen || !inFlight.isEmpty || outbox > 0 || !started || pendingRegistration != nil }

    /// Whether an answer is awaited (the loop then looks for it often).
    var awaiting: Bool { !inFlight.isEmpty }

    /// Sends a command unless the same one is already on its way.
    mutating func send(_ command: ScoresCommand) -> [Request] {
        if let sent = inFlight[command.key], now - sent < Self.lostSeconds { return [] }
        inFlight[command.key] = now
        return [.effect(.scores(command))]
    }

    mutating func clock(_ seconds: Double, onScreen: Bool) -> [Request] {
        now = seconds
        if !started {
            started = true
            return send(.start)
        }
        var requests: [Request] = []
        if outbox > 0, !isLocal, now - lastDrain >= Self.refreshSeconds, now >= quietUntil {
            lastDrain = now
            requests += send(.drainOutbox)
        }
        if let registration = pendingRegistration, player == nil, now - lastDrain >= Self.refreshSeconds, now >= quietUntil {
            lastDrain = now
            requests += send(.register(registration))
        }
        if onScreen, now - lastRefresh >= Self.refreshSeconds, now >= quietUntil {
            requests += refresh()
        }
        return requests
    }

    /// The day turned: ask for the boards again (today's style board is new), and if the screen
    /// was showing yesterday's style board, show today's when it arrives.
    mutating func dayTurned(from yesterday: String, to today: String) -> [Request] {
        if board?.id == yesterday || board == nil { follow = today }
        lastRefresh = -.infinity
        guard started else { return [] }
        return send(.start)
    }

    /// Asks again for what the current tab shows (conditional reads: unchanged costs a 304).
    mutating func refresh() -> [Request] {
        lastRefresh = now
        if boards.isEmpty { return send(.start) }
        switch tab {
        case .top: return board.map { send(.top(board: $0.id)) } ?? []
        case .around:
            guard player != nil else { return [] }
            return board.map { send(.around(board: $0.id)) } ?? []
        case .bests: return player == nil ? [] : send(.myBests)
        case .contributors: return send(.contributors)
        case .causes: return send(.causes) + (player == nil ? [] : send(.myBests))
        }
    }

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
        return [.status(words)] + send(command)
    }

    mutating func receive(_ event: ScoresEvent, _ context: Context) -> [Request] {
        if let settled = event.answers { inFlight[settled] = nil }
        switch event {
        case .identity(let place, let isLocal, let player, let outbox):
            self.place = SafeText.strip(place)
            self.isLocal = isLocal
            if self.player?.playerID != player?.playerID {
                arounds = [:]
                bests = nil
            }
            self.player = player.map { Identity(playerID: $0.playerID, name: SafeText.strip($0.name)) }
            self.outbox = outbox
            return []
        case .boards(let boards):
            let wanted = follow ?? board?.id
            follow = nil
            self.boards = boards
            boardIndex = wanted.flatMap { id in boards.firstIndex { $0.id == id } } ?? 0
            contact()
            return context.onScores ? refresh() : []
        case .top(let board, let answer):
            tops[board] = Dated(value: answer.value, at: now)
            contact()
        case .around(let board, let answer):
            arounds[board] = Dated(value: answer.value, at: now)
            contact()
        case .myBests(let own, let answer):
            bests = Dated(value: MyBests(own: own, profile: answer.value), at: now)
            contact()
        case .contributors(let answer):
            contributors = Dated(value: answer.value, at: now)
            contact()
        case .causes(let list):
            causes = Dated(value: list, at: now)
            contact()
        case .keys(let list, let said):
            keys = list
            contact()
            return [.note(.keysChanged)] + (said.map { [.status($0)] } ?? [])
        case .askName(let suggested):
            return [.push(RegisterDialog(self, name: SafeText.strip(suggested))),
                    .status("Choose the name your looks go under on this server (names are unique) — Esc to play first, p on Scores later.")]
        case .registered(let identity):
            let me = Identity(playerID: identity.playerID, name: SafeText.strip(identity.name))
            player = me
            pendingRegistration = nil
            lastRefresh = -.infinity
            contact()
            var requests: [Request] = [.dismiss(RegisterDialog.self), .status("Registered as \(me.name) on \(place).")]
            // Registered after the server was away: the boards (and their titles) were never read.
            if boards.isEmpty { requests += send(.start) }
            if case .submit(let board, let code)? = pendingSubmission {
                pendingSubmission = nil
                requests += submit(board: board, code: code, what: Work(board: board))
            }
            return requests
        case .profileUpdated(let profile):
            if var bests { bests.value.own = profile; self.bests = bests }
            if let me = player { player = Identity(playerID: me.playerID, name: SafeText.strip(profile.name)) }
            contact()
            // The boards show the new name (and avatar) now, not at the next refresh.
            return [.dismiss(RegisterDialog.self), .status("Profile saved.")] + (context.onScores ? refresh() : [])
        case .submitted(let result):
            lastRefresh = -.infinity
            contact()
            if result.boardID == context.styleBoardID, result.score >= RunwayEntry.minimumScore(context.theme.rules), let code = lastStyleCode {
                runwayOffer = code
                return [.status(describe(result) + " y sends it down today's runway.")]
            }
            return [.status(describe(result))]
        case .runwayEntered(let entered):
            contact()
            runwayOffer = nil
            let replaced = entered.replaced ? " It replaced your earlier entry, whose votes are gone." : ""
            return [.status("Your look (\(entered.styleScore) on the theme) is on the runway of \(entered.day): players vote on it until the end of tomorrow (6 shows it).\(replaced)")]
        case .runwayDay, .runwayPair, .runwayVoted:
            contact()
        case .queued(let board, let outbox, let failure):
            self.outbox = outbox
            lastDrain = now
            trouble(failure)
            return [.status("\(failure.message) — kept in the outbox (\(outbox) waiting); it's sent when \(place) answers.")]
        case .donated(let result):
            let cause = causes?.value.causes.first { $0.id == result.causeID }.map { SafeText.strip($0.name) } ?? result.causeID
            lastRefresh = -.infinity
            contact()
            return [.dismiss(DonateDialog.self),
                    .status("Gave \(result.points) points to \(cause) (now \(result.causeTotal) in all); you have \(result.pointsAvailable) left.")]
                + send(.contributors) + send(.causes) + send(.myBests)
        case .drained(let sent, let dropped, let waiting):
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
            lastRefresh = -.infinity
            contact()
            return [.status(words.joined(separator: "; ") + ".")]
        case .signedOut(let former, let failure):
            player = nil
            arounds = [:]
            bests = nil
            return [.dismiss(RegisterDialog.self), .dismiss(DonateDialog.self), .push(RegisterDialog(self, name: former.map(SafeText.strip) ?? "")),
                    .status("\(place) no longer knows you (\(failure.message)). Register again — your looks, swarms and outbox are kept.")]
        case .failed(let command, let failure):
            return failed(command, failure)
        }
        return []
    }

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
        case .donate:
            return [.note(.refused(.donate, failure.message)), .status("Not given: \(failure.message)")]
        case .keys, .addKey, .removeKey:
            return [.note(.refused(.keys, failure.message)), .status("Keys: \(failure.message)")]
        case .submit(let board, _):
            trouble(failure)
            return [.status("Not counted on \(title(of: board)): \(failure.message)")]
        case .around(let board) where failure.code == .noRecord:
            arounds[board] = nil
            contact()
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

    /// A failed contact: the data on screen stays, the header says how old it is.
    private mutating func trouble(_ failure: ScoresFailure) {
        guard failure.isTransient || failure.kind == .malformed else { return }
        if problem == nil || problem?.failure != failure { problem = .init(failure: failure, since: now) }
        if let wait = failure.retryAfter { quietUntil = now + Double(wait) }
    }

    private mutating func contact() {
        problem = nil
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
