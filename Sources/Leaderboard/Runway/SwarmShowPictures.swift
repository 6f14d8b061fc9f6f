// Which pair of swarms the swarm show's moving picture on the web shows (the server draws it,
// LeaderboardServer/SwarmAnimation). While the show takes votes: two of its entries, chosen by the
// day and the ten-minute window, as any voter may be dealt them, with no name or rank; the same
// pair for everyone in the window, so the picture is drawn once. Once voting has closed: the
// people's #1 beside its #2. Fewer than two entries: none.
import Challenges
import Foundation
import PlumeCalendar
import ScoresAPI

public struct SwarmShowPicturePair: Sendable, Equatable {
    public var left: String
    public var right: String
    /// The start both run from (the day's first Lab seed, as the game's pairs).
    public var seed: UInt64
    /// Whether the show has closed (the pair is its top two, and the picture is final).
    public var final: Bool
}

extension LeaderboardService {
    /// How long an open show's picture shows one pair.
    static let swarmShowPictureWindow: Int64 = 600

    public func swarmShowPicturePair(day text: String) async throws -> SwarmShowPicturePair? {
        try requireReady()
        let day = try runwayDay(text, show: .swarm)
        let seed = SwarmShowEntry.seed(forDay: day)
        guard RunwayTicket.isVotingOpen(day: day, now: now) else {
            let rows = try await top(boardID: BoardID.swarmShow(day: day).text, limit: 2, cursor: nil).rows
            guard rows.count == 2, !rows[0].code.isEmpty, !rows[1].code.isEmpty else { return nil }
            return SwarmShowPicturePair(left: rows[0].code, right: rows[1].code, seed: seed, final: true)
        }
        let entries = try await store.runwayEntries(day: day, show: .swarm).map(\.code)
        guard entries.count >= 2 else { return nil }
        // A hash of the day and the window, the same in every process (not Swift's seeded Hasher).
        var mixed = UInt64(bitPattern: Int64(day)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: now / 1000 / Self.swarmShowPictureWindow)
        mixed = (mixed ^ (mixed >> 31)) &* 0xBF58_476D_1CE4_E5B9
        mixed ^= mixed >> 29
        let count = UInt64(entries.count)
        let first = Int(mixed % count)
        let second = (first + 1 + Int((mixed / count) % (count - 1))) % entries.count
        return SwarmShowPicturePair(left: entries[first], right: entries[second], seed: seed, final: false)
    }
}
