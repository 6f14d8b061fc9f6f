// `plume-server bench`: seeds a SQLite database with N records on one board, starts this same
// binary as a real server on a loopback port, and measures it from outside with wrk. Build with
// `-c release` for figures worth quoting. Ends with one line of key=value figures.
import ArgumentParser
import Foundation
import ServerBench
import PlumeCalendar
import ScoresAPI
import GameState
import Challenges
import Leaderboard
#if canImport(Glibc)
import Glibc
#endif

struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure the server on a seeded database (use a release build).",
        discussion: """
            Seeds N records on one board (one player each; the first 1000 players can submit), \
            starts `plume-server serve` on it, and measures: start-up (serving, rank index ready), \
            memory, top-50 reads against a trivial JSON route, around-me and my-rank latency, look \
            submissions per second and swarm verification time. Needs wrk on the PATH (`make bench` \
            installs it).
            """)

    @Option(help: "Records to seed on the board.") var records = 1_000_000
    @Option(help: "Seconds per load run.") var seconds = 5
    @Option(help: "Connections wrk keeps open for the throughput runs (trivial, top-50, submissions).") var connections = 16
    @Option(name: .customLong("latency-connections"),
            help: "Connections for the around-me and my-rank latency runs: a busy server, not a saturated one.") var latencyConnections = 4
    @Option(help: "Keep the seeded database and logs in this directory (default: a temporary one, removed).") var directory: String?
    @Flag(help: "Measure only a board among the players one follows: 1 000 000 records on today's style board (--records), 100 players following 500 each; GET /v1/boards/{board}/following latency and the time from a friend's pass to the news of it.") var friends = false
    @Flag(help: "Measure only a player's record and news: 1 000 000 records on yesterday's style board (--records), 100 players who have played 365 days, the closing pass that writes that day's news, then GET /v1/players/{id}/record and /v1/players/me/news latency.") var days = false
    @Flag(help: "Measure only the week: 1 000 000 players (--records) seated in league groups of 30 last week and this week, 100 000 more waiting for a seat; the closing pass that closes last week (ranks, moves, tiers, news), the seats of those waiting, then GET /v1/leagues/me latency.") var week = false
    @Flag(help: "Measure only the Runway: the ranking alone (a fit of 10 000 entries and 1 000 000 votes, a refit, pair dealing), then the same day through the service on SQLite (first refresh, deals, votes per second).") var runway = false

    /// The board seeded and read: Huddle's current season (new swarms are scored under its rules).
    static let board = BoardID.swarm(challenge: "huddle", week: nil, season: SwarmSeasons.latest).text
    static let submitters = 1000
    static let sampledPlayers = 10_000

    func validate() throws {
        guard (1...50_000_000).contains(records) else { throw ValidationError("--records must be from 1 to 50 000 000") }
        guard (1...600).contains(seconds) else { throw ValidationError("--seconds must be from 1 to 600") }
        guard (1...1000).contains(connections), (1...1000).contains(latencyConnections) else {
            throw ValidationError("--connections and --latency-connections must be from 1 to 1000")
        }
    }

    func run() async throws {
        try await inScratchFolder { folder in
            if days { return try await runDays(in: folder) }
            if friends { return try await runFriends(in: folder) }
            if runway { return try await runRunway(in: folder) }
            if week { return try await runWeek(in: folder) }
            try await runServer(in: folder)
        }
    }

    /// `--directory`, or a new temporary folder that goes when the run is done: where a run keeps
    /// its database and logs.
    func inScratchFolder(_ body: (String) async throws -> Void) async throws {
        let folder = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("plume-bench-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { if directory == nil { try? FileManager.default.removeItem(atPath: folder) } }
        try await body(folder)
    }

    func runRunway(in folder: String) async throws {
        print("fitting 10 000 entries and 1 000 000 votes…")
        print(RunwayBench.run().line)
        print("the same through the service on SQLite: seeding, refreshing, dealing, voting…")
        let figures = try await RunwayServiceBench.run(directory: folder, voting: .seconds(Int64(seconds))) {
            BenchTools.residentBytes(pid: getpid())
        }
        print(figures.line)
    }

    /// The leaderboard itself: seeded, served, loaded with wrk.
    func runServer(in folder: String) async throws {
        let wrk = try BenchTools.wrk()
        let database = folder + "/bench.sqlite"
        try? FileManager.default.removeItem(atPath: database)

        // Seed.
        print("seeding \(records) records on \(Self.board)…")
        var started = ContinuousClock.now
        let tokens = (0..<min(Self.submitters, records)).map { _ in Secrets.newToken() }
        try await SQLiteStore(path: database).migrate()
        try LeaderboardSeed.write(sqlitePath: database, board: Self.board, count: records, tokens: tokens, code: BenchmarkCodes.swarm(0))
        let seedSeconds = (ContinuousClock.now - started) / .seconds(1)
        let fileBytes = (try? FileManager.default.attributesOfItem(atPath: database)[.size] as? Int) ?? 0
        print(String(format: "seeded in %.1f s (database %.0f MB)", seedSeconds, Double(fileBytes) / 1e6))

        // Start the real server and time it.
        let port = BenchHTTP.freePort()
        let server = try BenchTools.startServer(database: database, port: port, log: folder + "/server.log")
        defer { server.terminate(); server.waitUntilExit() }
        started = ContinuousClock.now
        let serving = try BenchTools.waitFor(port: port, path: "/healthz", since: started, limit: .seconds(30))
        let ready = try BenchTools.waitFor(port: port, path: "/readyz", since: started, limit: .seconds(600))
        let heap = BenchTools.residentBytes(pid: server.processIdentifier)
        let mapped = BenchTools.residentBytes(pid: server.processIdentifier, kind: "RssFile")
        let indexBytes = BenchTools.metric("plume_rank_index_bytes", port: port)
        print(String(format: "serving after %.3f s; rank index ready after %.2f s", serving, ready))
        print(String(format: "memory: rank index %.0f bytes/record (%.1f MB); server heap %.0f MB resident, plus %.0f MB of mapped file",
                     indexBytes / Double(records), indexBytes / 1e6, Double(heap) / 1e6, Double(mapped) / 1e6))

        // Load runs.
        let sample = (0..<Self.sampledPlayers).map { LeaderboardSeed.playerID(Int(UInt64($0) * UInt64(records) / UInt64(Self.sampledPlayers))) }
        let base = "http://127.0.0.1:\(port)"
        let run = { (name: String, path: String, script: String?, connections: Int) throws -> WrkResult in
            let scriptPath = script.map { text -> String in
                let file = folder + "/\(name).lua"
                try? text.write(toFile: file, atomically: true, encoding: .utf8)
                return file
            }
            let result = try wrk.run(url: base + path, script: scriptPath, connections: connections, seconds: seconds)
            print(name.padding(toLength: 8, withPad: " ", startingAt: 0)
                  + String(format: " %3d conn %9.0f req/s   p50 %6.2f ms   p99 %6.2f ms   non-2xx %d", connections, result.perSecond, result.p50ms, result.p99ms, result.errors))
            return result
        }
        let trivial = try run("trivial", "/healthz", nil, connections)
        let top = try run("top50", "/v1/boards/\(Self.board)/top?limit=50", nil, connections)
        let around = try run("around", "/", BenchTools.getScript(ids: sample, path: "/v1/boards/\(Self.board)/around/", suffix: "?radius=5"),
                             latencyConnections)
        let rank = try run("rank", "/", BenchTools.getScript(ids: sample, path: "/v1/boards/\(Self.board)/players/", suffix: ""),
                           latencyConnections)
        let today = BoardID.style(day: UTCDay.containing(seconds: Int64(Date().timeIntervalSince1970))).text
        let looks = BenchmarkCodes.looks(in: try Catalog.bundled.get())
        let submits = try run("submit", "/", BenchTools.submitScript(tokens: tokens, codes: looks, board: today), connections)

        // Swarm verification: new codes (simulated), then the same codes again (cached).
        let token = try BenchTools.register(port: port)
        var fresh: [Double] = [], repeated: [Double] = []
        for n in 1...5 {
            fresh.append(try BenchTools.timeSubmit(port: port, token: token, code: BenchmarkCodes.swarm(n)))
        }
        for n in 1...5 {
            repeated.append(try BenchTools.timeSubmit(port: port, token: token, code: BenchmarkCodes.swarm(n)))
        }
        let verify = fresh.sorted()[fresh.count / 2], cached = repeated.sorted()[repeated.count / 2]
        print(String(format: "swarm verification (100 agents, the season's rules on its board and this week's): %.1f ms new, %.2f ms repeated (median of 5, over HTTP)",
                     verify, cached))

        // The verifier alone, in this process: a new swarm simulated, then the same code from the
        // cache (the request around it — auth, store, HTTP — is in the figures above).
        let book = try ChallengeBook.bundled.get()
        let verifier = Verifier(catalog: try Catalog.bundled.get(), book: book, simulationSlots: 1)
        guard let board = Board.parse(Self.board, book: book, now: Int64(Date().timeIntervalSince1970)) else {
            throw ValidationError("the board \(Self.board) is not defined")
        }
        let code = BenchmarkCodes.swarm(99)
        var clock = ContinuousClock.now
        _ = try await verifier.verify(code: code, for: board)
        let simulatedMs = (ContinuousClock.now - clock) / .milliseconds(1)
        clock = .now
        for _ in 0..<10_000 { _ = try await verifier.verify(code: code, for: board) }
        let cachedMicroseconds = (ContinuousClock.now - clock) / .microseconds(1) / 10_000
        print(String(format: "verifier in process: %.1f ms to simulate a new swarm, %.1f µs for a repeated code (cache)", simulatedMs, cachedMicroseconds))

        let ratio = top.perSecond / max(trivial.perSecond, 1)
        print(String(format: "records=%d top50_per_s=%.0f trivial_per_s=%.0f ratio=%.2f around_p99_ms=%.2f rank_p99_ms=%.2f submits_per_s=%.0f swarm_verify_ms=%.1f startup_index_s=%.2f",
                     records, top.perSecond, trivial.perSecond, ratio, around.p99ms, rank.p99ms, submits.perSecond, verify, ready))
    }
}

/// Why the benchmark can't run, in words an operator can act on. Not a `ValidationError`: the
/// command line was right, so no usage text follows it; the exit status is 1.
enum BenchError: Error, CustomStringConvertible {
    case wrkMissing

    var description: String {
        switch self {
        case .wrkMissing: "wrk is not installed; `make bench` installs it, or: apt-get install wrk"
        }
    }
}

struct WrkResult {
    var perSecond: Double
    var p50ms: Double
    var p99ms: Double
    var errors: Int
}

struct Wrk {
    let path: String

    func run(url: String, script: String?, connections: Int, seconds: Int) throws -> WrkResult {
        var arguments = ["-t2", "-c\(connections)", "-d\(seconds)s", "--latency"]
        if let script { arguments += ["-s", script] }
        let output = try BenchTools.capture(path, arguments + [url])
        func number(after label: String) -> Double? {
            guard let line = output.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label) }) else { return nil }
            return line.split(separator: " ").dropFirst().last.flatMap { Double($0) }
        }
        func latency(_ percentile: String) -> Double {
            guard let line = output.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(percentile + " ") }),
                  let value = line.split(separator: " ").last else { return .nan }
            let text = String(value)
            for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
                return (Double(text.dropLast(unit.count)) ?? .nan) * scale
            }
            return .nan
        }
        guard let perSecond = number(after: "Requests/sec:") else {
            throw BenchHTTP.Failure(description: "wrk gave no figures:\n\(output)")
        }
        let errors = output.split(separator: "\n").first(where: { $0.contains("Non-2xx or 3xx responses:") })
            .flatMap { $0.split(separator: " ").last.flatMap { Int($0) } } ?? 0
        return WrkResult(perSecond: perSecond, p50ms: latency("50%"), p99ms: latency("99%"), errors: errors)
    }
}

enum BenchTools {
    /// wrk from the PATH. The benchmark installs nothing itself: `make bench` does.
    static func wrk() throws(BenchError) -> Wrk {
        if let found = which("wrk") { return Wrk(path: found) }
        throw .wrkMissing
    }

    static func which(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs a command to completion and returns what it printed.
    static func capture(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func startServer(database: String, port: Int, log: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["serve", "--database", database, "--port", "\(port)", "--log-level", "warning"]
        var environment = ProcessInfo.processInfo.environment
        for name in ["PLUME_RATE_LIMIT", "PLUME_SUBMIT_RATE_LIMIT", "PLUME_REGISTER_RATE_LIMIT"] { environment[name] = "0" }
        process.environment = environment
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let handle = FileHandle(forWritingAtPath: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return process
    }

    /// Seconds from `since` until `path` answers 200.
    static func waitFor(port: Int, path: String, since: ContinuousClock.Instant, limit: Duration) throws -> Double {
        while ContinuousClock.now - since < limit {
            if let reply = try? BenchHTTP.request(port: port, "GET", path), reply.status == 200 {
                return (ContinuousClock.now - since) / .seconds(1)
            }
            usleep(2000)
        }
        throw BenchHTTP.Failure(description: "the server did not answer \(path) within \(limit)")
    }

    /// Resident memory of a process from /proc: `RssAnon` is its own heap; `RssFile` adds the
    /// pages of the memory-mapped database, shared with the OS page cache.
    static func residentBytes(pid: Int32, kind: String = "RssAnon") -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(kind + ":") }),
              let kB = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
        return kB * 1024
    }

    static func metric(_ name: String, port: Int) -> Double {
        guard let text = try? BenchHTTP.request(port: port, "GET", "/metrics").body else { return .nan }
        return text.split(separator: "\n").first(where: { $0.hasPrefix(name + " ") })
            .flatMap { $0.split(separator: " ").last.flatMap { Double($0) } } ?? .nan
    }

    static func luaList(_ items: [String]) -> String {
        "{" + items.map { "\"\($0)\"" }.joined(separator: ",") + "}"
    }

    static func getScript(ids: [String], path: String, suffix: String) -> String {
        """
        local ids = \(luaList(ids))
        request = function()
          return wrk.format("GET", "\(path)" .. ids[math.random(#ids)] .. "\(suffix)")
        end
        """
    }

    static func submitScript(tokens: [String], codes: [String], board: String) -> String {
        """
        local tokens = \(luaList(tokens))
        local codes = \(luaList(codes))
        request = function()
          local body = '{"board_id":"\(board)","code":"' .. codes[math.random(#codes)] .. '"}'
          return wrk.format("POST", "/v1/scores", {["Content-Type"] = "application/json",
            ["Authorization"] = "Bearer " .. tokens[math.random(#tokens)]}, body)
        end
        """
    }

    static func register(port: Int) throws -> String { try register(port: port, name: "bench-swarms").token }

    static func register(port: Int, name: String) throws -> (token: String, id: String) {
        let reply = try BenchHTTP.request(port: port, "POST", "/v1/players", body: #"{"name":"\#(name)"}"#)
        guard reply.status == 201, let data = reply.body.data(using: .utf8), let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let token = json["token"] as? String, let id = json["player_id"] as? String else {
            throw BenchHTTP.Failure(description: "registration failed: \(reply.status) \(reply.body.prefix(200))")
        }
        return (token, id)
    }

    /// Milliseconds for one swarm submission, over HTTP.
    static func timeSubmit(port: Int, token: String, code: String) throws -> Double {
        let started = ContinuousClock.now
        let reply = try BenchHTTP.request(port: port, "POST", "/v1/scores", body: #"{"board_id":"\#(Bench.board)","code":"\#(code)"}"#, token: token)
        let ms = (ContinuousClock.now - started) / .milliseconds(1)
        guard reply.status == 200 else { throw BenchHTTP.Failure(description: "a swarm submission failed: \(reply.status) \(reply.body.prefix(200))") }
        return ms
    }
}
