// The effect runner never blocks the input path: a clipboard tool that hangs doesn't hold up
// the game (its outcome arrives later, as a message), OSC 52 goes out at once, saves go to the
// writer, and quitting flushes it.
import Foundation
import GameState
import Testing
import TUI
@testable import GameRunner
@testable import PlumeUI

@Suite struct EffectRunnerTests {
    /// A folder with an `xclip` that waits until `gate` exists, then records what it was given.
    func slowClipboard() throws -> (bin: URL, gate: URL, got: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plume-tools-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let gate = folder.appendingPathComponent("gate"), got = folder.appendingPathComponent("got")
        let script = "#!/bin/sh\nwhile [ ! -e '\(gate.path)' ]; do sleep 0.05; done\ncat > '\(got.path)'\n"
        let tool = folder.appendingPathComponent("xclip")
        try Data(script.utf8).write(to: tool)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        return (folder, gate, got)
    }

    @Test func aClipboardToolThatWaitsNeverHoldsUpTheGame() throws {
        let tools = try slowClipboard()
        defer { try? FileManager.default.removeItem(at: tools.bin) }
        let store = temporaryStore()
        let inbox = Inbox<Msg>()
        var emitted: [String] = []
        let runner = EffectRunner(inbox: inbox, saves: SaveWriter(store: store, written: nil) { _ in }, scores: nil,
                                  environment: ["PATH": tools.bin.path, "DISPLAY": ":9"]) { emitted.append($0) }
        // The tool is still waiting at its gate when perform returns: nothing waited for it.
        #expect(runner.perform(.copyToClipboard("plume://look/1EQEBAO3S")) == .carryOn)
        #expect(emitted == [Clipboard.osc52("plume://look/1EQEBAO3S")] && runner.childJobs == 1)
        #expect(inbox.expecting && inbox.take().isEmpty)
        try Data().write(to: tools.gate)
        let heard = try firstMessages(inbox)
        guard case .copied(let words)? = heard.first else { Issue.record("no outcome: \(heard)"); return }
        #expect(words == "Copied to the clipboard via your terminal (OSC 52) and xclip.")
        #expect(try String(contentsOf: tools.got, encoding: .utf8) == "plume://look/1EQEBAO3S")
        #expect(!inbox.expecting)
    }

    @Test func aHostedGameRunsNothingOnTheHost() throws {
        // A desktop, an xclip and an xdg-open that would record being run: a game hosted over SSH
        // uses none of them, only OSC 52.
        let tools = try slowClipboard()
        defer { try? FileManager.default.removeItem(at: tools.bin) }
        try Data().write(to: tools.gate)
        let ran = tools.bin.appendingPathComponent("opened")
        let opener = tools.bin.appendingPathComponent("xdg-open")
        try Data("#!/bin/sh\necho \"$@\" > '\(ran.path)'\n".utf8).write(to: opener)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
        let inbox = Inbox<Msg>()
        var emitted: [String] = []
        let runner = EffectRunner(inbox: inbox, saves: SaveWriter(store: temporaryStore(), written: nil) { _ in }, scores: nil,
                                  environment: ["PATH": tools.bin.path, "DISPLAY": ":9"], hosted: true) { emitted.append($0) }
        #expect(runner.perform(.copyToClipboard("plume://look/1EQEBAO3S")) == .carryOn)
        #expect(runner.perform(.openURL("https://a.example/ok")) == .carryOn)
        #expect(emitted == [Clipboard.osc52("plume://look/1EQEBAO3S"), Clipboard.osc52("https://a.example/ok")])
        let heard = inbox.take()
        guard heard.count == 2, case .copied(let copied) = heard[0], case .opened(let opened) = heard[1] else {
            Issue.record("outcomes: \(heard)")
            return
        }
        #expect(copied == "Copied to the clipboard via your terminal (OSC 52).")
        #expect(opened.contains("links open on your own machine"))
        // Both outcomes were said without handing anything to a child process.
        #expect(runner.childJobs == 0)
        #expect(!FileManager.default.fileExists(atPath: ran.path) && !FileManager.default.fileExists(atPath: tools.got.path))
    }

    /// tmux's default (`set-clipboard external`) drops an application's OSC 52: inside tmux the
    /// copy goes as is and through tmux's passthrough too, and the words say only what is sure.
    @Test func insideTmuxTheCopyAlsoGoesThroughItsPassthroughAndTheWordsClaimNoMore() throws {
        let link = "plume://look/1EQEBAO3S"
        let osc = "\u{1B}]52;c;" + Data(link.utf8).base64EncodedString() + "\u{07}"
        let inbox = Inbox<Msg>()
        var emitted: [String] = []
        let runner = EffectRunner(inbox: inbox, saves: SaveWriter(store: temporaryStore(), written: nil) { _ in }, scores: nil,
                                  environment: ["PATH": "/nonexistent", "TMUX": "/tmp/tmux-1000/default,4242,0"]) { emitted.append($0) }
        #expect(runner.perform(.copyToClipboard(link)) == .carryOn)
        // As is (tmux with set-clipboard on takes it), then wrapped, each ESC inside doubled
        // (tmux with allow-passthrough on hands it to the terminal outside).
        #expect(emitted == [osc + "\u{1B}Ptmux;\u{1B}\u{1B}]52;c;" + Data(link.utf8).base64EncodedString() + "\u{07}\u{1B}\\"])
        guard case .copied(let words)? = try firstMessages(inbox).first else { Issue.record("no outcome"); return }
        // Nothing inside tmux can tell whether it arrived: not "Copied", and what tmux needs.
        #expect(words == "Sent to your terminal's clipboard through tmux (OSC 52); if it isn't there, tmux needs `set -g set-clipboard on`.")
        // A game hosted over SSH runs in no tmux of the player's (its TMUX would be the host's): OSC 52 alone.
        var hostedEmitted: [String] = []
        let hosted = EffectRunner(inbox: Inbox<Msg>(), saves: SaveWriter(store: temporaryStore(), written: nil) { _ in }, scores: nil,
                                  environment: ["TMUX": "/tmp/tmux-0/default,1,0"], hosted: true) { hostedEmitted.append($0) }
        #expect(hosted.perform(.copyToClipboard(link)) == .carryOn)
        #expect(hostedEmitted == [osc])
    }

    @Test func withNoDesktopALinkToOpenIsCopiedAndSaid() throws {
        let inbox = Inbox<Msg>()
        var emitted: [String] = []
        let runner = EffectRunner(inbox: inbox, saves: SaveWriter(store: temporaryStore(), written: nil) { _ in }, scores: nil,
                                  environment: ["PATH": "/nonexistent"]) { emitted.append($0) }
        #expect(runner.perform(.openURL("https://a.example/ok")) == .carryOn)
        #expect(emitted == [Clipboard.osc52("https://a.example/ok")])
        let heard = try firstMessages(inbox)
        guard case .opened(let words)? = heard.first else { Issue.record("no outcome"); return }
        #expect(words == "No desktop here to open the link on, so it is shown above. Copied to the clipboard via your terminal (OSC 52).")
    }

    @Test func aDesktopWhoseOpenerCannotStartGetsTheLinkCopied() throws {
        let tools = try slowClipboard()
        defer { try? FileManager.default.removeItem(at: tools.bin) }
        try Data().write(to: tools.gate)
        // An xdg-open that is there but can't be run.
        try Data("not a program".utf8).write(to: tools.bin.appendingPathComponent("xdg-open"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tools.bin.appendingPathComponent("xdg-open").path)
        let inbox = Inbox<Msg>()
        let runner = EffectRunner(inbox: inbox, saves: SaveWriter(store: temporaryStore(), written: nil) { _ in }, scores: nil,
                                  environment: ["PATH": tools.bin.path, "DISPLAY": ":9"]) { _ in }
        #expect(runner.perform(.openURL("https://a.example/ok")) == .carryOn)
        guard case .opened(let words)? = try firstMessages(inbox).first else { Issue.record("no outcome"); return }
        #expect(words.hasPrefix("xdg-open couldn't be started") && words.hasSuffix("; copied it with xclip instead."))
        #expect(try String(contentsOf: tools.got, encoding: .utf8) == "https://a.example/ok")
    }

    @Test func quittingWritesTheLastChangeFirst() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let writer = SaveWriter(store: store, written: nil, interval: 3600) { _ in }
        let runner = EffectRunner(inbox: Inbox<Msg>(), saves: writer, scores: nil, environment: [:]) { _ in }
        #expect(runner.perform(.save(game(1))) == .carryOn)
        try waitUntil { writer.writes == 1 }
        #expect(runner.perform(.save(game(2))) == .carryOn)
        #expect(runner.perform(.quit) == .quit)
        #expect(runner.quitProblem == nil)
        guard case .loaded(let saved) = store.load() else { Issue.record("nothing saved"); return }
        #expect(saved.swarmName == "swarm 2")
    }

    @Test func aHostedGameReadsHowManyWatchAndALocalGameNever() throws {
        let run = FileManager.default.temporaryDirectory.appendingPathComponent("plume-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: run) }
        let file = run.appendingPathComponent("watchers")
        func counts(hosted: Bool) -> [Int] {
            let inbox = Inbox<Msg>()
            let runner = EffectRunner(inbox: inbox, saves: SaveWriter(store: temporaryStore(), written: nil) { _ in }, scores: nil,
                                      environment: ["XDG_RUNTIME_DIR": run.path], hosted: hosted) { _ in }
            #expect(runner.perform(.readWatchers) == .carryOn)
            return inbox.take().compactMap { if case .watchers(let count) = $0 { count } else { nil } }
        }
        // Nothing written yet: nobody watches.
        #expect(counts(hosted: true) == [0])
        try Data("2\n".utf8).write(to: file)
        #expect(counts(hosted: true) == [2])
        // A game on the player's own machine never looks.
        #expect(counts(hosted: false) == [])
        // What isn't a count the host writes counts as nobody.
        for text in ["many", "-3", String(repeating: "1", count: 40)] {
            try Data(text.utf8).write(to: file)
            #expect(counts(hosted: true) == [0], "\(text)")
        }
        #expect(WatcherCount.read(environment: [:]) == 0)
    }

    @Test func aCountAFormerGameLeftBehindCountsAsNobody() throws {
        let run = FileManager.default.temporaryDirectory.appendingPathComponent("plume-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: run) }
        let file = run.appendingPathComponent("watchers")
        // The last game had a watcher when it ended, ten minutes ago; its host never wrote 0.
        try Data("1".utf8).write(to: file)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -600)], ofItemAtPath: file.path)
        let inbox = Inbox<Msg>()
        let runner = EffectRunner(inbox: inbox, saves: SaveWriter(store: temporaryStore(), written: nil) { _ in }, scores: nil,
                                  environment: ["XDG_RUNTIME_DIR": run.path], hosted: true) { _ in }
        func counts() -> [Int] {
            #expect(runner.perform(.readWatchers) == .carryOn)
            return inbox.take().compactMap { if case .watchers(let count) = $0 { count } else { nil } }
        }
        #expect(counts() == [0])
        // This game's host writes the count once someone watches it.
        try Data("1".utf8).write(to: file)
        #expect(counts() == [1])
        #expect(WatcherCount.read(environment: ["XDG_RUNTIME_DIR": run.path], since: Date().timeIntervalSince1970 + 60) == 0)
    }

    @Test func scoreCommandsComeBackAsMessages() async throws {
        let inbox = Inbox<Msg>()
        let runner = EffectRunner(inbox: inbox, saves: SaveWriter(store: temporaryStore(), written: nil) { _ in },
                                  scores: { command in [.failed(command, .init(.offline, "nobody home"))] }, environment: [:]) { _ in }
        #expect(runner.perform(.scores(.contributors)) == .carryOn)
        let heard = try await firstMessagesAwaiting(inbox)
        guard case .scores(.failed(let command, let failure))? = heard.first, command == .contributors else { Issue.record("no answer: \(heard)"); return }
        #expect(failure.message == "nobody home" && !inbox.expecting)
    }
}

/// The first messages posted to the inbox by a task on the shared pool, waited for without holding
/// one of the pool's threads (the pool has one per core: a test blocking it would starve the task).
func firstMessagesAwaiting(_ inbox: Inbox<Msg>) async throws -> [Msg] {
    let deadline = ContinuousClock.now + .seconds(20)
    var heard: [Msg] = []
    while heard.isEmpty {
        guard ContinuousClock.now < deadline else { throw WaitedTooLong() }
        try await Task.sleep(for: .milliseconds(2))
        heard += inbox.take()
    }
    return heard
}

/// The first messages posted to the inbox (failing, not hanging, if none come within 20 s).
func firstMessages(_ inbox: Inbox<Msg>) throws -> [Msg] {
    var heard: [Msg] = []
    try waitUntil {
        heard += inbox.take()
        return !heard.isEmpty
    }
    return heard
}

@Suite struct ClipboardTests {
    @Test func osc52CarriesTheTextInBase64() {
        let link = "plume://look/1EQECAwIBCwAkAnOD"
        #expect(Clipboard.osc52(link) == "\u{1B}]52;c;" + Data(link.utf8).base64EncodedString() + "\u{07}")
    }

    @Test func tmuxPassthroughWrapsASequenceWithEachEscapeDoubled() {
        #expect(Clipboard.tmuxPassthrough("\u{1B}]52;c;aGk=\u{07}") == "\u{1B}Ptmux;\u{1B}\u{1B}]52;c;aGk=\u{07}\u{1B}\\")
        #expect(Clipboard.sequences("hi", tmux: false) == "\u{1B}]52;c;aGk=\u{07}")
        #expect(Clipboard.insideTmux(["TMUX": "/tmp/tmux-1000/default,4242,0"]) && !Clipboard.insideTmux(["TMUX": ""]) && !Clipboard.insideTmux([:]))
        #expect(Clipboard.sentence(tool: "xclip", tmux: true) == "Copied to the clipboard with xclip (and sent to your terminal through tmux, OSC 52).")
    }

    @Test func withNoToolTheTerminalAloneIsSaid() {
        #expect(Clipboard.copyWithTool("hello", environment: ["PATH": "/nonexistent", "DISPLAY": ":0"]) == nil)
        #expect(Clipboard.sentence(tool: nil) == "Copied to the clipboard via your terminal (OSC 52).")
        #expect(Clipboard.sentence(tool: "xsel") == "Copied to the clipboard via your terminal (OSC 52) and xsel.")
    }
}
