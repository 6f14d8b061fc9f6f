// What Plume keeps between sessions: the current look and swarm, and the saved slots, each as a
// share link (compact, versioned, and readable by any later Plume).
import Foundation
import GameState

public struct SavedGame: Codable, Equatable, Sendable {
    public static let slotCount = 9

    public var format = 1
    public var look: String?
    public var swarm: String?
    public var slots: [String?] = Array(repeating: nil, count: SavedGame.slotCount)
    /// The current swarm's name (absent in saves from before swarms had names).
    public var swarmName: String?
    /// Saved swarms, like the look slots (absent in older saves).
    public var swarmSlots: [SwarmSlot?]?
    /// How many generations of the evolution grid the current swarm is (absent in older saves).
    public var swarmGeneration: Int?

    public init(look: String? = nil, swarm: String? = nil, slots: [String?] = Array(repeating: nil, count: SavedGame.slotCount),
                swarmName: String? = nil, swarmSlots: [SwarmSlot?]? = nil, swarmGeneration: Int? = nil) {
        self.look = look
        self.swarm = swarm
        self.slots = slots
        self.swarmName = swarmName
        self.swarmSlots = swarmSlots
        self.swarmGeneration = swarmGeneration
    }
}

/// A saved swarm: its link and the name it had.
public struct SwarmSlot: Codable, Equatable, Sendable {
    public var link: String
    public var name: String?

    public init(link: String, name: String?) { (self.link, self.name) = (link, name) }
}

/// Reads and writes the saved game under `$XDG_DATA_HOME/plume` (or ~/.local/share/plume).
public struct SaveStore: Sendable {
    public let directory: URL
    public var file: URL { directory.appendingPathComponent("plume.json") }

    public init(directory: URL) { self.directory = directory }

    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> SaveStore {
        SaveStore(directory: XDGDirectories.dataHome(environment).appendingPathComponent("plume"))
    }

    public enum LoadResult: Equatable, Sendable {
        case fresh
        case loaded(SavedGame)
        /// The file could not be read; it was moved aside to `movedTo` so nothing is lost.
        case corrupt(movedTo: String)
    }

    public func load() -> LoadResult {
        guard let data = try? Data(contentsOf: file) else { return .fresh }
        if let game = try? JSONDecoder().decode(SavedGame.self, from: data), game.format == 1 {
            var fixed = game
            fixed.slots = Array((game.slots + Array(repeating: nil, count: SavedGame.slotCount)).prefix(SavedGame.slotCount))
            fixed.swarmSlots = Array(((game.swarmSlots ?? []) + Array(repeating: nil, count: SavedGame.slotCount)).prefix(SavedGame.slotCount))
            return .loaded(fixed)
        }
        let stamp = Int(Date().timeIntervalSince1970)
        let aside = directory.appendingPathComponent("plume.json.corrupt-\(stamp)")
        try? FileManager.default.moveItem(at: file, to: aside)
        return .corrupt(movedTo: aside.path)
    }

    /// Writes atomically: a temporary file in the same folder, flushed to disk, then renamed
    /// over the old one, so a crash mid-save leaves the previous save intact.
    public func save(_ game: SavedGame) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(game)
        let temporary = directory.appendingPathComponent(".plume.json.\(getpid()).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission)
        }
        let handle = try FileHandle(forWritingTo: temporary)
        do {
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, file.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
