// How the player wants the game to behave on their terminal, each setting named for this run by
// a flag of `plume play`, else by the environment, else in $XDG_CONFIG_HOME/plume/config.toml
// (the file `server = "…"` is read from, and the one the game's own settings place writes):
// motion held still until asked (`--reduce-motion`, PLUME_REDUCE_MOTION=1, `reduce-motion =
// true`), the screen-reader mode (`--screen-reader`, PLUME_SCREEN_READER=1, `screen-reader =
// true`) and a palette for colour vision (`--palette NAME`, PLUME_PALETTE, `palette = "NAME"`).
import Foundation

/// The game's own colours (species, marks, highlights) remapped for a kind of colour vision.
/// The garments' named colours stay as they are: their names say them.
public enum ColourPalette: String, CaseIterable, Sendable, Codable {
    case standard
    /// Red and green confused (green cones missing): the commonest, about 5 % of men.
    case deuteranopia
    /// Red and green confused, reds darkened (red cones missing).
    case protanopia
    /// Blue and yellow confused (blue cones missing).
    case tritanopia
    /// Bright, saturated colours far apart in lightness, for low vision.
    case highContrast = "high-contrast"

    /// The names as a setting takes them: "standard, deuteranopia, …, high-contrast".
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// A palette by its name as a player types it (any case, `_` for `-`).
    public init?(named raw: String) {
        self.init(rawValue: raw.lowercased().replacingOccurrences(of: "_", with: "-"))
    }
}

public struct PlaySettings: Equatable, Sendable {
    /// The swarms and previews hold still until the player asks (space runs, . steps).
    public var reduceMotion: Bool
    /// The terminal cursor sits on the focused item, the Lab is told in words, dialogs say what
    /// they are, and motion holds still.
    public var screenReader: Bool
    public var palette: ColourPalette

    public init(reduceMotion: Bool = false, screenReader: Bool = false, palette: ColourPalette = .standard) {
        (self.reduceMotion, self.screenReader, self.palette) = (reduceMotion, screenReader, palette)
    }

    /// What `plume play`'s flags say (nil or false: not said, so the environment and the file decide).
    public struct Flags: Sendable {
        public var reduceMotion = false
        public var screenReader = false
        public var palette: ColourPalette?

        public init(reduceMotion: Bool = false, screenReader: Bool = false, palette: ColourPalette? = nil) {
            (self.reduceMotion, self.screenReader, self.palette) = (reduceMotion, screenReader, palette)
        }

        /// The settings these flags or `environment` give, each with what gave it ("--palette",
        /// "PLUME_PALETTE"): config.toml can't change them for a game started the same way.
        public func given(environment: [String: String]) -> [Key: String] {
            var given: [Key: String] = [:]
            for key in Key.allCases {
                let flag = switch key {
                case .reduceMotion: reduceMotion
                case .screenReader: screenReader
                case .palette: palette != nil
                }
                if flag {
                    given[key] = "--" + key.rawValue
                } else if environment[key.environment].map({ !$0.isEmpty }) == true {
                    given[key] = key.environment
                }
            }
            return given
        }
    }

    /// Each setting's environment variable and config.toml key.
    public enum Key: String, CaseIterable, Sendable {
        case reduceMotion = "reduce-motion"
        case screenReader = "screen-reader"
        case palette

        public var environment: String {
            switch self {
            case .reduceMotion: "PLUME_REDUCE_MOTION"
            case .screenReader: "PLUME_SCREEN_READER"
            case .palette: "PLUME_PALETTE"
            }
        }
    }

    public static let environmentKey = Key.reduceMotion.environment
    public static let configKey = Key.reduceMotion.rawValue

    /// The config file the settings are read from and written to.
    public static func configFile(_ environment: [String: String]) -> URL {
        XDGDirectories.configHome(environment).appendingPathComponent("plume/config.toml")
    }

    public static func resolve(reduceMotionFlag: Bool, environment: [String: String]) -> (settings: PlaySettings, warnings: [String]) {
        resolve(Flags(reduceMotion: reduceMotionFlag), environment: environment)
    }

    /// Settings some of which were said: what a server keeps for a player it hosts (nil where the
    /// player never said).
    public struct Said: Sendable, Equatable {
        public var reduceMotion: Bool?
        public var screenReader: Bool?
        public var palette: ColourPalette?

        public init(reduceMotion: Bool? = nil, screenReader: Bool? = nil, palette: ColourPalette? = nil) {
            (self.reduceMotion, self.screenReader, self.palette) = (reduceMotion, screenReader, palette)
        }
    }

    /// The settings in force, and what was wrong on the way (said on the status line, never
    /// fatal: a bad value counts as not given). `server`: what the server that hosts this game
    /// keeps for the player, between the environment and config.toml.
    public static func resolve(_ flags: Flags, environment: [String: String], server: Said = Said()) -> (settings: PlaySettings, warnings: [String]) {
        var warnings: [String] = []
        let file = configFile(environment)
        let table = configTable(file)
        func switchSetting(_ key: Key, flag: Bool, server: Bool?) -> Bool {
            if flag { return true }
            if let raw = environment[key.environment], !raw.isEmpty {
                if let value = switchValue(raw) { return value }
                warnings.append("\(key.environment) must be 1 or 0 (it is \(SafeText.strip(String(raw.prefix(20))))); \(key.rawValue) is as config.toml says")
            }
            if let server { return server }
            switch table?[key.rawValue] {
            case nil: return false
            case .boolean(let on)?: return on
            case _?:
                warnings.append("in \(file.path), \(key.rawValue) must be true or false; it is off")
                return false
            }
        }
        var settings = PlaySettings()
        settings.reduceMotion = switchSetting(.reduceMotion, flag: flags.reduceMotion, server: server.reduceMotion)
        settings.screenReader = switchSetting(.screenReader, flag: flags.screenReader, server: server.screenReader)
        if let palette = flags.palette {
            settings.palette = palette
        } else if let raw = environment[Key.palette.environment], !raw.isEmpty, let palette = ColourPalette(named: raw) {
            settings.palette = palette
        } else {
            if let raw = environment[Key.palette.environment], !raw.isEmpty {
                warnings.append("PLUME_PALETTE must be one of \(ColourPalette.names) (it is \(SafeText.strip(String(raw.prefix(20))))); the palette is as config.toml says")
            }
            switch server.palette.map({ ConfigTOML.Value.text($0.rawValue) }) ?? table?[Key.palette.rawValue] {
            case nil: break
            case .text(let name)? where ColourPalette(named: name) != nil: settings.palette = ColourPalette(named: name)!
            case _?: warnings.append("in \(file.path), palette must be one of \(ColourPalette.names); the standard one is used")
            }
        }
        return (settings, warnings)
    }

    /// 1, true, yes or on; 0, false, no or off.
    static func switchValue(_ raw: String) -> Bool? {
        switch raw.lowercased() {
        case "1", "true", "yes", "on": true
        case "0", "false", "no", "off": false
        default: nil
        }
    }

    /// config.toml's keys: nil when there is no file, or it can't be read (that is left to the
    /// scores' settings to report: they read the same file).
    static func configTable(_ file: URL) -> [String: ConfigTOML.Value]? {
        guard let data = try? Data(contentsOf: file), data.count <= 64 * 1024, let text = String(data: data, encoding: .utf8) else { return nil }
        return try? ConfigTOML.parse(text)
    }

    /// Writes `keys` of these settings into config.toml (the settings place writes the one the
    /// player changed), keeping every other line of the file as it was. A file that isn't TOML
    /// the game can read, or that a rewrite would change elsewhere, is left alone and the reason
    /// said. A config.toml that is a link is written where it leads.
    public func write(_ keys: [Key] = Key.allCases, environment: [String: String]) throws(Problem) {
        let file = Self.configFile(environment).resolvingSymlinksInPath()
        var text = ""
        var old: [String: ConfigTOML.Value] = [:]
        if FileManager.default.fileExists(atPath: file.path) {
            guard let data = try? Data(contentsOf: file), data.count <= 64 * 1024, let read = String(data: data, encoding: .utf8) else {
                throw Problem(words: "\(file.path) can't be read, so it was left as it is")
            }
            do {
                old = try ConfigTOML.parse(read)
            } catch {
                throw Problem(words: "\(file.path) isn't TOML Plume can read (\(error.description)), so it was left as it is")
            }
            // A byte-order mark (which reading may have dropped) stays first.
            text = (data.starts(with: [0xEF, 0xBB, 0xBF]) && !read.hasPrefix("\u{FEFF}") ? "\u{FEFF}" : "") + read
        }
        let updated = Self.setting(keys, of: self, in: text)
        // Nothing but the settings written may change: every other key reads back as it was.
        guard let new = try? ConfigTOML.parse(String(updated.drop { $0 == "\u{FEFF}" })), Self.read(new).matches(self, on: keys),
              new.filter({ entry in !keys.contains { $0.rawValue == entry.key } }) == old.filter({ entry in !keys.contains { $0.rawValue == entry.key } })
        else {
            throw Problem(words: "\(file.path) couldn't take the settings without changing its other lines, so it was left as it is")
        }
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(updated.utf8).write(to: file, options: .atomic)
        } catch {
            throw Problem(words: "couldn't write \(file.path) (\(error.localizedDescription))")
        }
    }

    /// Whether `keys` of these settings are as `other` has them.
    func matches(_ other: PlaySettings, on keys: [Key]) -> Bool {
        keys.allSatisfy { key in
            switch key {
            case .reduceMotion: reduceMotion == other.reduceMotion
            case .screenReader: screenReader == other.screenReader
            case .palette: palette == other.palette
            }
        }
    }

    /// `text` with each of `keys`' lines replaced (or added at the end). Lines end as the file
    /// ends them ("\r\n" stays), and a byte-order mark stays first.
    static func setting(_ keys: [Key], of settings: PlaySettings, in text: String) -> String {
        let values: [Key: String] = [.reduceMotion: "\(settings.reduceMotion)", .screenReader: "\(settings.screenReader)",
                                     .palette: "\"\(settings.palette.rawValue)\""]
        var scalars = Substring(text).unicodeScalars[...]
        let mark = scalars.first == "\u{FEFF}" ? "\u{FEFF}" : ""
        if !mark.isEmpty { scalars = scalars.dropFirst() }
        // Split on "\n" itself: Swift's Characters would keep "\r\n" whole.
        var lines = scalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
        if lines.last == "" { lines.removeLast() }
        let ending = lines.first { $0.hasSuffix("\r") } != nil ? "\r" : ""
        for key in keys {
            let line = "\(key.rawValue) = \(values[key]!)" + ending
            if let index = lines.firstIndex(where: { Self.assigns(key, $0) }) {
                lines[index] = line
                lines = lines.enumerated().filter { $0.offset == index || !Self.assigns(key, $0.element) }.map(\.element)
            } else {
                lines.append(line)
            }
        }
        return mark + lines.joined(separator: "\n") + "\n"
    }

    /// Whether a line sets `key` (`key = …`, spaces allowed, possibly quoted).
    static func assigns(_ key: Key, _ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        for name in [key.rawValue, "\"\(key.rawValue)\"", "'\(key.rawValue)'"] where trimmed.hasPrefix(name) {
            if trimmed.dropFirst(name.count).drop(while: { $0 == " " || $0 == "\t" }).first == "=" { return true }
        }
        return false
    }

    /// The settings as a config table says them (defaults where it is silent or wrong).
    static func read(_ table: [String: ConfigTOML.Value]) -> PlaySettings {
        func on(_ key: Key) -> Bool { if case .boolean(let value)? = table[key.rawValue] { value } else { false } }
        var palette = ColourPalette.standard
        if case .text(let name)? = table[Key.palette.rawValue] { palette = ColourPalette(named: name) ?? .standard }
        return PlaySettings(reduceMotion: on(.reduceMotion), screenReader: on(.screenReader), palette: palette)
    }

    public struct Problem: Error, Equatable { public let words: String }
}
