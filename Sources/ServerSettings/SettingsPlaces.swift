// Where the server keeps what it keeps beside its database, derived from the settings in effect:
// the SSH host key (a file, or the database itself for hosts on one PostgreSQL), the SSH players'
// homes, and the game each SSH session runs.
import Foundation
import GameState

extension Settings {
    /// Whether `--database` names PostgreSQL rather than a SQLite file. The store's own rule is
    /// LeaderboardPostgres' `PostgresLocation.isURL`; this module configures the store and so does
    /// not link it, and SettingsMappingTests holds the two to the same answers.
    public static func isPostgres(_ database: String) -> Bool {
        database.hasPrefix("postgres://") || database.hasPrefix("postgresql://")
    }
}

extension EffectiveSettings {
    /// The directory files kept "beside the database" go in: a SQLite file's, else the working directory.
    public var besideDatabase: String {
        guard !Settings.isPostgres(server.database) else { return "." }
        let directory = FilePaths.directory(of: server.database)
        return directory.isEmpty ? "." : directory
    }

    public var hostKeyPath: String { sshHostKey ?? besideDatabase + "/plume-ssh-host-key" }
    /// Hosts on one PostgreSQL share their key through it, unless the operator names a file.
    public var hostKeyInDatabase: Bool { sshHostKey == nil && Settings.isPostgres(server.database) }
    /// Absolute, resolved against the directory the server starts in: each game runs in its
    /// player's home, where a relative path would be resolved a second time (and its saves
    /// written where no host looks for them).
    public var homesPath: String { FilePaths.absolute(sshHomes ?? besideDatabase + "/plume-players") }

    /// The game beside this binary (the installed pair, or the build directory), else where
    /// Debian's packages put games: `/usr/games/plume` beside `/usr/bin/plume-server`.
    public var plumePath: String {
        if let plume { return plume }
        let directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let beside = directory.appendingPathComponent("plume").path
        let games = directory.deletingLastPathComponent().appendingPathComponent("games/plume").path
        if !FileManager.default.isExecutableFile(atPath: beside), FileManager.default.isExecutableFile(atPath: games) { return games }
        return beside
    }
}
