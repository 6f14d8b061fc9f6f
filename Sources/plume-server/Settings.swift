// The server's settings, each written once: its key (the long flag and the config file's key),
// its environment variable, what values it takes, and where it goes. A value is taken from the
// command line, else the environment, else the config file (`--config`, or PLUME_CONFIG), else
// the built-in default; a bad one stops start-up with the place, the key and what is expected.
import ArgumentParser
import ConnectionGuard
import Foundation
import GameState
import HostedGames
import LeaderboardPostgres
import LeaderboardServer
import Logging
import TOMLKit

enum LogFormat: String, CaseIterable, Sendable {
    /// One line per event, for a person at a terminal or journalctl.
    case text
    /// One JSON object per line, for log collectors.
    case json
}

/// Everything `serve` needs, with where each value came from.
struct EffectiveSettings {
    var server = ServerConfiguration()
    /// Play over SSH: on when `sshPort` is set; paths left nil are placed beside the database.
    var hosting = HostingConfiguration()
    var sshPort: Int?
    var sshHostKey: String?
    var sshHomes: String?
    var plume: String?
    var logLevel: Logger.Level = .info
    var logFormat: LogFormat = .text
    var configFile: String?
    /// In the table's order: key, the value as TOML (secrets masked), and its source.
    var shown: [(key: String, value: String?, source: String)] = []
}

extension EffectiveSettings {
    /// The directory files kept "beside the database" go in: a SQLite file's, else the working directory.
    var besideDatabase: String {
        guard !PostgresLocation.isURL(server.database) else { return "." }
        let directory = (server.database as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }

    var hostKeyPath: String { sshHostKey ?? besideDatabase + "/plume-ssh-host-key" }
    var homesPath: String { sshHomes ?? besideDatabase + "/plume-players" }

    /// The game beside this binary (the installed pair, or the build directory).
    var plumePath: String {
        if let plume { return plume }
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return me.deletingLastPathComponent().appendingPathComponent("plume").path
    }
}

/// A value as any source gives it.
enum SettingValue {
    case text(String)
    case number(Int)
    case list([String])
}

struct Setting: Sendable {
    enum Kind: Sendable {
        case text, integer(ClosedRange<Int>), list, choice([String])

        var expected: String {
            switch self {
            case .text: "a non-empty string"
            case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
            case .list: "a list of strings"
            case .choice(let options): "one of " + options.joined(separator: ", ")
            }
        }
    }

    let key: String
    let env: String
    let kind: Kind
    /// Shown with its password masked.
    var secret = false
    /// Puts a checked value in place.
    let apply: @Sendable (inout EffectiveSettings, SettingValue) -> Void
    /// The default as shown, when it is not the configuration's own value.
    let shownDefault: @Sendable (EffectiveSettings) -> SettingValue?

    /// The value in the kind's own form, or nil if it doesn't fit. Text from the environment may
    /// spell a number or a comma-separated list; a flag's or a config file's value must already
    /// have the right type (`port = "80"` in a file is a mistake worth hearing about).
    func accepted(_ value: SettingValue, fromEnvironment: Bool = false) -> SettingValue? {
        switch (kind, value) {
        case (.text, .text(let text)) where !text.isEmpty: return value
        case (.list, .list): return value
        case (.list, .text(let text)) where fromEnvironment:
            return .list(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        case (.integer(let range), .number(let number)) where range.contains(number): return value
        case (.integer(let range), .text(let text)) where fromEnvironment:
            guard let number = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(number) else { return nil }
            return .number(number)
        case (.choice(let options), .text(let text)) where options.contains(text): return value
        default: return nil
        }
    }

    /// Why a value was refused: `place` (the flag, the variable or the file), the key, what is
    /// expected and what was given (unless it may hold a password).
    func refusal(_ value: SettingValue?, at place: String) -> String {
        "\(place): \(key) must be \(kind.expected)" + ((secret ? nil : value).map { ", not \(Self.shown($0))" } ?? "")
    }

    /// A value as a config file spells it. A JSON string is a TOML basic string too (the same
    /// escapes: \", \\, \n, \r, \t and \uXXXX for every other control character).
    static func shown(_ value: SettingValue) -> String {
        switch value {
        case .text(let text): SharedStateJSON.string(text)
        case .number(let number): String(number)
        case .list(let items): "[" + items.map { shown(.text($0)) }.joined(separator: ", ") + "]"
        }
    }
}

enum Settings {
    static let all: [Setting] = [
        Setting(key: "database", env: "PLUME_DATABASE", kind: .text, secret: true,
                apply: { if case .text(let v) = $1 { $0.server.database = v } }, shownDefault: { .text($0.server.database) }),
        Setting(key: "host", env: "PLUME_HOST", kind: .text,
                apply: { if case .text(let v) = $1 { $0.server.host = v } }, shownDefault: { .text($0.server.host) }),
        Setting(key: "port", env: "PLUME_PORT", kind: .integer(0...65_535),
                apply: { if case .number(let v) = $1 { $0.server.port = v } }, shownDefault: { .number($0.server.port) }),
        Setting(key: "allowed-origin", env: "PLUME_ALLOWED_ORIGINS", kind: .list,
                apply: { if case .list(let v) = $1 { $0.server.allowedOrigins = v } }, shownDefault: { .list($0.server.allowedOrigins) }),
        Setting(key: "rate-limit", env: "PLUME_RATE_LIMIT", kind: .integer(0...10_000_000),
                apply: { if case .number(let v) = $1 { $0.server.requestsPerMinute = v } }, shownDefault: { .number($0.server.requestsPerMinute) }),
        Setting(key: "submit-rate-limit", env: "PLUME_SUBMIT_RATE_LIMIT", kind: .integer(0...10_000_000),
                apply: { if case .number(let v) = $1 { $0.server.submissionsPerMinute = v } }, shownDefault: { .number($0.server.submissionsPerMinute) }),
        Setting(key: "vote-rate-limit", env: "PLUME_VOTE_RATE_LIMIT", kind: .integer(0...10_000_000),
                apply: { if case .number(let v) = $1 { $0.server.votesPerMinute = v } }, shownDefault: { .number($0.server.votesPerMinute) }),
        Setting(key: "register-rate-limit", env: "PLUME_REGISTER_RATE_LIMIT", kind: .integer(0...10_000_000),
                apply: { if case .number(let v) = $1 { $0.server.registrationsPerHour = v } }, shownDefault: { .number($0.server.registrationsPerHour) }),
        Setting(key: "simulations", env: "PLUME_SIMULATIONS", kind: .integer(1...64),
                apply: { if case .number(let v) = $1 { $0.server.simulationSlots = v } }, shownDefault: { .number($0.server.simulationSlots) }),
        Setting(key: "poll-ms", env: "PLUME_POLL_MS", kind: .integer(10...3_600_000),
                apply: { if case .number(let v) = $1 { $0.server.followMilliseconds = v } }, shownDefault: { .number($0.server.followMilliseconds) }),
        Setting(key: "public-url", env: "PLUME_PUBLIC_URL", kind: .text,
                apply: { if case .text(let v) = $1 { $0.server.publicURL = v } }, shownDefault: { $0.server.publicURL.map { .text($0) } }),
        Setting(key: "max-connections", env: "PLUME_MAX_CONNECTIONS", kind: .integer(8...1_000_000),
                apply: { if case .number(let v) = $1 { $0.server.connections.maxConnections = v } },
                shownDefault: { .number($0.server.connections.maxConnections) }),
        Setting(key: "max-connections-per-address", env: "PLUME_MAX_CONNECTIONS_PER_ADDRESS", kind: .integer(1...1_000_000),
                apply: { if case .number(let v) = $1 { $0.server.connections.maxPerAddress = v } },
                shownDefault: { .number($0.server.connections.maxPerAddress) }),
        Setting(key: "head-timeout", env: "PLUME_HEAD_TIMEOUT", kind: .integer(1...600),
                apply: { if case .number(let v) = $1 { $0.server.connections.headSeconds = v } },
                shownDefault: { .number($0.server.connections.headSeconds) }),
        Setting(key: "min-body-rate", env: "PLUME_MIN_BODY_RATE", kind: .integer(1...1_000_000_000),
                apply: { if case .number(let v) = $1 { $0.server.connections.minimumBodyRate = v } },
                shownDefault: { .number($0.server.connections.minimumBodyRate) }),
        Setting(key: "idle-timeout", env: "PLUME_IDLE_TIMEOUT", kind: .integer(1...3600),
                apply: { if case .number(let v) = $1 { $0.server.connections.idleSeconds = v } },
                shownDefault: { .number($0.server.connections.idleSeconds) }),
        Setting(key: "trusted-proxy", env: "PLUME_TRUSTED_PROXIES", kind: .list,
                apply: { if case .list(let v) = $1 { $0.server.trustedProxies = v } }, shownDefault: { .list($0.server.trustedProxies) }),
        Setting(key: "forwarded-header", env: "PLUME_FORWARDED_HEADER", kind: .choice(ClientAddress.ForwardingHeader.allCases.map(\.rawValue)),
                apply: { if case .text(let v) = $1, let header = ClientAddress.ForwardingHeader(rawValue: v) { $0.server.forwardedHeader = header } },
                shownDefault: { .text($0.server.forwardedHeader.rawValue) }),
        Setting(key: "ssh-port", env: "PLUME_SSH_PORT", kind: .integer(0...65_535),
                apply: { if case .number(let v) = $1 { $0.sshPort = v } }, shownDefault: { $0.sshPort.map { .number($0) } }),
        Setting(key: "ssh-host-key", env: "PLUME_SSH_HOST_KEY", kind: .text,
                apply: { if case .text(let v) = $1 { $0.sshHostKey = v } }, shownDefault: { .text($0.hostKeyPath) }),
        Setting(key: "ssh-homes", env: "PLUME_SSH_HOMES", kind: .text,
                apply: { if case .text(let v) = $1 { $0.sshHomes = v } }, shownDefault: { .text($0.homesPath) }),
        Setting(key: "plume", env: "PLUME_GAME", kind: .text,
                apply: { if case .text(let v) = $1 { $0.plume = v } }, shownDefault: { .text($0.plumePath) }),
        Setting(key: "ssh-max-sessions", env: "PLUME_SSH_MAX_SESSIONS", kind: .integer(1...100_000),
                apply: { if case .number(let v) = $1 { $0.hosting.limits.maxSessions = v } }, shownDefault: { .number($0.hosting.limits.maxSessions) }),
        Setting(key: "ssh-max-sessions-per-address", env: "PLUME_SSH_MAX_SESSIONS_PER_ADDRESS", kind: .integer(1...100_000),
                apply: { if case .number(let v) = $1 { $0.hosting.limits.maxPerAddress = v } }, shownDefault: { .number($0.hosting.limits.maxPerAddress) }),
        Setting(key: "ssh-max-unauthenticated", env: "PLUME_SSH_MAX_UNAUTHENTICATED", kind: .integer(1...100_000),
                apply: { if case .number(let v) = $1 { $0.hosting.limits.maxUnauthenticated = v } },
                shownDefault: { .number($0.hosting.limits.maxUnauthenticated) }),
        Setting(key: "ssh-connections-per-minute", env: "PLUME_SSH_CONNECTIONS_PER_MINUTE", kind: .integer(0...1_000_000),
                apply: { if case .number(let v) = $1 { $0.hosting.limits.attemptsPerMinute = v } },
                shownDefault: { .number($0.hosting.limits.attemptsPerMinute) }),
        Setting(key: "ssh-auth-timeout", env: "PLUME_SSH_AUTH_TIMEOUT", kind: .integer(1...600),
                apply: { if case .number(let v) = $1 { $0.hosting.limits.authSeconds = v } }, shownDefault: { .number($0.hosting.limits.authSeconds) }),
        Setting(key: "ssh-idle-minutes", env: "PLUME_SSH_IDLE_MINUTES", kind: .integer(1...10_080),
                apply: { if case .number(let v) = $1 { $0.hosting.limits.idleMinutes = v } }, shownDefault: { .number($0.hosting.limits.idleMinutes) }),
        Setting(key: "ssh-session-minutes", env: "PLUME_SSH_SESSION_MINUTES", kind: .integer(1...10_080),
                apply: { if case .number(let v) = $1 { $0.hosting.limits.sessionMinutes = v } }, shownDefault: { .number($0.hosting.limits.sessionMinutes) }),
        Setting(key: "ssh-game-memory", env: "PLUME_SSH_GAME_MEMORY", kind: .integer(256...1_048_576),
                apply: { if case .number(let v) = $1 { $0.hosting.limits.gameMemoryMiB = v } }, shownDefault: { .number($0.hosting.limits.gameMemoryMiB) }),
        Setting(key: "ssh-game-cpu", env: "PLUME_SSH_GAME_CPU", kind: .integer(10...31_536_000),
                apply: { if case .number(let v) = $1 { $0.hosting.limits.gameCPUSeconds = v } }, shownDefault: { .number($0.hosting.limits.gameCPUSeconds) }),
        Setting(key: "log-level", env: "LOG_LEVEL", kind: .choice(Logger.Level.allCases.map(\.rawValue)),
                apply: { if case .text(let v) = $1, let level = Logger.Level(rawValue: v) { $0.logLevel = level } },
                shownDefault: { .text($0.logLevel.rawValue) }),
        Setting(key: "log-format", env: "PLUME_LOG_FORMAT", kind: .choice(LogFormat.allCases.map(\.rawValue)),
                apply: { if case .text(let v) = $1, let format = LogFormat(rawValue: v) { $0.logFormat = format } },
                shownDefault: { .text($0.logFormat.rawValue) }),
    ]

    /// Resolves every setting: `flags` (by key) win over the environment, which wins over the
    /// file. A flag's mistake is the command line's (usage follows it); the environment's and the
    /// file's are `OperatorError`s.
    static func resolve(flags: [String: SettingValue], configFile: String?,
                        environment: [String: String] = ProcessInfo.processInfo.environment) throws -> EffectiveSettings {
        var settings = EffectiveSettings()
        let path = configFile ?? environment["PLUME_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
        settings.configFile = path
        let file = try path.map { try Settings.read($0) } ?? [:]
        for setting in all {
            // Every value given is checked, even one a later source overrides: a mistake in the
            // file would otherwise wait until the day the flag is dropped.
            var chosen: (value: SettingValue, source: String)?
            if let given = file[setting.key], let path {
                guard let checked = setting.accepted(given) else { throw OperatorError(setting.refusal(given, at: path)) }
                chosen = (checked, "file")
            }
            if let text = environment[setting.env], !text.isEmpty {
                guard let checked = setting.accepted(.text(text), fromEnvironment: true) else {
                    throw OperatorError(setting.refusal(.text(text), at: setting.env))
                }
                chosen = (checked, "env \(setting.env)")
            }
            if let flag = flags[setting.key] {
                guard let checked = setting.accepted(flag) else { throw ValidationError(setting.refusal(flag, at: "--\(setting.key)")) }
                chosen = (checked, "flag")
            }
            if let chosen { setting.apply(&settings, chosen.value) }
            settings.shown.append((setting.key, nil, chosen?.source ?? "default"))
        }
        if let port = settings.sshPort {
            var hosting = settings.hosting
            hosting.host = settings.server.host
            hosting.port = port
            hosting.hostKeyPath = settings.hostKeyPath
            hosting.homes = settings.homesPath
            hosting.plumePath = settings.plumePath
            settings.server.hosting = hosting
        }
        // Values are shown as the configuration holds them once all are in (a list from the
        // environment, split; a default as the configuration's own).
        for (index, setting) in all.enumerated() {
            settings.shown[index].value = setting.shownDefault(settings).map { value in
                if setting.secret, case .text(let text) = value { return Setting.shown(.text(masked(text))) }
                return Setting.shown(value)
            }
        }
        return settings
    }

    /// The config file's settings, checked for unknown keys and types (values are checked later).
    static func read(_ path: String) throws(OperatorError) -> [String: SettingValue] {
        guard let data = FileManager.default.contents(atPath: path), data.count <= 64 * 1024,
              let text = String(data: data, encoding: .utf8) else {
            throw OperatorError("the config file \(path) can't be read (missing, unreadable, over 64 KiB or not UTF-8)")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw OperatorError("\(path) line \(error.source.begin.line): \(error.description)")
        } catch {
            throw OperatorError("\(path) is not valid TOML")
        }
        var out: [String: SettingValue] = [:]
        for key in table.keys.sorted() {
            guard let setting = all.first(where: { $0.key == key }) else {
                throw OperatorError("\(path): there is no setting called \"\(key)\" (the settings are \(all.map(\.key).joined(separator: ", ")))")
            }
            guard let value = table[key] else { continue }
            if let number = value.int {
                out[key] = .number(number)
            } else if let text = value.string {
                out[key] = .text(text)
            } else if let array = value.array, array.allSatisfy({ $0.string != nil }) {
                out[key] = .list(array.compactMap(\.string))
            } else {
                throw OperatorError(setting.refusal(nil, at: path))
            }
        }
        return out
    }

    /// A postgres:// URL with its password replaced by ****; anything else as it is. Read by hand
    /// rather than with URLComponents, which gives up on a URL it can't parse (a stray # or space
    /// in the password) and would leave it whole: everything from the user's colon to the last @
    /// is the password.
    static func masked(_ database: String) -> String {
        guard PostgresLocation.isURL(database), let scheme = database.range(of: "://"),
              let at = database[scheme.upperBound...].lastIndex(of: "@"),
              let colon = database[scheme.upperBound..<at].firstIndex(of: ":") else { return database }
        return String(database[...colon]) + "****" + String(database[at...])
    }

    /// The effective configuration as a config file: `key = value  # source`.
    static func render(_ settings: EffectiveSettings) -> String {
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
