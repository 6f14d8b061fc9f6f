// How a board's players spread: each player's best counted into bands of the board's scores,
// read from the rank index (two binary searches a band, never a scan of the records), and where
// the asking player's own best stands.
import Challenges
import GameState
import ScoresAPI

extension LeaderboardService {
    public func histogram(boardID: String, of: Spelled<HistogramOf> = Spelled(.score), player: PlayerRecord?) async throws -> BoardHistogram {
        try requireReady()
        let board = try board(boardID)
        let index = self.index.existing(board.id)
        if let cost = of.word, cost != .score {
            guard case .lab = board.kind else {
                throw LeaderboardError.invalid(.invalidHistogram, "this board keeps no costs of the recipes behind its scores: ask for of=score (a Lab brief's board keeps ingredients and agents)")
            }
            return costHistogram(board, cost, index: index, player: player)
        }
        // Only the contributors' bands depend on the board's top: no other board reads it.
        let top = board == .contributors ? index?.page(after: nil, limit: 1).first?.key.score ?? 0 : 0
        let bands = Self.histogramBands(board, top: top)
        // On a crews' board, the asking player's place is their crew's.
        let ranked = try await player.asyncFlatMap { try await crewNumber(of: $0.number, on: board) }
        let read = index?.snapshot(bands: bands, player: ranked) ?? (counts: bands.map { _ in 0 }, total: 0, entry: nil)
        let (counts, total) = (read.counts, read.total)
        let you = read.entry.map { HistogramYou(score: $0.key.score, rank: $0.rank, percentile: Percentile.of(rank: $0.rank, among: total)) }
        return BoardHistogram(board: board.id, of: .score, total: total,
                              buckets: zip(bands, counts).map { HistogramBucket(from: $0.lowerBound, to: $0.upperBound, count: $1) }, you: you)
    }

    /// A Lab board's bests counted by a cost: ingredients one by one, agents in twenties; `you`
    /// has your cost and the per cent of the others whose recipe costs more.
    func costHistogram(_ board: Board, _ cost: HistogramOf, index: BoardIndex?, player: PlayerRecord?) -> BoardHistogram {
        let ingredients = cost == .ingredients
        let bands: [ClosedRange<Int>] = ingredients ? (1...GameLimits.maxIngredients).map { $0...$0 }
            : stride(from: SwarmRules.minimumAgents, to: GameLimits.maxTotalPopulation, by: 20).map { $0...($0 + 20 >= GameLimits.maxTotalPopulation ? GameLimits.maxTotalPopulation : $0 + 19) }
        let path: KeyPath<LabCostsTally, [Int: Int]> = ingredients ? \.ingredients : \.agents
        let read = index?.costSnapshot(path, bands: bands, player: player?.number) ?? (counts: bands.map { _ in 0 }, total: 0, entry: nil, dearer: 0)
        let (counts, total) = (read.counts, read.total)
        var you: HistogramYou?
        if let entry = read.entry, let costs = LabCosts.costs(entry.key.detail) {
            let mine = ingredients ? costs.ingredients : costs.agents
            you = HistogramYou(score: Int64(mine), rank: entry.rank, percentile: total > 1 ? min(100, read.dearer * 100 / (total - 1)) : 100)
        }
        return BoardHistogram(board: board.id, of: cost, total: total,
                              buckets: zip(bands, counts).map { HistogramBucket(from: Int64($0.lowerBound), to: Int64($0.upperBound), count: $1) }, you: you)
    }

    /// The bands a board's scores are counted in: the 0–1000 boards in ScoreBands' hundreds (and
    /// 1000 alone); a crews' board in 200s to its most (and that alone); the contributors board, whose points have no ceiling, in powers of ten up to
    /// the one holding its top.
    static func histogramBands(_ board: Board, top: Int64) -> [ClosedRange<Int64>] {
        if case .crews = board.kind {
            // A crew's week: at most its counted members' seven full days, in 200s (and the top alone).
            let most = Int64(CrewRules.counted * 7 * WeekRules.dayCap)
            return stride(from: Int64(0), to: most, by: 200).map { $0...($0 + 199) } + [most...most]
        }
        guard board == .contributors else {
            return (0..<ScoreBands.count).map { band in
                let from = Int64(band * 100)
                return band == ScoreBands.count - 1 ? from...from : from...(from + 99)
            }
        }
        var bands: [ClosedRange<Int64>] = []
        var from: Int64 = 1
        repeat {
            let (to, overflow) = from.multipliedReportingOverflow(by: 10)
            bands.append(from...(overflow ? .max : to - 1))
            if overflow { break }
            from = to
        } while from <= top
        return bands
    }
}
