// The palettes for colour vision keep apart what must be told apart. The measure, computed here
// for every palette: simulate the vision (Machado, Oliveira & Fernandes 2009, severity 1, on
// linear sRGB; high-contrast is for normal vision), convert to CIELAB (D65) and take CIEDE2000
// (Sharma, Wu & Dalal 2005) between each pair that must differ — accent, labels, good and bad
// among themselves, and the first eight species among themselves. Every pair stays at least 20
// apart. Text colours keep 4.5:1 contrast on the panel (7:1 for high-contrast), species 3:1 on
// black. The standard palette fails the same measure for deuteranopia: the test can tell.
import Foundation
import GameState
import Testing
import TUI
@testable import PlumeUI

enum ColourVision {
    /// Machado et al. 2009, severity 1.0, for linear RGB.
    static func matrix(_ palette: ColourPalette) -> [[Double]] {
        switch palette {
        case .protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
        case .deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
        case .tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]
        case .standard, .highContrast: [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
        }
    }

    static func linear(_ colour: Colour) -> [Double] {
        guard case .rgb(let r, let g, let b) = colour else { return [0, 0, 0] }
        return [r, g, b].map { value in
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
    }

    /// CIELAB of the colour as the vision sees it.
    static func lab(_ colour: Colour, as vision: ColourPalette) -> (l: Double, a: Double, b: Double) {
        let m = matrix(vision), c = linear(colour)
        let seen = m.map { row in min(1, max(0, row[0] * c[0] + row[1] * c[1] + row[2] * c[2])) }
        let xyz = [[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750], [0.0193339, 0.1191920, 0.9503041]].map {
            $0[0] * seen[0] + $0[1] * seen[1] + $0[2] * seen[2]
        }
        let white = [0.95047, 1.0, 1.08883]
        let f = (0..<3).map { index -> Double in
            let t = xyz[index] / white[index]
            return t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116
        }
        return (116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2]))
    }

    static func deltaE2000(_ one: (l: Double, a: Double, b: Double), _ two: (l: Double, a: Double, b: Double)) -> Double {
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
        func hue(_ b: Double, _ a: Double) -> Double {
            let h = atan2(b, a) * 180 / .pi
            return h < 0 ? h + 360 : h
        }
        let c1 = (one.a * one.a + one.b * one.b).squareRoot(), c2 = (two.a * two.a + two.b * two.b).squareRoot()
        let mean = (c1 + c2) / 2, mean7 = pow(mean, 7)
        let g = 0.5 * (1 - (mean7 / (mean7 + pow(25, 7))).squareRoot())
        let a1 = (1 + g) * one.a, a2 = (1 + g) * two.a
        let cp1 = (a1 * a1 + one.b * one.b).squareRoot(), cp2 = (a2 * a2 + two.b * two.b).squareRoot()
        let h1 = cp1 == 0 ? 0 : hue(one.b, a1), h2 = cp2 == 0 ? 0 : hue(two.b, a2)
        let dL = two.l - one.l, dC = cp2 - cp1
        var dh = 0.0
        if cp1 * cp2 != 0 { dh = abs(h2 - h1) <= 180 ? h2 - h1 : h2 - h1 > 180 ? h2 - h1 - 360 : h2 - h1 + 360 }
        let dH = 2 * (cp1 * cp2).squareRoot() * sin(radians(dh / 2))
        let meanL = (one.l + two.l) / 2, meanC = (cp1 + cp2) / 2
        var meanH = h1 + h2
        if cp1 * cp2 != 0 { meanH = abs(h1 - h2) <= 180 ? (h1 + h2) / 2 : h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2 }
        let t = 1 - 0.17 * cos(radians(meanH - 30)) + 0.24 * cos(radians(2 * meanH)) + 0.32 * cos(radians(3 * meanH + 6))
            - 0.20 * cos(radians(4 * meanH - 63))
        let theta = 30 * exp(-pow((meanH - 275) / 25, 2))
        let meanC7 = pow(meanC, 7)
        let rc = 2 * (meanC7 / (meanC7 + pow(25, 7))).squareRoot()
        let sl = 1 + 0.015 * pow(meanL - 50, 2) / (20 + pow(meanL - 50, 2)).squareRoot()
        let sc = 1 + 0.045 * meanC, sh = 1 + 0.015 * meanC * t
        let rt = -sin(radians(2 * theta)) * rc
        return (pow(dL / sl, 2) + pow(dC / sc, 2) + pow(dH / sh, 2) + rt * (dC / sc) * (dH / sh)).squareRoot()
    }

    static func contrast(_ one: Colour, _ two: Colour) -> Double {
        func luminance(_ colour: Colour) -> Double {
            let c = linear(colour)
            return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
        }
        let (light, dark) = (max(luminance(one), luminance(two)), min(luminance(one), luminance(two)))
        return (light + 0.05) / (dark + 0.05)
    }

    /// The closest pair among `colours` as `vision` sees them, and how far apart.
    static func closest(_ colours: [(String, Colour)], as vision: ColourPalette) -> (String, String, Double) {
        var best = ("", "", Double.infinity)
        for i in colours.indices {
            for j in colours.indices where j > i {
                let distance = deltaE2000(lab(colours[i].1, as: vision), lab(colours[j].1, as: vision))
                if distance < best.2 { best = (colours[i].0, colours[j].0, distance) }
            }
        }
        return best
    }
}

@Suite struct PaletteTests {
    static let minimum = 20.0

    func roles(_ colours: PaletteColours) -> [(String, Colour)] {
        [("accent", colours.accent), ("labels", colours.dim), ("good", colours.good), ("bad", colours.bad)]
    }

    func species(_ colours: PaletteColours) -> [(String, Colour)] {
        colours.species.prefix(8).enumerated().map { ("species \($0.offset + 1)", $0.element) }
    }

    @Test func theMeasureIsCIEDE2000AsPublished() {
        // Sharma, Wu & Dalal's test data, pairs 1, 2 and 17.
        #expect(abs(ColourVision.deltaE2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) - 2.0425) < 0.0001)
        #expect(abs(ColourVision.deltaE2000((50, -1.3802, -84.2814), (50, 0, -82.7485)) - 1.0000) < 0.0001)
        #expect(abs(ColourVision.deltaE2000((50, 2.5, 0), (73, 25, -18)) - 27.1492) < 0.0001)
        let white = ColourVision.lab(.rgb(255, 255, 255), as: .standard)
        #expect(abs(white.l - 100) < 0.01 && abs(white.a) < 0.01 && abs(white.b) < 0.01)
    }

    @Test(arguments: [ColourPalette.deuteranopia, .protanopia, .tritanopia, .highContrast])
    func everyPairThatMustDifferStaysTwentyApart(_ palette: ColourPalette) {
        let colours = PaletteColours.of(palette)
        for set in [roles(colours), species(colours)] {
            let (one, two, distance) = ColourVision.closest(set, as: palette)
            #expect(distance >= Self.minimum, "\(palette.rawValue): \(one) and \(two) are only \(distance) apart")
        }
        #expect(colours.species.count >= 8)
    }

    @Test(arguments: [ColourPalette.deuteranopia, .protanopia, .tritanopia, .highContrast])
    func textAndDotsStandOutFromWhatTheyAreDrawnOn(_ palette: ColourPalette) {
        let colours = PaletteColours.of(palette)
        let text = palette == .highContrast ? 7.0 : 4.5
        for (role, colour) in roles(colours) {
            #expect(ColourVision.contrast(colour, colours.panel) >= text, "\(palette.rawValue): \(role) on the panel")
        }
        #expect(ColourVision.contrast(colours.ink, colours.accent) >= text, "\(palette.rawValue): a tab's ink on the accent")
        for (name, colour) in species(colours) {
            #expect(ColourVision.contrast(colour, .rgb(0, 0, 0)) >= 3, "\(palette.rawValue): \(name) on black")
        }
    }

    @Test func theStandardColoursFailTheMeasureForRedGreenVision() {
        // Why the palettes exist: the standard good (green) and bad (red) come close for them.
        let standard = PaletteColours.standard
        let good = ColourVision.lab(standard.good, as: .deuteranopia), bad = ColourVision.lab(standard.bad, as: .deuteranopia)
        #expect(ColourVision.deltaE2000(good, bad) < Self.minimum)
        #expect(ColourVision.closest(species(standard), as: .deuteranopia).2 < Self.minimum)
    }

    @Test(arguments: ColourPalette.allCases)
    func everyColourIsOnTheCubeA256ColourTerminalShows(_ palette: ColourPalette) {
        guard palette != .standard else { return }
        let colours = PaletteColours.of(palette)
        let levels: Set<UInt8> = [0, 95, 135, 175, 215, 255]
        for colour in roles(colours).map(\.1) + colours.species {
            guard case .rgb(let r, let g, let b) = colour else { Issue.record("\(colour) isn't a colour"); continue }
            // A grey is shown exactly from the 24-step grey ramp (8, 18, … 238).
            let onRamp = r == g && g == b && r >= 8 && r <= 238 && (r - 8) % 10 == 0
            #expect(onRamp || levels.contains(r) && levels.contains(g) && levels.contains(b), "\(palette.rawValue): \(colour)")
        }
    }

    @Test func theGarmentsKeepTheirNamedColours() {
        // No colour of the catalog is one the palettes swap, so a look is drawn as it is named.
        var named = Set<Colour>()
        for garment in catalog.garments { for variant in garment.variants { for rgb in variant.colours.values { named.insert(Colour(rgb)) } } }
        for background in catalog.backgrounds { for rgb in background.palette.values { named.insert(Colour(rgb)) } }
        for model in catalog.models { for rgb in model.palette.values { named.insert(Colour(rgb)) } }
        #expect(named.count > 50)
        for palette in ColourPalette.allCases {
            let swapped = Set(palette.recolouring.keys)
            #expect(named.isDisjoint(with: swapped), "\(palette.rawValue) would recolour \(named.intersection(swapped))")
        }
    }

    @Test func aPaletteRecoloursTheGameButNotTheLook() {
        var plain = app(), coloured = app()
        coloured.palette = .deuteranopia
        for key: Key in [.char("2")] {
            plain.keys(key)
            coloured.keys(key)
        }
        let before = plain.view(), after = coloured.view()
        #expect(before.text == after.text, "the same words and marks")
        let standard = Set(PaletteColours.standard.species.prefix(2) + [Theme.accent, Theme.dim])
        let used = Set(before.cells.flatMap { [$0.fg, $0.bg] })
        #expect(!standard.isDisjoint(with: used), "the standard Lab uses them")
        let left = Set(after.cells.flatMap { [$0.fg, $0.bg] })
        #expect(standard.isDisjoint(with: left), "none of them is left under the palette")
        // The Studio's figure keeps its colours.
        var studio = app()
        studio.palette = .protanopia
        let figure = Set(app().view().cells.map(\.bg)).subtracting(ColourPalette.protanopia.recolouring.keys)
        #expect(figure.isSubset(of: Set(studio.view().cells.map(\.bg))))
    }
}
