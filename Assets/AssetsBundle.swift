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

    /// A resource bundle as `make install` lays it out: `PREFIX/share/plume/NAME`, found from the
    /// running binary (`PREFIX/bin/…`) whatever the working directory. nil in a build folder,
    /// where SwiftPM's own lookup (beside the binary) applies.
    public static func installed(_ name: String) -> URL? {
        // Foundation reads /proc/self/exe on Linux; symlinks are resolved so that a link to the
        // binary (say /usr/bin/plume -> /opt/plume/bin/plume) still finds /opt/plume/share.
        let binary = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
        let candidate = binary.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/plume", isDirectory: true).appendingPathComponent(name, isDirectory: true)
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory) && isDirectory.boolValue ? candidate : nil
    }
}
