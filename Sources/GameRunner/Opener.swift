// Opening an x-callback target the player chose: with xdg-open when there is a desktop to open
// it on; otherwise (or when xdg-open can't be started) it is copied, and it stays on the screen.
import Foundation

enum Opener {
    /// xdg-open's path when there is a desktop to open a link on.
    static func desktopOpener(environment: [String: String]) -> String? {
        let hasDesktop = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        return hasDesktop ? Clipboard.find("xdg-open", in: environment["PATH"] ?? "") : nil
    }

    /// Starts xdg-open on the link (one argument, no shell: the link is never read as anything
    /// but a link); returns what happened, in words. When it can't be started, the link is handed
    /// to a clipboard tool instead.
    static func open(_ url: String, with xdgOpen: String, environment: [String: String]) -> String {
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
            let copied = Clipboard.copyWithTool(url, environment: environment).map { "; copied it with \($0) instead" } ?? "; it is shown above"
            return "xdg-open couldn't be started (\(error.localizedDescription))" + copied + "."
        }
    }
}
