// `plume hosted`: the game as plume-server runs it for a player over SSH (never by hand). It reads
// its hand-off from descriptor 3 — this server's API on loopback, the pass that signs the player
// in, who they are — and plays as that player: scores from this server without a token file,
// copies by OSC 52 alone, links shown and copied but never opened, no link socket, and files only
// in the player's own directory (the server sets XDG_* to it).
import ArgumentParser
import Foundation
import GameState
import ScoresAPI
import ScoresClient

struct Hosted: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hosted",
        abstract: "Play as a player of the plume-server that started this game over SSH.",
        discussion: "Started by plume-server --ssh-port for each SSH session; to play on this machine, run plume.",
        shouldDisplay: false)

    func run() throws {
        let handoff = try HostedHandoff.read()
        try startGame(server: ServerOption(), paste: nil, hosted: handoff)
    }
}

extension HostedHandoff {
    static let descriptor: Int32 = 3

    /// Reads the hand-off whole (at most 64 KiB) and closes its descriptor.
    static func read() throws -> HostedHandoff {
        // Only plume-server's pipe: a descriptor 3 inherited from a shell is never read (or waited on).
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else {
            throw fail("plume hosted is started by plume-server for each player over SSH; to play on this machine, run plume.")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= 65_536 {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            if got < 0 {
                throw fail("plume hosted is started by plume-server for each player over SSH; to play on this machine, run plume.")
            }
            if got == 0 { break }
            bytes += chunk[..<got]
        }
        close(descriptor)
        guard let handoff = try? JSONDecoder().decode(HostedHandoff.self, from: Data(bytes)), URL(string: handoff.api) != nil else {
            throw fail("the server's hand-off could not be read; the game can't start.")
        }
        return handoff
    }

    var scores: HostedScores {
        let player = playerID.flatMap { id in name.map { Credential(playerID: id, name: $0, token: pass) } }
        return HostedScores(api: URL(string: api)!, pass: pass, player: player, suggestedName: suggestedName)
    }

    /// The first line the player reads.
    var welcome: String {
        if let name, created { return "Welcome to Plume, \(name) — your SSH key is your player here. Press ? for the keys of each screen." }
        if let name, let ignored = ignoredName.map(SafeText.strip) {
            let name = SafeText.strip(name)
            return "Welcome back, \(name). This SSH key is \(name)'s, so you play as \(name): the name \(ignored) you connected with isn't used. Press ? for keys."
        }
        if let name { return "Welcome back, \(name). Press ? for the keys of each screen." }
        return "Welcome to Plume — choose the name your looks go under here (Esc to play first). Press ? for keys."
    }
}
