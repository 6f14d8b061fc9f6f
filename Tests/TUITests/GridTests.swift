// The grid: what a diff writes turns the old grid into the new one, and text is drawn safely,
// shortened with "…" rather than cut.
import GameState
import Testing
@testable import TUI

func randomGrid(width: Int, height: Int, using rng: inout SplitMix64, like base: Grid? = nil, changes: Int = 0) -> Grid {
    let colours: [Colour] = [.standard, .rgb(255, 0, 0), .rgb(0, 0, 0), .rgb(20, 200, 90)]
    let scalars: [Unicode.Scalar] = [" ", "a", "Z", "▀", "⣿", "…", "─"]
    func cell() -> Cell {
        Cell(scalars.randomElement(using: &rng)!, fg: colours.randomElement(using: &rng)!, bg: colours.randomElement(using: &rng)!,
             bold: Bool.random(using: &rng), reverse: Bool.random(using: &rng))
    }
    var grid = base ?? Grid(width: width, height: height)
    if base == nil {
        for y in 0..<height { for x in 0..<width { grid[x, y] = cell() } }
    } else {
        for _ in 0..<changes { grid[Int.random(in: 0..<width, using: &rng), Int.random(in: 0..<height, using: &rng)] = cell() }
    }
    return grid
}

@Suite struct GridDiffTests {
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func aDiffAppliedToTheOldGridGivesTheNewOne(_ seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<40 {
            let width = Int.random(in: 1...30, using: &rng), height = Int.random(in: 1...12, using: &rng)
            let old = randomGrid(width: width, height: height, using: &rng)
            let new = Bool.random(using: &rng)
                ? randomGrid(width: width, height: height, using: &rng, like: old, changes: Int.random(in: 0...20, using: &rng))
                : randomGrid(width: Int.random(in: 1...30, using: &rng), height: Int.random(in: 1...12, using: &rng), using: &rng)
            let diff = new.diff(from: old)
            #expect(old.applying(diff, size: new.size) == new)
            if old.size == new.size {
                #expect(!diff.whole)
                // Only cells that differ are written.
                #expect(diff.changes.allSatisfy { old.cells[$0.index] != $0.cell })
                #expect(diff.changes.count == zip(old.cells, new.cells).filter { $0 != $1 }.count)
            } else {
                #expect(diff.whole && diff.changes.count == new.cells.count)
            }
            #expect(Grid(width: 3, height: 3).applying(new.diff(from: nil), size: new.size) == new)
        }
    }

    @Test func anUnchangedGridNeedsNothingWritten() {
        var rng = SplitMix64(seed: 9)
        let grid = randomGrid(width: 40, height: 10, using: &rng)
        #expect(grid.diff(from: grid).changes.isEmpty)
    }
}

@Suite struct GridTextTests {
    @Test func controlAndInvisibleCharactersAreDroppedAndWideOnesBecomeQuestionMarks() {
        var grid = Grid(width: 20, height: 1)
        let end = grid.put("a\u{1B}[2J\u{202E}b\u{0301}漢c", x: 0, y: 0)
        #expect(grid.row(0) == "a[2Jb?c" + String(repeating: " ", count: 13))
        #expect(end == 7)
    }

    @Test func textThatDoesNotFitEndsInAnEllipsisAtAWordBreak() {
        var grid = Grid(width: 30, height: 2)
        grid.put("Pull every agent into the tightest cluster you can", x: 0, y: 0, limit: 24)
        #expect(grid.row(0).prefix(24) == "Pull every agent into…  ")
        grid.put("Supercalifragilistic expialidocious", x: 0, y: 1, limit: 10)
        #expect(grid.row(1).hasPrefix("Supercali…"))
    }

    @Test func textRunningOffTheGridEndsInAnEllipsisUnlessClipped() {
        var grid = Grid(width: 12, height: 2)
        grid.put("one two three four", x: 2, y: 0)
        #expect(grid.row(0) == "  one two…  ")
        grid.put("▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀", x: 0, y: 1, overflow: .clip)
        #expect(grid.row(1) == String(repeating: "▀", count: 12))
    }

    @Test func textLeftOfTheGridIsClippedAndRowsOutsideAreIgnored() {
        var grid = Grid(width: 5, height: 1)
        grid.put("abcdef", x: -2, y: 0, overflow: .clip)
        #expect(grid.row(0) == "cdef ")
        grid.put("zzz", x: 0, y: 3)
        grid.put("zzz", x: 0, y: -1)
        #expect(grid.row(0) == "cdef ")
    }
}
