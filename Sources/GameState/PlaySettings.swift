// How the player wants the game to behave on their terminal, named for this run by a flag of
// `plume play`, else by the environment, else in $XDG_CONFIG_HOME/plume/config.toml (the file
// `server = "…"` is read from). For now: motion held still until asked (`--reduce-motion`,
// PLUME_REDUCE_MOTION=1, `reduce-motion = true`).
import Foundation

public struct PlaySettings: Equatable, Sendable {
    /// The swarms and previews hold still until the player asks (space runs, . steps).
    public var reduceMotion: Bool

    public init(reduceMotion: Bool = false) {
        self.reduceMotion = reduceMotion
    }

    public static let environmentKey = "PLUME_REDUCE_MOTION"
    public static let configKey = "reduce-motion"

    /// The settings in force, and what was wrong on the way (said on the status line, never
    /// fatal: a bad value counts as not given).
    public static func resolve(reduceMotionFlag: Bool, environment: [String: String]) -> (settings: PlaySettings, warnings: [String]) {
        var warnings: [String] = []
        if reduceMotionFlag { return (PlaySettings(reduceMotion: true), warnings) }
        if let raw = environment[environmentKey], !raw.isEmpty {
            if let value = switchValue(raw) { return (PlaySettings(reduceMotion: value), warnings) }
            warnings.append("\(environmentKey) must be 1 or 0 (it is \(SafeText.strip(String(raw.prefix(20))))); motion is as config.toml says")
        }
        let file = XDGDirectories.configHome(environment).appendingPathComponent("plume/config.toml")
        switch configValue(file) {
        case .success(let value): return (PlaySettings(reduceMotion: value ?? false), warnings)
        case .failure(let problem):
            warnings.append(problem.words)
            return (PlaySettings(), warnings)
        }
    }

    /// 1, true, yes or on; 0, false, no or off.
    static func switchValue(_ raw: String) -> Bool? {
        switch raw.lowercased() {
        case "1", "true", "yes", "on": true
        case "0", "false", "no", "off": false
        default: nil
        }
    }

    struct Problem: Error { let words: String }

    /// `reduce-motion` in config.toml: nil when there is no file or no such key. A file that
    /// can't be read is left to the scores' settings to report (they read the same file).
    static func configValue(_ file: URL) -> Result<Bool?, Problem> {
        guard let data = try? Data(contentsOf: file), data.count <= 64 * 1024, let text = String(data: data, encoding: .utf8),
              let table = try? ConfigTOML.parse(text) else { return .success(nil) }
        guard let value = table[configKey] else { return .success(nil) }
        guard case .boolean(let on) = value else {
            return .failure(Problem(words: "in \(file.path), \(configKey) must be true or false; motion is on"))
        }
        return .success(on)
    }
}
