// Wrapped and elided text: nothing is ever cut mid-word without "…", and what fits is kept whole.
import GameState
import Testing
@testable import TUI

@Suite struct TextLayoutTests {
    @Test func elideKeepsTextThatFitsAndShortensTheRestAtAWordBreak() {
        #expect(TextLayout.elide("Beach Day", to: 9) == "Beach Day")
        #expect(TextLayout.elide("Wear it in reds, oranges and golds", to: 24) == "Wear it in reds…")
        #expect(TextLayout.elide("https://example.com/a/long/path", to: 12) == "https://exa…")
        #expect(TextLayout.elide("anything", to: 1) == "…")
        #expect(TextLayout.elide("anything", to: 0) == "")
    }

    @Test func wrapBreaksAtSpacesAndEndsAShortenedLastLineWithAnEllipsis() {
        #expect(TextLayout.wrap("the server says if it is taken", width: 12) == ["the server", "says if it", "is taken"])
        #expect(TextLayout.wrap("the server says if it is taken", width: 12, maxLines: 2) == ["the server", "says if it…"])
        #expect(TextLayout.wrap("one\ntwo three", width: 20) == ["one", "two three"])
        #expect(TextLayout.wrap("abcdefghijklmnop is long", width: 6) == ["abcde…", "is", "long"])
        #expect(TextLayout.wrap("", width: 10) == [""])
        #expect(TextLayout.wrap("words", width: 0).isEmpty)
    }

    @Test(arguments: [UInt64(11), 12, 13, 14])
    func noWrappedLineIsTooLongOrCutMidWordWithoutAnEllipsis(_ seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let vocabulary = ["a", "to", "the", "swarm", "looks", "brilliant", "supercalifragilistic", "x-callback", "oranges,", "—"]
        for _ in 0..<300 {
            let words = (0..<Int.random(in: 1...25, using: &rng)).map { _ in vocabulary.randomElement(using: &rng)! }
            let text = words.joined(separator: " ")
            let width = Int.random(in: 2...40, using: &rng), lines = Int.random(in: 1...6, using: &rng)
            let wrapped = TextLayout.wrap(text, width: width, maxLines: lines)
            #expect(wrapped.count <= lines)
            for line in wrapped {
                #expect(TextLayout.width(line) <= width, "\(line) in \(width)")
                // Every word on a line is a whole word of the text, except one that ends in "…".
                for word in line.split(separator: " ") where !word.hasSuffix("…") {
                    #expect(vocabulary.contains(String(word)), "\(word) was cut in \(wrapped)")
                }
            }
            // Nothing shortened: the words come back in order.
            if !wrapped.joined().contains("…") {
                #expect(wrapped.flatMap { $0.split(separator: " ").map(String.init) } == words)
            }
            let elided = TextLayout.elide(text, to: width)
            #expect(TextLayout.width(elided) <= width)
            #expect(elided == text || elided.hasSuffix("…"))
        }
    }

    @Test func chunksSplitLinksEvenly() {
        #expect(TextLayout.chunks("plume://look/1EQECAwIBCwAkAnOD", width: 10) == ["plume://lo", "ok/1EQECAw", "IBCwAkAnOD"])
        #expect(TextLayout.chunks("", width: 10) == [""])
    }
}
