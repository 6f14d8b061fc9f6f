// Reduced motion as the player names it: `--reduce-motion`, else PLUME_REDUCE_MOTION, else
// `reduce-motion` in config.toml; a bad value is said in words and counts as not given.
import Foundation
import Testing
@testable import GameState

@Suite struct PlaySettingsTests {
    /// A config home with `config` as its plume/config.toml (none when nil).
    func home(_ config: String?) throws -> [String: String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("play-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("plume"), withIntermediateDirectories: true)
        if let config { try config.write(to: directory.appendingPathComponent("plume/config.toml"), atomically: true, encoding: .utf8) }
        return ["XDG_CONFIG_HOME": directory.path, "HOME": directory.path]
    }

    @Test func motionIsOnUnlessTheFlagTheEnvironmentOrTheConfigHoldsItStill() throws {
        let none = try home(nil)
        #expect(PlaySettings.resolve(reduceMotionFlag: false, environment: none) == (PlaySettings(reduceMotion: false), []))
        #expect(PlaySettings.resolve(reduceMotionFlag: true, environment: none).settings.reduceMotion)
        for on in ["1", "true", "YES", "on"] {
            #expect(PlaySettings.resolve(reduceMotionFlag: false, environment: none.merging(["PLUME_REDUCE_MOTION": on]) { $1 }).settings.reduceMotion)
        }
        let configured = try home("server = \"https://example.org\"\nreduce-motion = true\n")
        #expect(PlaySettings.resolve(reduceMotionFlag: false, environment: configured).settings.reduceMotion)
        // The environment wins over the file, and the flag over both.
        let offForNow = configured.merging(["PLUME_REDUCE_MOTION": "0"]) { $1 }
        #expect(!PlaySettings.resolve(reduceMotionFlag: false, environment: offForNow).settings.reduceMotion)
        #expect(PlaySettings.resolve(reduceMotionFlag: true, environment: offForNow).settings.reduceMotion)
        #expect(!PlaySettings.resolve(reduceMotionFlag: false, environment: try home("reduce-motion = false")).settings.reduceMotion)
    }

    @Test func aBadValueIsSaidInWordsAndCountsAsNotGiven() throws {
        let configured = try home("reduce-motion = true")
        let (settings, warnings) = PlaySettings.resolve(reduceMotionFlag: false, environment: configured.merging(["PLUME_REDUCE_MOTION": "maybe\u{1B}[2J"]) { $1 })
        #expect(settings.reduceMotion, "the file still says so")
        #expect(warnings.count == 1 && warnings[0].contains("PLUME_REDUCE_MOTION must be 1 or 0") && !warnings[0].contains("\u{1B}"))
        let wrongType = PlaySettings.resolve(reduceMotionFlag: false, environment: try home("reduce-motion = \"yes\""))
        #expect(!wrongType.settings.reduceMotion && wrongType.warnings.count == 1 && wrongType.warnings[0].contains("must be true or false"))
        // A file that isn't TOML is the scores' settings' to report; motion is simply on.
        #expect(PlaySettings.resolve(reduceMotionFlag: false, environment: try home("[[[")) == (PlaySettings(), []))
    }

    @Test func theScreenReaderAndThePaletteFollowTheFlagTheEnvironmentAndTheFile() throws {
        let none = try home(nil)
        #expect(PlaySettings.resolve(PlaySettings.Flags(), environment: none) == (PlaySettings(), []))
        #expect(PlaySettings.resolve(PlaySettings.Flags(screenReader: true, palette: .tritanopia), environment: none).settings
                == PlaySettings(screenReader: true, palette: .tritanopia))
        let environment = none.merging(["PLUME_SCREEN_READER": "yes", "PLUME_PALETTE": "High_Contrast"]) { $1 }
        #expect(PlaySettings.resolve(PlaySettings.Flags(), environment: environment).settings == PlaySettings(screenReader: true, palette: .highContrast))
        let configured = try home("palette = \"protanopia\"\nscreen-reader = true\n")
        #expect(PlaySettings.resolve(PlaySettings.Flags(), environment: configured).settings == PlaySettings(screenReader: true, palette: .protanopia))
        // The flag wins over the environment, which wins over the file.
        let both = configured.merging(["PLUME_PALETTE": "deuteranopia"]) { $1 }
        #expect(PlaySettings.resolve(PlaySettings.Flags(), environment: both).settings.palette == .deuteranopia)
        #expect(PlaySettings.resolve(PlaySettings.Flags(palette: .standard), environment: both).settings.palette == .standard)
    }

    @Test func anUnknownPaletteIsSaidAndTheNextPlaceDecides() throws {
        let configured = try home("palette = \"tritanopia\"")
        let (settings, warnings) = PlaySettings.resolve(PlaySettings.Flags(), environment: configured.merging(["PLUME_PALETTE": "sepia\u{7}"]) { $1 })
        #expect(settings.palette == .tritanopia)
        #expect(warnings.count == 1 && warnings[0].contains("PLUME_PALETTE must be one of standard, deuteranopia") && !warnings[0].contains("\u{7}"))
        let wrong = PlaySettings.resolve(PlaySettings.Flags(), environment: try home("palette = \"mauve\"\nscreen-reader = 1"))
        #expect(wrong.settings == PlaySettings())
        #expect(wrong.warnings.count == 2 && wrong.warnings.contains { $0.contains("palette must be one of") }
                && wrong.warnings.contains { $0.contains("screen-reader must be true or false") })
    }

    @Test func writingKeepsTheFilesOtherLinesAndReadsBackTheSame() throws {
        let environment = try home("# my settings\nserver = \"https://example.org\"\nreduce-motion = false # was on\n\"palette\" = \"standard\"\n")
        let wanted = PlaySettings(reduceMotion: true, screenReader: true, palette: .highContrast)
        try wanted.write(environment: environment)
        let text = try String(contentsOf: PlaySettings.configFile(environment), encoding: .utf8)
        #expect(text.hasPrefix("# my settings\nserver = \"https://example.org\"\nreduce-motion = true\n"))
        #expect(text.components(separatedBy: "palette").count == 2, "one palette line: \(text)")
        #expect(PlaySettings.resolve(PlaySettings.Flags(), environment: environment) == (wanted, []))
        // Written again with other values, still one line each.
        try PlaySettings().write(environment: environment)
        #expect(PlaySettings.resolve(PlaySettings.Flags(), environment: environment).settings == PlaySettings())
        let again = try String(contentsOf: PlaySettings.configFile(environment), encoding: .utf8)
        #expect(again.components(separatedBy: "screen-reader").count == 2)
        // No file yet: one is made.
        let fresh = try home(nil)
        try wanted.write(environment: fresh)
        #expect(PlaySettings.resolve(PlaySettings.Flags(), environment: fresh).settings == wanted)
    }

    @Test func onlyTheSettingChangedIsWrittenAndLineEndingsAndMarksStay() throws {
        let environment = try home("\u{FEFF}reduce-motion = true\r\nserver = \"https://example.org\"\r\n")
        try PlaySettings(palette: .tritanopia).write([.palette], environment: environment)
        let bytes = try Data(contentsOf: PlaySettings.configFile(environment))
        #expect(bytes == Data("\u{FEFF}reduce-motion = true\r\nserver = \"https://example.org\"\r\npalette = \"tritanopia\"\r\n".utf8))
        #expect(PlaySettings.resolve(PlaySettings.Flags(), environment: environment).settings == PlaySettings(reduceMotion: true, palette: .tritanopia))
    }

    @Test func aRewriteThatWouldChangeAnotherValueIsRefused() throws {
        // A line inside another key's many-line text looks like a setting: the file is left alone.
        let original = "note = \"\"\"\nreduce-motion = true\n\"\"\"\nreduce-motion = false\n"
        let environment = try home(original)
        #expect(throws: PlaySettings.Problem.self) { try PlaySettings(reduceMotion: true).write([.reduceMotion], environment: environment) }
        #expect(try String(contentsOf: PlaySettings.configFile(environment), encoding: .utf8) == original)
    }

    @Test func aLinkedConfigIsWrittenWhereItLeads() throws {
        let environment = try home(nil)
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("play-settings-target-\(UUID().uuidString).toml")
        try "server = \"https://example.org\"\n".write(to: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: PlaySettings.configFile(environment), withDestinationURL: target)
        try PlaySettings(screenReader: true).write([.screenReader], environment: environment)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: PlaySettings.configFile(environment).path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8) == "server = \"https://example.org\"\nscreen-reader = true\n")
    }

    @Test func whatTheHostingServerKeepsComesAfterTheEnvironmentAndBeforeTheFile() throws {
        let configured = try home("palette = \"protanopia\"\nscreen-reader = true\nreduce-motion = true\n")
        let server = PlaySettings.Said(screenReader: false, palette: .tritanopia)
        // The server's word over the file; the file where the server is silent (still motion).
        #expect(PlaySettings.resolve(PlaySettings.Flags(), environment: configured, server: server).settings
                == PlaySettings(reduceMotion: true, screenReader: false, palette: .tritanopia))
        // The client's variables and the flags over the server.
        let passed = configured.merging(["PLUME_PALETTE": "deuteranopia", "PLUME_SCREEN_READER": "1"]) { $1 }
        #expect(PlaySettings.resolve(PlaySettings.Flags(), environment: passed, server: server).settings
                == PlaySettings(reduceMotion: true, screenReader: true, palette: .deuteranopia))
        #expect(PlaySettings.resolve(PlaySettings.Flags(palette: .highContrast), environment: passed, server: server).settings.palette == .highContrast)
    }

    @Test func theFlagsAndTheEnvironmentSayWhatTheyGave() {
        let given = PlaySettings.Flags(screenReader: true).given(environment: ["PLUME_PALETTE": "tritanopia", "PLUME_REDUCE_MOTION": ""])
        #expect(given == [.screenReader: "--screen-reader", .palette: "PLUME_PALETTE"])
    }

    @Test func aFileThatIsntTOMLIsLeftAsItWas() throws {
        let environment = try home("[[[ not toml")
        #expect(throws: PlaySettings.Problem.self) { try PlaySettings(screenReader: true).write(environment: environment) }
        #expect(try String(contentsOf: PlaySettings.configFile(environment), encoding: .utf8) == "[[[ not toml")
    }
}
