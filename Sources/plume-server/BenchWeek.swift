// `plume-server bench --week`: the week at scale. A million players seated last week and this
// week in league groups of 30 (tiers spread over the seven), and 100 000 more with points this
// week waiting for a seat. The real server starts on it; its closing pass closes last week —
// every group's ranks, moves, tiers and news, then the tiers of the idle — timed to the mark in
// `closings`; then it seats the 100 000 waiting (timed: seats per second into a week a million
// already sit in); then wrk reads GET /v1/leagues/me. Figures worth quoting come from a release
// build.
import Foundation
import GRDB
import Leaderboard
import PlumeCalendar
import ScoresAPI
import ServerBench

extension Bench {
    static let weekUnseated = 100_000, weekTokens = 1000

    func runWeek(in folder: String) async throws {
        let wrk = try BenchTools.wrk()
        let database = folder + "/week.sqlite"
        try? FileManager.default.removeItem(atPath: database)
        let today = UTCDay.containing(Date()), thisWeek = WeekRules.monday(ofDay: today), lastWeek = thisWeek - 7
        print("seeding \(records) players seated in \(ISOWeek(day: lastWeek)) and \(ISOWeek(day: thisWeek)), and \(Self.weekUnseated) waiting for a seat…")
        let tokens = (0..<Self.weekTokens).map { _ in Secrets.newToken() }
        try await SQLiteStore(path: database).migrate()
        try WeekSeed.write(sqlitePath: database, players: records, unseated: Self.weekUnseated, tokens: tokens, thisWeek: thisWeek, today: today)

        let port = BenchHTTP.freePort()
        let server = try BenchTools.startServer(database: database, port: port, log: folder + "/server.log")
        defer { server.terminate(); server.waitUntilExit() }
        let started = ContinuousClock.now
        let ready = try BenchTools.waitFor(port: port, path: "/readyz", since: started, limit: .seconds(600))
        let reader = try DatabaseQueue(path: database)
        func secondsUntil(_ condition: @escaping @Sendable (Database) throws -> Bool, _ what: String) async throws -> Double {
            while try await !reader.read(condition) {
                guard ContinuousClock.now - started < .seconds(1200) else { throw BenchHTTP.Failure(description: "\(what) did not finish in 20 minutes") }
                try await Task.sleep(for: .milliseconds(50))
            }
            return (ContinuousClock.now - started) / .seconds(1)
        }
        let closed = try await secondsUntil({ db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM closings WHERE kind = 'week' AND day = ?", arguments: [lastWeek]) == 1
        }, "last week's close")
        let seated = try await secondsUntil({ db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM week_points WHERE week = ? AND grp IS NULL", arguments: [thisWeek]) == 0
        }, "this week's seats")
        let counts = try await reader.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM news WHERE kind = 'league_closed'") ?? 0,
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM week_points WHERE week = ? AND moved = 1", arguments: [lastWeek]) ?? 0,
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM week_points WHERE week = ? AND moved = -1", arguments: [lastWeek]) ?? 0,
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player_tiers") ?? 0)
        }
        let closing = closed - ready, seating = seated - closed
        print(String(format: "ready after %.2f s; the close of %@ took %.1f s for %d players (%d news, %d up, %d down, %d tiers kept)",
                     ready, ISOWeek(day: lastWeek).description, closing, records, counts.0, counts.1, counts.2, counts.3))
        print(String(format: "then %d waiting players were seated in %.1f s (%.0f seats/s)", Self.weekUnseated, seating, Double(Self.weekUnseated) / seating))

        let result = try wrk.run(url: "http://127.0.0.1:\(port)/", script: try {
            let file = folder + "/league.lua"
            try """
                local tokens = \(BenchTools.luaList(tokens))
                request = function()
                  return wrk.format("GET", "/v1/leagues/me", {["Authorization"] = "Bearer " .. tokens[math.random(#tokens)]})
                end
                """.write(toFile: file, atomically: true, encoding: .utf8)
            return file
        }(), connections: latencyConnections, seconds: seconds)
        print(String(format: "leagues/me    %3d conn %9.0f req/s   p50 %6.2f ms   p99 %6.2f ms   non-2xx %d",
                     latencyConnections, result.perSecond, result.p50ms, result.p99ms, result.errors))
        print(String(format: "players=%d close_s=%.1f seats_per_s=%.0f leagues_me_p99_ms=%.2f",
                     records, closing, Double(Self.weekUnseated) / seating, result.p99ms))
    }
}
