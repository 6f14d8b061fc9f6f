// Where the game last played: `$XDG_CONFIG_HOME/plume/last-played.json`, beside config.toml and
// the credentials. The game notes its board each time it starts; the commands that read the scores
// (`plume card`, `scores`, `whoami`, `share --me`…) read it first (`ScoresSettings.resolve` with
// `followGame`), so that after `plume --server URL` they tell of that server, not of the board the
// settings alone would name.
import Foundation

public struct LastPlayed: Sendable {
    struct Contents: Codable, Equatable {
        /// `local`, or the server's URL: the spellings `ScoresSettings.parse` reads.
        var server: String
    }

    let file: JSONFile<Contents>

    public init(directory: URL) {
        // Nothing secret: where the player plays, readable as config.toml is.
        file = JSONFile(url: directory.appendingPathComponent("last-played.json"), mode: 0o644)
    }

    public var url: URL { file.url }

    /// The place as the game wrote it; nil before the game has started once.
    public func read() -> String? { file.read()?.server }

    /// Notes `place` as where the game plays now; the file is written only when that changed.
    public func remember(_ place: ScoresPlace) throws {
        let contents = Contents(server: Self.spelling(place))
        guard file.read() != contents else { return }
        try file.write(contents)
    }

    static func spelling(_ place: ScoresPlace) -> String {
        switch place {
        case .local: "local"
        case .server(let url): url.absoluteString
        }
    }
}
