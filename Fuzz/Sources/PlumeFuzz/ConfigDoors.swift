// The operator's config file (`plume-server --config`, PLUME_CONFIG): TOML read with the server's
// own code (ServerSettings). Whatever the file holds, reading it either gives settings or stops
// with an OperatorError that names the file and carries no control character to the operator's
// terminal; every value the file sets, printed the way `plume-server config` prints it, reads
// back to the same value; and the printed configuration is plain text.
import ServerSettings

enum ConfigDoors {
    static let harnesses = [
        Harness("config-file", "plume-server's config file (TOML), every setting") { checkConfig(text($0)) },
    ]

    static let path = "plume.toml"

    static func checkConfig(_ text: String) -> String? {
        let file: [String: SettingValue]
        do {
            file = try Settings.parse(text, at: path)
        } catch {
            return refusal(error.description, "reading")
        }
        let settings: EffectiveSettings
        do {
            settings = try Settings.resolve(flags: [:], file: file, at: path, environment: [:])
        } catch let error as OperatorError {
            return refusal(error.description, "checking")
        } catch {
            return "checking the file threw something other than an OperatorError: \(error)"
        }
        if let broken = rule(!hasControls(Settings.render(settings), keeping: ["\n"]), "the printed configuration holds a control character") {
            return broken
        }
        return checkPrintedValuesReadBack(settings)
    }

    /// Each value the file set, printed as `plume-server config` prints it, is a config file line
    /// that reads back to the same value. (Secrets are printed masked, so they are left out.)
    static func checkPrintedValuesReadBack(_ settings: EffectiveSettings) -> String? {
        let fromFile = Settings.all.indices.filter { settings.shown[$0].source == "file" && !Settings.all[$0].secret }
        let lines = fromFile.compactMap { index in settings.shown[index].value.map { "\(settings.shown[index].key) = \($0)" } }
        let again: EffectiveSettings
        do {
            again = try Settings.resolve(flags: [:], file: Settings.parse(lines.joined(separator: "\n"), at: path), at: path, environment: [:])
        } catch {
            return "the printed values do not read back: \(error) from\n\(lines.joined(separator: "\n"))"
        }
        for index in fromFile where again.shown[index].value != settings.shown[index].value {
            return "\(settings.shown[index].key) was \(settings.shown[index].value ?? "unset"), printed and read back it is \(again.shown[index].value ?? "unset")"
        }
        return nil
    }

    static func refusal(_ words: String, _ stage: String) -> String? {
        rule(words.hasPrefix(path), "a refusal while \(stage) does not name the file: \(words)")
            ?? rule(!hasControls(words), "a refusal while \(stage) carries a control character to the terminal: \(words.debugDescription)")
    }

    /// C0 and C1 controls and DEL, except those in `keeping`.
    static func hasControls(_ text: String, keeping: Set<Character> = []) -> Bool {
        text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) && !keeping.contains(Character(scalar))
        }
    }
}
