// The hosting server's own readers of bytes from outside the process: the relay's frames from
// another host, a game's output on its way to watchers (the filter and the title scanner), an
// OpenSSH key file an operator gives, and the paths of a player's saved files read back from the
// store. Each is fed the input cut into pieces, as reads come.
import Crypto
import Foundation
import NIOCore
@testable import HostedGames

enum HostingDoors {
    static let harnesses = [
        Harness("relay-frames", "a relayed game's framed stream from another host, read in pieces") { checkRelay($0) },
        Harness("watch-output", "a game's output on its way to watchers: the filter and the title scanner") { checkOutput($0) },
        Harness("openssh-key", "an OpenSSH private key file (the SSH host key)") { checkKeyFile(text($0)) },
        Harness("saved-path", "the path of a player's saved file, as the store gives it back") { checkPath(text($0)) },
    ]

    /// Where to cut `bytes` in two: its first byte says (so the fuzzer explores the cuts too).
    static func split(_ bytes: [UInt8]) -> (ArraySlice<UInt8>, ArraySlice<UInt8>) {
        guard let first = bytes.first else { return ([], []) }
        let rest = bytes.dropFirst()
        let cut = rest.startIndex + Int(first) % (rest.count + 1)
        return (rest[..<cut], rest[cut...])
    }

    static func checkRelay(_ bytes: [UInt8]) -> String? {
        let (head, tail) = split(bytes)
        var pending = ByteBuffer(bytes: head)
        var frames: [(UInt8, ByteBuffer)] = []
        guard let first = RelayFrames.take(&pending) else { return nil }
        frames += first
        pending.writeBytes(tail)
        guard let second = RelayFrames.take(&pending) else { return nil }
        frames += second
        var whole = ByteBuffer(bytes: bytes.dropFirst())
        guard let atOnce = RelayFrames.take(&whole) else { return "a stream refused whole was taken in pieces" }
        if atOnce.map({ $0.0 }) != frames.map({ $0.0 }) || atOnce.map({ Array($0.1.readableBytesView) }) != frames.map({ Array($0.1.readableBytesView) }) {
            return "the frames taken in pieces differ from the frames taken whole"
        }
        if frames.contains(where: { $0.0 > RelayFrames.end || $0.1.readableBytes > RelayFrames.maxPayload }) { return "a frame past the rules was taken" }
        return rule(pending.readableBytes < 5 + RelayFrames.maxPayload, "\(pending.readableBytes) bytes held back")
    }

    static func checkOutput(_ bytes: [UInt8]) -> String? {
        let (head, tail) = split(bytes)
        var filter = WatchFilter()
        var out = filter.filter(ByteBuffer(bytes: head))
        var more = filter.filter(ByteBuffer(bytes: tail))
        out.writeBuffer(&more)
        var once = WatchFilter()
        let whole = once.filter(ByteBuffer(bytes: bytes.dropFirst()))
        if out != whole { return "the filter's output depends on where reads end" }
        if out.readableBytes > bytes.count { return "the filter made output" }
        let shown = Array(out.readableBytesView)
        if shown.indices.dropLast().contains(where: { shown[$0] == 0x1B && shown[$0 + 1] == UInt8(ascii: "]") }) {
            return "an operating system command reached a watcher"
        }
        var scanner = TitleScanner()
        let names = [scanner.scan(head), scanner.scan(tail)].compactMap { $0 }
        return names.first { $0.isEmpty || $0.count > 16 || !$0.allSatisfy(\.isLetter) }.map { "the screen read as \($0.debugDescription)" }
    }

    static func checkKeyFile(_ file: String) -> String? {
        let key: Curve25519.Signing.PrivateKey
        do { key = try OpenSSHKeyFile.read(file) } catch {
            return LinkDoors.checkWords(error.description)
        }
        guard let again = try? OpenSSHKeyFile.read(OpenSSHKeyFile.write(key, comment: "again")) else { return "an accepted key, written again, is refused" }
        return rule(again.rawRepresentation == key.rawRepresentation, "an accepted key, written and read again, is another key")
    }

    static func checkPath(_ path: String) -> String? {
        guard HomeFiles.isKeptPath(path) else { return nil }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if path.hasPrefix("/") || parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0.hasPrefix(".") }) {
            return "the path \(path.debugDescription) would be written outside the player's kept directories"
        }
        return rule(HomeFiles.kept.contains(String(parts[0])) && !path.contains("\0"), "the path \(path.debugDescription) was taken")
    }
}
