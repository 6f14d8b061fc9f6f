// Locates Plume's bundled content (catalog.json and art/) at run time.
import Foundation

public enum PlumeAssets {
    /// The folder that holds catalog.json and art/. `PLUME_ASSETS` overrides it, so an operator or a
    /// test can point Plume at other content without rebuilding.
    public static var directory: URL {
        if let override = ProcessInfo.processInfo.environment["PLUME_ASSETS"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        return Bundle.module.resourceURL ?? Bundle.module.bundleURL
    }
}
