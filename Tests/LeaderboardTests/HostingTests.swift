// Players of the games the server hosts over SSH: key lines read as OpenSSH reads them (checked
// against ssh-keygen), passes that open only unchanged, unexpired and sealed here, and, on a real
// SQLite file and a real PostgreSQL, a key that is its player: made from a free user name, the
// same on every visit, registered by name when it has none, more keys added and removed, and
// nothing left of them once the player is erased.
import Crypto
import Foundation
import GameState
import ScoresAPI
import Testing
@testable import Leaderboard
import PlumeTestSupport

@Suite struct HostingTests {
    /// A new Ed25519 key as OpenSSH writes its public line.
    static func keyLine(_ comment: String = "test@plume") -> String {
        let raw = Curve25519.Signing.PrivateKey().publicKey.rawRepresentation
        var blob: [UInt8] = []
        for field in [Array("ssh-ed25519".utf8), Array(raw)] {
            blob += withUnsafeBytes(of: UInt32(field.count).bigEndian, Array.init) + field
        }
        return "ssh-ed25519 " + Data(blob).base64EncodedString() + " " + comment
    }

    static func key(_ line: String = keyLine()) throws -> SSHPublicKey { try SSHPublicKey.parse(line) }


    @Test func keyLinesAreFingerprintedAsSSHKeygenDoes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (type, bits) in [("ed25519", nil), ("ecdsa", "256"), ("ecdsa", "384"), ("ecdsa", "521")] as [(String, String?)] {
            let path = directory.appendingPathComponent("\(type)-\(bits ?? "")").path
            try run("/usr/bin/ssh-keygen", ["-q", "-t", type, "-N", "", "-C", "ada@laptop", "-f", path] + (bits.map { ["-b", $0] } ?? []))
            let line = try String(contentsOfFile: path + ".pub", encoding: .utf8)
            let parsed = try SSHPublicKey.parse("no-pty,command=\"x\" " + line)
            let listed = try run("/usr/bin/ssh-keygen", ["-l", "-E", "sha256", "-f", path + ".pub"])
            #expect(listed.split(separator: " ")[1] == parsed.fingerprint[...], "\(type) \(bits ?? "")")
            #expect(parsed.comment == "ada@laptop")
            #expect(SSHPublicKey.acceptedTypes.contains(parsed.type))
        }
        let rsaPath = directory.appendingPathComponent("rsa").path
        try run("/usr/bin/ssh-keygen", ["-q", "-t", "rsa", "-b", "2048", "-N", "", "-f", rsaPath])
        let rsa = try String(contentsOfFile: rsaPath + ".pub", encoding: .utf8)
        #expect(throws: LeaderboardError.self) { try SSHPublicKey.parse(rsa) }
        do {
            _ = try SSHPublicKey.parse(rsa)
        } catch {
            #expect(error.code == .invalidKey && error.message.contains("Ed25519 and ECDSA") && error.message.contains("ssh-keygen -t ed25519"))
        }
    }

    @discardableResult
    func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    @Test func mangledKeyLinesAreRefusedInWords() throws {
        let good = Self.keyLine()
        let parts = good.split(separator: " ")
        var blob = Array(Data(base64Encoded: String(parts[1]))!)
        for line in ["", "hello", "ssh-ed25519", "ssh-ed25519 !!!notbase64", "ecdsa-sha2-nistp256 " + parts[1],
                     "ssh-ed25519 " + Data(blob.dropLast()).base64EncodedString(), String(repeating: "a", count: 5000)] {
            #expect(throws: LeaderboardError.self, "\(line.prefix(40))") { try SSHPublicKey.parse(line) }
        }
        blob[0] = 0xff
        #expect(throws: LeaderboardError.self) { try SSHPublicKey.parse("ssh-ed25519 " + Data(blob).base64EncodedString()) }
        let tricky = try SSHPublicKey.parse(good.replacingOccurrences(of: "test@plume", with: "a\u{1B}[2Jb"))
        #expect(!tricky.comment.contains("\u{1B}"))
    }

    @Test func passesOpenOnlyUnchangedUnexpiredAndSealedHere() throws {
        let key = SymmetricKey(size: .bits256)
        let pass = HostedPass(fingerprint: "SHA256:abc/def+g", keyType: "ssh-ed25519", player: "p" + String(repeating: "x", count: 21),
                              client: "2001:db8::1", expires: 10_000)
        let sealed = pass.sealed(with: key)
        #expect(HostedPass.open(sealed, key: key, now: 9_999) == pass)
        #expect(HostedPass.open(sealed, key: key, now: 10_000) == nil)
        #expect(HostedPass.open(sealed, key: SymmetricKey(size: .bits256), now: 0) == nil)
        var bytes = Array(sealed.utf8)
        bytes[bytes.count / 2] = bytes[bytes.count / 2] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(HostedPass.open(String(decoding: bytes, as: UTF8.self), key: key, now: 0) == nil)
        #expect(HostedPass.open("hp1.", key: key, now: 0) == nil && HostedPass.open("plm_x", key: key, now: 0) == nil)
        var unbound = pass
        unbound.player = nil
        #expect(HostedPass.open(unbound.sealed(with: key), key: key, now: 0)?.player == nil)
    }

    @Test(arguments: StoreKind.allCases) func aKeyIsItsPlayerFromTheFirstVisit(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind)
        let ada = try Self.key()
        let first = try await service.hostedSignIn(key: ada, userName: "ada", client: "192.0.2.1", lifetime: .seconds(600))
        let made = try #require(first.player)
        #expect(first.created && made.name == "ada" && first.suggestedName == nil && first.ignoredName == nil)
        // A player made from SSH has an avatar from the start, the same for the same key.
        let avatar = try #require(made.avatarCode)
        guard case .look = try ShareCode.decode(avatar) else { Issue.record("the avatar is not a look"); return }
        #expect(try await service.authenticate(token: first.pass).publicID == made.publicID)
        // The same key is the same player, whatever name it gives; the pass carries the client's address.
        let again = try await service.hostedSignIn(key: ada, userName: "someone", client: "192.0.2.9", lifetime: .seconds(600))
        #expect(again.player?.publicID == made.publicID && !again.created)
        // The name typed is not the player's: the game is told, to say so. Its own name (any case) is no news.
        #expect(again.ignoredName == "someone")
        #expect(try await service.hostedSignIn(key: ada, userName: "ADA", client: "192.0.2.9", lifetime: .seconds(600)).ignoredName == nil)
        #expect(try await service.hostedSignIn(key: ada, userName: "play", client: "192.0.2.9", lifetime: .seconds(600)).ignoredName == nil)
        #expect(try await service.openPass(again.pass)?.client == "192.0.2.9")
        // A generic user name is no name; a taken one is offered back for the Register dialog.
        let anonymous = try await service.hostedSignIn(key: try Self.key(), userName: "play", client: "192.0.2.2", lifetime: .seconds(600))
        #expect(anonymous.player == nil && anonymous.suggestedName == nil && !anonymous.created)
        let clash = try await service.hostedSignIn(key: try Self.key(), userName: "ADA", client: "192.0.2.3", lifetime: .seconds(600))
        #expect(clash.player == nil && clash.suggestedName == "ADA")
        // A pass without a player signs no one in, but registers its key's player once.
        let noOne = try #require(await refusal { _ = try await service.authenticate(token: anonymous.pass) })
        #expect(noOne.code == .invalidToken)
        let pass = try #require(try await service.openPass(anonymous.pass))
        let bo = try await service.register(RegisterRequest(name: "Bo"), pass: pass)
        let boPlayer = try await service.authenticate(token: bo.token)
        #expect(try await service.store.player(keyFingerprint: pass.fingerprint)?.publicID == boPlayer.publicID)
        let twice = try #require(await refusal { _ = try await service.register(RegisterRequest(name: "Bo Two"), pass: pass) })
        #expect(twice.code == .keyTaken)
        #expect(try await service.store.player(name: "Bo Two") == nil)
    }

    @Test(arguments: StoreKind.allCases) func keysAreAddedListedRemovedAndGoWithTheirPlayer(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 25))
        let service = try await Fixtures.service(kind, clock: clock)
        let ada = try Self.key()
        let signIn = try await service.hostedSignIn(key: ada, userName: "ada", client: "192.0.2.1", lifetime: .seconds(60))
        let player = try #require(signIn.player)
        let laptop = Self.keyLine("ada@laptop")
        clock.advance(seconds: 1)
        let added = try await service.addKey(player, line: laptop)
        #expect(added.label == "ada@laptop" && added.type == "ssh-ed25519")
        #expect(try await service.keys(of: player).map(\.fingerprint) == [ada.fingerprint, added.fingerprint])
        // The laptop's key now signs ada in too.
        let fromLaptop = try await service.hostedSignIn(key: try Self.key(laptop), userName: "x", client: "192.0.2.5", lifetime: .seconds(60))
        #expect(fromLaptop.player?.publicID == player.publicID)
        // A key belongs to one player; a player holds at most 16.
        let bo = try await service.authenticate(token: try await service.register(RegisterRequest(name: "Bo")).token)
        #expect(await refusal { _ = try await service.addKey(bo, line: laptop) }?.code == .keyTaken)
        for _ in 0..<14 { _ = try await service.addKey(player, line: Self.keyLine()) }
        #expect(await refusal { _ = try await service.addKey(player, line: Self.keyLine()) }?.code == .tooManyKeys)
        // The key in use can't be removed from its own session; another can, and its pass stops working.
        #expect(await refusal { try await service.removeKey(player, fingerprint: ada.fingerprint, inUse: ada.fingerprint) }?.code == .keyInUse)
        try await service.removeKey(player, fingerprint: added.fingerprint, inUse: ada.fingerprint)
        #expect(await refusal { _ = try await service.authenticate(token: fromLaptop.pass) }?.code == .invalidToken)
        #expect(await refusal { try await service.removeKey(player, fingerprint: added.fingerprint, inUse: nil) }?.code == .noSuchKey)
        // The pass expires with its lifetime.
        clock.advance(seconds: 60)
        #expect(await refusal { _ = try await service.authenticate(token: signIn.pass) }?.code == .invalidToken)
        // Erasure takes the keys: the key is free to start a new player.
        try await service.erase(player)
        #expect(try await service.store.keys(player: player.number).isEmpty)
        let fresh = try await service.hostedSignIn(key: ada, userName: "ada", client: "192.0.2.1", lifetime: .seconds(60))
        #expect(fresh.created && fresh.player?.publicID != player.publicID)
    }
}
