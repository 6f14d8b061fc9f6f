// The process's open-file limit. Running out of descriptors is fatal for a Swift process on
// Linux (libdispatch's pool monitor traps when it cannot open files under /proc), so a listener
// never sizes its caps without first knowing, and raising, this limit.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public struct FileLimit: Sendable, Equatable {
    /// The soft limit before `raise()`.
    public let before: Int
    /// The soft limit now (the hard limit, when it could be raised).
    public let current: Int

    /// Raises the soft open-file limit to the hard limit (an unprivileged process may), and says
    /// what it was and what it is. Harmless to call again.
    public static func raise() -> FileLimit {
        var limits = rlimit()
        guard getrlimit(resourceNOFILE, &limits) == 0 else { return FileLimit(before: 1024, current: 1024) }
        let before = Int(clamping: limits.rlim_cur)
        if limits.rlim_cur < limits.rlim_max {
            var raised = limits
            raised.rlim_cur = limits.rlim_max
            // Darwin refuses RLIM_INFINITY for files; OPEN_MAX is its real ceiling.
            if setrlimit(resourceNOFILE, &raised) != 0 {
                raised.rlim_cur = min(limits.rlim_max, 10_240)
                _ = setrlimit(resourceNOFILE, &raised)
            }
        }
        guard getrlimit(resourceNOFILE, &limits) == 0 else { return FileLimit(before: before, current: before) }
        return FileLimit(before: before, current: Int(clamping: limits.rlim_cur))
    }

    /// Descriptors this process has open now (Linux: entries in /proc/self/fd), or nil when it
    /// cannot tell.
    public static func openDescriptors() -> Int? {
        #if os(Linux)
        guard let directory = opendir("/proc/self/fd") else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let isDot = withUnsafeBytes(of: entry.pointee.d_name) { $0.first == UInt8(ascii: ".") }
            if !isDot { count += 1 }
        }
        return count - 1  // the directory stream's own descriptor
        #else
        return nil
        #endif
    }

    #if canImport(Glibc)
    private static let resourceNOFILE = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resourceNOFILE = RLIMIT_NOFILE
    #endif
}
