// Histograms of a board (GET /v1/boards/{board}/histogram): each visible player's best counted
// once into its band, read from the rank index, checked against the bests themselves sorted and
// bucketed by hand — on both stores, with hidden records, a banned player and ties on the bands'
// edges; `you` is the asking player's rank and the share of the others ranked below.
import Challenges
import Foundation
import GameState
import Testing
@testable import Leaderboard
import PlumeTestSupport
import ScoresAPI

@Suite struct HistogramTests {
    static let bands: [ClosedRange<Int64>] = {
        var bands: [ClosedRange<Int64>] = []
        for band in 0..<10 {
            let from = Int64(band) * 100
            bands.append(from...(from + 99))
        }
        return bands + [1000...1000]
    }()

    @Test(arguments: StoreKind.allCases) func bucketsCountEachVisibleBestOnce(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind)
        let store = service.store
        let board = "swarm-fill"
        var random = SplitMix64(seed: 2026)
        // The bands' edges, ties on them, then random scores.
        let edges: [Int64] = [0, 0, 99, 100, 100, 199, 200, 899, 900, 999, 999, 1000, 1000, 1000]
        var players: [(record: PlayerRecord, score: Int64)] = []
        for number in 0..<260 {
            let player = try await store.createPlayer(NewPlayer(publicID: Secrets.newPlayerID(), name: "h\(number)", nameKey: "h\(number)",
                                                                email: nil, updatesOptIn: false, avatarCode: nil, tokenHash: "h\(number)", createdAt: 0))
            let score = number < edges.count ? edges[number] : Int64.random(in: 0...1000, using: &random)
            _ = try await store.submit(ScoreRecord(board: board, player: player.number, score: score, detail: Double(number % 5),
                                                   code: "h\(number)", at: Int64(number)))
            players.append((player, score))
        }
        // A player's better best replaces the old one: counted once, in the new band.
        _ = try await store.submit(ScoreRecord(board: board, player: players[20].record.number, score: 1000, detail: 9, code: "h20b", at: 999))
        players[20].score = 1000
        // Hidden records and a banned player are not on the board, nor in its histogram.
        let hidden = [3, 11, 40, 41]
        for index in hidden { #expect(try await service.hide(board: board, player: players[index].record)) }
        try await service.setBanned(players[12].record, true)
        try await service.catchUp()

        let visible = players.enumerated().filter { !hidden.contains($0.offset) && $0.offset != 12 }.map(\.element)
        let histogram = try await service.histogram(boardID: board, player: nil)
        #expect(histogram.board == board && histogram.of.word == .score && histogram.you == nil)
        #expect(histogram.total == visible.count && histogram.buckets.map(\.count).reduce(0, +) == visible.count)
        #expect(histogram.buckets.map { $0.from...$0.to } == Self.bands)
        #expect(histogram.buckets.map(\.count) == Self.bands.map { band in visible.filter { band.contains($0.score) }.count })
        #expect(histogram.buckets.last?.count ?? 0 >= 2 && histogram.buckets.first?.count ?? 0 >= 3, "the edges and the ties on them")

        // You: your rank on the board, and the share of the others below.
        let ranked = try await service.top(boardID: board, limit: 100, cursor: nil).rows
        for row in [ranked[0], ranked[1], ranked[57], ranked[99]] {
            let player = try #require(visible.first { $0.record.publicID == row.playerID }?.record)
            let you = try #require(try await service.histogram(boardID: board, player: player).you)
            #expect(you.rank == row.rank && you.score == row.score)
            #expect(you.percentile == (visible.count - row.rank) * 100 / (visible.count - 1))
        }
        #expect(try await service.histogram(boardID: board, player: players[3].record).you == nil, "a hidden record has no place")
        #expect(Percentile.of(rank: 1, among: 1) == 100 && Percentile.of(rank: 5, among: 5) == 0 && Percentile.of(rank: 2, among: 3) == 50)

        // A new best moves one player between bands; the total stays.
        let mover = visible.first { (100...199).contains($0.score) }!
        _ = try await store.submit(ScoreRecord(board: board, player: mover.record.number, score: 950, detail: 0, code: "moved", at: 2000))
        try await service.catchUp()
        let after = try await service.histogram(boardID: board, player: mover.record)
        #expect(after.total == histogram.total && after.buckets[1].count == histogram.buckets[1].count - 1
                && after.buckets[9].count == histogram.buckets[9].count + 1)
        #expect(after.you?.score == 950)
    }

    @Test(arguments: StoreKind.allCases) func refusalsAndEmptyBoards(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind)
        let empty = try await service.histogram(boardID: "style-2026-11-22", player: nil)
        #expect(empty.total == 0 && empty.buckets.count == 11 && empty.buckets.allSatisfy { $0.count == 0 })
        let contributors = try await service.histogram(boardID: "contributors", player: nil)
        #expect(contributors.buckets.map { $0.from...$0.to } == [1...9])
        do {
            _ = try await service.histogram(boardID: "style-2026-11-22", of: Spelled(.agents), player: nil)
            Issue.record("costs of a board that keeps none")
        } catch let error as LeaderboardError {
            #expect(error.code == .invalidHistogram && error.message.contains("of=score"))
        }
        do {
            _ = try await service.histogram(boardID: "style-2030-01-01", player: nil)
            Issue.record("a board not yet begun")
        } catch let error as LeaderboardError {
            #expect(error.code == .boardNotFound)
        }
    }

    /// A Lab brief's board also counts its bests by cost: ingredients one by one, agents in
    /// twenties; you are cheaper than the per cent of the others whose recipe costs more.
    @Test(arguments: StoreKind.allCases) func aLabBoardCountsItsCosts(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind, clock: TestClock((2026, 11, 30)))
        let store = service.store
        let board = "lab-2026-11-30"
        // (ingredients, agents) of each player's best; the third player's first best is replaced.
        let costs = [(1, 100), (2, 150), (2, 119), (3, 300), (2, 280), (16, 200)]
        var players: [PlayerRecord] = []
        for (number, cost) in costs.enumerated() {
            let player = try await store.createPlayer(NewPlayer(publicID: Secrets.newPlayerID(), name: "c\(number)", nameKey: "c\(number)",
                                                                email: nil, updatesOptIn: false, avatarCode: nil, tokenHash: "c\(number)", createdAt: 0))
            _ = try await store.submit(ScoreRecord(board: board, player: player.number, score: 500, detail: LabCosts.detail(ingredients: 4, agents: 250),
                                                   code: "first\(number)", at: 1))
            _ = try await store.submit(ScoreRecord(board: board, player: player.number, score: 600 + Int64(number), detail: LabCosts.detail(ingredients: cost.0, agents: cost.1),
                                                   code: "c\(number)", at: 2))
            players.append(player)
        }
        try await service.catchUp()
        let byIngredients = try await service.histogram(boardID: board, of: Spelled(.ingredients), player: players[1])
        #expect(byIngredients.of.word == .ingredients && byIngredients.total == 6 && byIngredients.buckets.count == 16)
        #expect(byIngredients.buckets.map(\.count) == [1, 3, 1] + Array(repeating: 0, count: 12) + [1])
        // Two ingredients: cheaper than the players on 3 and on 16, two of the five others.
        #expect(byIngredients.you == HistogramYou(score: 2, rank: 5, percentile: 40))
        let byAgents = try await service.histogram(boardID: board, of: Spelled(.agents), player: players[0])
        #expect(byAgents.buckets.first.map { $0.from...$0.to } == 100...119 && byAgents.buckets.last.map { $0.from...$0.to } == 280...300)
        #expect(byAgents.buckets.map(\.count) == [2, 0, 1, 0, 0, 1, 0, 0, 0, 2])
        #expect(byAgents.you?.score == 100 && byAgents.you?.percentile == 100)
        // The score histogram of the same board, as any board's.
        #expect(try await service.histogram(boardID: board, player: nil).buckets[6].count == 6)
    }

    /// The contributors board's points have no ceiling: powers of ten up to its top.
    @Test func contributorsCountInPowersOfTen() {
        #expect(LeaderboardService.histogramBands(.contributors, top: 0) == [1...9])
        #expect(LeaderboardService.histogramBands(.contributors, top: 10) == [1...9, 10...99])
        #expect(LeaderboardService.histogramBands(.contributors, top: 12_345) == [1...9, 10...99, 100...999, 1000...9999, 10_000...99_999])
        let widest = LeaderboardService.histogramBands(.contributors, top: .max)
        #expect(widest.count == 19 && widest.last?.upperBound == .max)
    }
}
