// Keyset cursors for board pages: the last row's rank key, packed big-endian and base64url'd
// (43 characters). A cursor names a position, not an offset, so pages never skip or repeat a
// record when the board changes between reads.
import GameState

enum PageCursor {
    static func encode(_ key: RankKey) -> String {
        var bytes: [UInt8] = []
        for value in [UInt64(bitPattern: key.score), key.detail.bitPattern, UInt64(bitPattern: key.at), UInt64(bitPattern: key.player)] {
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }
        return Base64URL.encode(bytes)
    }

    static func decode(_ text: String) throws(LeaderboardError) -> RankKey {
        let invalid = LeaderboardError.invalid(.invalidCursor, "the page cursor is damaged — start again from the top of the board")
        guard text.utf8.count == 43, let bytes = try? Base64URL.decode(Array(text.utf8)), bytes.count == 32 else { throw invalid }
        var words: [UInt64] = []
        for word in 0..<4 {
            words.append(bytes[(word * 8)..<(word * 8 + 8)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        }
        let detail = Double(bitPattern: words[1])
        guard detail.isFinite else { throw invalid }
        return RankKey(score: Int64(bitPattern: words[0]), detail: detail, at: Int64(bitPattern: words[2]), player: Int64(bitPattern: words[3]))
    }
}
