// Where the scores live: --server, then PLUME_SERVER, then config.toml, then the local board;
// every unusable value explained, none of them stopping the game. The commands that read the
// scores put where the game last played right after --server.
import Foundation
import ScoresClient
import Testing

@Suite struct SettingsTests {
    func environment(config: String?) throws -> [String: String] {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("plume-settings-\(UUID().uuidString)")
        let directory = home.appendingPathComponent("config/plume")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if let config { try config.write(to: directory.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8) }
        return ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path]
    }

    @Test func precedenceIsFlagThenEnvironmentThenFile() throws {
        var env = try environment(config: #"server = "https://file.example""#)
        #expect(ScoresSettings.resolve(flag: nil, environment: env).place == .server(URL(string: "https://file.example")!))
        env["PLUME_SERVER"] = "http://env.example:8787"
        #expect(ScoresSettings.resolve(flag: nil, environment: env).place == .server(URL(string: "http://env.example:8787")!))
        #expect(ScoresSettings.resolve(flag: "http://flag.example", environment: env).place == .server(URL(string: "http://flag.example")!))
        #expect(ScoresSettings.resolve(flag: "local", environment: env).place == .local)
        #expect(ScoresSettings.resolve(flag: nil, environment: try environment(config: nil)) == ScoresSettings(place: .local, warnings: []))
    }

    @Test(arguments: ["ftp://x", "http://", "not a url", "http://u:p@host", "http://host/?q=1", "http://host:70000", "http://ho\u{1b}st"])
    func aBadValueIsExplainedAndTheNextOneUsed(_ bad: String) throws {
        var env = try environment(config: #"server = "https://file.example""#)
        env["PLUME_SERVER"] = bad
        let settings = ScoresSettings.resolve(flag: nil, environment: env)
        #expect(settings.place == .server(URL(string: "https://file.example")!))
        #expect(settings.warnings.count == 1 && settings.warnings[0].hasPrefix("PLUME_SERVER="))
        #expect(!settings.warnings[0].unicodeScalars.contains { $0.value == 0x1b })
    }

    @Test(arguments: [("server = ", "line 1"), ("server = 42", "must be a string"), ("[server\nx", "line")])
    func aBrokenConfigFileIsExplained(_ text: String, _ words: String) throws {
        let settings = ScoresSettings.resolve(flag: nil, environment: try environment(config: text))
        #expect(settings.place == .local)
        #expect(settings.warnings.first?.contains(words) == true, "\(settings.warnings)")
        #expect(settings.warnings.last == "using the local board")
    }

    @Test func aCommandReadsWhereTheGameLastPlayedUnlessToldOtherwise() throws {
        var env = try environment(config: #"server = "https://file.example""#)
        let played = URL(string: "http://played.example:8787")!
        // Before the game has ever started, a command reads where the game would play.
        #expect(ScoresSettings.resolve(flag: nil, environment: env, followGame: true)
            == ScoresSettings(place: .server(URL(string: "https://file.example")!), source: .configFile))
        // The game was started with --server: the commands follow it there (ahead of config.toml), and say why.
        try LastPlayed(directory: ScoresSettings.configDirectory(environment: env)).remember(.server(played))
        let reading = ScoresSettings.resolve(flag: nil, environment: env, followGame: true)
        #expect(reading == ScoresSettings(place: .server(played), source: .lastGame))
        let connection = ScoresConnection(settings: reading, environment: env)
        #expect(connection.placeAndWhy == "http://played.example:8787 (where the game last played)")
        // The game itself still plays where its settings say.
        #expect(ScoresSettings.resolve(flag: nil, environment: env).place == .server(URL(string: "https://file.example")!))
        // --server and PLUME_SERVER say otherwise for this run, `local` for the local board included.
        #expect(ScoresSettings.resolve(flag: "local", environment: env, followGame: true) == ScoresSettings(place: .local, source: .flag))
        #expect(ScoresSettings.resolve(flag: "http://flag.example", environment: env, followGame: true).place == .server(URL(string: "http://flag.example")!))
        #expect(ScoresConnection(settings: ScoresSettings.resolve(flag: "local", environment: env, followGame: true), environment: env).placeAndWhy
            == "the local board")
        env["PLUME_SERVER"] = "http://env.example:8787"
        #expect(ScoresSettings.resolve(flag: nil, environment: env, followGame: true)
            == ScoresSettings(place: .server(URL(string: "http://env.example:8787")!), source: .environment))
    }

    @Test func theLocalBoardIsNotedAsWhereTheGamePlayedToo() throws {
        let env = try environment(config: #"server = "https://file.example""#)
        let last = LastPlayed(directory: ScoresSettings.configDirectory(environment: env))
        try last.remember(.server(URL(string: "http://played.example:8787")!))
        try last.remember(.local)
        #expect(last.read() == "local")
        let reading = ScoresSettings.resolve(flag: nil, environment: env, followGame: true)
        #expect(reading == ScoresSettings(place: .local, source: .lastGame))
        #expect(ScoresConnection(settings: reading, environment: env).placeAndWhy == "the local board (where the game last played)")
    }

    @Test func anUnusableLastBoardIsExplainedAndTheNextOneUsed() throws {
        let env = try environment(config: #"server = "https://file.example""#)
        let last = LastPlayed(directory: ScoresSettings.configDirectory(environment: env))
        try #"{"server": "gopher://nowhere"}"#.write(to: last.url, atomically: true, encoding: .utf8)
        let settings = ScoresSettings.resolve(flag: nil, environment: env, followGame: true)
        #expect(settings.place == .server(URL(string: "https://file.example")!) && settings.source == .configFile)
        #expect(settings.warnings.count == 1 && settings.warnings[0].hasPrefix("the game's last board"), "\(settings.warnings)")
    }
}
