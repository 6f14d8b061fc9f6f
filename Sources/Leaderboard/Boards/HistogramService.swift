// How a board's players spread: each player's best counted into bands of the board's scores,
// read from the rank index (two binary searches a band, never a scan of the records), and where
// the asking player's own best stands.
import ScoresAPI

extension LeaderboardService {
    public func histogram(boardID: String, of: Spelled<HistogramOf> = Spelled(.score), player: PlayerRecord?) async throws -> BoardHistogram {
        try requireReady()
        let board = try board(boardID)
        guard of.word == .score else {
            throw LeaderboardError.invalid(.invalidHistogram, "this board keeps no costs of the recipes behind its scores: ask for of=score")
        }
        let index = self.index.existing(board.id)
        let bands = Self.histogramBands(board, top: index?.page(after: nil, limit: 1).first?.key.score ?? 0)
        let counts = index?.counts(in: bands) ?? bands.map { _ in 0 }
        let total = index?.count ?? 0
        let you = player.flatMap { player in index?.entry(player: player.number) }.map {
            HistogramYou(score: $0.key.score, rank: $0.rank, percentile: Percentile.of(rank: $0.rank, among: total))
        }
        return BoardHistogram(board: board.id, of: .score, total: total,
                              buckets: zip(bands, counts).map { HistogramBucket(from: $0.lowerBound, to: $0.upperBound, count: $1) }, you: you)
    }

    /// The bands a board's scores are counted in: the 0–1000 boards in ScoreBands' hundreds (and
    /// 1000 alone); the contributors board, whose points have no ceiling, in powers of ten up to
    /// the one holding its top.
    static func histogramBands(_ board: Board, top: Int64) -> [ClosedRange<Int64>] {
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
