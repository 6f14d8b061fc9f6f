// Whether others may watch a player's games, through the game's client: against a live
// plume-server the setting reads, changes (the PUT body the server decodes) and reads back as
// changed, per player and only for one signed in; the local board refuses it in words, since
// only games played on a server over SSH can be watched.
import Foundation
import ScoresAPI
import ScoresClient
import Testing

@Suite(.serialized) struct WatchingSettingsClientTests {
    func settings(_ events: [ScoresEvent]) throws -> PlayerSettings {
        try first(events) { $0.reply(to: APICalls.settings) }
    }

    @Test func aPlayerRefusesToBeWatchedAndTheServerKeepsIt() async throws {
        try await ClientTests().withBackend(.server) { ada, _ in
            // Nobody signed in: the server is not even asked.
            #expect(try refusal(await ada.perform(.settings)).code == .notRegistered)
            _ = await ada.perform(.register(RegisterRequest(name: "Ada")))
            let bea = try session(ada.backend, home: try temporaryDirectory())
            _ = await bea.perform(.register(RegisterRequest(name: "Bea")))
            // Watchable until the player says otherwise; playing as the game does by default.
            let defaults = PlayerSettings(watchable: true, palette: "standard", screenReader: false, reduceMotion: false)
            #expect(try settings(await ada.perform(.settings)) == defaults)
            let changed = try first(await ada.perform(.changeSettings(PlayerSettings(watchable: false)))) { $0.reply(to: APICalls.changeSettings) }
            #expect(changed.watchable == false)
            #expect(try settings(await ada.perform(.settings)).watchable == false)
            // One player's setting is theirs alone.
            #expect(try settings(await bea.perform(.settings)) == defaults)
            _ = await ada.perform(.changeSettings(PlayerSettings(watchable: true)))
            #expect(try settings(await ada.perform(.settings)) == defaults)
        }
    }

    @Test func howAPlayerPlaysIsKeptAFieldAtATimeAndAnUnknownPaletteIsRefused() async throws {
        try await ClientTests().withBackend(.server) { ada, _ in
            _ = await ada.perform(.register(RegisterRequest(name: "Ada")))
            _ = await ada.perform(.changeSettings(PlayerSettings(watchable: true, palette: "tritanopia")))
            #expect(try settings(await ada.perform(.settings))
                    == PlayerSettings(watchable: true, palette: "tritanopia", screenReader: false, reduceMotion: false))
            // A field left out stays as it was; watching is its own.
            let changed = try first(await ada.perform(.changeSettings(PlayerSettings(watchable: false, screenReader: true)))) {
                $0.reply(to: APICalls.changeSettings)
            }
            #expect(changed == PlayerSettings(watchable: false, palette: "tritanopia", screenReader: true, reduceMotion: false))
            _ = await ada.perform(.changeSettings(PlayerSettings(watchable: false)))
            #expect(try settings(await ada.perform(.settings)) == changed, "watching alone changes nothing else")
            let refused = try refusal(await ada.perform(.changeSettings(PlayerSettings(watchable: true, palette: "sepia"))))
            #expect(refused.code == .wrongType && refused.message.contains("palette") && refused.message.contains("high-contrast"))
            #expect(try settings(await ada.perform(.settings)) == changed, "a refused change changes nothing")
        }
    }

    @Test func theLocalBoardSaysOnlyGamesOnAServerCanBeWatched() async throws {
        try await ClientTests().withBackend(.local) { session, _ in
            _ = await session.perform(.register(RegisterRequest(name: "Ada")))
            for command in [ScoresCommand.settings, .changeSettings(PlayerSettings(watchable: false))] {
                let failure = try refusal(await session.perform(command))
                #expect(failure.kind == .refused)
                #expect(failure.message == "only games played on a server over SSH can be watched; a game on the local board never is")
            }
        }
    }
}
