// The session's side of the player's settings on a server: today one, whether others may watch
// their games over SSH live (`ssh watch@host`, the server's /watch page). It is read once the
// player is known on a server; `w` on the Scores screen turns it over, and what came of that is
// said in words. The local board has no watchers, and says so without asking.
import GameState
import ScoresAPI

extension Session {
    /// The Scores screen's word on it: "others may watch: yes (w)"; nil until read.
    /// What a key that needs the scores' place says before the session has heard it (the first
    /// instant of a game: a game on a server is not the local board meanwhile).
    static let notYetKnown = "Still finding out where this game keeps its scores — try again in a moment."

    public var watchingLabel: String? {
        settings.map { "others may watch: \($0.watchable ? "yes" : "no") (w)" }
    }

    /// `w` on the Scores screen: turns the setting over, or says why not yet — the local board,
    /// no player yet, an answer still awaited, or the setting not read yet (it is asked for, and
    /// said when it arrives).
    mutating func turnWatchingOver() -> [Request] {
        guard identified else { return [.status(Self.notYetKnown)] }
        guard !isLocal else {
            return [.status("Only games played on a server over SSH can be watched; this game keeps its scores on the local board, so nobody can watch it.")]
        }
        guard player != nil else {
            return [.push(RegisterDialog(self)), .status(Self.registerFirst(place))]
        }
        if let sent = inFlight[ScoresCommand.settings.key], now - sent < Self.lostSeconds {
            return [.status("Still waiting for \(place) to answer about watching — try again in a moment.")]
        }
        guard let settings else {
            settingsAsked = true
            return [.status("Asking \(place) whether others may watch your games…")] + send(.settings)
        }
        let words = settings.watchable ? "Asking \(place) to stop anyone watching your games…" : "Asking \(place) to let others watch your games…"
        return [.status(words)] + send(.changeSettings(PlayerSettings(watchable: !settings.watchable)))
    }

    mutating func settingsRead(_ read: PlayerSettings) -> [Request] {
        settings = read
        contact()
        // What the player changed in the settings place meanwhile goes now.
        var kept: [Request] = []
        if var wanted = playToKeep {
            playToKeep = nil
            wanted.watchable = read.watchable
            kept = send(.changeSettings(wanted))
        }
        guard settingsAsked else { return kept }
        settingsAsked = false
        return kept + [.status(read.watchable ? "Others may watch your games on \(place) live; w again stops that."
                                       : "Nobody may watch your games on \(place); w again lets others watch.")]
    }

    mutating func settingsChanged(_ changed: PlayerSettings) -> [Request] {
        let before = settings
        settings = changed
        contact()
        // A setting of how the player plays, kept quietly: the settings place said it already.
        guard before?.watchable != changed.watchable else { return [] }
        return [.status(changed.watchable ? "Others may watch your games on \(place) live now; w stops that."
                                          : "Nobody may watch your games on \(place) now: anyone watching is sent away. w lets others watch again.")]
    }

    /// A change refused or lost is said in the server's words; a read fails quietly unless the
    /// player asked for it (the Scores screen then just doesn't show the setting).
    mutating func settingsFailed(_ command: ScoresCommand, _ failure: ScoresFailure) -> [Request] {
        if failure.code == .notRegistered { return [.push(RegisterDialog(self)), .status(Self.registerFirst(place))] }
        guard let wanted = command.asked(APICalls.changeSettings)?.body else {
            guard settingsAsked else { return [] }
            settingsAsked = false
            return [.status("Couldn't read whether others may watch your games: \(failure.message)")]
        }
        trouble(failure)
        if wanted.palette != nil || wanted.screenReader != nil || wanted.reduceMotion != nil {
            return [.status("✗ \(place) didn't keep the setting (it holds here and in config.toml): \(failure.message)")]
        }
        return [.status((wanted.watchable ? "Not changed, so nobody may watch your games still: " : "Not changed, so others may still watch your games: ")
                        + failure.message)]
    }

    /// A setting the player changed in the settings place, kept by the server too when they are a
    /// player there (their games on its hosts start with it). Nothing is sent for the local board.
    /// Before the server's settings are read (the change needs the watching setting as it is),
    /// or before the player is known there, it waits and goes with the read.
    mutating func keep(_ play: PlaySettings, _ key: PlaySettings.Key) -> [Request] {
        guard !(identified && isLocal) else { return [] }
        var wanted = playToKeep ?? PlayerSettings(watchable: true)
        switch key {
        case .palette: wanted.palette = play.palette.rawValue
        case .screenReader: wanted.screenReader = play.screenReader
        case .reduceMotion: wanted.reduceMotion = play.reduceMotion
        }
        guard identified, player != nil, let settings else {
            playToKeep = wanted
            return []
        }
        playToKeep = nil
        wanted.watchable = settings.watchable
        return send(.changeSettings(wanted))
    }

    private static func registerFirst(_ place: String) -> String {
        "Register on \(place) first (a name is enough); then w chooses whether others may watch your games."
    }
}

extension ScoresCommand {
    /// The player's settings, read behind whatever the screen shows.
    static var settings: ScoresCommand { .ask(APICalls.settings, awaited: false) }

    /// A change of them, answered with the settings as they then are (one at a time with a read).
    static func changeSettings(_ wanted: PlayerSettings) -> ScoresCommand { .ask(APICalls.changeSettings, body: wanted) }
}
