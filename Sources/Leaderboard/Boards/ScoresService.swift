// Submissions and board reads. A submission is a share code; the score is always recomputed here.
import Foundation
import GameState
import PlumeCalendar
import ScoresAPI

extension LeaderboardService {
    public func submit(_ player: PlayerRecord, _ request: SubmitRequest) async throws -> SubmissionResult {
        guard !player.banned else { throw LeaderboardError.banned }
        let board = try board(request.boardID)
        let at = now
        guard board.isOpen(at: at / 1000) else {
            let shown = info(board)
            throw LeaderboardError(.closed, .boardClosed, "\(shown.title) is closed: it took submissions until \(shown.closesAt ?? "")")
        }
        var boards = [board]
        // A swarm counts on its challenge's season board and on this week's board of the season
        // together, each scored on its own seeds (season 1 scored one seed for both).
        if case .swarm(let challenge, let week, let season) = board.kind {
            let thisWeek = ISOWeek(day: UTCDay.containing(milliseconds: at))
            boards.append(Board(.swarm(challenge: challenge, week: week == nil ? thisWeek : nil, season: season)))
        }
        // Both boards are scored before either is written, one after the other: a submission
        // holds at most one of the pool's slots (season 1's second board is a cache hit).
        var verifications: [Verification] = []
        for target in boards { verifications.append(try await verifier.verify(code: request.code, for: target)) }
        var outcomes: [(Board, Verification, SubmitOutcome)] = []
        for (target, verified) in zip(boards, verifications) {
            let record = ScoreRecord(board: target.id, player: player.number, score: verified.score, detail: verified.detail,
                                     code: ShareCode.encode(verified.state), at: at)
            outcomes.append((target, verified, try await store.submit(record)))
        }
        // A day's look or Lab swarm may be the player's first week points (a seat in a league),
        // and raises their crew's score.
        if outcomes.contains(where: { BoardID($0.0.id).earnsWeekPoints }) { await weekPointsRose(player.number, at: at) }
        try await catchUp()
        // The score is kept whatever happens to its news: a friend's item not written (the
        // database failing between the two) is not worth answering a kept submission with an error.
        for (target, _, outcome) in outcomes where outcome.improved {
            try? await tellFollowersPassed(by: player, board: target, before: outcome.previous?.key, after: outcome.best.key)
        }
        let results = outcomes.map { target, verified, outcome in
            let board = index.existing(target.id)
            let entry = board?.entry(player: player.number), players = board?.count
            return SubmissionResult(boardID: target.id, score: verified.score, detail: verified.detail, rank: entry?.rank,
                                    players: players, percentile: entry.flatMap { entry in players.map { Percentile.of(rank: entry.rank, among: $0) } },
                                    tied: entry?.tied ?? false, personalBest: outcome.improved,
                                    previousBest: outcome.previous.map(Self.summary), best: Self.summary(outcome.best), also: nil)
        }
        var first = results[0]
        if results.count > 1 { first.also = Array(results.dropFirst()) }
        return first
    }

    static func summary(_ record: ScoreRecord) -> BestSummary {
        BestSummary(score: record.score, detail: record.detail, at: Timestamp.iso(milliseconds: record.at), code: record.code)
    }

    /// The first page of a board, pre-encoded and cached until the board changes.
    public func topPage(boardID: String, limit: Int) async throws -> EncodedPage {
        try requireReady()
        let board = try board(boardID)
        let limit = try Self.checkedLimit(limit)
        // A page kept while the board was anonymous is not the page once voting has closed.
        let variant = String(limit) + (sealedDay(of: board) == nil ? "" : "-anonymous")
        if let page = pages.page(board: board.id, variant: variant) { return page }
        let stamp = pages.stamp(board: board.id)
        let page = EncodedPage(body: Array(try Self.encoder.encode(try await top(board: board, limit: limit, cursor: nil))))
        pages.store(page, board: board.id, variant: variant, stamp: stamp)
        return page
    }

    public func top(boardID: String, limit: Int, cursor: String?) async throws -> BoardPage {
        try requireReady()
        let board = try board(boardID)
        let key = try cursor.map { text throws(LeaderboardError) in try PageCursor.decode(text) }
        return try await top(board: board, limit: try Self.checkedLimit(limit), cursor: key)
    }

    func top(board: Board, limit: Int, cursor: RankKey?) async throws -> BoardPage {
        let entries = index.existing(board.id)?.page(after: cursor, limit: limit + 1) ?? []
        let shown = Array(entries.prefix(limit))
        let next = entries.count > limit ? shown.last.map { PageCursor.encode($0.key) } : nil
        return BoardPage(board: info(board), rows: try await rows(board: board, shown), nextCursor: next)
    }

    /// The signed-in player's own neighbourhood: their own row keeps its code even while the
    /// Runway keeps the board anonymous.
    public func around(boardID: String, player: PlayerRecord, radius: Int) async throws -> BoardPage {
        try requireReady()
        return try await around(board: try board(boardID), player: player, radius: radius, viewer: player.number)
    }

    public func around(boardID: String, playerID: String, radius: Int) async throws -> BoardPage {
        try requireReady()
        let board = try board(boardID)
        try requireNamesShown(board)
        return try await around(board: board, player: try await visiblePlayer(playerID), radius: radius, viewer: nil)
    }

    func around(board: Board, player: PlayerRecord, radius: Int, viewer: Int64?) async throws -> BoardPage {
        guard LeaderboardLimits.aroundRadius.contains(radius) else {
            throw LeaderboardError.invalid(.invalidRadius, "radius must be a whole number from \(LeaderboardLimits.aroundRadius.lowerBound) to \(LeaderboardLimits.aroundRadius.upperBound)")
        }
        let ranked = try await crewNumber(of: player.number, on: board)
        let entries = ranked.flatMap { index.existing(board.id)?.around(player: $0, radius: radius) } ?? []
        guard !entries.isEmpty else {
            if case .crews = board.kind {
                throw LeaderboardError(.notFound, .noRecord, ranked == nil ? "\(player.name.map { SafeText.quoted($0) } ?? "that player") is in no crew that week"
                                       : "\(player.name.map { SafeText.quoted($0) } ?? "that player")'s crew has no week points on \(info(board).title) yet")
            }
            throw LeaderboardError(.notFound, .noRecord, "\(player.name.map { SafeText.quoted($0) } ?? "that player") has no record on \(info(board).title) yet")
        }
        return BoardPage(board: info(board), rows: try await rows(board: board, entries, viewer: viewer), nextCursor: nil)
    }

    public func standing(boardID: String, playerID: String) async throws -> Standing {
        try requireReady()
        let board = try board(boardID)
        try requireNamesShown(board)
        let player = try await visiblePlayer(playerID)
        guard let ranked = try await crewNumber(of: player.number, on: board), let entry = index.existing(board.id)?.entry(player: ranked),
              let row = try await rows(board: board, [entry]).first else {
            throw LeaderboardError(.notFound, .noRecord, "\(SafeText.quoted(player.name ?? "")) has no record on \(info(board).title) yet")
        }
        return Standing(board: info(board), row: row)
    }

    /// Fills ranked keys with names, codes and avatars from the store. A row whose record
    /// vanished between the index read and this one is left out rather than shown half-filled.
    /// While the board's runway takes votes, the rows give no look away but the viewer's own
    /// (`anonymised`).
    func rows(board: Board, _ entries: [RankedKey], viewer: Int64? = nil) async throws -> [BoardRow] {
        if case .crews = board.kind { return try await crewRows(entries) }
        let details = try await store.records(board: board.id, players: entries.map(\.key.player))
        let sealed = sealedDay(of: board) != nil
        return entries.compactMap { entry in
            guard let detail = details[entry.key.player] else { return nil }
            let row = BoardRow(rank: entry.rank, playerID: detail.publicID, name: detail.name ?? Self.formerPlayer, score: entry.key.score,
                               detail: entry.key.detail, at: Timestamp.iso(milliseconds: entry.key.at), code: detail.record.code,
                               avatarLook: detail.avatarCode, tied: entry.tied)
            return detail.record.player == viewer ? row : anonymised(row, board: board, sealed: sealed)
        }
    }

    /// A crews' board's rows: each crew's name and id (no player, code or avatar).
    func crewRows(_ entries: [RankedKey]) async throws -> [BoardRow] {
        let crews = try await store.crews(entries.map(\.key.player))
        return entries.compactMap { entry in
            crews[entry.key.player].map { crew in
                BoardRow(rank: entry.rank, playerID: "", name: crew.name, score: entry.key.score, detail: entry.key.detail,
                         at: Timestamp.iso(milliseconds: entry.key.at), code: "", tied: entry.tied, crewID: crew.publicID)
            }
        }
    }

    static func checkedLimit(_ limit: Int) throws(LeaderboardError) -> Int {
        guard LeaderboardLimits.pageRows.contains(limit) else {
            throw .invalid(.invalidLimit, "limit must be a whole number from \(LeaderboardLimits.pageRows.lowerBound) to \(LeaderboardLimits.pageRows.upperBound)")
        }
        return limit
    }

    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }()
}
