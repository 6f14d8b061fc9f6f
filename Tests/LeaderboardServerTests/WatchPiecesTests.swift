// The small parts of watching that read bytes: what is taken out of a game's output before a
// watcher sees it (its player's clipboard and title), the screen read from the titles the game
// sets, and the relay's frames between hosts — each fed in pieces split at every byte, as reads
// from a terminal or a socket come; and what the watch menu leaves on the terminal as it ends.
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

    /// Leaving the watch menu, the last words land on lines of their own. A game watched to its
    /// end leaves the alternate screen itself, so the menu can be on the main screen with the
    /// cursor on its last line; ssh's own "Connection to … closed." used to be written over
    /// " ↑↓ choose · Enter watch · q leave", leaving "…closed.ave".
    @Test func theLastWordsNeverLandOverTheMenusLastLine() {
        let menu = "\u{1B}[H\u{1B}[2J\u{1B}[1;1H\u{1B}[1m Plume · games being played now\u{1B}[0m"
            + "\u{1B}[3;1H  Nobody is playing just now. This list refreshes itself.\u{1B}[5;1H ↑↓ choose · Enter watch · q leave"
        let idle = "you were idle in the watch menu for 10 minutes."
        // ssh writes its words where the cursor is, or from the left of its line.
        for ssh in ["Connection to localhost closed.\r\n", "\rConnection to localhost closed.\r\n"] {
            for words in [nil, idle] {
                var screen = ScreenModel(rows: 24)
                screen.write(menu + WatchSession.leaveScreen + (WatchSession.farewell(words: words, terminal: true) ?? "") + ssh)
                let lines = screen.lines
                #expect(lines.contains("Connection to localhost closed."), "\(lines)")
                #expect(!lines.contains { $0.contains("closed") && $0 != "Connection to localhost closed." }, "\(lines)")
                if let words {
                    // Ours first, then ssh's, each on its own line.
                    let ours = lines.firstIndex(of: "plume: " + words), theirs = lines.firstIndex(of: "Connection to localhost closed.")
                    #expect(ours.flatMap { ours in theirs.map { ours < $0 } } == true, "\(lines)")
                }
            }
        }
        // Without a terminal, the words alone.
        #expect(WatchSession.farewell(words: "watching needs a terminal.", terminal: false) == "plume: watching needs a terminal.\n")
        #expect(WatchSession.farewell(words: nil, terminal: true) == nil)
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

/// Just enough of a terminal's screen to see where words land: text written at the cursor, CR,
/// LF, the cursor moved (CSI row;col H), the screen (CSI 2J) and the line (CSI 2K) cleared; other
/// sequences (modes, colours) change nothing here.
struct ScreenModel {
    private var rows: [[Unicode.Scalar]]
    private var row = 0, column = 0

    init(rows count: Int) { rows = Array(repeating: [], count: count) }

    /// Each line as shown, without trailing blanks.
    var lines: [String] {
        rows.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return String(String.UnicodeScalarView(line))
        }
    }

    mutating func write(_ text: String) {
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\r": column = 0
            case "\n": row = min(row + 1, rows.count - 1)
            case "\u{1B}":
                guard scalars.first == "[" else { continue }
                scalars.removeFirst()
                var parameters = ""
                while let next = scalars.popFirst() {
                    if (0x41...0x5A).contains(next.value) || (0x61...0x7A).contains(next.value) {
                        apply(next, parameters)
                        break
                    }
                    parameters.unicodeScalars.append(next)
                }
            default:
                while rows[row].count <= column { rows[row].append(" ") }
                rows[row][column] = scalar
                column += 1
            }
        }
    }

    private mutating func apply(_ command: Unicode.Scalar, _ parameters: String) {
        switch command {
        case "H":
            let numbers = parameters.split(separator: ";").compactMap { Int($0) }
            row = min(max(0, (numbers.first ?? 1) - 1), rows.count - 1)
            column = max(0, (numbers.dropFirst().first ?? 1) - 1)
        case "J" where parameters == "2": rows = Array(repeating: [], count: rows.count)
        case "K" where parameters == "2": rows[row] = []
        default: break
        }
    }
}
