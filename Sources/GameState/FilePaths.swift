// Path arithmetic done by hand. This toolchain's Foundation stops the process in
// NSString.deletingLastPathComponent on any one-character path other than "/" ("a", " "), which
// an operator's flag or config file can give (`--database a`).
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
}
