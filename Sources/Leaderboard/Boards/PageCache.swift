// Pre-encoded first pages of each board (the hot read: "top 50"), rebuilt on the next read after
// a change. Each entry remembers the board's version when it was built; a change bumps the
// version, so a page built from the old state can never be kept after the change.
import Crypto
import Foundation
import Synchronization

public struct EncodedPage: Sendable {
    public let body: [UInt8]
    /// A strong validator: a hash of the body, the same in every server process.
    public let etag: String

    public init(body: [UInt8]) {
        self.body = body
        etag = "\"" + SHA256.hash(data: body).prefix(12).map { String(format: "%02x", $0) }.joined() + "\""
    }
}

final class PageCache: Sendable {
    private struct State {
        var versions: [String: Int] = [:]
        var everything = 0
        var entries: [String: (board: Int, everything: Int, page: EncodedPage)] = [:]
    }

    private let state = Mutex(State())

    /// The current version stamp of a board, to pass back to `store`.
    func stamp(board: String) -> (Int, Int) { state.withLock { ($0.versions[board, default: 0], $0.everything) } }

    func page(board: String, variant: String) -> EncodedPage? {
        state.withLock { s in
            guard let entry = s.entries[board + "|" + variant], entry.board == s.versions[board, default: 0],
                  entry.everything == s.everything else { return nil }
            return entry.page
        }
    }

    func store(_ page: EncodedPage, board: String, variant: String, stamp: (Int, Int)) {
        state.withLock { s in
            guard stamp.0 == s.versions[board, default: 0], stamp.1 == s.everything else { return }
            s.entries[board + "|" + variant] = (stamp.0, stamp.1, page)
        }
    }

    func invalidate(board: String) { state.withLock { $0.versions[board, default: 0] += 1 } }

    /// A profile changed: names and avatars on every board may be stale.
    func invalidateAll() {
        state.withLock { s in
            s.everything += 1
            s.entries.removeAll(keepingCapacity: true)
        }
    }
}
