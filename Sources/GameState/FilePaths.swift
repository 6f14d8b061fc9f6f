// Path arithmetic done by hand. This toolchain's Foundation stops the process in
// NSString.deletingLastPathComponent on any one-character path other than "/" ("a", " "), which
// an operator's flag or config file can give (`--database a`).
import Foundation

public enum FilePaths {
    /// The directory part of `path`, as deletingLastPathComponent gives it: "" for a bare name,
    /// "/" for a name at the root, repeated and trailing slashes ignored.
    public static func directory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return trimmed == "/" ? "/" : "" }
        var directory = trimmed[..<slash]
        while directory.hasSuffix("/") { directory = directory.dropLast() }
        return directory.isEmpty ? "/" : String(directory)
    }

    /// `path` made absolute against `directory` (the working directory unless given), written
    /// plainly: "." parts and repeated slashes dropped, ".." kept only where it can't be undone.
    /// A relative path handed to a child process that runs somewhere else means somewhere else:
    /// hosted players' homes are resolved with this once, when the server starts.
    public static func absolute(_ path: String, from directory: String = FileManager.default.currentDirectoryPath) -> String {
        let joined = path.hasPrefix("/") ? path : directory + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
