// Colour mapping for 256-, 16- and 8-colour terminals.
import Testing
import TUI
@testable import Terminal

@Suite struct ColourMapperTests {
    @Test func palette256PicksTheCubeOrTheGreyRamp() {
        #expect(ColourMapper.index(.rgb(255, 0, 0), depth: .palette256) == 196)
        #expect(ColourMapper.index(.rgb(0, 0, 0), depth: .palette256) == 16)
        #expect(ColourMapper.index(.rgb(255, 255, 255), depth: .palette256) == 231)
        #expect(ColourMapper.index(.rgb(128, 128, 128), depth: .palette256) == 244)
        #expect(ColourMapper.index(.rgb(95, 135, 175), depth: .palette256) == 16 + 36 * 1 + 6 * 2 + 3)
        // A saturated colour keeps its hue even where a grey is nearer in RGB distance.
        #expect(ColourMapper.index(.rgb(61, 44, 107), depth: .palette256) == 16 + 36 * 1 + 6 * 0 + 1)
    }

    @Test func sixteenAndEightColourTerminalsStayInTheirRange() {
        #expect(ColourMapper.index(.rgb(255, 0, 0), depth: .sixteen) == 9)
        #expect(ColourMapper.index(.rgb(205, 0, 0), depth: .sixteen) == 1)
        #expect(ColourMapper.index(.rgb(255, 0, 0), depth: .eight) == 1)
        // Dim grey text stays visible (white, not black), and denim keeps a colour (cyan is
        // nearest of the eight) instead of turning black.
        #expect(ColourMapper.index(.rgb(140, 140, 150), depth: .eight) == 7)
        #expect(ColourMapper.index(.rgb(59, 91, 146), depth: .eight) == 6)
        for r in stride(from: 0, through: 255, by: 51) {
            for g in stride(from: 0, through: 255, by: 51) {
                for b in stride(from: 0, through: 255, by: 51) {
                    let colour = Colour.rgb(UInt8(r), UInt8(g), UInt8(b))
                    #expect((0..<16).contains(ColourMapper.index(colour, depth: .sixteen)))
                    #expect((0..<8).contains(ColourMapper.index(colour, depth: .eight)))
                    #expect((16..<256).contains(ColourMapper.index(colour, depth: .palette256)))
                }
            }
        }
    }

    @Test func theDefaultColourAndNoColourMapToTheTerminalsOwn() {
        #expect(ColourMapper.index(.standard, depth: .palette256) == -1)
        #expect(ColourMapper.index(.rgb(255, 0, 0), depth: .none) == -1)
    }
}
