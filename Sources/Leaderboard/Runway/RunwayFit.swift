// The Runway's fit: the refresh passes that read each show's new entries and judgements (each
// day has two, looks and swarms, fitted apart), refit the people's choice (warm while votes flow, from nothing once they stop), and write the
// people's boards; the sealing key for tickets; and the figures /metrics shows.
import Challenges
import Crypto
import Foundation
import GameState
import PlumeCalendar
import Runway
import ScoresAPI

extension LeaderboardService {
    static let refitOptions: PeoplesChoice.Options = {
        var options = PeoplesChoice.Options()
        options.rounds = 1
        return options
    }()

    // MARK: The fit

    /// The key tickets are sealed with: one per database, made by the first process to need it.
    func runwayKey() async throws -> SymmetricKey {
        if let key = runway.key.withLock({ $0 }) { return key }
        let proposed = RunwayTicket.newKey().withUnsafeBytes { Base64URL.encode(Array($0)) }
        let stored = try await store.secret(named: Self.runwayKeyName, proposed: proposed)
        guard let bytes = try? Base64URL.decode(stored.utf8), bytes.count == 32 else {
            throw LeaderboardError(.unavailable, .storageUnavailable, "the runway's ticket key in the database is damaged", retryAfter: 60)
        }
        let key = SymmetricKey(data: bytes)
        runway.key.withLock { $0 = key }
        return key
    }

    /// Brings every runway still taking votes up to date with the store: new entries and
    /// judgements, a refit, and the people's-board records that changed. Passes run one at a time.
    ///
    /// A settled pass (the default: a test, the local board, an entry) fits every new vote at once
    /// and writes every record that differs. The background passes (`keepRunway`) refit at most
    /// once per `runwayRefitInterval` and leave a record alone while its score is within a point
    /// of the fit and its votes are unchanged: on a busy day of 10 000 looks every refit moves
    /// hundreds of scores by a rounding, and rewriting them all would take the writer from the
    /// votes. A day whose voting closes gets one settled write as it leaves.
    public func refreshRunway(settled: Bool = true) async throws {
        if settled { runway.settleWanted.withLock { $0 = true } }
        try await runway.passes.pass { [self] in
            let settled = runway.settleWanted.withLock { wanted in defer { wanted = false }; return wanted }
            let active = activeRunways
            let asked = runway.closedDays.withLock { asked in defer { asked = [] }; return asked }.flatMap(runwayKeys(day:))
            let leaving = runway.days.withLock { days in Set(days.keys).union(asked).filter { !active.contains($0) } }.sorted()
            for key in leaving {
                try await refreshRunway(key, settled: true)
                runway.days.withLock { _ = $0.removeValue(forKey: key) }
            }
            for key in active { try await refreshRunway(key, settled: settled) }
            resealRunways()
        }
    }

    /// Fits a day whose voting has closed from every vote (both shows), writes its people's boards
    /// where they differ, and lets it go: the final board, whether or not a process held the day as its
    /// voting ended. It is one of the days the next refresh pass lets go (a pass of its own would
    /// be shared by callers that asked for a refresh of the runways still open, and not do it).
    func settleRunway(_ day: Int) async throws {
        runway.closedDays.withLock { _ = $0.insert(day) }
        try await refreshRunway(settled: true)
    }

    private func refreshRunway(_ key: RunwayKey, settled: Bool) async throws {
        // The pass takes the day's votes out of the state the other requests share, and puts its
        // own back when it is done: appending to an array shared with that copy would copy it
        // whole first (32 MB at a million votes, every pass).
        var state = runway.days.withLock { days -> RunwayDayState in
            guard let held = days[key] else { return RunwayDayState() }
            days[key]?.votes = []
            return held
        }
        let dealtBefore = state.dealt
        var read = RunwayRead(changed: state.entriesReadAt == nil)
        do {
            try await readRunway(key, into: &state, &read, settled: settled)
        } catch {
            // What was read stays read (each judgement moves the last id read with it).
            keepRunway(key, state, dealtBefore: dealtBefore, rebuilt: read.rebuilt)
            throw error
        }
        let due = state.fittedAt.map { ContinuousClock.now - $0 >= LeaderboardLimits.runwayRefitInterval } ?? true
        let fitting = (read.changed || state.fittedVotes != state.voteCount || state.fit.strengths.count != state.entries.count)
            && (settled || read.rebuilt || due)
        // Once the votes stop for a moment, the board settles: a fit from nothing, as a fresh
        // process on this database would make, written exactly. The warm refits while votes
        // arrive are one round each and may stand a few points from it.
        if read.changed { state.changedAt = .now }
        let quiet = state.changedAt.map { ContinuousClock.now - $0 >= LeaderboardLimits.runwaySettleAfter } ?? true
        let settling = !fitting && quiet && state.settledVotes != state.voteCount
        let warm = fitting && !read.rebuilt && !state.fit.strengths.isEmpty
        if fitting || settling { await fitRunway(&state, warm: warm) }
        let fitted = state
        keepRunway(key, fitted, dealtBefore: dealtBefore, rebuilt: read.rebuilt)
        let exact = settled || settling
        if fitting || exact {
            let full = exact || fitted.boardWrittenAt.map { ContinuousClock.now - $0 >= LeaderboardLimits.runwayRewriteInterval } ?? true
            if try await writePeoplesBoard(key, fitted, exact: exact, full: full) {
                runway.days.withLock { $0[key]?.boardWrittenAt = .now }
            }
        }
        // A fit from nothing, written exactly, is the settled board.
        if (fitting || settling) && exact && !warm {
            runway.days.withLock { $0[key]?.settledVotes = fitted.voteCount }
        }
    }

    /// What a pass read: whether anything new came, and whether the day was counted again.
    private struct RunwayRead {
        var changed: Bool
        var rebuilt = false
    }

    /// Reads a show's new entries and judgements into `state`. A list of entries that is not the
    /// last one plus new looks (one was replaced or left the runway) counts the day again from
    /// its first vote.
    private func readRunway(_ key: RunwayKey, into state: inout RunwayDayState, _ read: inout RunwayRead, settled: Bool) async throws {
        func readEntries() async throws {
            let entries = try await store.runwayEntries(day: key.day, show: key.show)
            if entries != state.entries {
                if entries.starts(with: state.entries) {
                    for entry in entries.dropFirst(state.entries.count) { state.append(entry) }
                } else {
                    let newest = state.newestEntry
                    state = RunwayDayState(entries: entries)
                    state.newestEntry = newest
                    read.rebuilt = true
                }
                read.changed = true
            }
            state.newestEntry = max(state.newestEntry, entries.last?.id ?? 0)
            state.entriesReadAt = .now
        }
        let stale = runway.staleEntries.withLock { $0.remove(key) != nil }
        if settled || stale || state.entriesReadAt.map({ ContinuousClock.now - $0 >= .seconds(1) }) ?? true { try await readEntries() }
        // A judgement can name a look entered after the entries were read (another process dealt
        // it): the entries are read again, after the judgement, when they must show it. Up to
        // `trusted`, a look the entries do not show has left the runway.
        var trusted: Int64 = 0
        reading: while true {
            let batch = try await store.runwayJudgements(day: key.day, show: key.show, after: state.lastJudgement,
                                                         limit: LeaderboardLimits.runwayReadBatch)
            for judgement in batch {
                if judgement.id > trusted, max(judgement.left, judgement.right) > state.newestEntry {
                    try await readEntries()
                    trusted = batch.last?.id ?? judgement.id
                    continue reading
                }
                if state.read(judgement) { read.changed = true }
            }
            if batch.count < LeaderboardLimits.runwayReadBatch { break }
        }
    }

    /// Fits every vote read: from the previous fit, one round of reliabilities (`warm`); from
    /// nothing, the full four. A fit of a big day takes a good fraction of a second, so it runs
    /// off the threads that answer requests.
    private func fitRunway(_ state: inout RunwayDayState, warm: Bool) async {
        state.fittedAt = .now
        state.fittedVotes = state.voteCount
        // A warm fit unsettles the board; a fit from nothing settles it once written.
        if warm { state.settledVotes = nil }
        let (entries, voters, votes, previous) = (state.entries.count, state.voters.count, state.votes, warm ? state.fit : nil)
        let started = ContinuousClock.now
        state.fit = await Self.offCooperativeThreads {
            PeoplesChoice.fit(entries: entries, voters: voters, votes: votes, previous: previous,
                              options: warm ? Self.refitOptions : PeoplesChoice.Options())
        }
        state.fitSeconds = (ContinuousClock.now - started) / .seconds(1)
        state.dealer.update(state.fit)
    }

    /// Puts a pass's state in place; deals made while the pass ran stay counted.
    private func keepRunway(_ key: RunwayKey, _ state: RunwayDayState, dealtBefore: [Int], rebuilt: Bool) {
        runway.days.withLock { days in
            var next = state
            if !rebuilt, let current = days[key] {
                for at in dealtBefore.indices where at < current.dealt.count {
                    next.dealt[at] = max(0, next.dealt[at] + current.dealt[at] - dealtBefore[at])
                }
            }
            days[key] = next
        }
    }

    /// The runways' shows this process holds, for /metrics.
    public var runwayStatus: [RunwayStatus] {
        runway.days.withLock { days in
            days.sorted { $0.key < $1.key }.map { key, state in
                RunwayStatus(day: key.day, show: key.show, entries: state.entries.count, votes: state.voteCount, fittedVotes: state.fittedVotes,
                             voters: state.voters.count, unreliableVoters: state.fit.voterWeights.filter { $0 < 1.0 / 3 }.count,
                             fitSeconds: state.fitSeconds, settled: state.settledVotes == state.voteCount)
            }
        }
    }

    /// Runs CPU-bound work on a thread of its own, so that the cooperative pool stays free.
    static func offCooperativeThreads<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async { continuation.resume(returning: work()) }
        }
    }

    /// Writes the people's-board records that differ from the rank index's. When `exact`, every
    /// difference. Otherwise new and replaced looks at once, and the looks whose score moved by
    /// more than a point or whose vote count changed when `full` is due or they are few: each warm
    /// refit of a busy day moves thousands of scores by a few points as the fit keeps converging,
    /// and rewriting them after every refit would take the writer from the votes. Returns whether
    /// every such change was written.
    private func writePeoplesBoard(_ key: RunwayKey, _ state: RunwayDayState, exact: Bool, full: Bool) async throws -> Bool {
        let board = key.board.id
        let ranked = index.existing(board)
        var records: [ScoreRecord] = [], moved: [ScoreRecord] = []
        for (at, entry) in state.entries.enumerated() where at < state.fit.strengths.count {
            let record = ScoreRecord(board: board, player: entry.player, score: Int64(state.fit.score(of: at).score),
                                     detail: Double(state.received[at]), code: entry.code, at: entry.at)
            guard let stored = ranked?.entry(player: entry.player)?.key else {
                records.append(record)
                continue
            }
            if stored == record.key { continue }
            if exact || stored.at != record.at {
                records.append(record)
            } else if stored.detail != record.detail || abs(stored.score - record.score) > 1 {
                moved.append(record)
            }
        }
        let all = full || moved.count <= LeaderboardLimits.runwayRewritesAtOnce
        if all { records += moved }
        if !records.isEmpty {
            try await store.writePeoplesChoice(records, at: now)
            try await catchUp()
        }
        return all
    }

    /// Refreshes the runways in the background: every `interval`, and at once when woken.
    public func keepRunway(every interval: Duration, report: @escaping @Sendable (any Error) -> Void = { _ in }) async {
        while !Task.isCancelled {
            do { try await refreshRunway(settled: false) } catch { report(error) }
            try? await Task.sleep(for: interval)
        }
    }
}
