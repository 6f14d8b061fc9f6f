// Where the game keeps its scores: `--server URL`, else PLUME_SERVER, else `server = "…"` in
// $XDG_CONFIG_HOME/plume/config.toml, else the local board. A command that reads the scores
// (`plume card`, `scores`, `whoami`…) puts where the game last played (LastPlayed) right after
// what the player names for this run (`--server`, PLUME_SERVER) and before config.toml, so that
// it tells of the board the player plays on. A value that can't be used is
// explained, and the game goes on with the next choice down (never refusing to start).
import Foundation
import GameState

public enum ScoresPlace: Sendable, Equatable {
    case local
    case server(URL)
}

public struct ScoresSettings: Sendable, Equatable {
    public var place: ScoresPlace
    /// Problems met on the way, in words, for the status line or stderr.
    public var warnings: [String]
    /// What chose the place, for saying so beside it.
    public var source: Source

    /// What chose the place.
    public enum Source: Sendable, Equatable {
        /// `--server`.
        case flag
        /// Where the game last played: for a command that reads the scores.
        case lastGame
        /// PLUME_SERVER.
        case environment
        /// `server = "…"` in config.toml.
        case configFile
        /// Nothing usable named a place: the local board.
        case fallback

        /// Why the place is the one used, in words to put beside its name; nil where the player
        /// named it on the command line, or named nothing.
        public var words: String? {
            switch self {
            case .flag, .fallback: nil
            case .lastGame: "where the game last played"
            case .environment: "set by PLUME_SERVER"
            case .configFile: "set in config.toml"
            }
        }
    }

    public init(place: ScoresPlace, warnings: [String] = [], source: Source = .fallback) {
        (self.place, self.warnings, self.source) = (place, warnings, source)
    }

    public static func configDirectory(environment: [String: String]) -> URL {
        XDGDirectories.configHome(environment).appendingPathComponent("plume")
    }

    public static func dataDirectory(environment: [String: String]) -> URL {
        XDGDirectories.dataHome(environment).appendingPathComponent("plume")
    }

    /// Resolves the place in order of precedence; each unusable value adds a warning.
    /// `followGame`: for a command that reads the scores, where the game last played comes right
    /// after `--server` and PLUME_SERVER (the game itself passes false: its settings decide where
    /// it plays).
    public static func resolve(flag: String?, environment: [String: String], followGame: Bool = false) -> ScoresSettings {
        var warnings: [String] = []
        if let flag {
            switch parse(flag) {
            case .success(let place): return ScoresSettings(place: place, warnings: warnings, source: .flag)
            case .failure(let why): warnings.append("--server \(SafeText.quoted(flag)) can't be used: \(why)")
            }
        }
        if let variable = environment["PLUME_SERVER"] {
            switch parse(variable) {
            case .success(let place): return ScoresSettings(place: place, warnings: warnings, source: .environment)
            case .failure(let why): warnings.append("PLUME_SERVER=\(SafeText.quoted(variable)) can't be used: \(why)")
            }
        }
        if followGame {
            let last = LastPlayed(directory: configDirectory(environment: environment))
            if let written = last.read() {
                switch parse(written) {
                case .success(let place): return ScoresSettings(place: place, warnings: warnings, source: .lastGame)
                case .failure(let why): warnings.append("the game's last board, \(SafeText.quoted(written)) in \(last.url.path), can't be used: \(why)")
                }
            }
        }
        let file = configDirectory(environment: environment).appendingPathComponent("config.toml")
        switch readConfig(file) {
        case .success(nil):
            break
        case .success(let value?):
            switch parse(value) {
            case .success(let place): return ScoresSettings(place: place, warnings: warnings, source: .configFile)
            case .failure(let why): warnings.append("server = \(SafeText.quoted(value)) in \(file.path) can't be used: \(why)")
            }
        case .failure(let why):
            warnings.append(why.description)
        }
        if !warnings.isEmpty { warnings.append("using the local board") }
        return ScoresSettings(place: .local, warnings: warnings, source: .fallback)
    }

    public struct Problem: Error, CustomStringConvertible, Equatable {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// `local` (or nothing) for the local board, else an http(s) URL with a host.
    public static func parse(_ raw: String) -> Result<ScoresPlace, Problem> {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty || text.lowercased() == "local" { return .success(.local) }
        guard text.utf8.count <= 2048, text.unicodeScalars.allSatisfy({ $0.value > 32 && $0.value < 127 }) else {
            return .failure(Problem("a server address is a plain http:// or https:// URL, with no spaces or control characters"))
        }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            return .failure(Problem("it isn't a URL (try http://host:port)"))
        }
        guard scheme == "http" || scheme == "https" else {
            return .failure(Problem("the address must start with http:// or https://, not \(scheme):"))
        }
        guard let host = components.host, !host.isEmpty else { return .failure(Problem("the URL has no host")) }
        guard components.user == nil, components.password == nil else {
            return .failure(Problem("put no user name or password in the URL; the game registers its own player"))
        }
        guard components.query == nil, components.fragment == nil else {
            return .failure(Problem("the URL must not have a ?query or #fragment"))
        }
        if let port = components.port, !(1...65_535).contains(port) { return .failure(Problem("the port must be 1 to 65535")) }
        guard let url = components.url else { return .failure(Problem("it isn't a URL")) }
        return .success(.server(url))
    }

    /// The `server` value from config.toml: nil when there is no file or no such key.
    static func readConfig(_ file: URL) -> Result<String?, Problem> {
        guard FileManager.default.fileExists(atPath: file.path) else { return .success(nil) }
        guard let data = try? Data(contentsOf: file), data.count <= 64 * 1024, let text = String(data: data, encoding: .utf8) else {
            return .failure(Problem("\(file.path) can't be read as a small UTF-8 text file"))
        }
        let table: [String: ConfigTOML.Value]
        do {
            table = try ConfigTOML.parse(text)
        } catch {
            return .failure(Problem("\(file.path) \(error)"))
        }
        guard let value = table["server"] else { return .success(nil) }
        guard case .text(let server) = value else { return .failure(Problem("in \(file.path), server must be a string, like server = \"https://host\"")) }
        return .success(server)
    }
}
