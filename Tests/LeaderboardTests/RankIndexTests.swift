// The rank index against the store's ORDER BY, under random submissions, ties, hides and bans.
import Foundation
import GameState
import Testing
@testable import Leaderboard
import ScoresAPI
import PlumeTestSupport

@Suite struct RankIndexTests {
    @Test func orderStatisticListMatchesASortedArrayThroughSplitsAndMerges() {
        var rng = SplitMix64(seed: 7)
        var list = OrderStatisticList()
        var reference: [RankKey] = []
        for step in 0..<6000 {
            if reference.isEmpty || rng.below(3) != 0 {
                let key = RankKey(score: Int64(rng.below(50)), detail: Double(rng.below(3)), at: Int64(rng.below(20)), player: Int64(step))
                list.insert(key)
                reference.append(key)
                reference.sort()
            } else {
                let key = reference.remove(at: rng.below(reference.count))
                let removed = list.remove(key)
                #expect(removed)
            }
            if step % 500 == 0 || step == 5999 {
                #expect(list.keys(in: 0..<list.count) == reference)
                for _ in 0..<20 where !reference.isEmpty {
                    let position = rng.below(reference.count)
                    #expect(list.index(of: reference[position]) == position)
                    #expect(list.key(at: position) == reference[position])
                }
            }
        }
        #expect(list.count == reference.count)
        let missing = list.remove(RankKey(score: -1, detail: 0, at: 0, player: -1))
        #expect(missing == false)
    }

    /// Ranks found together for a group (a board among friends) are the ranks found one by one,
    /// ties included, across many chunks.
    @Test func aGroupsEntriesAreEachPlayersEntry() {
        var rng = SplitMix64(seed: 11)
        let keys = (0..<20_000).map { RankKey(score: Int64(rng.below(400)), detail: 0, at: Int64(rng.below(50)), player: Int64($0)) }.sorted()
        let board = BoardIndex(sorted: keys)
        for size in [0, 1, 2, 50, 501] {
            var group = (0..<size).map { _ in Int64(rng.below(20_000)) }
            group.append(-5)  // a player with no record on the board
            let together = board.entries(players: group)
            let alone = Set(group).compactMap { board.entry(player: $0) }.sorted { $0.rank < $1.rank }
            #expect(together == alone)
        }
    }

    @Test func keysSortByScoreThenDetailThenEarliestThenPlayer() {
        let a = RankKey(score: 900, detail: 1.5, at: 10, player: 9)
        #expect(a < RankKey(score: 899, detail: 99, at: 0, player: 0))
        #expect(a < RankKey(score: 900, detail: 1.4, at: 0, player: 0))
        #expect(a < RankKey(score: 900, detail: 1.5, at: 11, player: 0))
        #expect(a < RankKey(score: 900, detail: 1.5, at: 10, player: 10))
        #expect(!(a < a))
    }

    /// Random submissions (many ties and equal times), hides and bans; after each step the index
    /// equals the store's ORDER BY, and every player's rank is their position.
    @Test(arguments: StoreKind.allCases, [1, 2, 3] as [UInt64])
    func indexFollowsTheStoreOrderingExactly(_ kind: StoreKind, seed: UInt64) async throws {
        let store = try Fixtures.store(kind)
        let service = try await Fixtures.service(store: store)
        var players: [PlayerRecord] = []
        for number in 0..<25 {
            players.append(try await store.createPlayer(NewPlayer(publicID: Secrets.newPlayerID(), name: "p\(number)", nameKey: "p\(number)",
                                                                   email: nil, updatesOptIn: false, avatarCode: nil, tokenHash: "h\(number)", createdAt: 0)))
        }
        var rng = SplitMix64(seed: seed)
        let board = "swarm-huddle"
        for step in 0..<300 {
            let player = players[rng.below(players.count)]
            switch rng.below(10) {
            case 0:
                _ = try await store.setHidden(board: board, player: player.number, rng.below(2) == 0, at: 0)
            case 1:
                try await store.setBanned(player.number, rng.below(3) == 0, at: 0)
            default:
                // Few distinct values so ties on score, detail and time are common.
                let record = ScoreRecord(board: board, player: player.number, score: Int64(rng.below(6)) * 100,
                                         detail: Double(rng.below(3)), code: "c\(step)", at: Int64(rng.below(4)))
                _ = try await store.submit(record)
            }
            try await service.catchUp()
            let expected = try await store.orderedKeys(board: board)
            let index = service.index.board(board)
            #expect(index.allKeys == expected, "step \(step)")
            for (position, key) in expected.enumerated() {
                #expect(index.entry(player: key.player)?.rank == position + 1)
            }
        }
    }

    @Test func singleAndEmptyBoardsAndTiesAreReported() async throws {
        let index = BoardIndex()
        #expect(index.page(after: nil, limit: 10).isEmpty)
        #expect(index.around(player: 1, radius: 5).isEmpty)
        index.set(player: 1, to: RankKey(score: 5, detail: 0, at: 1, player: 1))
        #expect(index.entry(player: 1) == RankedKey(rank: 1, key: RankKey(score: 5, detail: 0, at: 1, player: 1), tied: false))
        index.set(player: 2, to: RankKey(score: 5, detail: 0, at: 0, player: 2))
        index.set(player: 3, to: RankKey(score: 4, detail: 0, at: 0, player: 3))
        let page = index.page(after: nil, limit: 10)
        #expect(page.map(\.key.player) == [2, 1, 3])
        #expect(page.map(\.rank) == [1, 2, 3])
        #expect(page.map(\.tied) == [true, true, false])
        #expect(index.page(after: page[0].key, limit: 1).map(\.key.player) == [1])
        #expect(index.around(player: 3, radius: 1).map(\.key.player) == [1, 3])
        index.set(player: 2, to: nil)
        #expect(index.entry(player: 1)?.rank == 1 && index.entry(player: 1)?.tied == false)
    }
}
