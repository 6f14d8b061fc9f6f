// The freedesktop base directories, read once here for the save game, the scores files, the
// settings file and the desktop entry: an absolute XDG_* value, else the spec's default under HOME.
import Foundation

public enum XDGDirectories {
    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    public static func dataHome(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        base("XDG_DATA_HOME", default: ".local/share", environment)
    }

    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    public static func configHome(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        base("XDG_CONFIG_HOME", default: ".config", environment)
    }

    private static func base(_ name: String, default relative: String, _ environment: [String: String]) -> URL {
        if let value = environment[name], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(relative)
    }
}
