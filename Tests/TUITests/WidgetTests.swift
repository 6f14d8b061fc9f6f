// The widgets: a text field with the editing keys a player expects, the hint line that drops
// the least important hints first, lists that scroll with their selection, tabs, panels.
import Testing
@testable import TUI

@Suite struct TextFieldTests {
    func typed(_ field: inout TextField, _ keys: Key...) { for key in keys { field.handle(key) } }

    @Test func editingKeysMoveTheCursorAndEraseAroundIt() {
        var field = TextField("Lighthouse", limit: 40)
        #expect(field.cursor == 10)
        typed(&field, .left, .left, .left, .left, .left, .backspace)
        #expect(field.text == "Lighhouse" && field.cursor == 4)
        typed(&field, .char("t"), .home, .char("A"), .char(" "))
        #expect(field.text == "A Lighthouse" && field.cursor == 2)
        typed(&field, .delete, .end, .char("s"))
        #expect(field.text == "A ighthouses")
        typed(&field, .ctrl("a"), .right, .ctrl("k"))
        #expect(field.text == "A" && field.cursor == 1)
        field.text = "one two  three"
        typed(&field, .ctrl("w"))
        #expect(field.text == "one two  ")
        typed(&field, .ctrl("w"))
        #expect(field.text == "one ")
        typed(&field, .left, .ctrl("u"))
        #expect(field.text == " " && field.cursor == 0)
        #expect(!field.handle(.enter) && !field.handle(.escape) && !field.handle(.tab))
    }

    @Test func insertingRespectsTheLimitAndDropsControlCharacters() {
        var field = TextField(limit: 8)
        field.insert("ab\u{1B}[2J\ncd\u{9B}efghij")
        #expect(field.text == "ab[2J cd")
        var name = TextField(limit: 20)
        name.insert("Mal\u{202E}lory\u{200B}")
        name.handle(.char("\u{2066}"))
        #expect(name.text == "Mallory")
        var digits = TextField(limit: 9, accepts: .digits)
        digits.insert("1 2x3")
        digits.handle(.char("a"))
        digits.handle(.char("4"))
        #expect(digits.text == "1234")
    }

    @Test func aLongFieldScrollsToKeepTheCursorInView() {
        var grid = Grid(width: 10, height: 1)
        let field = TextField("abcdefghijklmnop", limit: 40)
        field.draw(x: 0, y: 0, width: 6, style: .plain, focused: true, into: &grid)
        #expect(grid.row(0) == "lmnop     ")
        #expect(grid[5, 0].reverse && !grid[4, 0].reverse)
        var unfocused = Grid(width: 10, height: 1)
        field.draw(x: 0, y: 0, width: 6, style: .plain, focused: false, into: &unfocused)
        #expect(unfocused.row(0) == "abcde…    ")
    }
}

@Suite struct HintBarTests {
    let hints = [Hint("← →", "change garment", priority: 30), Hint("c C", "colour", priority: 20), Hint("r", "randomise", priority: 10),
                 Hint("s", "share", priority: 20), Hint("?", "help", priority: 5)]

    @Test func everyHintShowsWhenThereIsRoom() {
        #expect(HintBar.line(hints, width: 200) == "← → change garment · c C colour · r randomise · s share · ? help")
    }

    @Test func theLeastImportantGoFirstAndTheRestKeepTheirOrder() {
        #expect(HintBar.line(hints, width: 50) == "← → change garment · c C colour · s share")
        #expect(HintBar.line(hints, width: 40) == "← → change garment · c C colour")
        #expect(HintBar.line(hints, width: 19) == "← → change garment")
        #expect(HintBar.line(hints, width: 10) == "← → chang…")
        for width in 0..<80 { #expect(TextLayout.width(HintBar.line(hints, width: width)) <= width) }
    }
}

@Suite struct ListStateTests {
    @Test func cyclingWrapsAndSelectingStopsAtTheEnds() {
        var list = ListState()
        list.cycle(by: -1, count: 5)
        #expect(list.selected == 4)
        list.cycle(by: 3, count: 5)
        #expect(list.selected == 2)
        list.select(99, count: 5, visible: 3)
        #expect(list.selected == 4 && list.offset == 2)
        list.select(-4, count: 5, visible: 3)
        #expect(list.selected == 0 && list.offset == 0)
        #expect(cycled(0, by: -1, count: 0) == 0)
        #expect(cycled(7, by: 10, count: 5) == 2)
    }

    @Test func theListScrollsToKeepTheSelectionVisibleAndMapsRowsBack() {
        var list = ListState()
        for _ in 0..<6 { list.select(list.selected + 1, count: 10, visible: 4) }
        #expect(list.selected == 6 && list.offset == 3)
        #expect(list.row(at: 12, top: 10, count: 10) == 5)
        #expect(list.row(at: 9, top: 10, count: 10) == nil)
        #expect(list.row(at: 20, top: 10, count: 10) == nil)
        var grid = Grid(width: 4, height: 4)
        let drawn = ListView.draw(count: 10, state: list, in: Rect(x: 0, y: 0, width: 4, height: 4), into: &grid) { index, line, chosen, grid in
            grid.put((chosen ? ">" : " ") + "\(index)", in: line)
        }
        #expect(drawn == 4 && grid.text == " 3  \n 4  \n 5  \n>6  ")
    }

    @Test func caseIterableValuesCycle() {
        enum Tab: CaseIterable, Equatable { case a, b, c }
        #expect(Tab.a.cycled(by: -1) == .c && Tab.c.cycled(by: 1) == .a && Tab.b.cycled(by: 4) == .c)
    }
}

@Suite struct TabAndPanelTests {
    @Test func tabsSitWhereTheyAreDrawnAndClicksFindThem() {
        let bar = TabBar(labels: ["1 Studio", "2 Lab"], selected: 1, selectedStyle: Style(reverse: true), style: .plain)
        #expect(bar.ranges(from: 10) == [10..<20, 21..<28])
        #expect(bar.tab(at: 10, from: 10) == 0 && bar.tab(at: 20, from: 10) == nil && bar.tab(at: 27, from: 10) == 1)
        var grid = Grid(width: 30, height: 1)
        bar.draw(x: 10, y: 0, into: &grid)
        // The selected tab is in brackets where the others have spaces: it shows without colour.
        #expect(grid.row(0) == "           1 Studio  [2 Lab]  ")
        #expect(grid[22, 0].reverse && !grid[12, 0].reverse)
    }

    /// The screens' tab bar at 80 columns (it starts at column 10, as the game draws it) with
    /// six, seven and nine screens: whole labels while they fit, then short ones, then the keys
    /// with the current screen named; never a label cut, never past the line.
    @Test func aTabBarFitsOneLineAt80ColumnsWhateverTheScreens() {
        let names = ["Studio", "Lab", "Import", "Share", "Scores", "Runway", "Friends", "Watch", "News"]
        var pictures: [String] = []
        for count in [6, 7, 9] {
            let labels = names.prefix(count).enumerated().map { "\($0.offset + 1) \($0.element)" }
            let short = names.prefix(count).enumerated().map { "\($0.offset + 1) \($0.element.prefix(while: { $0 != " " }))" }
            let keys = (1...count).map(String.init)
            let bar = TabBar(labels: labels, selected: 2, selectedStyle: Style(reverse: true), style: .plain).fitting(80 - 10 - 1, short: short, keys: keys)
            #expect(bar.width <= 69, "\(count) screens: \(bar.labels)")
            #expect(bar.labels[2].hasSuffix("Import"), "the current screen is named")
            #expect(bar.labels.allSatisfy { label in labels.contains(label) || keys.contains(label) || short.contains(label) })
            // Every tab is still clickable where it is drawn.
            for (index, range) in bar.ranges(from: 10).enumerated() { #expect(bar.tab(at: range.lowerBound, from: 10) == index) }
            var grid = Grid(width: 80, height: 1)
            bar.draw(x: 10, y: 0, into: &grid)
            pictures.append(grid.row(0))
        }
        #expect(pictures[0] == "           1 Studio   2 Lab  [3 Import]  4 Share   5 Scores   6 Runway          ")
        #expect(pictures[1] == "           1  2 [3 Import] 4  5  6  7                                           ")
        #expect(pictures[2] == "           1  2 [3 Import] 4  5  6  7  8  9                                     ")
    }

    @Test func shortLabelsComeBeforeKeysAlone() {
        let bar = TabBar(labels: ["1 Studio of looks", "2 Swarm lab"], selected: 0, selectedStyle: .plain, style: .plain)
        #expect(bar.fitting(40, short: ["1 Studio", "2 Lab"], keys: ["1", "2"]).labels == ["1 Studio of looks", "2 Swarm lab"])
        #expect(bar.fitting(20, short: ["1 Studio", "2 Lab"], keys: ["1", "2"]).labels == ["1 Studio", "2 Lab"])
        #expect(bar.fitting(12, short: ["1 Studio", "2 Lab"], keys: ["1", "2"]).labels == ["1 Studio", "2"])
    }

    @Test func aPanelFramesItsAreaAndReturnsWhatIsInside() {
        var grid = Grid(width: 12, height: 5)
        let inside = Panel(title: " T ", frame: .plain, titleStyle: .plain, background: .rgb(1, 2, 3), footer: "x").draw(in: Rect(x: 1, y: 0, width: 10, height: 5), into: &grid)
        #expect(inside == Rect(x: 3, y: 1, width: 6, height: 3))
        #expect(grid.text == " ┌─ T ────┐ \n │        │ \n │        │ \n │        │ \n └──────x─┘ ")
        #expect(grid[4, 2].bg == .rgb(1, 2, 3))
    }
}

@Suite struct InboxTests {
    @Test func workUnderWayIsExpectedUntilItFinishes() {
        let inbox = Inbox<Int>()
        #expect(!inbox.expecting)
        inbox.begin()
        inbox.post([1])
        #expect(inbox.expecting && inbox.take() == [1] && inbox.take().isEmpty)
        inbox.finish([2, 3])
        // Finished, but not yet taken: still worth looking at soon.
        #expect(inbox.expecting)
        #expect(inbox.take() == [2, 3] && !inbox.expecting)
        inbox.post([4])
        #expect(inbox.expecting)
    }
}
