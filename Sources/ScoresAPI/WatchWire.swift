// Watching, as JSON: the games being played now over SSH, on every host, that may be watched
// (GET /v1/watch, only on a server that hosts the game). Times are milliseconds since 1970.

/// A game being played now that may be watched.
public struct WatchedGame: Codable, Sendable, Equatable {
    public var playerID: String
    public var name: String
    /// The screen the game shows ("Studio", "Lab"…); empty until known.
    public var screen: String
    public var startedAt: Int64
    public var idleSeconds: Int64
    public var watchers: Int
    public var columns: Int
    public var rows: Int

    public init(playerID: String, name: String, screen: String, startedAt: Int64, idleSeconds: Int64, watchers: Int, columns: Int, rows: Int) {
        (self.playerID, self.name, self.screen, self.startedAt) = (playerID, name, screen, startedAt)
        (self.idleSeconds, self.watchers, self.columns, self.rows) = (idleSeconds, watchers, columns, rows)
    }

    enum CodingKeys: String, CodingKey {
        case playerID = "player_id", name, screen, startedAt = "started_at", idleSeconds = "idle_seconds", watchers, columns, rows
    }
}

/// GET /v1/watch.
public struct WatchList: Codable, Sendable, Equatable {
    public var games: [WatchedGame]

    public init(games: [WatchedGame]) { self.games = games }
}
