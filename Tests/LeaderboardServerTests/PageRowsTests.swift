// A board's rows as the web pages print them (the board page and the runway's two boards share
// one template): tied records share the first one's rank, as a sports table prints them.
import Foundation
import ScoresAPI
import Testing
@testable import LeaderboardServer

@Suite struct PageRowsTests {
    static func row(_ rank: Int, _ name: String, _ score: Int64, tied: Bool) -> BoardRow {
        BoardRow(rank: rank, playerID: "p_\(rank)", name: name, score: score, detail: 0, at: "2024-10-04T10:00:00.000Z", code: "", tied: tied)
    }

    @Test func tiedRowsShareTheirRankAndTheNextSkipsPastThem() {
        let rows = [Self.row(1, "Ada", 950, tied: false), Self.row(2, "Bea", 900, tied: true), Self.row(3, "Cy", 900, tied: true),
                    Self.row(4, "Dee", 800, tied: false)]
        let items = PageRoutes.items(rows)
        #expect(items.map { $0["rank"] as? Int } == [1, 2, 2, 4])
        let html = Templates.render("rows", ["hasRows": true, "rows": items, "scoreName": "Score", "empty": ""] as [String: Any])
        let cells = html.components(separatedBy: "<td class=\"n\">").dropFirst().map { cell in cell.prefix { $0 != "<" } }
        // Rank and score cells by turns: 1, 950, 2=, 900, 2=, 900, 4, 800.
        #expect(cells.enumerated().filter { $0.offset % 2 == 0 }.map { String($0.element) } == ["1", "2=", "2=", "4"], "\(html)")
    }
}
