// Copies text to the clipboard: OSC 52 to the terminal first (works over SSH, and in tmux with
// set-clipboard on), then whichever local tool exists (wl-copy, xclip, xsel, pbcopy). The
// tool is a child process, so the runner starts it off the input path.
import Foundation

public enum Clipboard {
    /// The OSC 52 sequence that asks the terminal to set its clipboard.
    public static func osc52(_ text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
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

    /// "Copied to the clipboard via your terminal (OSC 52) and xclip."
    public static func sentence(tool: String?) -> String {
        "Copied to the clipboard via " + (["your terminal (OSC 52)"] + (tool.map { [$0] } ?? [])).joined(separator: " and ") + "."
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
