// Hosted games' saves and leases in the store, each test on a real SQLite file and on a real
// PostgreSQL: one session holds a player's lease; another asks for it and takes it once it is
// given back (with the last files, in one transaction) or has lapsed; a session that lost it
// writes nothing; erasure takes the saves, the lease and the settings.
import Foundation
import ScoresAPI
import Testing
@testable import Leaderboard
import PlumeTestSupport

@Suite struct HostedSavesTests {
    func lease(_ owner: String, _ session: String, host: String = "a") -> HostedLease {
        HostedLease(owner: owner, session: session, host: host, relay: "http://\(host)", playerID: owner, name: "Ada", columns: 80, rows: 24)
    }

    let state = HostedGameState(lastInput: 1, screen: "Studio", watchers: 0, columns: 80, rows: 24)

    func file(_ path: String, _ text: String) -> HostedFile {
        HostedFile(path: path, body: Data(text.utf8).base64EncodedString(), digest: String(text.count))
    }

    @Test(arguments: StoreKind.allCases)
    func aSecondSessionAsksAndTakesTheGameOnceItIsGivenBackWithItsLastFiles(_ kind: StoreKind) async throws {
        let store = try await Fixtures.service(kind).store
        let first = lease("P1", "s1", host: "a"), second = lease("P1", "s2", host: "b")
        #expect(try await store.claimGame(first, now: 1000, expires: 16_000))
        #expect(try await store.claimGame(first, now: 1001, expires: 16_001), "the holder claims again")
        #expect(try await !store.claimGame(second, now: 1002, expires: 16_002), "a live lease is not taken")
        try await store.renewGame(first, state: state, expires: 17_000, changes: HostedChanges(kept: [file("data/plume/plume.json", "v1")]), at: 1100)
        #expect(try await store.gamesAskedFor(host: "a").isEmpty)
        try await store.askForGame(owner: "P1", by: "s2", now: 1200)
        #expect(try await store.gamesAskedFor(host: "a").map(\.session) == ["s1"])
        #expect(try await store.gamesAskedFor(host: "b").isEmpty)
        let live = try await store.liveGames(now: 1300)
        #expect(live.map(\.session) == ["s1"] && live.first?.screen == "Studio" && live.first?.host == "a")
        // Given back with the last files, in one go.
        let asked = try await store.renewGame(first, state: state, expires: 17_000,
                                              changes: HostedChanges(kept: [file("data/plume/plume.json", "v2")], dropped: ["state/x"]), at: 1400,
                                              release: true)
        #expect(asked)
        #expect(try await store.liveGames(now: 1500).isEmpty)
        #expect(try await store.claimGame(second, now: 1500, expires: 16_500))
        let files = try await store.hostedFiles(owner: "P1")
        #expect(files.map(\.path) == ["data/plume/plume.json"] && files.first.flatMap { Data(base64Encoded: $0.body) } == Data("v2".utf8))
        // The first session's late write is refused, and changes nothing.
        await #expect(throws: LeaseLost.self) {
            try await store.renewGame(first, state: state, expires: 20_000, changes: HostedChanges(kept: [file("data/plume/plume.json", "late")]), at: 1600)
        }
        #expect(try await store.hostedFiles(owner: "P1").first?.body == Data("v2".utf8).base64EncodedString())
    }

    @Test(arguments: StoreKind.allCases)
    func aLapsedLeaseIsTakenAndItsHolderCanNoLongerWrite(_ kind: StoreKind) async throws {
        let store = try await Fixtures.service(kind).store
        let dead = lease("P2", "dead", host: "a"), next = lease("P2", "next", host: "b")
        #expect(try await store.claimGame(dead, now: 1000, expires: 16_000))
        try await store.renewGame(dead, state: state, expires: 16_000, changes: HostedChanges(kept: [file("config/plume/settings.json", "kept")]), at: 1000)
        #expect(try await !store.claimGame(next, now: 15_999, expires: 30_000))
        #expect(try await store.claimGame(next, now: 16_001, expires: 31_000), "the lease lapsed")
        #expect(try await store.liveGames(now: 16_002).map(\.host) == ["b"])
        await #expect(throws: LeaseLost.self) {
            try await store.renewGame(dead, state: state, expires: 40_000, changes: HostedChanges(dropped: ["config/plume/settings.json"]), at: 16_100)
        }
        #expect(try await store.hostedFiles(owner: "P2").map(\.path) == ["config/plume/settings.json"])
    }

    @Test(arguments: StoreKind.allCases)
    func aKeysSavesBecomeItsPlayersUnlessThePlayerKeepsSome(_ kind: StoreKind) async throws {
        let store = try await Fixtures.service(kind).store
        for (owner, session) in [("key:A", "k1"), ("key:B", "k2"), ("P3", "p3")] {
            #expect(try await store.claimGame(lease(owner, session), now: 1, expires: 10))
            try await store.renewGame(lease(owner, session), state: state, expires: 10, changes: HostedChanges(kept: [file("data/f", owner)]), at: 1, release: true)
        }
        try await store.adoptHostedFiles(from: "key:A", to: "P4")
        #expect(try await store.hostedFiles(owner: "P4").first?.body == Data("key:A".utf8).base64EncodedString())
        #expect(try await store.hostedFiles(owner: "key:A").isEmpty)
        try await store.adoptHostedFiles(from: "key:B", to: "P3")
        #expect(try await store.hostedFiles(owner: "P3").first?.body == Data("P3".utf8).base64EncodedString(), "the player's own saves win")
    }

    @Test(arguments: StoreKind.allCases)
    func erasureTakesAPlayersSavesLeaseAndSettings(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind)
        let store = service.store
        let registered = try await service.register(RegisterRequest(name: "Erin"))
        let erin = try await service.authenticate(token: registered.token)
        let other = try await service.authenticate(token: try await service.register(RegisterRequest(name: "Olga")).token)
        // A game also kept saves and a lease under one of Erin's keys ("key:" and its
        // fingerprint, as a key's game does): erasure finds them through the key, before it goes.
        let key = PlayerKey(fingerprint: "SHA256:erin-laptop", type: "ssh-ed25519", label: "erin@laptop", addedAt: 1)
        try await store.addKey(key, player: erin.number, limit: LeaderboardLimits.keysPerPlayer)
        for owner in [erin.publicID, "key:" + key.fingerprint, other.publicID] {
            let held = lease(owner, "s-" + owner)
            #expect(try await store.claimGame(held, now: 1, expires: Int64.max / 2))
            try await store.renewGame(held, state: state, expires: Int64.max / 2, changes: HostedChanges(kept: [file("data/plume/plume.json", "x")]), at: 1)
        }
        #expect(try await store.watchable(erin.number))
        try await store.setWatchable(erin.number, false)
        #expect(try await !store.watchable(erin.number))
        #expect(try await store.unwatchablePlayers() == [erin.publicID])
        try await service.erase(erin)
        #expect(try await store.hostedFiles(owner: erin.publicID).isEmpty)
        #expect(try await store.hostedFiles(owner: "key:" + key.fingerprint).isEmpty, "the saves kept under her key go too")
        #expect(try await store.liveGames(now: 2).map(\.owner) == [other.publicID])
        #expect(try await store.unwatchablePlayers().isEmpty)
        #expect(try await store.hostedFiles(owner: other.publicID).count == 1, "another player's saves stay")
    }
}
