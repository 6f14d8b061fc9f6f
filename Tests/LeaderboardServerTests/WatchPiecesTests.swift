// The small parts of watching that read bytes: what is taken out of a game's output before a
// watcher sees it (its player's clipboard and title), the screen read from the titles the game
// sets, and the relay's frames between hosts — each fed in pieces split at every byte, as reads
// from a terminal or a socket come.
import NIOCore
import Testing
@testable import HostedGames

@Suite struct WatchPiecesTests {
    /// Runs `bytes` through a fresh filter cut into two pieces at every place.
    func filteredEverySplit(_ text: String) -> Set<String> {
        let bytes = Array(text.utf8)
        var outcomes = Set<String>()
        for cut in 0...bytes.count {
            var filter = WatchFilter()
            var out = filter.filter(ByteBuffer(bytes: bytes[..<cut]))
            var rest = filter.filter(ByteBuffer(bytes: bytes[cut...]))
            out.writeBuffer(&rest)
            outcomes.insert(String(buffer: out))
        }
        return outcomes
    }

    @Test func theClipboardAndTitleNeverReachAWatcherWhereverAReadEnds() {
        let game = "\u{1B}[H\u{1B}[2JStudio\u{1B}]52;c;c2VjcmV0\u{07} look\u{1B}]2;Plume · Lab\u{1B}\\ \u{1B}[1mbold\u{1B}[0m"
        #expect(filteredEverySplit(game) == ["\u{1B}[H\u{1B}[2JStudio look \u{1B}[1mbold\u{1B}[0m"])
        // Everything else passes as it is, an escape at the very end of a read included; an
        // escape interrupted by another is dropped, as a terminal drops it.
        #expect(filteredEverySplit("a\u{1B}[31mb\u{1B}\u{1B}[0m") == ["a\u{1B}[31mb\u{1B}[0m"])
        // Found by the fuzzer: kept, that interrupted escape met the "]" after a dropped command
        // and started one in the watcher's terminal.
        #expect(filteredEverySplit("\u{1B}\u{1B}]52;c;aGk=\u{07}]0;x") == ["]0;x"])
    }

    @Test func anUnendedSequenceIsHeldBackNotLeaked() {
        var filter = WatchFilter()
        let first = filter.filter(ByteBuffer(string: "x\u{1B}]52;c;" + String(repeating: "A", count: 10_000)))
        #expect(String(buffer: first) == "x")
        let second = filter.filter(ByteBuffer(string: "B\u{07}y"))
        #expect(String(buffer: second) == "y")
    }

    @Test func theScreenIsReadFromTheGamesOwnTitlesOnly() {
        var scanner = TitleScanner()
        #expect(scanner.scan(Array("\u{1B}]2;Plume · Studio\u{07}".utf8)) == "Studio")
        // Split anywhere, ended by ST.
        let text = Array("junk\u{1B}]2;Plume · Runway\u{1B}\\more".utf8)
        for cut in 0...text.count {
            var split = TitleScanner()
            let found = [split.scan(text[..<cut]), split.scan(text[cut...])].compactMap { $0 }
            #expect(found == ["Runway"], "cut at \(cut)")
        }
        // Another program's title, a title of another form, and an endless one name nothing.
        #expect(scanner.scan(Array("\u{1B}]2;vim · notes\u{07}\u{1B}]0;Plume · Lab\u{07}".utf8)) == nil)
        #expect(scanner.scan(Array(("\u{1B}]2;Plume · " + String(repeating: "L", count: 100) + "\u{07}").utf8)) == nil)
        #expect(scanner.scan(Array("\u{1B}]2;Plume · Lab; rm -rf\u{07}".utf8)) == nil)
    }

    @Test func relayFramesComeThroughSplitAnywhereAndADamagedStreamIsRefused() throws {
        var stream = ByteBuffer()
        var first = RelayFrames.frame(RelayFrames.output, ByteBuffer(string: "hello"))
        var second = RelayFrames.frame(RelayFrames.output, ByteBuffer(string: ""))
        var last = RelayFrames.end(.refused)
        stream.writeBuffer(&first)
        stream.writeBuffer(&second)
        stream.writeBuffer(&last)
        let bytes = Array(stream.readableBytesView)
        for cut in 0...bytes.count {
            var pending = ByteBuffer(bytes: bytes[..<cut])
            var frames = try #require(RelayFrames.take(&pending))
            pending.writeBytes(bytes[cut...])
            frames += try #require(RelayFrames.take(&pending))
            #expect(frames.map { $0.0 } == [0, 0, 1] && frames.map { String(buffer: $0.1) } == ["hello", "", "refused"], "cut at \(cut)")
            #expect(pending.readableBytes == 0)
        }
        var unknownType = ByteBuffer(bytes: [7, 0, 0, 0, 1, 65])
        #expect(RelayFrames.take(&unknownType) == nil)
        var huge = ByteBuffer(bytes: [0, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(RelayFrames.take(&huge) == nil)
    }
}
