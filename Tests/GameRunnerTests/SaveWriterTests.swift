// Saves off the input path: an unchanged game is never written again, a burst of changes is
// written at most about once a second, a flush writes what is pending before it returns, and a
// write that fails is reported in words.
import Dispatch
import Foundation
import GameState
import Synchronization
import Testing
@testable import GameRunner
@testable import PlumeUI

func temporaryStore() -> SaveStore {
    SaveStore(directory: FileManager.default.temporaryDirectory.appendingPathComponent("plume-writer-\(UUID().uuidString)"))
}

func game(_ n: Int) -> SavedGame {
    var game = SavedGame()
    game.swarmName = "swarm \(n)"
    return game
}

@Suite struct SaveWriterTests {
    @Test func anUnchangedGameIsNotWrittenAgain() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let writer = SaveWriter(store: store, written: game(0)) { _ in }
        for _ in 0..<30 { writer.save(game(0)) }
        writer.flush()
        #expect(writer.writes == 0)
        #expect(!FileManager.default.fileExists(atPath: store.file.path))
    }

    @Test func aBurstOfChangesIsWrittenOnceAtOnceAndOnceWhenFlushed() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        // A long interval: after the first write, nothing more is written until the flush,
        // however slow or fast this machine is.
        let writer = SaveWriter(store: store, written: nil, interval: 3600) { _ in }
        writer.save(game(1))
        try waitUntil { writer.writes == 1 }
        for n in 2...31 { writer.save(game(n)) }
        #expect(writer.writes == 1)
        writer.flush()
        #expect(writer.writes == 2)
        guard case .loaded(let saved) = store.load() else { Issue.record("nothing saved"); return }
        #expect(saved.swarmName == "swarm 31")
    }

    @Test func aQuietGameIsWrittenWithinAnInterval() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let writer = SaveWriter(store: store, written: nil, interval: 0.2) { _ in }
        writer.save(game(1))
        try waitUntil { writer.writes == 1 }
        writer.save(game(2))
        writer.save(game(3))
        // The second write comes by itself, without a flush, with the last change.
        try waitUntil { writer.writes == 2 }
        guard case .loaded(let saved) = store.load() else { Issue.record("nothing saved"); return }
        #expect(saved.swarmName == "swarm 3")
    }

    @Test func aWriteThatFailsIsSaidAndTriedAgainUntilItWorks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plume-blocked-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A file where the save folder should be: every write fails until it is gone.
        let blocker = folder.appendingPathComponent("plume")
        try Data("a file, not a folder".utf8).write(to: blocker)
        let heard = Mutex<[String]>([])
        let writer = SaveWriter(store: SaveStore(directory: blocker), written: nil, interval: 0.05) { why in
            heard.withLock { $0.append(why) }
        }
        writer.save(game(1))
        try waitUntil { !heard.withLock { $0.isEmpty } }
        #expect(heard.withLock { $0[0] }.contains(blocker.path))
        // A flush says why it couldn't write, rather than pretending.
        #expect(writer.flush()?.contains(blocker.path) == true)
        #expect(writer.writes == 0)
        // Once the folder can be made, the game is written without being handed over again.
        try FileManager.default.removeItem(at: blocker)
        try waitUntil { writer.writes == 1 }
        guard case .loaded(let saved) = SaveStore(directory: blocker).load() else { Issue.record("nothing saved"); return }
        #expect(saved.swarmName == "swarm 1")
    }

    @Test func goingBackWhileAWriteIsUnderWayIsStillWritten() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        // The first write waits at a gate, so the player can change back while it runs.
        let gate = DispatchSemaphore(value: 0)
        let started = Mutex(0)
        let writer = SaveWriter(store: store, written: game(0), interval: 3600, clock: { ProcessInfo.processInfo.systemUptime },
                                failed: { _ in }) { saved in
            if started.withLock({ n in n += 1; return n }) == 1 { gate.wait() }
            try store.save(saved)
        }
        writer.save(game(1))
        try waitUntil { started.withLock { $0 } == 1 }
        // Back to what is on disk, while game 1 is being written: it must still be written.
        writer.save(game(0))
        gate.signal()
        #expect(writer.flush() == nil)
        guard case .loaded(let saved) = store.load() else { Issue.record("nothing saved"); return }
        #expect(saved.swarmName == "swarm 0")
        #expect(writer.writes == 2)
    }
}

/// Waits for a state another thread brings about; fails (rather than hangs) after 20 s.
func waitUntil(_ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(20)
    while !condition() {
        guard Date() < deadline else { throw WaitedTooLong() }
        usleep(2_000)
    }
}

struct WaitedTooLong: Error {}
