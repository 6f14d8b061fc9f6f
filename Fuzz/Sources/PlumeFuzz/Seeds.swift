// First inputs for each harness, made with the code that makes the real thing — share codes and
// links of random looks and swarms, recipe text, Emergent links, sealed tickets and passes under
// the fuzzer's key, key files and key lines, framed relays, recorded requests — so the fuzzer
// starts at the formats' doors rather than outside them (`plume-fuzz --write-seeds DIR`). The
// corpora in Fuzz/corpus also keep the tests' own mangled links and recipes, and what the fuzzer
// found that reached new code.
import Crypto
import Foundation
import GameState
import Leaderboard
import NIOCore
import ScoresAPI
@testable import HostedGames

public enum Seeds {
    public static func make(_ name: String) -> [[UInt8]] {
        var rng = SplitMix64(seed: 2026)
        let looks = (0..<6).map { _ in SharedState.look(LinkDoors.catalog.randomLook(using: &rng)) }
        let swarms = (1...4).map { SharedState.swarm(SwarmRecipe.random(ingredients: $0, using: &rng)) }
        let states = looks + swarms
        func utf8(_ texts: [String]) -> [[UInt8]] { texts.map { Array($0.utf8) } }
        switch name {
        case "paste":
            return utf8(states.map(ShareCode.link) + states.map { ShareCode.webLink($0, base: "https://plume.example") }
                        + ["Look at this:\r\n" + ShareCode.link(looks[0]).replacingOccurrences(of: "/look/", with: "/look/\r\n"),
                           "plume://look?outfit=sunset-beach|ada|striped-tee:2", PlayerLink.link(playerID: "ONQzZMkavnPdhwGChRAoEQ")])
        case "share-code": return utf8(states.map(ShareCode.encode))
        case "sayama":
            return utf8(swarms.compactMap { if case .swarm(let recipe) = $0 { SayamaRecipeText.format(recipe) } else { nil } })
        case "emergent":
            return utf8(swarms.compactMap { if case .swarm(let recipe) = $0 { EmergentLink.export(recipe)?.link.replacingOccurrences(of: "emergent://?", with: "") } else { nil } })
        case "x-callback":
            return utf8(["x-source=Mail&x-success=https://a.example/ok&x-error=https://a.example/err&x-cancel=plume://look",
                         "x-source=My%20App&x-success=plume%3A%2F%2Fswarm", "x-error=data:text/html,hi&x-source=%00"])
        case "player-link": return utf8(["ONQzZMkavnPdhwGChRAoEQ", "ONQzZMkavnPdhwGChRAoEQ/", "ONQzZMkavnPdhwGChRAo", "p/ONQzZMkavnPdhwGChRAoEQ"])
        case "terminal-input":
            return [[0, 97, 1, 98, 5, 0, 0, 104, 0, 105, 5, 1, 4, 1, 2], [6, 10, 5, 0, 0, 0, 4, 7, 80, 24], [3, 0, 0x1F, 0x98, 5, 0, 0, 13, 1, 10]]
        case "server":
            let board = "style-" + String(Date().description.prefix(10))
            return utf8(["GET /v1/boards\n\n", "POST /v1/players\ncontent-type: application/json\n\n{\"name\":\"Ada\"}",
                         "POST /v1/scores\nauthorization: Bearer plm_x\ncontent-type: application/json\n\n{\"board_id\":\"\(board)\",\"code\":\"\(ShareCode.encode(looks[0]))\"}",
                         "GET /v1/boards/\(board)/top?limit=5&cursor=abc\n\n", "GET /v1/players?name=Fuzz\n\n", "PUT /v1/players/me/settings\n\n{\"watchable\":false}",
                         "GET /v1/runway/2026-11-26/pair\nauthorization: Bearer x\n\n", "POST /v1/runway/votes\n\n{\"ticket\":\"rt1.AAAA\",\"choice\":\"left\"}",
                         "GET /b/swarm-huddle\n\n", "GET /l/\(ShareCode.encode(swarms[0]))\n\n", "DELETE /v1/players/me/keys?fingerprint=SHA256:abc\n\n",
                         "PATCH /v1/players/me\nx-forwarded-for: 10.0.0.1\n\n{\"name\":null,\"email\":\"a@b\"}",
                         "GET /v1/leagues/me?week=2026-W49\nauthorization: Bearer plm_x\n\n", "GET /v1/leagues/17\n\n",
                         "POST /v1/crews\nauthorization: Bearer plm_x\ncontent-type: application/json\n\n{\"name\":\"Velvet Rope\"}",
                         "GET /v1/crews/cAAAA\n\n", "GET /league/17\n\n", "GET /crew/cAAAA\n\n"])
        case "json-bodies":
            return [[0] + Array("{\"name\":\"Ada\",\"email\":\"a@example.org\",\"updates_opt_in\":true}".utf8),
                    [1] + Array("{\"board_id\":\"swarm-huddle\",\"code\":\"\(ShareCode.encode(swarms[1]))\"}".utf8),
                    [2] + Array("{\"name\":\"Bo\",\"email\":null,\"avatar_look\":\"\(ShareCode.encode(looks[1]))\"}".utf8),
                    [3] + Array("{\"cause_id\":\"trees\",\"points\":5}".utf8), [4] + Array("{\"public_key\":\"ssh-ed25519 AAAA x\"}".utf8),
                    [5] + Array("{\"code\":\"\(ShareCode.encode(looks[2]))\"}".utf8), [6] + Array("{\"ticket\":\"rt1.x\",\"choice\":\"tie\"}".utf8),
                    [7] + Array("{\"watchable\":true}".utf8), [8] + Array("{\"name\":\"Velvet Rope\"}".utf8),
                    [9] + Array("{\"player_id\":\"ONQzZMkavnPdhwGChRAoEQ\"}".utf8)]
        case "ssh-key":
            let ed = "ssh-ed25519 " + Data(Self.wire(["ssh-ed25519"], Array(Curve25519.Signing.PrivateKey().publicKey.rawRepresentation))).base64EncodedString() + " ada@laptop"
            let p256 = "ecdsa-sha2-nistp256 " + Data(Self.wire(["ecdsa-sha2-nistp256", "nistp256"], Array(P256.Signing.PrivateKey().publicKey.x963Representation))).base64EncodedString()
            return utf8([ed, p256, "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ bob@box", ed.replacingOccurrences(of: " ada@laptop", with: "\tcomment\u{1B}[31m")])
        case "sealed":
            let ticket = RunwayTicket(day: 20_418, show: .swarm, voter: "fuzz-voter", left: 3, right: 9, serial: 1).sealed(with: ServerDoors.key)
            let pass = HostedPass(fingerprint: "SHA256:abc", keyType: "ssh-ed25519", player: "ONQzZMkavnPdhwGChRAoEQ", client: "10.0.0.1", expires: 1 << 40)
                .sealed(with: ServerDoors.key)
            return utf8([ticket, pass, String(ticket.dropLast(2)), "hp1.", "rt1.====="])
        case "forwarded":
            return utf8(["10.0.0.1\n203.0.113.5, 10.0.0.2", "10.0.0.1\nfor=192.0.2.60;proto=http, for=\"[2001:db8::1]:4711\"", "::1\nunknown, _hidden"])
        case "relay-frames":
            var stream = RelayFrames.frame(RelayFrames.output, ByteBuffer(string: "\u{1B}[H\u{1B}[2JStudio"))
            var end = RelayFrames.end(.gameEnded)
            stream.writeBuffer(&end)
            return [[7] + Array(stream.readableBytesView), [2, 0, 0, 0, 0, 3, 65, 66, 67, 1, 0, 0, 0, 7] + Array("refused".utf8)]
        case "watch-output":
            return [[9] + Array("\u{1B}[H\u{1B}[2J\u{1B}]2;Plume · Studio\u{07}\u{1B}[1mStudio\u{1B}]52;c;aGk=\u{07}\u{1B}[0m".utf8),
                    [3] + Array("x\u{1B}]2;Plume · Lab\u{1B}\\y\u{1B}\u{1B}[31m".utf8)]
        case "openssh-key": return utf8([OpenSSHKeyFile.write(Curve25519.Signing.PrivateKey(), comment: "plume host key")])
        case "config-file":
            return utf8(["database = \"/var/lib/plume/plume.sqlite\"\nport = 8080\nhost = \"0.0.0.0\"\n",
                         "# hosts on one database\ndatabase = \"postgres://plume:s3cret@db.internal:5432/plume\"\nssh-port = 2222\nssh-host-name = \"host-a\"\n"
                             + "relay-url = \"http://10.0.0.5:8080\"\ntrusted-proxy = [\"10.0.0.1\", \"::1\"]\nforwarded-header = \"forwarded\"\n",
                         "log-level = \"debug\"\nlog-format = \"json\"\nallowed-origin = ['https://plume.example']\nrate-limit = 0\nwatch-max = 1_000\n",
                         "public-url = \"https://plume.example/\\u00e9\"\nplume = '/opt/plume/bin/plume'\nssh-idle-minutes = 0x1E\n",
                         "[server]\nport = 1\n", "port = \"80\"\n", "database = \"\"\n", "port = 99999\n", "colour = \"blue\"\n"])
        case "saved-path": return utf8(["data/plume/plume.json", "config/plume/settings.json", "state/plume/news-seen.json", "data/../x", "cache/x"])
        default: return []
        }
    }

    /// An SSH wire-format blob: each string with its 32-bit length, then the key bytes likewise.
    static func wire(_ strings: [String], _ key: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for part in strings.map({ Array($0.utf8) }) + [key] {
            let count = UInt32(part.count)
            out += [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] + part
        }
        return out
    }
}
