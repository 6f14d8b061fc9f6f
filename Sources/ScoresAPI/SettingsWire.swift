// A player's settings kept by the server (GET and PUT /v1/players/me/settings): today, whether
// others may watch their hosted games live.

public struct PlayerSettings: Codable, Sendable, Equatable {
    /// Whether the player's games over SSH may be watched (over SSH and in the browser). A change
    /// to false drops the watchers already there, on every host.
    public var watchable: Bool

    public init(watchable: Bool) { self.watchable = watchable }
}
