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
}
