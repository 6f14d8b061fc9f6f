// The one version of Plume: `plume --version` and `plume-server --version` both print it.

public enum PlumeVersion {
    public static let current = "0.2.0"
}
