// The server's settings, each written once: its key (the long flag and the config file's key),
// its environment variable, what values it takes, and where it goes. A value is taken from the
// command line, else the environment, else the config file (`--config`, or PLUME_CONFIG), else
// the built-in default; a bad one stops start-up with the place, the key and what is expected.
// The values are plain (SettingValues.swift): plume-server makes the configurations of them.
import Foundation
import GameState
import Logging

public enum LogFormat: String, CaseIterable, Sendable {
    /// One line per event, for a person at a terminal or journalctl.
    case text
    /// One JSON object per line, for log collectors.
    case json
}

/// Everything `serve` needs, with where each value came from.
public struct EffectiveSettings {
    public var server = ServerValues()
    /// Play over SSH: on when `sshPort` is set; paths left nil are placed beside the database.
    public var hosting = HostingValues()
    public var sshPort: Int?
    public var sshHostKey: String?
    public var sshHomes: String?
    public var plume: String?
    public var logLevel: Logger.Level = .info
    public var logFormat: LogFormat = .text
    public var configFile: String?
    /// In the table's order: key, the value as TOML (secrets masked), and its source.
    public var shown: [(key: String, value: String?, source: String)] = []

    public init() {}
}

/// A value as any source gives it.
public enum SettingValue: Equatable, Sendable {
    case text(String)
    case number(Int)
    case list([String])
}

public struct Setting: Sendable {
    public enum Kind: Sendable {
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

    /// The long flag (`--key`) and the config file's key.
    public let key: String
    public let env: String
    public let kind: Kind
    /// What it does, for `--help` and docs/operating.md (which add the variable and the default).
    public let words: String
    /// The default in words where it is not a value ("none", "off", "beside the database").
    var defaultWords: String?
    /// The placeholder `--help` shows for the value.
    public var valueName: String?
    /// Shown with its password masked.
    public var secret = false
    /// Puts a checked value in place.
    let apply: @Sendable (inout EffectiveSettings, SettingValue) -> Void
    /// The value in effect as a config file would give it, nil when unset.
    let shownDefault: @Sendable (EffectiveSettings) -> SettingValue?

    /// The value in the kind's own form, or nil if it doesn't fit. Text from the environment may
    /// spell a number or a comma-separated list; a flag's or a config file's value must already
    /// have the right type (`port = "80"` in a file is a mistake worth hearing about).
    public func accepted(_ value: SettingValue, fromEnvironment: Bool = false) -> SettingValue? {
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
    public func refusal(_ value: SettingValue?, at place: String) -> String {
        "\(place): \(key) must be \(kind.expected)" + ((secret ? nil : value).map { ", not \(Self.shown($0))" } ?? "")
    }

    /// A value as a config file spells it. A JSON string is a TOML basic string too (the same
    /// escapes: \", \\, \n, \r, \t and \uXXXX for every other control character).
    public static func shown(_ value: SettingValue) -> String {
        switch value {
        case .text(let text): SharedStateJSON.string(text)
        case .number(let number): String(number)
        case .list(let items): "[" + items.map { shown(.text($0)) }.joined(separator: ", ") + "]"
        }
    }

    /// The built-in default in words, as `--help` and the docs give it.
    public var defaultText: String {
        if let defaultWords { return defaultWords }
        switch shownDefault(EffectiveSettings()) {
        case .text(let text): return text
        case .number(let number): return String(number)
        case .list(let items): return items.isEmpty ? "none" : items.joined(separator: ", ")
        case nil: return "none"
        }
    }

    /// The environment variable as `--help` and the docs name it.
    public var envText: String {
        if case .list = kind { return env + ", comma-separated" }
        return env
    }

    /// The flag's help: what it does, its variable and its default, from this one entry.
    public var helpText: String {
        let repeatable = if case .list = kind { " Repeat for more." } else { "" }
        return "\(words)\(repeatable) Env: \(envText). (default: \(defaultText))"
    }
}

extension Setting {
    static func text(_ key: String, _ env: String, _ path: WritableKeyPath<EffectiveSettings, String> & Sendable, _ words: String,
                     valueName: String? = nil, secret: Bool = false) -> Setting {
        Setting(key: key, env: env, kind: .text, words: words, valueName: valueName, secret: secret,
                apply: { if case .text(let value) = $1 { $0[keyPath: path] = value } }, shownDefault: { .text($0[keyPath: path]) })
    }

    /// Text that may stay unset; `shown` gives what is used then (a path beside the database).
    static func text(_ key: String, _ env: String, _ path: WritableKeyPath<EffectiveSettings, String?> & Sendable, _ words: String,
                     default defaultWords: String, valueName: String? = nil,
                     shown: @escaping @Sendable (EffectiveSettings) -> String? = { _ in nil }) -> Setting {
        Setting(key: key, env: env, kind: .text, words: words, defaultWords: defaultWords, valueName: valueName,
                apply: { if case .text(let value) = $1 { $0[keyPath: path] = value } },
                shownDefault: { settings in (settings[keyPath: path] ?? shown(settings)).map { .text($0) } })
    }

    static func integer(_ key: String, _ env: String, _ range: ClosedRange<Int>, _ path: WritableKeyPath<EffectiveSettings, Int> & Sendable,
                        _ words: String) -> Setting {
        Setting(key: key, env: env, kind: .integer(range), words: words,
                apply: { if case .number(let value) = $1 { $0[keyPath: path] = value } }, shownDefault: { .number($0[keyPath: path]) })
    }

    static func integer(_ key: String, _ env: String, _ range: ClosedRange<Int>, _ path: WritableKeyPath<EffectiveSettings, Int?> & Sendable,
                        _ words: String, default defaultWords: String) -> Setting {
        Setting(key: key, env: env, kind: .integer(range), words: words, defaultWords: defaultWords,
                apply: { if case .number(let value) = $1 { $0[keyPath: path] = value } }, shownDefault: { $0[keyPath: path].map { .number($0) } })
    }

    static func list(_ key: String, _ env: String, _ path: WritableKeyPath<EffectiveSettings, [String]> & Sendable, _ words: String,
                     valueName: String) -> Setting {
        Setting(key: key, env: env, kind: .list, words: words, valueName: valueName,
                apply: { if case .list(let value) = $1 { $0[keyPath: path] = value } }, shownDefault: { .list($0[keyPath: path]) })
    }

    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, _ env: String, _ path: WritableKeyPath<EffectiveSettings, Choice> & Sendable, _ words: String
    ) -> Setting where Choice.RawValue == String {
        Setting(key: key, env: env, kind: .choice(Choice.allCases.map(\.rawValue)), words: words,
                apply: { if case .text(let value) = $1, let choice = Choice(rawValue: value) { $0[keyPath: path] = choice } },
                shownDefault: { .text($0[keyPath: path].rawValue) })
    }
}

public enum Settings {
    public static let all: [Setting] = [
        .text("database", "PLUME_DATABASE", \.server.database, "A SQLite file path, or postgres://user[:pass]@host[:port]/db.",
              valueName: "path-or-url", secret: true),
        .text("host", "PLUME_HOST", \.server.host, "Address to listen on."),
        .integer("port", "PLUME_PORT", 0...65_535, \.server.port, "Port to listen on."),
        .list("allowed-origin", "PLUME_ALLOWED_ORIGINS", \.server.allowedOrigins, "A browser origin allowed to call the API (CORS).",
              valueName: "origin"),
        .integer("rate-limit", "PLUME_RATE_LIMIT", 0...10_000_000, \.server.requestsPerMinute,
                 "Requests per minute from one address; 0 turns it off."),
        .integer("submit-rate-limit", "PLUME_SUBMIT_RATE_LIMIT", 0...10_000_000, \.server.submissionsPerMinute,
                 "Submissions and donations per minute for one player; 0 off."),
        .integer("vote-rate-limit", "PLUME_VOTE_RATE_LIMIT", 0...10_000_000, \.server.votesPerMinute,
                 "Runway votes and entries per minute for one player; 0 off."),
        .integer("register-rate-limit", "PLUME_REGISTER_RATE_LIMIT", 0...10_000_000, \.server.registrationsPerHour,
                 "Registrations per hour from one address; 0 off."),
        .integer("simulations", "PLUME_SIMULATIONS", 1...64, \.server.simulationSlots,
                 "Swarm verifications run at once (more wait briefly, then get 503)."),
        .integer("poll-ms", "PLUME_POLL_MS", 10...3_600_000, \.server.followMilliseconds,
                 "How often, in milliseconds, to read the change log for other processes' writes (PostgreSQL also wakes at once on NOTIFY)."),
        .text("public-url", "PLUME_PUBLIC_URL", \.server.publicURL, "The server's address as players see it, for links in pages and the feed.",
              default: "http://host:port"),
        .integer("max-connections", "PLUME_MAX_CONNECTIONS", 8...1_000_000, \.server.connections.maxConnections,
                 "Connections served at once; past it a new one is answered 503 and closed, and past a small overflow nothing more is accepted. Lowered at start to leave descriptors free under the open-file limit."),
        .integer("max-connections-per-address", "PLUME_MAX_CONNECTIONS_PER_ADDRESS", 1...1_000_000, \.server.connections.maxPerAddress,
                 "Connections one client address (IPv6: one /64) may hold open; more are closed as they are accepted. Trusted proxies have no cap."),
        .integer("head-timeout", "PLUME_HEAD_TIMEOUT", 1...600, \.server.connections.headSeconds,
                 "Seconds a new connection has to send a whole request head before it is closed."),
        .integer("min-body-rate", "PLUME_MIN_BODY_RATE", 1...1_000_000_000, \.server.connections.minimumBodyRate,
                 "Bytes a second a request body must at least arrive at: a body may take the head timeout plus its length (at most 16 KiB) at this rate."),
        .integer("idle-timeout", "PLUME_IDLE_TIMEOUT", 1...3600, \.server.connections.idleSeconds,
                 "Seconds a kept-alive connection may wait for its next request head."),
        .list("trusted-proxy", "PLUME_TRUSTED_PROXIES", \.server.trustedProxies,
              "The address of a reverse proxy whose X-Forwarded-For or Forwarded header names the player (for rate limits). Its own connections have no per-address cap.",
              valueName: "address"),
        .choice("forwarded-header", "PLUME_FORWARDED_HEADER", \.server.forwardedHeader,
                "The header the trusted proxies write: x-forwarded-for or forwarded (RFC 7239); only that one is read."),
        .integer("ssh-port", "PLUME_SSH_PORT", 0...65_535, \.sshPort,
                 "Also serve the game over SSH on this port (players run `ssh -p PORT host`).", default: "off"),
        .text("ssh-host-key", "PLUME_SSH_HOST_KEY", \.sshHostKey, "The SSH host key file (OpenSSH format, Ed25519, mode 0600), made on first start.",
              default: "plume-ssh-host-key beside a SQLite database; on PostgreSQL, kept in the database", valueName: "path",
              shown: { $0.hostKeyInDatabase ? "kept in the database" : $0.hostKeyPath }),
        .text("ssh-homes", "PLUME_SSH_HOMES", \.sshHomes, "Where each SSH player's files are kept while they play on this host, a directory per player (their saves are kept in the database, for every host).",
              default: "plume-players beside the database", valueName: "path", shown: { $0.homesPath }),
        .text("plume", "PLUME_GAME", \.plume, "The plume binary each SSH session runs.",
              default: "plume beside plume-server (or in ../games)", valueName: "path", shown: { $0.plumePath }),
        .text("ssh-host-name", "PLUME_SSH_HOST_NAME", \.hosting.hostName, "This host's name among the hosts on one database (the watch menu, metrics).",
              default: "the machine's name and the process id", valueName: "name"),
        .text("relay-url", "PLUME_RELAY_URL", \.hosting.relayURL, "Where the other hosts on one database reach this one's HTTP listener, to relay its games to their watchers.",
              default: "this server's loopback address (hosts on one machine)", valueName: "url"),
        .integer("ssh-key-check", "PLUME_SSH_KEY_CHECK", 1...86_400, \.hosting.keyCheckSeconds,
                 "Seconds between a host's reads of its SSH host key and the announced next one: `plume-server ssh-key rotate` reaches every running host within this."),
        .integer("ssh-max-sessions", "PLUME_SSH_MAX_SESSIONS", 1...100_000, \.hosting.maxSessions,
                 "Games played over SSH at once; past it a player is told the server is full."),
        .integer("ssh-max-sessions-per-address", "PLUME_SSH_MAX_SESSIONS_PER_ADDRESS", 1...100_000, \.hosting.maxPerAddress,
                 "Games one address (IPv6: one /64) may have open at once."),
        .integer("ssh-max-unauthenticated", "PLUME_SSH_MAX_UNAUTHENTICATED", 1...100_000, \.hosting.maxUnauthenticated,
                 "SSH connections still signing in, from everyone, at once; more are reset."),
        .integer("ssh-connections-per-minute", "PLUME_SSH_CONNECTIONS_PER_MINUTE", 0...1_000_000, \.hosting.attemptsPerMinute,
                 "New SSH connections one address may open a minute; more are reset."),
        .integer("ssh-auth-timeout", "PLUME_SSH_AUTH_TIMEOUT", 1...600, \.hosting.authSeconds, "Seconds an SSH connection has to sign in."),
        .integer("ssh-idle-minutes", "PLUME_SSH_IDLE_MINUTES", 1...10_080, \.hosting.idleMinutes,
                 "Minutes without a key from the player before a game over SSH ends (it is saved)."),
        .integer("ssh-session-minutes", "PLUME_SSH_SESSION_MINUTES", 1...10_080, \.hosting.sessionMinutes, "Minutes a game over SSH may last."),
        .integer("ssh-game-memory", "PLUME_SSH_GAME_MEMORY", 256...1_048_576, \.hosting.gameMemoryMiB, "Each SSH game's address space, in MiB."),
        .integer("ssh-game-cpu", "PLUME_SSH_GAME_CPU", 10...31_536_000, \.hosting.gameCPUSeconds, "Each SSH game's CPU time, in seconds."),
        .integer("watch-max-per-game", "PLUME_WATCH_MAX_PER_GAME", 1...100_000, \.hosting.watchPerGame,
                 "Watchers of one game at once, from every host."),
        .integer("watch-max-per-address", "PLUME_WATCH_MAX_PER_ADDRESS", 1...100_000, \.hosting.watchPerAddress,
                 "Games one address (IPv6: one /64) may watch at once on a host."),
        .integer("watch-max", "PLUME_WATCH_MAX", 1...1_000_000, \.hosting.watchAll, "Watchers on a host at once, in all."),
        .choice("log-level", "LOG_LEVEL", \.logLevel, "How much the log says: trace, debug, info, notice, warning, error or critical."),
        .choice("log-format", "PLUME_LOG_FORMAT", \.logFormat,
                "text (a line per event) or json (one JSON object per line, for log collectors)."),
    ]

    /// The setting called `key`; every flag's help is taken from here.
    public static func named(_ key: String) -> Setting {
        guard let setting = all.first(where: { $0.key == key }) else { preconditionFailure("no setting is called \(key)") }
        return setting
    }

    /// The key of the option property called `property`: `maxConnectionsPerAddress` is
    /// `max-connections-per-address`, as swift-argument-parser names its flag.
    public static func key(property: String) -> String {
        property.reduce(into: "") { key, character in
            if character.isUppercase { key += "-" + character.lowercased() } else { key.append(character) }
        }
    }

    /// Every setting as the Markdown table in docs/operating.md (`plume-server config --table`).
    public static func table() -> String {
        var lines = ["| key (`--key`) | environment | default | takes | what it does |", "|---|---|---|---|---|"]
        for setting in all {
            let takes = switch setting.kind {
            case .text: "text"
            case .integer(let range): "\(range.lowerBound)–\(range.upperBound)"
            case .list: "a list"
            case .choice(let options): options.map { "`\($0)`" }.joined(separator: ", ")
            }
            let words = setting.words.replacingOccurrences(of: "|", with: "\\|")
            let env = if case .list = setting.kind { "`\(setting.env)` (comma-separated)" } else { "`\(setting.env)`" }
            lines.append("| `\(setting.key)` | \(env) | \(setting.defaultText) | \(takes) | \(words) |")
        }
        return lines.joined(separator: "\n")
    }

    /// Resolves every setting: `flags` (by key) win over the environment, which wins over the
    /// file. A flag's mistake is the command line's (a `FlagError`, which the command turns into
    /// usage); the environment's and the file's are `OperatorError`s.
    public static func resolve(flags: [String: SettingValue], configFile: String?,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws -> EffectiveSettings {
        let path = configFile ?? environment["PLUME_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
        let file = try path.map { try Settings.read($0) } ?? [:]
        return try resolve(flags: flags, file: file, at: path, environment: environment)
    }

    /// Resolves every setting from a config file already read (`file`, from `path`).
    public static func resolve(flags: [String: SettingValue], file: [String: SettingValue], at path: String?,
                               environment: [String: String]) throws -> EffectiveSettings {
        var settings = EffectiveSettings()
        settings.configFile = path
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
                guard let checked = setting.accepted(flag) else { throw FlagError(description: setting.refusal(flag, at: "--\(setting.key)")) }
                chosen = (checked, "flag")
            }
            if let chosen { setting.apply(&settings, chosen.value) }
            settings.shown.append((setting.key, nil, chosen?.source ?? "default"))
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
}
