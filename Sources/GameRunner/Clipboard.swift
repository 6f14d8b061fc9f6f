// Copies text to the clipboard: OSC 52 to the terminal first (works over SSH; inside tmux it is
// sent twice, as is and through tmux's passthrough, since tmux's default `set-clipboard external`
// drops an application's OSC 52), then whichever local tool exists (wl-copy, xclip, xsel,
// pbcopy). The tool is a child process, so the runner starts it off the input path.
import Foundation

public enum Clipboard {
    /// The OSC 52 sequence that asks the terminal to set its clipboard.
    public static func osc52(_ text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    }

    /// A sequence wrapped in tmux's passthrough (DCS `tmux;` … ST, each ESC inside doubled): tmux
    /// hands it to the terminal outside untouched, when `allow-passthrough` is on (always, before
    /// tmux 3.3).
    public static func tmuxPassthrough(_ sequence: String) -> String {
        "\u{1B}Ptmux;" + sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
    }

    /// Whether the game runs inside tmux: it sets $TMUX in the programs it runs.
    public static func insideTmux(_ environment: [String: String]) -> Bool {
        !(environment["TMUX"] ?? "").isEmpty
    }

    /// What to write to the terminal to copy `text`: OSC 52, and inside tmux the same again through
    /// its passthrough. tmux takes the first with `set -g set-clipboard on` and the second with
    /// `set -g allow-passthrough on`; with neither (its defaults) it drops both, and no program
    /// inside can tell, so the words say so (`sentence`).
    public static func sequences(_ text: String, tmux: Bool) -> String {
        let sequence = osc52(text)
        return tmux ? sequence + tmuxPassthrough(sequence) : sequence
    }

    static let tools: [(name: String, arguments: [String], needs: String?)] = [
        ("wl-copy", [], "WAYLAND_DISPLAY"), ("xclip", ["-selection", "clipboard"], "DISPLAY"),
        ("xsel", ["--clipboard", "--input"], "DISPLAY"), ("pbcopy", [], nil),
    ]

    /// Hands `text` to the first local clipboard tool that fits the session; returns its name
    /// when it took the text.
    public static func copyWithTool(_ text: String, environment: [String: String]) -> String? {
        for tool in tools {
            if let needs = tool.needs, environment[needs]?.isEmpty ?? true { continue }
            guard let path = find(tool.name, in: environment["PATH"] ?? "") else { continue }
            return run(path, tool.arguments, input: text) ? tool.name : nil
        }
        return nil
    }

    /// "Copied to the clipboard via your terminal (OSC 52) and xclip." Inside tmux, only a tool
    /// is sure: OSC 52 is said to be sent, with what tmux needs to pass it on.
    public static func sentence(tool: String?, tmux: Bool = false) -> String {
        guard tmux else {
            return "Copied to the clipboard via " + (["your terminal (OSC 52)"] + (tool.map { [$0] } ?? [])).joined(separator: " and ") + "."
        }
        if let tool { return "Copied to the clipboard with \(tool) (and sent to your terminal through tmux, OSC 52)." }
        return "Sent to your terminal's clipboard through tmux (OSC 52); if it isn't there, tmux needs `set -g set-clipboard on`."
    }

    static func find(_ name: String, in path: String) -> String? {
        path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ path: String, _ arguments: [String], input: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            pipe.fileHandleForWriting.write(Data(input.utf8))
            try pipe.fileHandleForWriting.close()
            process.waitUntilExit()
            return process.terminationStatus == 0
        } catch {
            return false
        }
    }
}
