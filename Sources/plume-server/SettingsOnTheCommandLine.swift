// The settings as the commands meet them (ServerSettings knows nothing of ArgumentParser): each
// flag's help from its setting's one entry, and a flag's refused value as a usage error.
import ArgumentParser
import ServerSettings

extension Setting {
    var help: ArgumentHelp { ArgumentHelp(helpText, valueName: valueName) }
}

extension Settings {
    /// `Settings.resolve` for a command: a refused flag is the command line's mistake.
    static func resolved(flags: [String: SettingValue], configFile: String?) throws -> EffectiveSettings {
        do {
            return try resolve(flags: flags, configFile: configFile)
        } catch let refused as FlagError {
            throw ValidationError(refused.description)
        }
    }
}
