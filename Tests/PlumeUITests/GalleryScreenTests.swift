// The Lab's gallery: browse named recipes with a live preview that keeps its swarm in view, load
// one (undoable), leave.
import Challenges
import GameState
import Testing
import TUI
@testable import PlumeUI

@Suite struct GalleryScreenTests {
    @Test func browsingLoadingAndUndoing() throws {
        var model = app()
        model.keys(.char("2"))
        let before = model.lab.recipe
        model.keys(.char("G"))
        let entries = model.galleryEntries
        #expect(entries.count >= 12)
        let text = model.screenText
        for entry in entries.prefix(12) { #expect(text.contains(entry.name)) }
        #expect(text.contains(entries[0].brief.prefix(20)))
        #expect(model.timing.frames)
        let start = model.top(GalleryLayer.self)!.preview.state.step
        _ = model.update(.tick)
        #expect(model.top(GalleryLayer.self)!.preview.state.step == start + 1, "the preview runs")
        model.keys(.down, .down)
        #expect(model.top(GalleryLayer.self)!.selected == 2)
        #expect(model.screenText.contains("▸ \(entries[2].name)"))
        #expect(model.lab.recipe == before, "browsing changes nothing")
        model.keys(.enter)
        #expect(model.top(GalleryLayer.self) == nil)
        #expect(model.lab.recipe == entries[2].recipe && model.lab.name == entries[2].name)
        #expect(model.screenText.contains("“\(entries[2].name)”"))
        model.keys(.char("u"))
        #expect(model.lab.recipe == before)
        model.keys(.char("G"), .up, .escape)
        #expect(model.top(GalleryLayer.self) == nil && model.lab.recipe == before)
    }

    @Test func everyPreviewIsInViewFromItsFirstFrame() throws {
        var model = app()
        model.keys(.char("2"), .char("G"))
        let count = model.galleryEntries.count
        func dots() -> Int {
            model.screenText.unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.count
        }
        for index in 0..<count {
            #expect(dots() > 0, "\(model.galleryEntries[index].name) shows nothing before its first frame")
            _ = model.update(.tick)
            #expect(dots() > 0, "\(model.galleryEntries[index].name) shows nothing on its first frame")
            model.keys(.down)
        }
    }

    /// Comet and Bullet travel faster than the camera eases (they used to leave the frame in half
    /// a second) and Heartbeat is four agents (four specks): as every preview runs, most of its
    /// agents stay in view, and a swarm of few agents is drawn in more than a dot each.
    @Test func everyPreviewKeepsItsSwarmInViewAsItRunsAndAFewAgentsShow() throws {
        var model = app()
        model.keys(.char("2"), .char("G"))
        let canvas = LabLayout(model.contentArea).canvas
        let (dotsWide, dotsHigh) = (canvas.width * 2, canvas.height * 4)
        for entry in model.galleryEntries {
            for frame in 1...90 {
                _ = model.update(.tick)
                guard frame % 15 == 0, let gallery = model.top(GalleryLayer.self) else { continue }
                let state = gallery.preview.state, camera = gallery.camera
                // Where SwarmRenderer puts each agent, in dots from the canvas's top left.
                let inView = (0..<state.count).filter { agent in
                    let x = (state.x[agent] - camera.centreX) / camera.scale + Double(dotsWide) / 2
                    let y = (state.y[agent] - camera.centreY) / camera.scale + Double(dotsHigh) / 2
                    return x >= 0 && y >= 0 && x < Double(dotsWide) && y < Double(dotsHigh)
                }.count
                #expect(inView * 10 >= state.count * 8, "\(entry.name), frame \(frame): \(inView) of \(state.count) agents in view")
                guard state.count < 40 else { continue }
                let grid = model.view()
                var dots = 0
                for y in canvas.y..<canvas.maxY {
                    for x in canvas.x..<canvas.maxX where (0x2801...0x28FF).contains(grid[x, y].scalar.value) {
                        dots += (grid[x, y].scalar.value - 0x2800).nonzeroBitCount
                    }
                }
                #expect(dots >= state.count * 3, "\(entry.name), frame \(frame): \(dots) dots for \(state.count) agents")
            }
            model.keys(.down)
        }
    }

    @Test func aClickSelectsAndASecondClickLoads() throws {
        var model = app()
        model.keys(.char("2"), .char("G"))
        let x = LabLayout(model.contentArea).panel.x + 2
        _ = model.update(.mouse(Mouse(x: x, y: 4 + 5, kind: .press)))
        #expect(model.top(GalleryLayer.self)?.selected == 5)
        _ = model.update(.mouse(Mouse(x: x, y: 4 + 5, kind: .press)))
        #expect(model.lab.name == model.galleryEntries[5].name)
    }
}
