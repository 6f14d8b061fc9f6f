// Golden files: text committed under Snapshots/ that a drawing must match, and recorded again
// on purpose with PLUME_RECORD_SNAPSHOTS=1. Each golden is kept by what owns what it shows:
// Snapshots/screens holds a screen's (its area, then its status and hint lines), and
// Snapshots/chrome the tab bar's, the status line's, the help page's and the small window's.
// So a new screen adds its own files and re-records only the chrome's.
import Foundation
import Testing
import TUI

enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    static let recording = ProcessInfo.processInfo.environment["PLUME_RECORD_SNAPSHOTS"] == "1"
    static let howToRecord = "PLUME_RECORD_SNAPSHOTS=1 swift test --filter SnapshotTests"

    /// The window sizes every screen is drawn at: the smallest the game plays in, and a roomy one.
    static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40)]

    /// Who a golden belongs to: a folder of Snapshots/ each.
    enum Owner: String, CaseIterable {
        /// What a screen and the overlays over it draw.
        case screens
        /// What the game draws around every screen, and whatever names the list of screens.
        case chrome
    }

    /// A golden's path under Snapshots/: "screens/studio-80x24.txt".
    static func path(_ owner: Owner, _ name: String, _ size: Size) -> String {
        "\(owner.rawValue)/\(name)-\(size.width)x\(size.height).txt"
    }

    /// Compares `text` with the golden at `path`; when recording, writes it there instead. A
    /// missing golden fails (it is never taken as a pass).
    static func check(_ text: String, _ path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = folder.appendingPathComponent(path)
        if recording {
            do {
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
            } catch {
                Issue.record("Couldn't record Snapshots/\(path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("Snapshots/\(path) is missing: record it with \(howToRecord), then read it.", sourceLocation: sourceLocation)
            return
        }
        guard text != expected else { return }
        Issue.record(Comment(rawValue: """
            Snapshots/\(path) differs (- the golden, + as drawn; | ends a line):
            \(difference(expected: expected, drawn: text))
            If the change is meant, re-record with \(howToRecord) and read git diff Tests/PlumeUITests/Snapshots.
            """), sourceLocation: sourceLocation)
    }

    /// How many differing lines a failure shows.
    static let linesShown = 12

    /// The lines that differ, numbered, the golden's over the drawing's.
    static func difference(expected: String, drawn: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = drawn.split(separator: "\n", omittingEmptySubsequences: false)
        var shown: [String] = []
        var differing = 0
        for index in 0..<max(old.count, new.count) {
            let before = index < old.count ? old[index] : nil
            let after = index < new.count ? new[index] : nil
            guard before != after else { continue }
            differing += 1
            guard differing <= linesShown else { continue }
            shown.append("line \(index + 1):")
            shown.append(before.map { "- \($0)|" } ?? "- (no such line)")
            shown.append(after.map { "+ \($0)|" } ?? "+ (no such line)")
        }
        if differing > linesShown { shown.append("… and \(differing - linesShown) more lines (\(old.count) in the golden, \(new.count) drawn)") }
        return shown.joined(separator: "\n")
    }

    /// Every file under Snapshots/, as its path there ("screens/studio-80x24.txt").
    static func filesOnDisk() throws -> Set<String> {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        return Set(paths).subtracting(Owner.allCases.map(\.rawValue))
    }
}
