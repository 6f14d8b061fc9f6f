// `plume register-scheme` and `plume unregister-scheme`: make clicked plume:// links open Plume
// on a freedesktop desktop, and undo exactly that. Another program that already handles the
// scheme is named and left alone unless --force; what was done is recorded, so that undoing it
// touches nothing else.
import ArgumentParser
import Foundation
import GameState

struct RegisterScheme: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register-scheme",
        abstract: "Make plume:// links open in Plume (freedesktop desktops).",
        discussion: """
            Writes plume.desktop (x-scheme-handler/plume, Terminal=true, Exec=<this binary> open \
            %u) to $XDG_DATA_HOME/applications, runs update-desktop-database on that directory \
            and `xdg-mime default plume.desktop x-scheme-handler/plume` when they are installed \
            (without xdg-mime, the default is written to $XDG_CONFIG_HOME/mimeapps.list). If \
            another program already handles plume:// links, it is named and nothing changes \
            unless --force. `plume unregister-scheme` undoes exactly this.
            """
    )

    @Flag(help: "Take over plume:// links from the program that handles them now.")
    var force = false

    @Flag(help: "Print what would be written and run, and change nothing.")
    var dryRun = false

    func run() throws {
        let desk = Desktop()
        let binary = try currentBinary()
        let entry = try Desktop.entry(binary: binary)
        let owner = desk.currentHandler()
        let record = desk.loadRecord()
        if let owner, owner != Desktop.entryName {
            guard force else {
                throw fail("plume:// links are handled by \(desk.describe(owner)). Plume leaves that alone; `plume register-scheme --force` takes them over (and `plume unregister-scheme` gives them back).")
            }
        }
        if owner == Desktop.entryName, desk.read(desk.entryFile) == entry {
            print("Already registered: plume:// links open \(binary) (\(desk.entryFile.path)).")
            return
        }
        if let existing = desk.read(desk.entryFile), existing != record?.entry, !force {
            throw fail("\(desk.entryFile.path) exists and wasn't written by `plume register-scheme`; it is left alone (--force replaces it).")
        }
        let udd = Desktop.tool("update-desktop-database"), xdgMime = Desktop.tool("xdg-mime")
        if dryRun {
            print("Would write \(desk.entryFile.path):")
            print(entry, terminator: "")
            print(udd.map { "Would run: \($0) \(desk.applications.path)" } ?? "Would skip update-desktop-database (not installed).")
            if let xdgMime {
                print("Would run: \(xdgMime) default \(Desktop.entryName) \(Desktop.mimeType)")
            } else {
                print("Would set \(Desktop.mimeType)=\(Desktop.entryName) in \(desk.mimeappsList.path) (xdg-mime is not installed).")
            }
            if let owner, owner != Desktop.entryName { print("Would take plume:// links over from \(desk.describe(owner)).") }
            print("Would record this in \(desk.recordFile.path), for `plume unregister-scheme`.")
            return
        }
        // What is there before, so that unregistering can put it back exactly.
        var done = record ?? SchemeRecord(
            entry: entry, previousHandler: owner == Desktop.entryName ? nil : owner,
            createdDirectories: desk.missingDirectories(), createdCache: !desk.exists(desk.mimeinfoCache),
            createdMimeapps: !desk.exists(desk.mimeappsList), replacedEntry: desk.read(desk.entryFile))
        done.entry = entry
        try desk.writeRecord(done)
        try desk.write(entry, to: desk.entryFile)
        print("Wrote \(desk.entryFile.path).")
        if let udd {
            let result = Desktop.runTool(udd, [desk.applications.path])
            print(result == 0 ? "Ran update-desktop-database." : "update-desktop-database failed (status \(result)); the desktop may need a new login to see Plume.")
        } else {
            print("update-desktop-database is not installed; skipped.")
        }
        if let xdgMime {
            let result = Desktop.runTool(xdgMime, ["default", Desktop.entryName, Desktop.mimeType])
            guard result == 0 else { throw fail("xdg-mime default failed (status \(result)); plume.desktop is installed but not the default.") }
            print("Ran xdg-mime default \(Desktop.entryName) \(Desktop.mimeType).")
        } else {
            try desk.setDefault(Desktop.entryName)
            print("xdg-mime is not installed; wrote the default to \(desk.mimeappsList.path).")
        }
        if let previous = done.previousHandler { print("plume:// links were handled by \(desk.describe(previous)); `plume unregister-scheme` gives them back.") }
        print("plume:// links now open \(binary) in a terminal.")
    }
}

struct UnregisterScheme: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unregister-scheme",
        abstract: "Undo `plume register-scheme`, exactly.",
        discussion: """
            Removes the plume.desktop it wrote (only if unchanged), gives plume:// links back to the \
            program that had them (or removes the default it set), and removes the files and \
            directories registering created. Anything else — changed by you or another program \
            since — is left as it is, and said.
            """
    )

    @Flag(help: "Print what would be removed or restored, and change nothing.")
    var dryRun = false

    func run() throws {
        let desk = Desktop()
        guard let record = desk.loadRecord() else {
            print("Nothing to undo: \(desk.recordFile.path) doesn't exist (plume register-scheme wasn't run, or was undone).")
            return
        }
        let say: (String) -> Void = { print((dryRun ? "Would: " : "") + $0) }
        let current = desk.read(desk.entryFile)
        let removeEntry = current == record.entry
        if removeEntry {
            say(record.replacedEntry == nil ? "remove \(desk.entryFile.path)" : "put back the \(desk.entryFile.path) that was there before")
        } else if current != nil {
            print("Leaving \(desk.entryFile.path): it was changed after registering.")
        }
        let defaultValue = desk.mimeappsDefault()
        let ownsDefault = defaultValue?.split(separator: ";").first.map(String.init) == Desktop.entryName
        if ownsDefault {
            say(record.previousHandler.map { "give plume:// links back to \(desk.describe($0))" } ?? "remove the plume:// default from \(desk.mimeappsList.path)")
        } else if defaultValue != nil {
            print("Leaving the plume:// default (\(defaultValue!)): it was changed after registering.")
        }
        if dryRun { return }
        if removeEntry {
            if let before = record.replacedEntry { try desk.write(before, to: desk.entryFile) } else { try? FileManager.default.removeItem(at: desk.entryFile) }
        }
        if ownsDefault { try desk.setDefault(record.previousHandler, removeFileIfEmpty: record.createdMimeapps) }
        if record.createdCache {
            try? FileManager.default.removeItem(at: desk.mimeinfoCache)
        } else if let udd = Desktop.tool("update-desktop-database") {
            _ = Desktop.runTool(udd, [desk.applications.path])
        }
        try? FileManager.default.removeItem(at: desk.recordFile)
        // Deepest first, so a directory emptied by removing its child goes too.
        for path in record.createdDirectories.sorted(by: { $0.count > $1.count }) { desk.removeIfEmpty(URL(fileURLWithPath: path)) }
        print("Unregistered: plume:// links no longer open Plume" + (record.previousHandler.map { "; they open \($0) again" } ?? "") + ".")
    }
}

/// What `register-scheme` found and did, kept for `unregister-scheme`.
struct SchemeRecord: Codable, Equatable {
    var entry: String
    var previousHandler: String?
    /// Directories that didn't exist before (removed again if empty).
    var createdDirectories: [String]
    var createdCache: Bool
    var createdMimeapps: Bool
    /// A plume.desktop that --force replaced, put back on unregistering.
    var replacedEntry: String?
}

/// The user's desktop files: the applications directory, mimeapps.list and the record.
struct Desktop {
    static let entryName = "plume.desktop"
    static let mimeType = "x-scheme-handler/plume"

    let applications: URL
    let mimeappsList: URL
    let recordFile: URL
    var entryFile: URL { applications.appendingPathComponent(Self.entryName) }
    var mimeinfoCache: URL { applications.appendingPathComponent("mimeinfo.cache") }

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        applications = XDGDirectories.dataHome(environment).appendingPathComponent("applications")
        mimeappsList = XDGDirectories.configHome(environment).appendingPathComponent("mimeapps.list")
        recordFile = XDGDirectories.dataHome(environment).appendingPathComponent("plume/scheme-registration.json")
    }

    /// The desktop entry for `binary`, its path quoted by the Exec rules when it needs quoting.
    static func entry(binary: String) throws -> String {
        guard !binary.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw fail("the path of this binary contains control characters; it can't go in a desktop entry")
        }
        let plain = binary.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || "/._+-".unicodeScalars.contains($0) }
        var exec = binary
        if !plain {
            // Inside double quotes, " ` $ \ are backslash-escaped; then the string level doubles every backslash.
            var quoted = ""
            for character in binary {
                if "\"`$\\".contains(character) { quoted.append("\\") }
                quoted.append(character)
            }
            exec = "\"" + quoted.replacingOccurrences(of: "\\", with: "\\\\") + "\""
        }
        exec = exec.replacingOccurrences(of: "%", with: "%%")
        return """
            [Desktop Entry]
            Type=Application
            Name=Plume
            GenericName=Dress-up and swarm game
            Comment=Open plume:// links in Plume, a dress-up and swarm game for the terminal
            Exec=\(exec) open %u
            TryExec=\(binary.replacingOccurrences(of: "\\", with: "\\\\"))
            Terminal=true
            NoDisplay=true
            StartupNotify=false
            Categories=Game;
            MimeType=\(mimeType);

            """
    }

    /// The desktop entry that handles plume:// links now: xdg-mime's answer when it is
    /// installed, else the default in mimeapps.list, else any user entry that lists the type.
    func currentHandler() -> String? {
        if let xdgMime = Self.tool("xdg-mime") {
            let answer = Self.output(xdgMime, ["query", "default", Self.mimeType]).trimmingCharacters(in: .whitespacesAndNewlines)
            return answer.isEmpty ? nil : answer
        }
        if let value = mimeappsDefault(), let first = value.split(separator: ";").first { return String(first) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: applications.path)) ?? []
        return names.sorted().first { name in
            name.hasSuffix(".desktop") && name != Self.entryName
                && (read(applications.appendingPathComponent(name)) ?? "").split(separator: "\n").contains { $0.hasPrefix("MimeType=") && $0.contains(Self.mimeType + ";") }
        }
    }

    /// "other.desktop (Other App: /usr/bin/other %u)", from the entry when it can be found.
    func describe(_ name: String) -> String {
        let dirs = [XDGDirectories.dataHome().path] + (ProcessInfo.processInfo.environment["XDG_DATA_DIRS"] ?? "/usr/local/share:/usr/share").split(separator: ":").map(String.init)
        for dir in dirs {
            guard let text = read(URL(fileURLWithPath: dir).appendingPathComponent("applications").appendingPathComponent(name)) else { continue }
            let lines = text.split(separator: "\n")
            let field = { (key: String) in lines.first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) } }
            let details = [field("Name"), field("Exec")].compactMap { $0 }.joined(separator: ": ")
            return SafeText.strip(name) + (details.isEmpty ? "" : " (" + SafeText.strip(details) + ")")
        }
        return SafeText.strip(name)
    }

    // MARK: mimeapps.list

    /// The value of x-scheme-handler/plume under [Default Applications], if any.
    func mimeappsDefault() -> String? {
        var inDefaults = false
        for line in (read(mimeappsList) ?? "").split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("[") { inDefaults = trimmed == "[Default Applications]"; continue }
            if inDefaults, trimmed.hasPrefix(Self.mimeType + "=") { return String(trimmed.dropFirst(Self.mimeType.count + 1)) }
        }
        return nil
    }

    /// Sets (or with nil, removes) the plume:// default in mimeapps.list, changing only that line.
    func setDefault(_ handler: String?, removeFileIfEmpty: Bool = false) throws {
        var lines = (read(mimeappsList) ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let newLine = handler.map { Self.mimeType + "=" + $0 }
        var section: Int?, found = false
        for index in lines.indices {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("[") {
                if section != nil && !found { break }
                section = trimmed == "[Default Applications]" ? index : nil
                continue
            }
            if section != nil, trimmed.hasPrefix(Self.mimeType + "=") {
                if let newLine { lines[index] = newLine } else { lines.remove(at: index) }
                found = true
                break
            }
        }
        if !found, let newLine {
            if let section {
                var end = section + 1
                while end < lines.count, !lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("[") { end += 1 }
                lines.insert(newLine, at: end)
            } else {
                lines += ["[Default Applications]", newLine]
            }
        }
        let meaningful = lines.contains { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && !trimmed.hasPrefix("[")
        }
        if removeFileIfEmpty && !meaningful {
            try? FileManager.default.removeItem(at: mimeappsList)
            return
        }
        try write(lines.joined(separator: "\n") + "\n", to: mimeappsList)
    }

    // MARK: Files and tools

    func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    /// The directories registering may create (for the entry, mimeapps.list and the record) that
    /// don't exist yet, with their missing parents.
    func missingDirectories() -> [String] {
        var missing: [String] = []
        for file in [entryFile, mimeappsList, recordFile] {
            var directory = file.deletingLastPathComponent()
            while directory.path != "/", !exists(directory) {
                if !missing.contains(directory.path) { missing.append(directory.path) }
                directory = directory.deletingLastPathComponent()
            }
        }
        return missing
    }

    func read(_ url: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    func write(_ text: String, to url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw fail("can't write \(url.path): \(error.localizedDescription)")
        }
    }

    func loadRecord() -> SchemeRecord? {
        guard let data = FileManager.default.contents(atPath: recordFile.path) else { return nil }
        return try? JSONDecoder().decode(SchemeRecord.self, from: data)
    }

    func writeRecord(_ record: SchemeRecord) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try write(String(decoding: try encoder.encode(record), as: UTF8.self) + "\n", to: recordFile)
    }

    func removeIfEmpty(_ directory: URL) {
        if (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// The full path of a program on PATH, or nil.
    static func tool(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for dir in path.split(separator: ":") where dir.hasPrefix("/") {
            let candidate = dir + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Runs a tool to its end with no input; its output is discarded. Returns its exit status.
    static func runTool(_ path: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A tool's standard output (at most 64 KiB), or "" when it fails.
    static func output(_ path: String, _ arguments: [String]) -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile().prefix(65536)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : ""
    }
}

/// The absolute path of the running binary, symlinks resolved.
func currentBinary() throws -> String {
    let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    guard path.hasPrefix("/") else { throw fail("can't find the absolute path of this binary") }
    return path
}
