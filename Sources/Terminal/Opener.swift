// Opening an x-callback target the player chose: with xdg-open when there is a desktop to open
// it on; otherwise it is copied, and the Import screen already shows it in full.
import Foundation

enum Opener {
    /// Returns what happened, in words, for the status line.
    static func open(_ url: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                     copy: (String) -> String) -> String {
        let hasDesktop = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        if hasDesktop, let xdgOpen = Clipboard.find("xdg-open", in: environment["PATH"] ?? "") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: xdgOpen)
            // One argument, no shell: the link is never read as anything but a link.
            process.arguments = [url]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
                return "Opened the link with xdg-open."
            } catch {
                return "xdg-open couldn't be started (\(error.localizedDescription)); " + copy(url)
            }
        }
        return "No desktop here to open the link on, so it is shown above. " + copy(url)
    }
}
