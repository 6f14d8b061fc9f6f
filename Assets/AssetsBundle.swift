// Locates Plume's bundled content (catalog.json and art/) at run time.
import Foundation

public enum PlumeAssets {
    /// The folder that holds catalog.json and art/. `PLUME_ASSETS` overrides it, so an operator or a
    /// test can point Plume at other content without rebuilding.
    public static var directory: URL {
        if let override = ProcessInfo.processInfo.environment["PLUME_ASSETS"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        if let installed = installed("Plume_PlumeAssets.resources") { return installed }
        return Bundle.module.resourceURL ?? Bundle.module.bundleURL
    }

    /// A resource bundle as installed: `PREFIX/share/PROGRAM/NAME` (the Debian packages: each
    /// program its own copy, so that the two packages share no file), else `PREFIX/share/plume/NAME`
    /// (`make install` and the tarball: one copy for both), found from the running binary
    /// (`PREFIX/bin/PROGRAM`) whatever the working directory. nil in a build folder, where
    /// SwiftPM's own lookup (beside the binary) applies.
    public static func installed(_ name: String) -> URL? {
        // Foundation reads /proc/self/exe on Linux; symlinks are resolved so that a link to the
        // binary (say /usr/bin/plume -> /opt/plume/bin/plume) still finds /opt/plume/share.
        let binary = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
        let share = binary.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share", isDirectory: true)
        for folder in [binary.lastPathComponent, "plume"] {
            let candidate = share.appendingPathComponent(folder, isDirectory: true).appendingPathComponent(name, isDirectory: true)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue { return candidate }
        }
        return nil
    }
}
