// `plume-server bench --friends`: a board among the people a player follows, at scale. A million
// records on today's style board; the first 100 seeded players each follow 500 others at random.
// The real server starts on it; wrk reads GET /v1/boards/{board}/following with their tokens;
// then, 20 times, a player passes a friend's score over HTTP and the time until the friend's
// news has it is measured. Figures worth quoting come from a release build.
import Challenges
import Foundation
import GameState
import GRDB
import Leaderboard
import PlumeCalendar
import ScoresAPI
import ServerBench

extension Bench {
    static let followers = 100, followsEach = LeaderboardLimits.follows

    func runFriends(in folder: String) async throws {
        let wrk = try BenchTools.wrk()
        let database = folder + "/friends.sqlite"
        try? FileManager.default.removeItem(atPath: database)
        let today = UTCDay.containing(Date())
        let board = BoardID.style(day: today).text
        print("seeding \(records) records on \(board); \(Self.followers) players follow \(Self.followsEach) each…")
        let tokens = (0..<Self.followers).map { _ in Secrets.newToken() }
        try await SQLiteStore(path: database).migrate()
        let catalog = try Catalog.bundled.get()
        try LeaderboardSeed.write(sqlitePath: database, board: board, count: records, tokens: tokens, code: BenchmarkCodes.looks(in: catalog)[0])
        try await DatabaseQueue(path: database).write { db in
            let follow = try db.makeStatement(sql: "INSERT OR IGNORE INTO follows (follower, followed, since) VALUES (?, ?, 0)")
            var random = SplitMix64(seed: 31)
            for follower in 1...Int64(Self.followers) {
                for _ in 0..<Self.followsEach { try follow.execute(arguments: [follower, 1 + Int64(random.next() % UInt64(records))]) }
            }
        }

        let port = BenchHTTP.freePort()
        let server = try BenchTools.startServer(database: database, port: port, log: folder + "/server.log")
        defer { server.terminate(); server.waitUntilExit() }
        let started = ContinuousClock.now
        let ready = try BenchTools.waitFor(port: port, path: "/readyz", since: started, limit: .seconds(600))
        let before = BenchTools.residentBytes(pid: server.processIdentifier)
        let script = folder + "/following.lua"
        try """
            local tokens = \(BenchTools.luaList(tokens))
            request = function()
              return wrk.format("GET", "/v1/boards/\(board)/following", {["Authorization"] = "Bearer " .. tokens[math.random(#tokens)]})
            end
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let result = try wrk.run(url: "http://127.0.0.1:\(port)/", script: script, connections: latencyConnections, seconds: seconds)
        let after = BenchTools.residentBytes(pid: server.processIdentifier)
        print(String(format: "rank index ready after %.2f s; following  %3d conn %7.0f req/s   p50 %6.2f ms   p99 %6.2f ms   non-2xx %d",
                     ready, latencyConnections, result.perSecond, result.p50ms, result.p99ms, result.errors))
        print(String(format: "server memory: %.0f MB resident before the reads, %.0f MB after", Double(before) / 1e6, Double(after) / 1e6))

        // A friend passes you: from the submission's start until your news has it.
        let theme = try ChallengeBook.bundled.get().theme(forDay: today)
        let looks = BenchmarkCodes.looks(in: catalog).map { code -> (String, Int) in
            guard case .look(let look)? = try? ShareCode.decode(code) else { return (code, -1) }
            return (code, theme.score(look, in: catalog).total)
        }.filter { $0.1 >= 0 }.sorted { $0.1 < $1.1 }
        guard let low = looks.first, let high = looks.last, low.1 < high.1 else { throw BenchHTTP.Failure(description: "no two looks of different scores") }
        var delays: [Double] = []
        for n in 0..<20 {
            let you = try BenchTools.register(port: port, name: "bench-you-\(n)"), friend = try BenchTools.register(port: port, name: "bench-friend-\(n)")
            _ = try BenchHTTP.request(port: port, "POST", "/v1/scores", body: #"{"board_id":"\#(board)","code":"\#(low.0)"}"#, token: you.token)
            _ = try BenchHTTP.request(port: port, "PUT", "/v1/players/me/following/\(friend.id)", token: you.token)
            let submitted = ContinuousClock.now
            _ = try BenchHTTP.request(port: port, "POST", "/v1/scores", body: #"{"board_id":"\#(board)","code":"\#(high.0)"}"#, token: friend.token)
            while !(try BenchHTTP.request(port: port, "GET", "/v1/players/me/news", token: you.token).body.contains("friend_passed")) {
                guard ContinuousClock.now - submitted < .seconds(30) else { throw BenchHTTP.Failure(description: "no news of the pass in 30 s") }
            }
            delays.append((ContinuousClock.now - submitted) / .milliseconds(1))
        }
        delays.sort()
        print(String(format: "a friend passes you → your news has it: median %.1f ms, worst %.1f ms (20 passes, over HTTP)", delays[delays.count / 2], delays.last!))
        print(String(format: "records=%d follows=%d following_p99_ms=%.2f following_p50_ms=%.2f rss_mb=%.0f pass_to_news_ms=%.1f",
                     records, Self.followsEach, result.p99ms, result.p50ms, Double(after) / 1e6, delays[delays.count / 2]))
    }
}
