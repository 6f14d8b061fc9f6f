// A hosted player's directory as the store keeps it (HomeFiles), on real files in a scratch
// directory: a scan reads regular files under data/, config/ and state/ only, never through a
// link and never a hidden temporary file; it sends only what changed; a restore replaces the
// host's older copies with the store's files and names nothing outside the kept directories; a
// home prepared for a game holds no count of watchers from the game before.
import Foundation
import Leaderboard
import Testing
@testable import HostedGames

@Suite struct HomeFilesTests {
    /// A player's home and, beside it, a directory of the server's that no scan may read.
    final class Scratch {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("plume-home-\(UUID().uuidString)").path
        var home: String { root + "/home" }
        var outside: String { root + "/server" }

        init() throws {
            for directory in [home, outside] { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
            try write("secret", at: outside + "/key")
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func write(_ text: String, at path: String) throws {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }

        func put(_ text: String, _ relative: String) throws { try write(text, at: home + "/" + relative) }

        func read(_ relative: String) -> String? {
            FileManager.default.contents(atPath: home + "/" + relative).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    func file(_ path: String, _ text: String) -> HostedFile {
        HostedFile(path: path, body: Data(text.utf8).base64EncodedString(), digest: "digest of " + text)
    }

    func kept(_ scan: HomeFiles.Scan) -> [String: String] {
        Dictionary(uniqueKeysWithValues: scan.changes.kept.map { ($0.path, String(decoding: Data(base64Encoded: $0.body)!, as: UTF8.self)) })
    }

    @Test func aLinkToAFileOrADirectoryOutsideIsNeverRead() throws {
        let scratch = try Scratch()
        try scratch.put("{}", "data/plume/plume.json")
        try FileManager.default.createSymbolicLink(atPath: scratch.home + "/data/plume/stolen", withDestinationPath: scratch.outside + "/key")
        try FileManager.default.createSymbolicLink(atPath: scratch.home + "/data/server", withDestinationPath: scratch.outside)
        // A kept directory itself replaced by a link to the server's.
        try FileManager.default.createSymbolicLink(atPath: scratch.home + "/config", withDestinationPath: scratch.outside)
        let scan = HomeFiles(home: scratch.home).scan()
        #expect(kept(scan) == ["data/plume/plume.json": "{}"])
        #expect(!scan.changes.kept.contains { $0.body == Data("secret".utf8).base64EncodedString() })
    }

    @Test func hiddenTemporaryFilesAndTheHostsOwnDirectoriesAreLeftOut() throws {
        let scratch = try Scratch()
        try scratch.put("saved", "data/plume/plume.json")
        try scratch.put("half written", "data/plume/.plume.json.tmp")
        try scratch.put("hidden", "state/.cache/x")
        try scratch.put("cached", "cache/plume/x")
        try scratch.put("settings", "config/plume/settings.json")
        #expect(kept(HomeFiles(home: scratch.home).scan()) == ["data/plume/plume.json": "saved", "config/plume/settings.json": "settings"])
    }

    @Test func aScanSendsOnlyWhatChangedAndDropsWhatWentAway() throws {
        let scratch = try Scratch()
        try scratch.put("one", "data/plume/plume.json")
        try scratch.put("two", "state/plume/history")
        try scratch.put("three", "config/plume/settings.json")
        var files = HomeFiles(home: scratch.home)
        let first = files.scan()
        #expect(first.changes.kept.count == 3 && first.changes.dropped.isEmpty)
        files.took(first)
        #expect(files.scan().changes.isEmpty, "nothing changed")
        try scratch.put("one, longer", "data/plume/plume.json")
        try FileManager.default.removeItem(atPath: scratch.home + "/state/plume/history")
        let second = files.scan()
        #expect(kept(second) == ["data/plume/plume.json": "one, longer"])
        #expect(second.changes.dropped == ["state/plume/history"])
        files.took(second)
        #expect(files.scan().changes.isEmpty)
    }

    @Test func aRestoreReplacesTheHostsCopiesWithTheStoresFiles() throws {
        let scratch = try Scratch()
        try scratch.put("old", "data/plume/plume.json")
        try scratch.put("stale", "state/plume/left-over")
        try scratch.put("host's", "cache/plume/x")
        var files = HomeFiles(home: scratch.home)
        try files.restore([file("data/plume/plume.json", "from the store"), file("config/plume/settings.json", "theirs")])
        #expect(scratch.read("data/plume/plume.json") == "from the store")
        #expect(scratch.read("config/plume/settings.json") == "theirs")
        #expect(scratch.read("state/plume/left-over") == nil, "a file the store does not keep is gone")
        #expect(scratch.read("cache/plume/x") == "host's", "the cache is the host's own")
        #expect(files.scan().changes.isEmpty, "what was restored is what the store has")
    }

    @Test func aRestoreOverKeptDirectoriesTheGameMadeLinksRemovesTheLinksOnly() throws {
        let scratch = try Scratch()
        try FileManager.default.createSymbolicLink(atPath: scratch.home + "/data", withDestinationPath: scratch.outside)
        try FileManager.default.createSymbolicLink(atPath: scratch.home + "/config", withDestinationPath: scratch.root + "/nowhere")
        var files = HomeFiles(home: scratch.home)
        try files.restore([file("data/key", "from the store"), file("config/plume/settings.json", "theirs")])
        #expect(FileManager.default.contents(atPath: scratch.outside + "/key") == Data("secret".utf8))
        #expect(scratch.read("data/key") == "from the store" && scratch.read("config/plume/settings.json") == "theirs")
        var info = stat()
        #expect(lstat(scratch.home + "/data", &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
    }

    @Test func aRestoreWritesNothingOutsideTheKeptDirectories() throws {
        let scratch = try Scratch()
        var files = HomeFiles(home: scratch.home)
        try files.restore([file("data/plume/plume.json", "kept"), file("data/../../server/key", "overwritten"), file("../server/key", "overwritten"),
                           file("cache/x", "not kept"), file("data/.hidden", "hidden"), file("/etc/x", "absolute")])
        #expect(FileManager.default.contents(atPath: scratch.outside + "/key") == Data("secret".utf8))
        #expect(scratch.read("cache/x") == nil && scratch.read("data/.hidden") == nil)
        #expect(kept(files.scan()).isEmpty && files.scan().changes.dropped.isEmpty)
        #expect(files.known.keys.sorted() == ["data/plume/plume.json"])
    }

    @Test func anEmptyStoreKeepsTheDirectoryForTheFirstScan() throws {
        let scratch = try Scratch()
        try scratch.put("played before the store kept saves", "data/plume/plume.json")
        var files = HomeFiles(home: scratch.home)
        try files.restore([])
        #expect(kept(files.scan()) == ["data/plume/plume.json": "played before the store kept saves"])
    }

    @Test func preparingAHomeForAGameForgetsTheCountOfWatchersTheLastGameLeft() throws {
        let scratch = try Scratch()
        let homes = PlayerHomes(root: scratch.root + "/homes")
        let home = try homes.prepare(player: "p_ada", fingerprint: "SHA256:abc+/def")
        // The last game ended while someone watched: its feed's last word was "1".
        try scratch.write("1", at: home + "/run/watchers")
        try scratch.write("saved", at: home + "/data/plume/plume.json")
        #expect(try homes.prepare(player: "p_ada", fingerprint: "SHA256:abc+/def") == home)
        #expect(!FileManager.default.fileExists(atPath: home + "/run/watchers"))
        #expect(FileManager.default.fileExists(atPath: home + "/run"))
        #expect(FileManager.default.contents(atPath: home + "/data/plume/plume.json") == Data("saved".utf8))
    }
}
