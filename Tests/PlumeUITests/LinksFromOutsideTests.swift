// Links that come from outside the game: x-callback targets offered (never opened on their own),
// links sent by `plume open` to the running game, and the Share screen's QR code.
import Foundation
import GameState
import QRCode
import Testing
import TUI
@testable import PlumeUI

@Suite struct CallbackOfferTests {
    let look = "plume://look/1EQECAwIBCwAkAnOD"

    @Test func afterAnImportTheSuccessTargetIsShownInFullAndOpenedOnlyOnItsKey() {
        var model = app()
        let target = "https://friend.example/" + String(repeating: "back/", count: 30) + "done?from=plume"
        _ = model.update(.paste(look + "?x-source=Chat%20App&x-success=" + target))
        #expect(model.screenText.contains("Wants to return after to:"))
        let applied = model.keys(.enter)
        #expect(!applied.contains { if case .openURL = $0 { true } else { false } })
        #expect(model.studio.look.garments.count == 3)
        #expect(model.screen == .studio, "the look is worn; the offer covers the Studio until it is answered")
        let expected = target + "&kind=look&code=1EQECAwIBCwAkAnOD&link=plume%3A%2F%2Flook%2F1EQECAwIBCwAkAnOD"
        #expect(model.top(CallbackOffer.self)?.url == expected)
        // In full, over several lines, and the sender's name marked unverified.
        let text = model.screenText
        let shown = model.view().text.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: " ", with: "")
        #expect(shown.contains(expected))
        #expect(text.contains("Chat App (unverified"))
        #expect(text.contains("o opens it in your browser"))
        #expect(model.keys(.char("o")) == [.openURL(expected)])
        #expect(model.screen == .studio && model.overlays.isEmpty)
    }

    @Test func enterOrEscCarriesOnWithoutOpening() {
        var model = app()
        _ = model.update(.paste(look + "?x-success=https://a.example/ok"))
        model.keys(.enter)
        #expect(model.keys(.escape).isEmpty)
        #expect(model.screen == .studio && model.top(CallbackOffer.self) == nil)
        #expect(model.status.contains("Not returned"))
    }

    @Test func escOnThePreviewOffersTheCancelTarget() {
        var model = app()
        model.keys(.char("2"))
        _ = model.update(.paste(look + "?x-cancel=https://a.example/cancelled&x-success=https://a.example/ok"))
        #expect(model.keys(.escape).isEmpty)
        #expect(model.top(CallbackOffer.self) == CallbackOffer(occasion: .cancel, url: "https://a.example/cancelled", source: nil))
        #expect(model.screen == .lab, "back where the player was, with the offer over it")
        #expect(model.studio.look.garments.isEmpty, "nothing was applied")
        #expect(model.keys(.ctrl("o")) == [.openURL("https://a.example/cancelled")])
        #expect(model.screen == .lab)
    }

    @Test func anErrorOffersTheErrorTargetWithCodeAndMessage() {
        var model = app()
        _ = model.update(.paste("plume://look/1EQECAwIBCwAkAnOE?x-error=https://a.example/err?id=7"))
        guard case .failure(let error)? = model.importing.result else { Issue.record("expected a failure"); return }
        let expected = "https://a.example/err?id=7&errorCode=bad-code&errorMessage=" + XCallback.percentEncode(error.description)
        #expect(model.importing.errorTarget == expected)
        #expect(model.screenText.contains("Ctrl-O opens it"))
        // Typing goes on being typing; only Ctrl-O opens.
        #expect(model.keys(.char("o")).isEmpty)
        #expect(model.importing.text.hasSuffix("o"))
        model.keys(.backspace)
        _ = model.update(.paste("plume://look/1EQECAwIBCwAkAnOE?x-error=https://a.example/err?id=7"))
        #expect(model.keys(.ctrl("o")) == [.openURL(expected)])
    }

    @Test func aPlumeTargetIsImportedHereAndDisallowedTargetsAreNeverOffered() {
        var model = app()
        _ = model.update(.paste(look + "?x-success=plume://swarm/" + ShareCode.encode(.swarm(model.lab.recipe))))
        model.keys(.enter)
        #expect(model.screenText.contains("o imports it here"))
        #expect(model.keys(.char("o")).isEmpty)
        #expect(model.screen == .importer)
        guard case .success(let link)? = model.importing.result else { Issue.record("expected the swarm"); return }
        #expect(link.state.kind == .swarm)
        for bad in ["javascript:alert(1)", "file:///etc/passwd", "http://a.example/", "https://u:p@a.example/"] {
            var other = app()
            _ = other.update(.paste(look + "?x-success=" + bad + "&x-cancel=" + bad))
            other.keys(.enter)
            #expect(other.top(CallbackOffer.self) == nil && other.screen == .studio, "\(bad)")
        }
    }
}

@Suite struct ArrivalTests {
    @Test func anArrivedLinkOpensTheImportPreviewFromAnyScreen() {
        var model = app()
        model.keys(Screen.scores.key)
        _ = model.update(.arrived(.link("plume://look/1EQECAwIBCwAkAnOD")))
        #expect(model.screen == .importer)
        #expect(model.screenText.contains("A look: 3 garments"))
        #expect(model.status.contains("A link arrived from another program"))
        model.keys(.escape)
        #expect(model.screen == .scores)
    }

    @Test func aLinkArrivingDuringADialogWaitsForItToClose() {
        var model = app()
        model.keys(Screen.scores.key, .char("p"))
        guard model.top(RegisterDialog.self) != nil else { Issue.record("no dialog"); return }
        model.keys(.char("A"))
        _ = model.update(.arrived(.link("plume://look/1EQECAwIBCwAkAnOD")))
        #expect(model.top(RegisterDialog.self) != nil && model.screen == .scores)
        #expect(model.status.contains("opens when this dialog closes"))
        model.keys(.escape)
        #expect(model.top(RegisterDialog.self) == nil)
        #expect(model.screen == .importer)
        #expect(model.screenText.contains("A look: 3 garments"))
    }

    @Test func aRefusedMessageIsSaidAndChangesNothing() {
        var model = app()
        let before = model.screenText
        _ = model.update(.arrived(.refused("it was over 4 KiB\u{1B}[2J")))
        #expect(model.status == "Refused a message from another program: it was over 4 KiB[2J.")
        #expect(model.screen == .studio)
        #expect(model.screenText.split(separator: "\n").dropLast(2) == before.split(separator: "\n").dropLast(2))
    }
}

@Suite struct ShareQRTests {
    /// The cells painted black on white: the symbol, quiet zone included.
    func paper(_ grid: Grid) -> (x: Int, y: Int, lines: [String])? {
        var cells: [(Int, Int)] = []
        for y in 0..<grid.height {
            for x in 0..<grid.width where grid[x, y].bg == .rgb(255, 255, 255) && grid[x, y].fg == .rgb(0, 0, 0) {
                cells.append((x, y))
            }
        }
        guard let left = cells.map(\.0).min(), let top = cells.map(\.1).min(),
              let right = cells.map(\.0).max(), let bottom = cells.map(\.1).max() else { return nil }
        let lines = (top...bottom).map { y in String(String.UnicodeScalarView((left...right).map { grid[$0, y].scalar })) }
        return (left, top, lines)
    }

    @Test func aWideWindowShowsTheLinksSymbolBesideTheText() throws {
        var model = app(width: 120, height: 40)
        model.keys(.char("4"))
        let found = paper(model.view())
        let drawn = try #require(found)
        let link = model.sharing.link(model.context)
        let symbol = try QRCode.encode(link)
        #expect(drawn.lines == symbol.halfBlockLines())
        #expect(drawn.x + drawn.lines[0].count == 119)
        #expect(model.screenText.contains(link))
    }

    @Test func aSwarmTooBigForTheWindowSaysWhatSizeWouldShowIt() throws {
        var model = app(width: 80, height: 24)
        model.keys(.char("2"), .char("s"))
        #expect(model.screen == .share && model.sharing.kind == .swarm)
        let symbol = try QRCode.encode(model.sharing.link(model.context))
        if QRCode.halfBlockSize(version: symbol.version).width + 45 > 80 {
            let drawn = paper(model.view())
            #expect(drawn == nil)
            #expect(model.screenText.contains("shows this link as a QR code"))
        }
        var big = app(width: 140, height: 50)
        big.keys(.char("2"), .char("s"))
        let drawn = paper(big.view())
        #expect(drawn?.lines == symbol.halfBlockLines())
    }

    @Test func aLinkTooLongForVersion10IsDrawnAsItsBareCode() throws {
        let genome = Genome(clampingHundredths: [29_999, 1_999, 3_999, 99, 99, 9_999, 49, 99])
        let recipes = (1...16).map { count in SwarmRecipe((0..<count).map { _ in Ingredient(population: 300 / count, genome: genome) }) }
        let capacity = QRCode.capacity(version: 10)
        let recipe = try #require(recipes.first {
            ShareCode.link(.swarm($0)).utf8.count > capacity && ShareCode.encode(.swarm($0)).utf8.count <= capacity
        })
        var model = app(width: 160, height: 50)
        model.lab.use(recipe)
        model.keys(.char("2"), .char("s"))
        let drawn = paper(model.view())
        #expect(drawn?.lines == (try QRCode.encode(ShareCode.encode(.swarm(recipe)))).halfBlockLines())
        #expect(model.screenText.contains("QR of the share code (the link is too long for one)"))
    }
}
