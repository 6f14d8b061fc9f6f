// How many watch a game hosted over SSH: its host writes the count as a decimal number to
// `$XDG_RUNTIME_DIR/watchers` (whole, by rename) before it sends SIGWINCH. A few bytes in the
// player's own run directory, read at once on the loop's thread; anything missing or unreadable
// counts as nobody, and so does a count written before this game began (a former game's, whose
// watchers are gone: the host removes it when it prepares a game, and this is the second guard).
import Foundation

public enum WatcherCount {
    /// The file's name in the run directory.
    static let fileName = "watchers"
    /// More bytes than any count the host writes: a larger file is not the host's.
    static let maxBytes = 32
    /// How much earlier than the game's start a count may seem to be written and still be this
    /// game's: file times come from a coarser clock than the game's.
    static let clockSlack = 1.0

    /// The count; with `since` (the game's start, seconds since 1970), nobody if it was written before.
    public static func read(environment: [String: String], since start: Double? = nil) -> Int {
        guard let directory = environment["XDG_RUNTIME_DIR"], !directory.isEmpty else { return 0 }
        let path = directory + "/" + fileName
        if let start {
            guard let written = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                  written.timeIntervalSince1970 >= start - clockSlack else { return 0 }
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { return 0 }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maxBytes + 1), data.count <= maxBytes,
              let text = String(data: data, encoding: .utf8), let count = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return 0 }
        return max(0, count)
    }
}
