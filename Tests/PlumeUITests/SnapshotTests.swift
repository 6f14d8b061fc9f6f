// Golden snapshots, kept by what owns them (Golden.swift). A screen's golden is the window below
// the tab bar: its area with the overlays over it, then its status and hint lines (the words
// it asked for and its keys). The chrome has goldens of its own: the tab bar with each screen
// current, the status line's ways of showing words, the help page (which lists the screens'
// keys) and a window too small to play in. Adding a screen adds its files and re-records only
// the chrome's. After an intended change, re-record them with
//   PLUME_RECORD_SNAPSHOTS=1 swift test --filter SnapshotTests
// and read the diff (git diff Tests/PlumeUITests/Snapshots) before committing it.
import Foundation
import Testing
import TUI
@testable import PlumeUI

@Suite struct SnapshotTests {
    /// The chrome's goldens that are not scenes, by name.
    enum Chrome {
        static let tabs = "tabs", status = "status", tooSmall = "too-small"
    }

    // MARK: Screens

    @Test(arguments: Scene.screens, Golden.sizes)
    func everyScreenAndOverlayMatchesItsSnapshot(_ scene: Scene, _ size: Size) {
        let model = scene.make(size.width, size.height)
        Golden.check(Self.belowTheTabBar(model), Golden.path(.screens, scene.name, size))
    }

    /// The window below the tab bar, one line a row: the content area, then the status line (which
    /// wraps upward over the area's last rows when it is long) and the hint line.
    static func belowTheTabBar(_ model: AppModel) -> String {
        let grid = model.view()
        return (model.contentArea.y..<grid.height).map { grid.row($0) }.joined(separator: "\n") + "\n"
    }

    // MARK: The chrome

    /// The top row with each screen current, and under it a ^ for each cell of the tab drawn as
    /// the current one. The one golden the list of screens changes, with the help page's.
    @Test(arguments: Golden.sizes)
    func theTabBarMatchesItsSnapshot(_ size: Size) {
        var text = ""
        for screen in Screen.allCases {
            var model = app(width: size.width, height: size.height)
            model.keys(screen.key)
            var row = Grid(width: size.width, height: 1)
            model.drawTitleRow(into: &row)
            let current = (0..<row.width).filter { row[$0, 0].style == Theme.tab }
            let marks = String(repeating: " ", count: current.first ?? 0) + String(repeating: "^", count: current.count)
            text += "\(screen)\n" + row.row(0) + "\n" + marks + "\n"
        }
        Golden.check(text, Golden.path(.chrome, Chrome.tabs, size))
    }

    /// The status line drawn alone, in the three rows it may take above the hint line: nothing
    /// said, a line, words that wrap upward (three lines at most), and a watched game's count
    /// with and without words.
    @Test(arguments: Golden.sizes)
    func theStatusLineMatchesItsSnapshot(_ size: Size) {
        let quiet = app(width: size.width, height: size.height)
        var said = quiet
        said.status = "Saved the look to slot 3."
        var long = quiet
        long.status = "Couldn't reach scores.example: it took too long to answer. Your score waits in the outbox and goes "
            + "by itself when the server answers again, so nothing is lost; play on meanwhile, and look at Scores later "
            + "to see where it landed on today's board, beside your friends' scores and the best of the day."
        var watched = quiet
        watched.audience = Audience()
        _ = watched.update(.watchers(2))
        var watchedQuietly = watched
        watchedQuietly.status = ""
        let states = [("nothing said", quiet), ("a line", said), ("words that outgrow the line", long),
                      ("watched, as first said", watched), ("watched, nothing said", watchedQuietly)]
        var text = ""
        for (name, model) in states {
            var grid = Grid(width: size.width, height: size.height)
            model.drawStatusLine(into: &grid)
            let rows = (size.height - 4)..<(size.height - 1)
            text += "\(name):\n" + rows.map { grid.row($0) }.joined(separator: "\n") + "\n"
        }
        Golden.check(text, Golden.path(.chrome, Chrome.status, size))
    }

    /// The help page over a screen: the same picture as a screen's, kept with the chrome because
    /// it lists the screens' keys ("1–N Tab").
    @Test(arguments: Scene.help, Golden.sizes)
    func theHelpPageMatchesItsSnapshot(_ scene: Scene, _ size: Size) {
        let model = scene.make(size.width, size.height)
        Golden.check(Self.belowTheTabBar(model), Golden.path(.chrome, scene.name, size))
    }

    static let tooSmall = Size(width: 60, height: 20)

    /// A window too small to play in: the whole window, which says so instead of any screen.
    @Test func aWindowTooSmallSaysSo() {
        let text = app(width: Self.tooSmall.width, height: Self.tooSmall.height).view().text + "\n"
        Golden.check(text, Golden.path(.chrome, Chrome.tooSmall, Self.tooSmall))
    }

    // MARK: What each golden owns

    /// A screen's drawing stays in the content area, which starts on the row below the tab bar
    /// and ends above the status and hint lines: a screen's golden, which leaves out the tab bar's
    /// row, loses nothing of what the screen draws.
    @Test(arguments: Scene.screens + Scene.help, Golden.sizes)
    func noScreenOrOverlayDrawsOnTheTabBarRow(_ scene: Scene, _ size: Size) {
        let model = scene.make(size.width, size.height)
        #expect(model.contentArea.y == 1 && model.contentArea.maxY == size.height - 2)
        var alone = Grid(width: size.width, height: size.height)
        model.drawLayers(into: &alone, model.context)
        #expect((0..<size.width).allSatisfy { alone[$0, 0] == .blank }, "\(scene.name) draws on the tab bar's row: \(alone.row(0))")
    }

    /// The property the split is for: nothing in a screen's golden is drawn from the list of
    /// screens — neither the tab bar nor the help's "1–N Tab" — so a new screen re-records none.
    @Test(arguments: Scene.screens, Golden.sizes)
    func aScreensGoldenHoldsNothingOfTheScreenList(_ scene: Scene, _ size: Size) {
        let model = scene.make(size.width, size.height)
        let text = Self.belowTheTabBar(model)
        let bar = model.tabBar
        let tabs = bar.labels.map { " \($0) " }.joined(separator: String(repeating: " ", count: bar.gap))
        #expect(!text.contains(tabs), "\(scene.name) shows the tab bar")
        #expect(!text.contains("\(Screen.digitKeys) Tab"), "\(scene.name) lists the screens' keys: its golden is the chrome's (Scene.help)")
        // The rows below the tab bar, each ended by a newline.
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == size.height)
    }

    /// Every golden on disk is one a test reads (none left behind by a renamed scene), and every
    /// one a test reads is there (when not recording).
    @Test func everyGoldenIsReadAndThere() throws {
        var read: Set<String> = [Golden.path(.chrome, Chrome.tooSmall, Self.tooSmall)]
        for size in Golden.sizes {
            read.formUnion(Scene.screens.map { Golden.path(.screens, $0.name, size) })
            read.formUnion(Scene.help.map { Golden.path(.chrome, $0.name, size) })
            read.formUnion([Golden.path(.chrome, Chrome.tabs, size), Golden.path(.chrome, Chrome.status, size)])
        }
        let files = try Golden.filesOnDisk()
        #expect(files.subtracting(read).isEmpty, "no test reads \(files.subtracting(read).sorted()): delete them")
        if !Golden.recording {
            #expect(read.subtracting(files).isEmpty, "missing \(read.subtracting(files).sorted()): record them with \(Golden.howToRecord)")
        }
    }
}
