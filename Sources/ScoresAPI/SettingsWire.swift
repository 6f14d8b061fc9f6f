// A player's settings kept by the server (GET and PUT /v1/players/me/settings): whether others
// may watch their hosted games live, and how they play — the palette for their colour vision,
// the screen-reader mode and still motion — which every host's game starts with.

public struct PlayerSettings: Codable, Sendable, Equatable {
    /// Whether the player's games over SSH may be watched (over SSH and in the browser). A change
    /// to false drops the watchers already there, on every host.
    public var watchable: Bool
    /// The palette's name (`plume play --palette`), "standard" when never set. In a change, nil
    /// leaves it as it is; so do the two below.
    public var palette: String?
    public var screenReader: Bool?
    public var reduceMotion: Bool?

    public init(watchable: Bool, palette: String? = nil, screenReader: Bool? = nil, reduceMotion: Bool? = nil) {
        (self.watchable, self.palette, self.screenReader, self.reduceMotion) = (watchable, palette, screenReader, reduceMotion)
    }

    /// The palettes a server takes, by name (the game's ColourPalette, in its order).
    public static let palettes = ["standard", "deuteranopia", "protanopia", "tritanopia", "high-contrast"]

    enum CodingKeys: String, CodingKey {
        case watchable, palette, screenReader = "screen_reader", reduceMotion = "reduce_motion"
    }
}
