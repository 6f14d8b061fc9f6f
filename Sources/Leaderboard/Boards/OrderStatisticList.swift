// A sorted multiset of rank keys with O(log n + √n)-ish rank and select: keys live in sorted
// chunks of at most `chunkLimit`, found by binary search over each chunk's last key. At a million
// keys there are ~2 000–4 000 chunks, so summing chunk sizes (kept apart, as plain integers) for a
// rank is a microsecond or two, and an insert moves at most one chunk's worth of memory. Memory is the keys themselves (32
// bytes each) plus the chunks' spare capacity.

struct OrderStatisticList: Sendable {
    static let chunkLimit = 512

    private(set) var chunks: [[RankKey]] = []
    /// The last (worst) key of each chunk.
    private var lasts: [RankKey] = []
    /// Each chunk's size: summed for ranks without touching the chunks themselves.
    private var sizes: [Int32] = []
    private(set) var count = 0

    init() {}

    /// Builds from keys already in order (as the store returns them).
    init(sorted keys: [RankKey]) {
        let half = Self.chunkLimit / 2
        var start = 0
        while start < keys.count {
            let end = min(keys.count, start + half)
            chunks.append(Array(keys[start..<end]))
            lasts.append(keys[end - 1])
            sizes.append(Int32(end - start))
            start = end
        }
        count = keys.count
    }

    /// The chunk a key belongs in: the first whose last key is not below it.
    private func chunkIndex(for key: RankKey) -> Int {
        var low = 0, high = lasts.count
        while low < high {
            let mid = (low + high) / 2
            if lasts[mid] < key { low = mid + 1 } else { high = mid }
        }
        return min(low, max(0, lasts.count - 1))
    }

    private static func position(of key: RankKey, in chunk: [RankKey]) -> Int {
        var low = 0, high = chunk.count
        while low < high {
            let mid = (low + high) / 2
            if chunk[mid] < key { low = mid + 1 } else { high = mid }
        }
        return low
    }

    mutating func insert(_ key: RankKey) {
        count += 1
        guard !chunks.isEmpty else {
            chunks = [[key]]
            lasts = [key]
            sizes = [1]
            return
        }
        let c = chunkIndex(for: key)
        let p = Self.position(of: key, in: chunks[c])
        chunks[c].insert(key, at: p)
        sizes[c] += 1
        lasts[c] = chunks[c][chunks[c].count - 1]
        if chunks[c].count > Self.chunkLimit {
            let upper = Array(chunks[c][(Self.chunkLimit / 2)...])
            chunks[c].removeSubrange((Self.chunkLimit / 2)...)
            lasts[c] = chunks[c][chunks[c].count - 1]
            sizes[c] = Int32(chunks[c].count)
            chunks.insert(upper, at: c + 1)
            lasts.insert(upper[upper.count - 1], at: c + 1)
            sizes.insert(Int32(upper.count), at: c + 1)
        }
    }

    /// Removes one copy of `key`; false when it is not there.
    @discardableResult
    mutating func remove(_ key: RankKey) -> Bool {
        guard !chunks.isEmpty else { return false }
        let c = chunkIndex(for: key)
        let p = Self.position(of: key, in: chunks[c])
        guard p < chunks[c].count, chunks[c][p] == key else { return false }
        chunks[c].remove(at: p)
        sizes[c] -= 1
        count -= 1
        if chunks[c].isEmpty {
            chunks.remove(at: c)
            lasts.remove(at: c)
            sizes.remove(at: c)
        } else {
            lasts[c] = chunks[c][chunks[c].count - 1]
        }
        return true
    }

    /// The 0-based position of `key` (which must be present), or where it would go.
    func index(of key: RankKey) -> Int {
        guard !chunks.isEmpty else { return 0 }
        let c = chunkIndex(for: key)
        var before = 0
        for i in 0..<c { before += Int(sizes[i]) }
        return before + Self.position(of: key, in: chunks[c])
    }

    /// The positions of keys that are present, given in rank order, and whether each shares its
    /// score with a neighbour: one walk over the chunks for them all, where `index(of:)` for each
    /// would add up the chunks before it every time (a board among 500 friends on a board of a
    /// million records).
    func placed(_ sorted: [RankKey]) -> [(position: Int, tied: Bool)] {
        var out: [(Int, Bool)] = []
        out.reserveCapacity(sorted.count)
        var c = 0, before = 0
        for key in sorted {
            while c < chunks.count - 1, lasts[c] < key {
                before += Int(sizes[c])
                c += 1
            }
            guard c < chunks.count else { break }
            let chunk = chunks[c], p = Self.position(of: key, in: chunk)
            let previous = p > 0 ? chunk[p - 1] : (c > 0 ? chunks[c - 1].last : nil)
            let next = p + 1 < chunk.count ? chunk[p + 1] : (c + 1 < chunks.count ? chunks[c + 1].first : nil)
            out.append((before + p, previous?.score == key.score || next?.score == key.score))
        }
        return out
    }

    /// Keys at positions `range` (clamped to the list).
    func keys(in range: Range<Int>) -> [RankKey] {
        let lower = max(0, range.lowerBound), upper = min(count, range.upperBound)
        guard lower < upper else { return [] }
        var out: [RankKey] = []
        out.reserveCapacity(upper - lower)
        // Skip whole chunks by their sizes, then copy from the chunks that hold the range.
        var c = 0, start = 0
        while start + Int(sizes[c]) <= lower {
            start += Int(sizes[c])
            c += 1
        }
        while c < chunks.count, start < upper {
            let end = start + Int(sizes[c])
            let from = max(lower, start) - start, to = min(upper, end) - start
            out.append(contentsOf: chunks[c][from..<to])
            start = end
            c += 1
        }
        return out
    }

    func key(at position: Int) -> RankKey? { keys(in: position..<(position + 1)).first }

    /// Bytes held by the keys and their arrays (capacity included), for the memory report.
    var approximateBytes: Int {
        chunks.reduce(0) { $0 + $1.capacity * MemoryLayout<RankKey>.stride + 32 } + lasts.capacity * MemoryLayout<RankKey>.stride
            + sizes.capacity * MemoryLayout<Int32>.stride
    }
}
