// Input decoding without a terminal: what ncurses reports becomes plain keys (no program's
// meanings), pastes arrive whole, mouse states become presses and wheel turns.
@preconcurrency import CNCurses
import Testing
import TUI
@testable import Terminal

@Suite struct InputDecoderTests {
    func decode(_ raws: [InputDecoder.Raw]) -> [InputEvent] {
        var decoder = InputDecoder()
        var events = raws.compactMap { decoder.decode($0) }
        if let last = decoder.finish() { events.append(last) }
        return events
    }

    func characters(_ text: String) -> [InputDecoder.Raw] { text.unicodeScalars.map { .character($0.value) } }

    @Test func charactersBecomeKeys() {
        #expect(decode(characters("aZ é?")) == [.key(.char("a")), .key(.char("Z")), .key(.char(" ")), .key(.char("é")), .key(.char("?"))])
        #expect(decode([.character(27), .character(9), .character(13), .character(10), .character(127), .character(8)])
                == [.key(.escape), .key(.tab), .key(.enter), .key(.enter), .key(.backspace), .key(.backspace)])
        #expect(decode([.character(3), .character(15), .character(18)]) == [.key(.ctrl("c")), .key(.ctrl("o")), .key(.ctrl("r"))])
        // C1 controls and other invisible codes never become keys.
        #expect(decode([.character(0x9B), .character(0), .character(31)]).isEmpty)
    }

    @Test func keyCodesBecomePlainKeysWithoutMeanings() {
        let codes: [(Int32, Key)] = [(KEY_UP, .up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right), (KEY_HOME, .home),
                                     (KEY_END, .end), (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown), (KEY_BTAB, .backTab), (KEY_DC, .delete),
                                     (KEY_BACKSPACE, .backspace), (KEY_ENTER, .enter),
                                     (KEY_SLEFT, .shiftLeft), (KEY_SRIGHT, .shiftRight), (KEY_SR, .shiftUp), (KEY_SF, .shiftDown)]
        for (code, key) in codes { #expect(decode([.keyCode(code)]) == [.key(key)]) }
        #expect(decode([.keyCode(KEY_F0 + 5)]).isEmpty)
    }

    @Test func aBracketedPasteArrivesWholeWithItsLineBreaks() {
        let raws: [InputDecoder.Raw] = [.character(UInt32(UInt8(ascii: "x")))] + [.keyCode(InputDecoder.pasteStart)]
            + characters("plume://look/1EQ\rECAw\u{1B}[A") + [.keyCode(KEY_UP), .keyCode(InputDecoder.pasteEnd)] + characters("q")
        #expect(decode(raws) == [.key(.char("x")), .paste("plume://look/1EQ\nECAw\u{1B}[A"), .key(.char("q"))])
    }

    @Test func aPasteLeftOpenIsDeliveredWhenInputRunsDry() {
        var decoder = InputDecoder()
        #expect(decoder.decode(.keyCode(InputDecoder.pasteStart)) == nil)
        #expect(decoder.isPasting)
        for raw in characters("half a link") { #expect(decoder.decode(raw) == nil) }
        #expect(decoder.finish() == .paste("half a link"))
        #expect(!decoder.isPasting && decoder.finish() == nil)
    }

    @Test func mouseStatesBecomePressesAndWheelTurns() {
        #expect(decode([.mouse(x: 3, y: 4, buttons: UInt(plume_button1_pressed()))]) == [.mouse(Mouse(x: 3, y: 4, kind: .press))])
        #expect(decode([.mouse(x: 0, y: 9, buttons: UInt(plume_button4_pressed()))]) == [.mouse(Mouse(x: 0, y: 9, kind: .scrollUp))])
        #expect(decode([.mouse(x: 1, y: 1, buttons: UInt(plume_button5_pressed()))]) == [.mouse(Mouse(x: 1, y: 1, kind: .scrollDown))])
        #expect(decode([.mouse(x: 1, y: 1, buttons: 0)]).isEmpty)
        #expect(decode([.resize(Size(width: 120, height: 40))]) == [.resize(Size(width: 120, height: 40))])
    }
}
