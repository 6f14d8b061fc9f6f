// The session's side of the player's news. It is asked for once the player is known (what
// happened while they were away), a minute and a half after midnight (what came of the day), and,
// while the game runs on a server, every `newsPollSeconds` after the last answer (a friend passing
// the player's score, a runway closing), one request at a time and never while the server asked
// us to wait; the local board's news comes only of days closing, so it isn't asked again and again.
// What arrives waits here until no overlay is open: the game then opens it over the screen
// (AppModel.update), and meanwhile the status line says it came, so that news never takes the
// keys from a dialog the player is typing into.
import GameState
import ScoresAPI

/// News that arrived and is not shown yet.
public struct WaitingNews: Sendable, Equatable {
    /// In the order they came (the overlay puts them in order of day).
    public internal(set) var items: [NewsItem] = []
    /// Whether the server has more after them.
    public internal(set) var more = false
    /// Whether they begin with the run's first news: the box then says "While you were away".
    var away = false

    public init() {}
}

extension Session {
    /// When the program loop should wake the game to ask for news (nil: no ask planned).
    var nextNewsPoll: Double? { player == nil ? nil : newsPollAt }

    /// The clock, after the day has turned if it did: asks for news when it is time, unless an ask
    /// after midnight is planned or the server asked us to wait. The next ask is always planned
    /// ahead of now, so the loop never wakes for a moment that has passed.
    mutating func pollNews() -> [Request] {
        guard let due = newsPollAt, now >= due else { return [] }
        guard now >= quietUntil else {
            newsPollAt = quietUntil
            return []
        }
        newsPollAt = now + Self.newsPollSeconds
        guard player != nil, newsDue == nil else { return [] }
        return send(.news(after: newsSeen))
    }

    /// News arrived: what wasn't shown before waits to be (`.showNews` opens it, or says it came).
    /// Nothing new says nothing.
    mutating func news(_ page: NewsPage) -> [Request] {
        let first = !newsAnswered
        newsAnswered = true
        if newsPollAt != nil { newsPollAt = now + Self.newsPollSeconds }
        let fresh = page.items.filter { $0.id > newsSeen }
        guard let newest = fresh.map(\.id).max() else { return [] }
        newsSeen = newest
        if waitingNews.items.isEmpty { waitingNews.away = first }
        waitingNews.items += fresh
        waitingNews.more = page.more
        return [.showNews]
    }

    /// The news couldn't be read: nothing is said (it is a welcome, not a duty), and the next ask
    /// waits its turn, or as long as the server asked.
    mutating func newsFailed(_ failure: ScoresFailure) -> [Request] {
        if newsPollAt != nil { newsPollAt = now + max(Self.newsPollSeconds, Double(failure.retryAfter ?? 0)) }
        return []
    }

    /// The news that waited, as the box that shows it; none waits after this.
    mutating func takeWaitingNews() -> NewsOverlay? {
        guard !waitingNews.items.isEmpty else { return nil }
        defer { waitingNews = WaitingNews() }
        return NewsOverlay(items: waitingNews.items, more: waitingNews.more, title: waitingNews.away ? NewsOverlay.away : NewsOverlay.later)
    }

    /// The status line's word on news waiting behind an overlay: how many items, and the latest.
    var newsNotice: String? {
        guard let latest = waitingNews.items.last.map({ SafeText.strip($0.text) }) else { return nil }
        let count = waitingNews.items.count
        return count == 1 ? "News, shown when you close this: \(latest)" : "\(count) news items, shown when you close this. The latest: \(latest)"
    }

    /// Another player, or none: their news isn't this one's.
    mutating func forgetNews() {
        newsSeen = 0
        (newsPollAt, newsAnswered, waitingNews) = (nil, false, WaitingNews())
    }
}
