// `plume-server bench --days`: the day that carries over at scale. A million records on
// yesterday's style board, and the first 100 of those players have played each of the 365 days up
// to it (a year's streak, bands and a month of news). The real server starts on it, its closing
// pass writes yesterday's news for every player on the board (timed), then wrk reads records and
// news. Figures worth quoting come from a release build.
import Foundation
import GameState
import GRDB
import Leaderboard
import PlumeCalendar
import ScoresAPI
import ServerBench

extension Bench {
    static let yearPlayers = 100, yearDays = 365

    func runDays(in folder: String) async throws {
        let wrk = try BenchTools.wrk()
        let database = folder + "/days.sqlite"
        try? FileManager.default.removeItem(atPath: database)
        let yesterday = UTCDay.containing(Date()) - 1
        let board = BoardID.style(day: yesterday).text
        print("seeding \(records) records on \(board), and \(Self.yearPlayers) players with \(Self.yearDays) days each…")
        let tokens = (0..<Self.yearPlayers).map { _ in Secrets.newToken() }
        try await SQLiteStore(path: database).migrate()
        let code = BenchmarkCodes.looks(in: try Catalog.bundled.get())[0]
        try LeaderboardSeed.write(sqlitePath: database, board: board, count: records, tokens: tokens, code: code)
        try DaysSeed.write(sqlitePath: database, players: Self.yearPlayers, days: Self.yearDays, lastDay: yesterday, code: code)

        let port = BenchHTTP.freePort()
        let server = try BenchTools.startServer(database: database, port: port, log: folder + "/server.log")
        defer { server.terminate(); server.waitUntilExit() }
        let started = ContinuousClock.now
        let ready = try BenchTools.waitFor(port: port, path: "/readyz", since: started, limit: .seconds(600))
        // The closing pass starts with the server; the day is closed once it is marked so.
        let reader = try DatabaseQueue(path: database)
        while try await reader.read({ db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM closings WHERE kind = 'day' AND day = ?", arguments: [yesterday]) }) == 0 {
            guard ContinuousClock.now - started < .seconds(1200) else { throw BenchHTTP.Failure(description: "the closing pass did not finish in 20 minutes") }
            try await Task.sleep(for: .milliseconds(100))
        }
        let closed = (ContinuousClock.now - started) / .seconds(1) - ready
        let newsRows = try await reader.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM news") } ?? 0
        print(String(format: "rank index ready after %.2f s; yesterday's closing pass wrote news for %d players in %.1f s (%d news rows in all)",
                     ready, records, closed, newsRows))

        let players = (0..<Self.yearPlayers).map(LeaderboardSeed.playerID)
        let base = "http://127.0.0.1:\(port)"
        func run(_ name: String, _ script: String) throws -> WrkResult {
            let file = folder + "/\(name).lua"
            try script.write(toFile: file, atomically: true, encoding: .utf8)
            let result = try wrk.run(url: base + "/", script: file, connections: latencyConnections, seconds: seconds)
            print(name.padding(toLength: 12, withPad: " ", startingAt: 0)
                  + String(format: " %3d conn %9.0f req/s   p50 %6.2f ms   p99 %6.2f ms   non-2xx %d", latencyConnections, result.perSecond, result.p50ms, result.p99ms, result.errors))
            return result
        }
        let month = try run("record-30", BenchTools.getScript(ids: players, path: "/v1/players/", suffix: "/record?limit=30"))
        let year = try run("record-371", BenchTools.getScript(ids: players, path: "/v1/players/", suffix: "/record?limit=371"))
        let news = try run("news", """
            local tokens = \(BenchTools.luaList(tokens))
            request = function()
              return wrk.format("GET", "/v1/players/me/news?after=0", {["Authorization"] = "Bearer " .. tokens[math.random(#tokens)]})
            end
            """)
        print(String(format: "records=%d year_players=%d closing_s=%.1f record30_p99_ms=%.2f record371_p99_ms=%.2f news_p99_ms=%.2f",
                     records, Self.yearPlayers, closed, month.p99ms, year.p99ms, news.p99ms))
    }
}
