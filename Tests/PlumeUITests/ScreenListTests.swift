// Every screen in the list gets the same things without being named: its digit, its tab (a
// click on it), Tab and Shift-Tab in order, the help's "1–N", a hint line, a frame that fits
// 80×24, and its keys in the monkey test. A new screen is tested here as soon as it is a case.
import Testing
import TUI
@testable import PlumeUI

@Suite struct ScreenListTests {
    @Test(arguments: Screen.allCases)
    func eachScreenIsReachedByItsDigitItsTabAndTab(_ target: Screen) {
        var model = app(width: 80, height: 24)
        model.keys(target.key)
        #expect(model.screen == target)
        model.keys(Screen.studio.key)
        let place = model.tabBar.ranges(from: model.tabBarX)[target.rawValue]
        _ = model.update(.mouse(Mouse(x: place.lowerBound, y: 0, kind: .press)))
        #expect(model.screen == target, "a click on the tab")
        // Tab walks the list in order and wraps; Shift-Tab walks back.
        model.keys(.tab)
        #expect(model.screen == Screen(rawValue: (target.rawValue + 1) % Screen.allCases.count))
        model.keys(.backTab)
        #expect(model.screen == target)
    }

    @Test(arguments: Screen.allCases)
    func eachScreenSaysItsKeysAndFitsTheSmallestWindow(_ target: Screen) {
        var model = app(width: 80, height: 24)
        model.keys(target.key)
        let text = model.view().text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 24 && lines.allSatisfy { $0.count <= 80 })
        #expect(lines.last.map { !$0.trimmingCharacters(in: .whitespaces).isEmpty } == true, "the hint line is empty on \(target)")
        // Its title is on the tab bar (whole or short, never cut), and its help names the screen keys.
        model.keys(.char("?"))
        let page = model.top(HelpOverlay.self)?.page
        #expect(page?.keys.contains { $0.keys == "\(Screen.digitKeys) Tab" && $0.action == "switch screen" } == true, "\(target)")
    }

    /// A screen's key is one digit, so the list holds nine at most (the tab bar fits nine too).
    @Test func theListFitsTheDigits() {
        #expect(Screen.allCases.count <= 9 && Set(Screen.allCases.map(\.key)).count == Screen.allCases.count)
    }

    @Test func theDigitsPastTheListAreNotScreens() {
        var model = app()
        for digit in (Screen.allCases.count + 1)...9 {
            model.keys(.char(Character(String(digit))))
            #expect(model.screen == .studio)
        }
    }
}
