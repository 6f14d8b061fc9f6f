// Opening an x-callback target the player chose: with xdg-open when there is a desktop to open
// it on; otherwise it is copied, and the Import screen already shows it in full.
import Foundation

enum Opener {
    /// xdg-open's path when there is a desktop to open a link on.
    static func desktopOpener(environment: [String: String]) -> String? {
        let hasDesktop = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        return hasDesktop ? Clipboard.find("xdg-open", in: environment["PATH"] ?? "") : nil
    }

    /// Starts xdg-open on the link (one argument, no shell: the link is never read as anything
    /// but a link); returns what happened, in words.
    static func open(_ url: String, with xdgOpen: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xdgOpen)
        process.arguments = [url]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return "Opened the link with xdg-open."
        } catch {
            return "xdg-open couldn't be started (\(error.localizedDescription))."
        }
    }
}
