// How many watch a game hosted over SSH: its host writes the count as a decimal number to
// `$XDG_RUNTIME_DIR/watchers` (whole, by rename) before it sends SIGWINCH. A few bytes in the
// player's own run directory, read at once on the loop's thread; anything missing or unreadable
// counts as nobody.
import Foundation

public enum WatcherCount {
    /// The file's name in the run directory.
    static let fileName = "watchers"
    /// More bytes than any count the host writes: a larger file is not the host's.
    static let maxBytes = 32

    public static func read(environment: [String: String]) -> Int {
        guard let directory = environment["XDG_RUNTIME_DIR"], !directory.isEmpty,
              let handle = FileHandle(forReadingAtPath: directory + "/" + fileName) else { return 0 }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maxBytes + 1), data.count <= maxBytes,
              let text = String(data: data, encoding: .utf8), let count = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return 0 }
        return max(0, count)
    }
}
