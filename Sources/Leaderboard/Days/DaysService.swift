// The day that carries over: a player's record of days (kept as records arrive, read from one
// row, the bands and an index page — never by scanning their history), their news, and the
// closing passes that write news when a day's style board closes, when its runway does, and when
// its swarm show does.
//
// A closing pass may run on any server, on several at once, or stop half-way: each item is one
// row per (player, kind, day, subject), inserted unless there, so a pass run twice writes
// nothing twice; a day is marked closed only once all its items are in, so a pass cut short is
// done again.
import Challenges
import PlumeCalendar
import ScoresAPI

extension LeaderboardService {
    // MARK: The record

    public func record(playerID: String, limit: Int = LeaderboardLimits.defaultRecordDays, cursor: String?) async throws -> PlayerDays {
        try requireReady()
        let player = try await visiblePlayer(playerID)
        guard LeaderboardLimits.recordDays.contains(limit) else {
            throw LeaderboardError.invalid(.invalidLimit, "limit must be a whole number from \(LeaderboardLimits.recordDays.lowerBound) to \(LeaderboardLimits.recordDays.upperBound)")
        }
        // The cursor is the last day of the page before; the next page holds the days before it.
        var before = "style-9"
        if let cursor {
            guard cursor.utf8.count == 10, let day = UTCDay.parse(cursor[...]) else {
                throw LeaderboardError.invalid(.invalidCursor, "a record's cursor is a day, YYYY-MM-DD: the next_cursor of the page before")
            }
            before = Board(.style(day: day)).id
        }
        let totals = try await store.dayTotals(player: player.number)
        let bands = try await store.scoreBands(player: player.number)
        let played = try await store.playedBoards(player: player.number, before: before, limit: limit + 1)
        let days = played.prefix(limit).compactMap { board, score -> RecordDay? in
            guard case .style(let day) = BoardID(board) else { return nil }
            let style = index.existing(board), people = index.existing(Board(.people(day: day)).id)
            // A people's rank is said once that runway's voting has closed (Anonymity).
            let onRunway = sealedDay(of: Board(.people(day: day))) == nil ? people?.entry(player: player.number) : nil
            return RecordDay(day: UTCDay.string(day), score: score, rank: style?.entry(player: player.number)?.rank, entries: style?.count ?? 0,
                             peopleRank: onRunway?.rank, peopleEntries: onRunway == nil ? nil : people?.count)
        }
        let today = self.today
        let banners = try await store.banners(player: player.number).map { kept in
            kept.kind.word.map { Banner(kind: $0, tier: kept.tier, earnedAt: Timestamp.iso(milliseconds: kept.at)) }
                ?? Banner(id: kept.kind, name: kept.kind.rawValue, tier: kept.tier, tierName: BannerTiers.name(kept.tier), words: "",
                          earnedAt: Timestamp.iso(milliseconds: kept.at))
        }
        return PlayerDays(playerID: player.publicID, daysPlayed: totals?.daysPlayed ?? 0, streak: totals?.streak(today: today) ?? 0,
                          bestStreak: totals?.bestStreak ?? 0, lastPlayed: totals.map { UTCDay.string($0.lastDay) }, today: UTCDay.string(today),
                          bands: bands, days: days, nextCursor: played.count > limit ? days.last?.day : nil,
                          banners: banners)
    }

    // MARK: News

    /// The player's news after item `after`, oldest first.
    public func news(_ player: PlayerRecord, after: Int64) async throws -> NewsPage {
        guard after >= 0 else { throw LeaderboardError.invalid(.invalidCursor, "after is the id of the last news item read (0 for all), a whole number") }
        let limit = LeaderboardLimits.newsPage
        let stored = try await store.news(player: player.number, after: after, limit: limit + 1)
        let items = stored.prefix(limit).map { item in
            NewsItem(id: item.id, at: Timestamp.iso(milliseconds: item.at), kind: item.draft.kind, day: UTCDay.string(item.draft.day),
                     text: item.draft.text, rank: item.draft.rank, of: item.draft.total, score: item.draft.score, votes: item.draft.votes,
                     streak: item.draft.streak)
        }
        return NewsPage(items: items, more: stored.count > limit)
    }

    // MARK: Closing passes

    /// Writes the news of every day and runway that closed in the last week and has not been
    /// closed yet, and forgets news older than `News.keptDays`. Passes run one at a time; a caller
    /// arriving during one shares the next.
    public func closeDays() async throws {
        try await closer.pass { [self] in
            let today = self.today
            let first = max(UTCDay.firstSeasonDay, today - LeaderboardLimits.closingLookbackDays)
            guard first < today else { return }
            let done = try await store.closings(since: first)
            for day in first..<today where !done.contains(ClosedDay(closing: .day, day: day)) {
                try await closeDay(day)
            }
            // A runway closes when its voting does (the start of day + 2), after its final board
            // is written — by this pass when no server held the day as its voting ended.
            // The swarm show closes with its day's runway (from the Lab's first day): one settled
            // fit of the day's shows, then the news of each not yet closed.
            for day in first..<(today - 1) {
                let runwayDone = done.contains(ClosedDay(closing: .runway, day: day))
                let showDone = day < SwarmShowEntry.firstDay || done.contains(ClosedDay(closing: .swarmShow, day: day))
                guard !runwayDone || !showDone else { continue }
                try await settleRunway(day)
                if !runwayDone { try await closeRunway(day) }
                if !showDone { try await closeSwarmShow(day) }
            }
            try await closeWeeks()
            // Crews whose members' weeks rose without a count (places credited above, a server
            // stopped between a play and its count); memberships that ended with a past week.
            try await recountCrews()
            try await store.pruneCrewLeavers(before: WeekRules.monday(ofDay: today))
            try await store.pruneNews(before: now - Int64(News.keptDays) * UTCDay.seconds * 1000)
        }
    }

    /// Runs the closing passes in the background: every `interval`, until cancelled.
    public func keepClosing(every interval: Duration, report: @escaping @Sendable (any Error) -> Void = { _ in }) async {
        while !Task.isCancelled {
            do { try await closeDays() } catch { report(error) }
            try? await Task.sleep(for: interval)
        }
    }

    /// A day's style board closed: each player on it hears their final rank; each streak that
    /// ended the day before and was not carried on hears it ended.
    func closeDay(_ day: Int) async throws {
        let theme = book.theme(forDay: day).name
        let ranked = index.existing(Board(.style(day: day)).id).map { $0.page(after: nil, limit: $0.count) } ?? []
        var drafts = ranked.map { entry in
            News.dayClosed(player: entry.key.player, day: day, theme: theme, rank: entry.rank, of: ranked.count, score: entry.key.score)
        }
        drafts += try await store.streaksEnding(lastDay: day - 1, atLeast: 2).map { News.streakEnded(player: $0.player, missed: day, streak: $0.streak) }
        try await write(drafts)
        // The day's Lab brief closed with its style board: its top tenth steps toward Lab Ace.
        let lab = index.existing(Board(.lab(day: day)).id).map { $0.page(after: nil, limit: $0.count) } ?? []
        if lab.count >= BannerKind.labBoardAtLeast {
            let better = lab.filter { Percentile.of(rank: $0.rank, among: lab.count) >= BannerKind.labBetterThan }.map(\.key.player)
            try await store.bannerSteps(better, .lab, about: "lab-" + UTCDay.string(day), at: now)
        }
        try await store.markClosed(.day, day: day, at: now)
    }

    /// A day's runway closed: each look on its people's board hears its final rank and votes.
    func closeRunway(_ day: Int) async throws {
        let ranked = index.existing(Board(.people(day: day)).id).map { $0.page(after: nil, limit: $0.count) } ?? []
        try await write(ranked.map { entry in
            News.runwayClosed(player: entry.key.player, day: day, rank: entry.rank, of: ranked.count, score: entry.key.score, votes: Int(entry.key.detail))
        })
        try await tellFollowersOfRunway(day, show: .look, ranked)
        try await creditPlaces(day, ranked)
        let top = ranked.filter { $0.rank <= BannerKind.runwayTop }.map(\.key.player)
        try await store.bannerSteps(top, .runway, about: "people-" + UTCDay.string(day), at: now)
        try await store.markClosed(.runway, day: day, at: now)
    }

    /// A day's swarm show closed: each swarm on its people's board hears its final rank and votes.
    func closeSwarmShow(_ day: Int) async throws {
        let ranked = index.existing(Board(.swarmShow(day: day)).id).map { $0.page(after: nil, limit: $0.count) } ?? []
        try await write(ranked.map { entry in
            News.swarmShowClosed(player: entry.key.player, day: day, rank: entry.rank, of: ranked.count, score: entry.key.score,
                                 votes: Int(entry.key.detail))
        })
        try await tellFollowersOfRunway(day, show: .swarm, ranked)
        try await creditPlaces(day, ranked)
        try await store.markClosed(.swarmShow, day: day, at: now)
    }

    /// A show of `day` closed: each entry's place counts toward its player's week on the day after
    /// its voting closed (a day's shows take votes to the end of the next day), so a Saturday's and
    /// a Sunday's shows count in the week after. Entries on the same people's score share the
    /// first one's place.
    func creditPlaces(_ day: Int, _ ranked: [RankedKey]) async throws {
        var places: [(player: Int64, points: Int)] = [], shared = 0
        for (index, entry) in ranked.enumerated() {
            if index == 0 || entry.key.score != ranked[index - 1].key.score { shared = entry.rank }
            places.append((entry.key.player, WeekRules.placePoints(rank: shared, of: ranked.count)))
        }
        try await store.creditPlaces(places, onDay: day + 2, at: now)
    }

    /// News items in transactions of `LeaderboardLimits.closingBatch`.
    func write(_ drafts: [NewsDraft]) async throws {
        let at = now
        var start = 0
        while start < drafts.count {
            let end = min(drafts.count, start + LeaderboardLimits.closingBatch)
            try await store.addNews(Array(drafts[start..<end]), at: at)
            start = end
        }
    }
}
