// The config file and the configuration printed as one: reading a file's settings (TOML, by
// GameState's ConfigTOML) with its unknown keys and wrong types refused, and `plume-server config`'s
// output, a config file itself with the database password masked.
import Foundation
import GameState

extension Settings {
    /// The config file's settings, checked for unknown keys and types (values are checked later).
    public static func read(_ path: String) throws(OperatorError) -> [String: SettingValue] {
        guard let data = FileManager.default.contents(atPath: path), data.count <= maxFileBytes,
              let text = String(data: data, encoding: .utf8) else {
            throw OperatorError("the config file \(path) can't be read (missing, unreadable, over 64 KiB or not UTF-8)")
        }
        return try parse(text, at: path)
    }

    /// The longest config file read.
    public static let maxFileBytes = 64 * 1024

    /// A config file's text (read from `path`), checked for unknown keys and types.
    public static func parse(_ text: String, at path: String) throws(OperatorError) -> [String: SettingValue] {
        let table: [String: ConfigTOML.Value]
        do {
            table = try ConfigTOML.parse(text)
        } catch {
            throw OperatorError("\(path) \(error)")
        }
        var out: [String: SettingValue] = [:]
        for (key, value) in table.sorted(by: { $0.key < $1.key }) {
            guard let setting = all.first(where: { $0.key == key }) else {
                throw OperatorError("\(path): there is no setting called \(Setting.shown(.text(key))) (the settings are \(all.map(\.key).joined(separator: ", ")))")
            }
            switch value {
            case .integer(let number): out[key] = .number(number)
            case .text(let text): out[key] = .text(text)
            case .list(let items):
                let texts = items.compactMap { if case .text(let text) = $0 { text } else { nil } }
                guard texts.count == items.count else { throw OperatorError(setting.refusal(nil, at: path)) }
                out[key] = .list(texts)
            case .boolean: throw OperatorError(setting.refusal(nil, at: path))
            }
        }
        return out
    }

    /// A postgres:// URL with its password replaced by ****; anything else as it is. Read by hand
    /// rather than with URLComponents, which gives up on a URL it can't parse (a stray # or space
    /// in the password) and would leave it whole: everything from the user's colon to the last @
    /// is the password.
    public static func masked(_ database: String) -> String {
        guard Settings.isPostgres(database), let scheme = database.range(of: "://"),
              let at = database[scheme.upperBound...].lastIndex(of: "@"),
              let colon = database[scheme.upperBound..<at].firstIndex(of: ":") else { return database }
        return String(database[...colon]) + "****" + String(database[at...])
    }

    /// The effective configuration as a config file: `key = value  # source`.
    public static func render(_ settings: EffectiveSettings) -> String {
        var lines = ["# plume-server's effective configuration" + (settings.configFile.map { " (config file: \(Setting.shown(.text($0))))" } ?? "")]
        for (key, value, source) in settings.shown {
            if let value {
                lines.append("\(key) = \(value)  # \(source)")
            } else {
                lines.append("# \(key) is not set  # \(source)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
